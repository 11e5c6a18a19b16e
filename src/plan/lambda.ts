/**
 * LAMBDA helpers (MAP, BYROW over a LAMBDA calling SVC functions, Excel 2510+): each run of the
 * LAMBDA is one call site, its parameter written as the cell (MAP) or row (BYROW) it runs on, so the
 * resolver reads it like any argument and the runs are priced and deduplicated like any calls.
 */
import { AreaRef, CellReader, CellRef, DefinedName, lambdaArea, lambdaHelperIn, lambdaRunsByReference } from "../formula";
import { svcCallsOf } from "../formula";
import type { FormulaCell } from "./types";

/** A helper formula's runs as formulas (null: the extent of its spill reference is unknown). */
export type Runs = string[] | null;

type LambdaHelper = NonNullable<ReturnType<typeof lambdaHelperIn>>;

interface Pending {
  index: number;
  h: LambdaHelper;
  sheet: string;
}

const anchorOf = (a: AreaRef): CellRef => ({ sheet: a.sheet, row: a.r0, col: a.c0 });

/** The spill extents the helpers run over (one read for all), or none when the reader cannot say. */
async function spillsOf(pending: readonly Pending[], reader: CellReader): Promise<(anchor: AreaRef) => AreaRef | null> {
  const spills = pending.flatMap((p) => {
    const anchor = p.h.ref.spill ? lambdaArea(p.h, p.sheet, (a) => a) : null;
    return anchor ? [anchorOf(anchor)] : [];
  });
  if (!spills.length) return () => null;
  try {
    const read = await reader.read({ areas: [], spills, names: false });
    return (a) => read.spill(anchorOf(a));
  } catch {
    return () => null;
  }
}

/** For each formula that is a LAMBDA helper making SVC calls: its runs, by the formula's index. */
export async function helperRuns(formulas: readonly FormulaCell[], sheetOf: (address: string) => string, names: readonly DefinedName[], reader: CellReader): Promise<Map<number, Runs>> {
  const pending: Pending[] = [];
  formulas.forEach((f, index) => {
    const h = typeof f.formula === "string" && /svc/i.test(f.formula) ? lambdaHelperIn(f.formula) : null;
    const sheet = sheetOf(f.address);
    if (h && svcCallsOf(f.formula, sheet, names).calls.length) pending.push({ index, h, sheet });
  });
  const out = new Map<number, Runs>();
  if (!pending.length) return out;
  const extent = await spillsOf(pending, reader);
  for (const p of pending) {
    const area = lambdaArea(p.h, p.sheet, extent);
    out.set(p.index, area ? lambdaRunsByReference(p.h, area, p.sheet) : null);
  }
  return out;
}
