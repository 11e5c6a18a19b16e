/**
 * How many cells a workbook holds, counted while its sheets inflate and stopped as soon as the count
 * passes the budget: a small file whose sheets inflate to hundreds of megabytes is refused in seconds,
 * before any part is inflated whole or parsed (the model-file commands' work is bounded by the model).
 */
import { fail } from "../errors";
import { Package } from "./package";

/** The most cells the model-file commands read in one workbook (a 200-sheet, 5,000-row model is 1,000,000). */
const MAX_CELLS = 2_000_000;

const LT = 0x3c, C = 0x63, COLON = 0x3a;
const endsName = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0x2f || b === 0x3e;

/** Counts `<c ` and `<x:c ` start tags across chunks (the two bytes before a chunk are kept). */
function cellCounter(): (chunk: Uint8Array) => number {
  let prev2 = 0, prev1 = 0, inName = false, count = 0;
  return (chunk) => {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      // a "c" right after "<" or after a prefix's ":" inside a tag name, then the end of the name
      if (endsName(b) && prev1 === C && (prev2 === LT || (prev2 === COLON && inName))) count++;
      if (b === LT) inName = true;
      else if (endsName(b)) inName = false;
      prev2 = prev1;
      prev1 = b;
    }
    return count;
  };
}

const TOO_MANY_CELLS = `the workbook holds more than ${MAX_CELLS.toLocaleString("en-US")} cells, the most a model-file command reads`;

/** Refuse the workbook when its sheet parts hold more than `max` cells in all. */
export function refuseOverCellBudget(pkg: Package, sheetParts: readonly string[], max = MAX_CELLS): void {
  let total = 0;
  for (const part of sheetParts) {
    const count = cellCounter();
    let seen = 0;
    pkg.scan(part, (chunk) => {
      seen = count(chunk);
      return total + seen <= max;
    });
    total += seen;
    if (total > max) fail("too-large", TOO_MANY_CELLS);
  }
}
