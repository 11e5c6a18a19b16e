/**
 * Freeze and Unfreeze over Excel.run: the workbook port (FrozenBook) of the policy in
 * src/plan/freeze/policy.ts, which decides the order (formulas kept first, then values, then stamps,
 * best effort) and what may be restored. Every step is cut into requests under the web's 5 MB
 * (batches.ts). API text stays text: values go back through `valuesAsJson` (ExcelApi 1.16), else every
 * text is written with Excel's text prefix `'` (through `values`, "=WEBSERVICE(...)" would become a formula).
 *
 * APIs: ExcelApi 1.1 (values, valueTypes, clear), 1.2 (worksheet protection), 1.5 (customXmlParts),
 * 1.10 (comments, Comment.getLocation), 1.12 (getSpillingToRangeOrNullObject), 1.16 (valuesAsJson, optional).
 */
import type { ValueSource } from "../functions";
import { filingNote } from "../plan";
import type { FormulaCell } from "../plan";
import { FreezeResult, FrozenBook, FrozenEntry, RangeState, UnfreezeResult, freezeCells, unfreezeEntries } from "../plan";
import { valuesDigest } from "../plan";
import { RangeRef, normaliseAddress, parseRange, rangeAddress } from "../formula";
import { CELLS_PER_SYNC, CHARS_PER_SYNC, ITEMS_PER_SYNC, inChunks } from "./batches";
import { excel } from "./excel";
import { readFrozen, saveFrozen } from "./frozen-part";
import { stamp, unstamp } from "./stamps";
import { hasExcelApi } from "./requirements";
import { Scope, queueNames, readSvcFormulas } from "./workbook";

export type { FreezeResult, UnfreezeResult };

/** Texts with Excel's text prefix, so `values` keeps them text; errors stay errors, other values as they are. */
export function textSafe(values: readonly (readonly unknown[])[], types: readonly (readonly string[])[]): unknown[][] {
  return values.map((row, i) => row.map((v, j) => (typeof v === "string" && v !== "" && types[i]?.[j] !== "Error" ? `'${v}` : v)));
}

const localRange = (ctx: Excel.RequestContext, ref: RangeRef) => ctx.workbook.worksheets.getItem(ref.sheet).getRange(rangeAddress({ ...ref, sheet: "" }));
const cellsOf = (range: string) => {
  const r = parseRange(range);
  return (r.r1 - r.r0 + 1) * (r.c1 - r.c0 + 1);
};
const run = <T>(batch: (ctx: Excel.RequestContext) => Promise<T>) => excel().run(batch);

async function sheetNames(ctx: Excel.RequestContext): Promise<Set<string>> {
  const sheets = ctx.workbook.worksheets.load("items/name");
  await ctx.sync();
  return new Set(sheets.items.map((s) => s.name.toUpperCase()));
}

/** Where each formula's values lie: its spill range, else its cell (a few thousand anchors per request). */
function targets(cells: readonly FormulaCell[]): Promise<string[]> {
  return run((ctx) =>
    inChunks(cells, () => 1, ITEMS_PER_SYNC, async (chunk) => {
      const work = chunk.map((c) => {
        const anchor = localRange(ctx, parseRange(c.address)).load("address");
        return { anchor, spill: anchor.getSpillingToRangeOrNullObject().load("address") };
      });
      await ctx.sync();
      return work.map((w) => normaliseAddress(w.spill.isNullObject ? w.anchor.address : w.spill.address));
    })
  );
}

/** Each range's fingerprint and whether it holds a formula; null where its sheet does not exist. */
function states(ranges: readonly string[]): Promise<(RangeState | null)[]> {
  return run(async (ctx) => {
    const known = await sheetNames(ctx);
    return inChunks(ranges, (r) => 2 * cellsOf(r), CELLS_PER_SYNC, async (chunk) => {
      const reads = chunk.map((r) => {
        const ref = parseRange(r);
        return known.has(ref.sheet.toUpperCase()) ? localRange(ctx, ref).load("values,formulas") : null;
      });
      await ctx.sync();
      return reads.map((range) => (range ? { digest: valuesDigest(range.values), formulas: (range.formulas as unknown[][]).some((row) => row.some((f) => typeof f === "string" && f.startsWith("="))) } : null));
    });
  });
}

/**
 * Write each range's values back as values, text kept text. Fresh ranges by address: once the anchor
 * holds a value, its spill range no longer exists.
 */
function writeValues(ranges: readonly string[]): Promise<void> {
  const json = hasExcelApi("1.16");
  return run(async (ctx) => {
    await inChunks(ranges, cellsOf, CELLS_PER_SYNC / 2, async (chunk) => {
      const reads = chunk.map((r) => localRange(ctx, parseRange(r)).load(json ? "valuesAsJson" : "values,valueTypes"));
      await ctx.sync();
      chunk.forEach((r, i) => {
        const target = localRange(ctx, parseRange(r));
        if (json) target.valuesAsJson = reads[i].valuesAsJson;
        else target.values = textSafe(reads[i].values, reads[i].valueTypes);
      });
      await ctx.sync();
      return [];
    });
  });
}

function protectedSheets(sheets: readonly string[]): Promise<string[]> {
  return run(async (ctx) => {
    const known = await sheetNames(ctx);
    const asked = sheets.filter((s) => known.has(s.toUpperCase())).map((s) => ({ s, p: ctx.workbook.worksheets.getItem(s).protection.load("protected") }));
    await ctx.sync();
    return asked.filter((a) => a.p.protected).map((a) => a.s);
  });
}

function restore(entries: readonly FrozenEntry[]): Promise<void> {
  return run(async (ctx) => {
    await inChunks(entries, (e) => cellsOf(e.range) + e.formula.length / 64, CELLS_PER_SYNC, async (chunk) => {
      for (const e of chunk) {
        localRange(ctx, parseRange(e.range)).clear("Contents");
        localRange(ctx, parseRange(e.address)).formulas = [[e.formula]];
      }
      await ctx.sync();
      return [];
    });
  });
}

/** The workbook as the freeze policy sees it, over Excel.run. */
export const excelFrozenBook: FrozenBook = {
  entries: () => run(readFrozen),
  save: (entries) => run((ctx) => saveFrozen(ctx, entries)),
  protectedSheets,
  targets,
  states,
  writeValues,
  stamp: (stamps) => stamp(stamps, CHARS_PER_SYNC),
  unstamp,
  restore,
  names: () =>
    run(async (ctx) => {
      const sheets = ctx.workbook.worksheets.load("items/name");
      await ctx.sync();
      const names = queueNames(ctx, sheets);
      await ctx.sync();
      return names();
    }),
};

export function listFrozen(): Promise<FrozenEntry[]> {
  return run(readFrozen);
}

/** Replace the SVC formulas of the scope by the values they show, stamped "as of"; the formulas are kept for Unfreeze. */
export function freeze(
  scope: Scope,
  provenanceOf: (address: string) => readonly ValueSource[] | undefined = () => undefined,
  now: () => Date = () => new Date()
): Promise<FreezeResult> {
  const read = async () => (await readSvcFormulas(scope)).map((c) => ({ ...c, address: normaliseAddress(c.address) }));
  // the filing the values came from
  return freezeCells(excelFrozenBook, read, now().toISOString(), (a) => filingNote(provenanceOf(a)) || null);
}

/** Put the kept formulas back (all, or those inside `within`) where they pass the checks; refuse the rest. */
export function unfreeze(within?: string): Promise<UnfreezeResult> {
  const w: RangeRef | null = within ? parseRange(within) : null;
  return unfreezeEntries(excelFrozenBook, (e) => {
    if (!w) return true;
    try {
      const a = parseRange(e.address);
      return a.sheet === w.sheet && a.r0 >= w.r0 && a.r0 <= w.r1 && a.c0 >= w.c0 && a.c0 <= w.c1;
    } catch {
      return false;
    }
  });
}
