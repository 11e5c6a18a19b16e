/**
 * Freeze and Unfreeze (through Excel.run; only the pane writes cells). Freeze replaces every formula
 * that makes an SVC call (wrapped, composite, through a defined name) by the values it shows (the
 * whole spill), stamps each with an "as of" comment, and keeps the formulas in a custom XML part
 * (formulas only, never a credential) with a fingerprint of the frozen values.
 * API text stays text: the values go back through `valuesAsJson` (ExcelApi 1.16), else every text is
 * written with Excel's text prefix `'` (through `values`, "=WEBSERVICE(...)" would become a formula).
 * Unfreeze restores only entries that pass frozen-check.ts and whose cells still hold what was frozen.
 *
 * APIs: ExcelApi 1.1 (values, valueTypes, clear), 1.5 (customXmlParts), 1.10 (comments),
 * 1.12 (getSpillingToRangeOrNullObject), 1.16 (valuesAsJson, optional).
 */
import type { ValueSource } from "../functions/sources";
import { filingNote } from "../plan/changes";
import { RangeRef, normaliseAddress, parseRange, rangeAddress } from "./address";
import { excel } from "./excel";
import { frozenEntryProblem, valuesDigest } from "./frozen-check";
import { FrozenEntry, frozenPart, saveFrozen } from "./frozen-part";
import { hasExcelApi } from "./requirements";
import { Scope, queueNames, readSvcFormulas } from "./workbook";

export interface UnfreezeResult {
  restored: FrozenEntry[];
  /** Entries left as they are, with the reason (nothing of theirs was written). */
  refused: { entry: FrozenEntry; reason: string }[];
}

/** Texts with Excel's text prefix, so `values` keeps them text; errors stay errors, other values as they are. */
export function textSafe(values: readonly (readonly unknown[])[], types: readonly (readonly string[])[]): unknown[][] {
  return values.map((row, i) => row.map((v, j) => (typeof v === "string" && v !== "" && types[i]?.[j] !== "Error" ? `'${v}` : v)));
}

export async function listFrozen(): Promise<FrozenEntry[]> {
  return excel().run(async (ctx) => (await frozenPart(ctx)).entries);
}

function stampText(asOf: string): string {
  return `SVC values as of ${asOf.replace("T", " ").slice(0, 16)} UTC (frozen: no add-in, sign-in or call needed). Unfreeze from the SVC pane to restore the formula.`;
}

const localRange = (ctx: Excel.RequestContext, ref: RangeRef) => ctx.workbook.worksheets.getItem(ref.sheet).getRange(rangeAddress({ ...ref, sheet: "" }));

/**
 * Write each target's values back as values, text kept text; then read them back for the fingerprint.
 * Fresh ranges by address: once the anchor holds a value, its spill range no longer exists.
 */
async function writeValues(ctx: Excel.RequestContext, targets: readonly Excel.Range[]): Promise<string[]> {
  const json = hasExcelApi("1.16");
  const out = targets.map((t) => {
    const r = localRange(ctx, parseRange(t.address));
    if (json) r.valuesAsJson = t.valuesAsJson;
    else r.values = textSafe(t.values, t.valueTypes);
    return r.load("values");
  });
  await ctx.sync();
  return out.map((r) => valuesDigest(r.values));
}

/**
 * Replace the SVC formulas of the scope by the values they show (the whole spill), stamp each with an
 * "as of" comment, and keep the formulas in the workbook for Unfreeze. Returns what was frozen.
 */
export async function freeze(scope: Scope, provenanceOf: (address: string) => readonly ValueSource[] | undefined = () => undefined, now: () => Date = () => new Date()): Promise<FrozenEntry[]> {
  const cells = await readSvcFormulas(scope);
  if (cells.length === 0) return [];
  const asOf = now().toISOString();
  const props = hasExcelApi("1.16") ? "address,valuesAsJson" : "address,values,valueTypes";
  return excel().run(async (ctx) => {
    const { part, entries } = await frozenPart(ctx);
    const work = cells.map((c) => {
      const anchor = localRange(ctx, parseRange(c.address));
      const spill = anchor.getSpillingToRangeOrNullObject();
      spill.load(props);
      anchor.load(props);
      return { cell: c, anchor, spill };
    });
    await ctx.sync();
    const targets = work.map((w) => (w.spill.isNullObject ? w.anchor : w.spill));
    const digests = await writeValues(ctx, targets);
    const added = work.map((w, i): FrozenEntry => ({ address: normaliseAddress(w.cell.address), range: normaliseAddress(targets[i].address), formula: w.cell.formula, asOf, digest: digests[i] }));
    for (const entry of added) {
      try {
        const source = filingNote(provenanceOf(entry.address)); // the filing the values came from
        ctx.workbook.comments.add(entry.address, source ? `${stampText(asOf)} ${source}` : stampText(asOf));
      } catch {
        /* comments need ExcelApi 1.10; the pane still lists the stamp */
      }
    }
    await ctx.sync();
    const keep = entries.filter((e) => !added.some((a) => a.address === e.address));
    await saveFrozen(ctx, part, [...keep, ...added]);
    return added;
  });
}

/** Split entries into those whose cells still hold what was frozen and those to leave alone. */
async function checkCells(ctx: Excel.RequestContext, entries: readonly FrozenEntry[]): Promise<UnfreezeResult> {
  const out: UnfreezeResult = { restored: [], refused: [] };
  const sheets = ctx.workbook.worksheets;
  sheets.load("items/name");
  await ctx.sync();
  const known = new Set(sheets.items.map((s) => s.name.toUpperCase()));
  const loadNames = queueNames(ctx, sheets);
  await ctx.sync();
  const names = loadNames();
  const reads: { entry: FrozenEntry; range: Excel.Range }[] = [];
  for (const entry of entries) {
    const problem = frozenEntryProblem(entry, names);
    const ref = problem ? null : parseRange(entry.range);
    if (problem || !ref) out.refused.push({ entry, reason: problem ?? "" });
    else if (!known.has(ref.sheet.toUpperCase())) out.refused.push({ entry, reason: `there is no sheet "${ref.sheet}"` });
    else reads.push({ entry, range: localRange(ctx, ref).load("values,formulas") });
  }
  await ctx.sync();
  for (const { entry, range } of reads) {
    const formulas = (range.formulas as unknown[][]).some((row) => row.some((f) => typeof f === "string" && f.startsWith("=")));
    const same = entry.digest ? valuesDigest(range.values) === entry.digest : !formulas;
    if (same) out.restored.push(entry);
    else out.refused.push({ entry, reason: "its cells no longer hold the values that were frozen (edited since?)" });
  }
  return out;
}

/** Put the kept formulas back (all, or those inside `within`) where they pass the checks; refuse the rest. */
export async function unfreeze(within?: string): Promise<UnfreezeResult> {
  return excel().run(async (ctx) => {
    const { part, entries } = await frozenPart(ctx);
    const w: RangeRef | null = within ? parseRange(within) : null;
    const inside = (e: FrozenEntry): boolean => {
      if (!w) return true;
      try {
        const a = parseRange(e.address);
        return a.sheet === w.sheet && a.r0 >= w.r0 && a.r0 <= w.r1 && a.c0 >= w.c0 && a.c0 <= w.c1;
      } catch {
        return false;
      }
    };
    const result = await checkCells(ctx, entries.filter(inside));
    for (const e of result.restored) {
      localRange(ctx, parseRange(e.range)).clear("Contents");
      localRange(ctx, parseRange(e.address)).formulas = [[e.formula]];
    }
    await ctx.sync();
    for (const e of result.restored) {
      try {
        ctx.workbook.comments.getItemByCell(e.address).delete();
        await ctx.sync();
      } catch {
        /* the stamp was already removed by hand */
      }
    }
    await saveFrozen(ctx, part, entries.filter((e) => !result.restored.includes(e)));
    return result;
  });
}
