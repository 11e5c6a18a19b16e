/**
 * What a refresh keeps in the workbook of each SVC cell for the next one (period, metric and filing
 * per value): the sources part that `svc-excel refresh` writes into the file, read and written here
 * through Office.js (workbook.customXmlParts, ExcelApi 1.5), so a refresh after the workbook was
 * closed and reopened tells a new period from a revision as the CLI does. The part's text is
 * untrusted (a file can be edited): it is parsed by the same reader as the CLI's, never run.
 * The parts are listed by namespace rather than asked for as "the only one": a file holding two
 * (copied between workbooks, an older tool) is read whole and written back as one.
 */
import { CellSources, parseSourcesXml, SOURCES_NAMESPACE, sourcesXml } from "../model-file";
import { addressKey, parseRange } from "../formula";
import { excel } from "./excel";

/** What the workbook kept, by cell ("Model!B4"); null: no refresh kept anything in it. */
export type KeptByCell = Map<string, CellSources>;

const keyOf = addressKey;

async function partsOf(ctx: Excel.RequestContext): Promise<{ parts: Excel.CustomXmlPart[]; kept: KeptByCell | null }> {
  const list = ctx.workbook.customXmlParts.getByNamespace(SOURCES_NAMESPACE);
  list.load("items/id");
  await ctx.sync();
  if (list.items.length === 0) return { parts: [], kept: null };
  const texts = list.items.map((p) => p.getXml());
  await ctx.sync();
  const kept: KeptByCell = new Map();
  for (const t of texts) for (const [ref, s] of parseSourcesXml(t.value)) kept.set(keyOf(ref), s);
  return { parts: list.items, kept };
}

/** The size of each anchor's result now (its spill range; one cell when it spills nothing): what the old values covered. */
export interface KeptReading {
  kept: KeptByCell | null;
  sizes: Map<string, { rows: number; cols: number }>;
}

/** Read what the last refresh kept, and the size of the results at `anchors` (ExcelApi 1.12 for spills). */
export async function readKeptSources(anchors: readonly string[]): Promise<KeptReading> {
  return excel().run(async (ctx) => {
    const spills = anchors.map((a) => {
      const ref = parseRange(a);
      const range = ctx.workbook.worksheets.getItem(ref.sheet).getCell(ref.r0, ref.c0).getSpillingToRangeOrNullObject();
      range.load("rowCount,columnCount");
      return { a, range };
    });
    const { kept } = await partsOf(ctx);
    const sizes = new Map(spills.map(({ a, range }) => [keyOf(a), range.isNullObject ? { rows: 1, cols: 1 } : { rows: range.rowCount, cols: range.columnCount }]));
    return { kept, sizes };
  });
}

/** Keep these cells' sources in the workbook (the others kept before stay as they were). */
export async function keepSources(update: ReadonlyMap<string, CellSources>): Promise<void> {
  if (update.size === 0) return;
  await excel().run(async (ctx) => {
    const { parts, kept } = await partsOf(ctx);
    const all: KeptByCell = kept ?? new Map();
    for (const [ref, s] of update) all.set(keyOf(ref), s);
    const xml = sourcesXml(all).replace(/^<\?xml[^>]*\?>\s*/, ""); // a string, not bytes: no encoding to declare
    const [first, ...more] = parts;
    if (first) first.setXml(xml);
    else ctx.workbook.customXmlParts.add(xml);
    for (const p of more) p.delete();
    await ctx.sync();
  });
}
