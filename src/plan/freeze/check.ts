/**
 * What Freeze may put back and Insert may write (pure): the workbook's frozen part is read from the
 * file, so anyone who can edit the file can edit it. Insert writes exactly one SVC call whose
 * arguments are literals or references (with the operators and the few text, date and lookup
 * functions analysts put there). A frozen entry is restored only when
 *   - its formula makes an SVC call (written in it, or through a defined name it uses) and calls
 *     nothing but SVC functions and the worksheet functions analysts wrap them in (no other
 *     workbook, nothing that reads the web, the disk or the system);
 *   - its range starts at its address, on the same sheet, and is no larger than an SVC result can be;
 *   - (checked against the workbook, policy.ts) its cells still hold the values that were frozen.
 * Otherwise the entry is refused with the reason, and nothing is written.
 */
import { DefinedName, Node, excelView, holdsSvcCall, parseCached, parseRange, plainFunctionName, visitExpanded, walk } from "../../formula";
import { svcName } from "../../api";

/**
 * The most cells a frozen result may cover: far above any SVC answer (a record tool's 100 rows by a
 * few dozen fields, 20 fiscal years of a whole statement), far below what would stall Excel.
 */
export const MAX_FROZEN_CELLS = 100_000;

/** Functions an argument may use besides references and literals (none reads the web or the disk). */
const ARGUMENT_FUNCTIONS = new Set(["INDEX", "UPPER", "LOWER", "TRIM", "TEXT", "YEAR", "MONTH", "DAY", "DATE", "TODAY", "IF", "CONCAT", "CONCATENATE", "LEFT", "RIGHT", "MID", "VALUE"]);

/** Why an argument is not one Freeze would write back, or null when it is fine. */
function argumentProblem(arg: Node): string | null {
  let problem: string | null = null;
  walk(arg, (n) => {
    if (problem) return;
    if ((n.kind === "ref" || n.kind === "name" || n.kind === "call" || n.kind === "error") && n.prefix?.book) problem = "it refers to another workbook";
    else if (n.kind === "call" && svcName(n.name)) problem = `a second SVC call (${n.name})`;
    else if (n.kind === "call" && !ARGUMENT_FUNCTIONS.has(plainFunctionName(n.name))) problem = `it calls ${n.name.toUpperCase()}`;
  });
  return problem;
}

/** Worksheet functions a restored formula may call around its SVC calls (none reads the web, the disk or the system). */
const WRAPPER_FUNCTIONS = new Set([
  ...ARGUMENT_FUNCTIONS,
  ...["IFERROR", "IFNA", "ISERROR", "ISNA", "ISNUMBER", "ISBLANK", "ISTEXT", "AND", "OR", "NOT", "IFS", "SWITCH", "CHOOSE"],
  ...["ROUND", "ROUNDUP", "ROUNDDOWN", "INT", "ABS", "SIGN", "MOD", "POWER", "SQRT", "LN", "LOG", "LOG10", "EXP"],
  ...["SUM", "PRODUCT", "AVERAGE", "MIN", "MAX", "COUNT", "COUNTA", "MEDIAN", "SUMPRODUCT", "TRANSPOSE", "TAKE", "DROP"],
  ...["MATCH", "XLOOKUP", "VLOOKUP", "HLOOKUP", "CHOOSECOLS", "CHOOSEROWS", "ROWS", "COLUMNS", "N", "T", "LEN", "TEXTJOIN", "SUBSTITUTE", "EDATE", "EOMONTH", "NA"],
]);

/** Why `formula` (on `sheet`) is not one Unfreeze puts back (null: it makes an SVC call and it and the names it uses call nothing risky). */
export function restoreProblem(formula: string, sheet: string, names: readonly DefinedName[] = []): string | null {
  if (!/^=/.test(formula.trim())) return "it is not a formula";
  let node: Node;
  try {
    node = excelView(parseCached(formula.trim()));
  } catch {
    return "it cannot be read as a formula";
  }
  let problem: string | null = null;
  visitExpanded(node, sheet, names, (n) => {
    if (problem) return;
    if ((n.kind === "ref" || n.kind === "name" || n.kind === "call" || n.kind === "error") && n.prefix?.book) problem = "it refers to another workbook";
    else if (n.kind === "call" && !svcName(n.name) && !WRAPPER_FUNCTIONS.has(plainFunctionName(n.name))) problem = `it calls ${plainFunctionName(n.name)}`;
  });
  return problem ?? (holdsSvcCall(formula, sheet, names) ? null : "it makes no SVC call");
}

/** Why `formula` is not exactly one SVC call with literal or reference arguments (null: it is). */
export function svcFormulaProblem(formula: string): string | null {
  if (!/^=/.test(formula.trim())) return "it is not a formula";
  let node: Node;
  try {
    node = parseCached(formula.trim());
  } catch {
    return "it cannot be read as a formula";
  }
  if (node.kind !== "call" || node.prefix || !svcName(node.name)) return "it is not one SVC call";
  for (const arg of node.args) {
    const p = arg && argumentProblem(arg);
    if (p) return `an argument is not a value or a cell reference: ${p}`;
  }
  return null;
}

export interface FrozenShape {
  address: string;
  range: string;
  formula: string;
}

/** Why a frozen entry cannot be restored as recorded (null: its formula, place and size are fine). `names`: the workbook's defined names. */
export function frozenEntryProblem(e: FrozenShape, names: readonly DefinedName[] = []): string | null {
  let at, range;
  try {
    at = parseRange(e.address);
    range = parseRange(e.range);
  } catch {
    return "its address or range cannot be read";
  }
  const formula = restoreProblem(e.formula, at.sheet, names);
  if (formula) return `its formula is not one to restore (${formula})`;
  if (at.r0 !== at.r1 || at.c0 !== at.c1) return "its address is not one cell";
  if (!at.sheet || at.sheet.toUpperCase() !== range.sheet.toUpperCase()) return "its range is on another sheet than its formula";
  if (range.r0 !== at.r0 || range.c0 !== at.c0) return "its range does not start at its formula's cell";
  const cells = (range.r1 - range.r0 + 1) * (range.c1 - range.c0 + 1);
  if (cells > MAX_FROZEN_CELLS) return `its range covers ${cells.toLocaleString("en-US")} cells, more than an SVC result can (${MAX_FROZEN_CELLS.toLocaleString("en-US")})`;
  return null;
}

/** A short fingerprint of frozen values (cyrb53): Unfreeze restores only cells that still hold them. */
export function valuesDigest(values: readonly (readonly unknown[])[]): string {
  const text = JSON.stringify(values);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
