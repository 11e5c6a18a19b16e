/**
 * The argument resolver's "read these cells" port (`CellReader`, src/formula) over Excel.run: one
 * pass is ONE Excel.run whatever the number of formulas — every area of a sheet through one range
 * (their bounding box, or each area when the box would be far larger), each spill anchor's
 * `getSpillingToRangeOrNullObject()`, the names of the workbook and of each sheet. Two requests for
 * a small model: where the ranges lie, then their values; a large one's values come in bands of rows,
 * a few per request, each answer far below Excel on the web's 5 MB (batches.ts).
 * The sheet list is known from the caller or read once per reader (one more round trip), so a range
 * on a sheet that does not exist is never asked for (Excel would fail the whole batch).
 *
 * Values come with `valueTypes` (ExcelApi 1.1), so an error cell is an error and text that merely
 * reads "#N/A" stays text; an empty cell is null. Spill ranges need ExcelApi 1.12, names' formulas 1.7.
 */
import type { AreaRef, CellReader, CellRef, CellValue, DefinedName, ReadRequest, ReadResult } from "../formula";
import { rangeAddress } from "../formula";
import { sameSheet } from "../recalc";
import { BAND_CELLS, CELLS_PER_SYNC, ITEMS_PER_SYNC, bandsOf, halves, inChunks } from "./batches";
import { excel } from "./excel";

/** One range per sheet when the bounding box of its areas holds at most this many cells. */
const BOX_CELLS = 50_000;
/** An area larger than this is read through its used part only (a whole column is 1,048,576 cells). */
const USED_ONLY_CELLS = 10_000;

const size = (a: AreaRef) => (a.r1 - a.r0 + 1) * (a.c1 - a.c0 + 1);

/** Values read from one range: its top-left corner and rows of [value, type]. */
interface Block {
  r0: number;
  c0: number;
  values: unknown[][];
  types: string[][];
}

type Loaded = Excel.Range & { isNullObject: boolean };

/** The ranges to read on one sheet: the areas' bounding box when it stays small, else each area. */
export function blocksFor(areas: readonly AreaRef[]): AreaRef[] {
  if (areas.length <= 1) return [...areas];
  const box = { sheet: areas[0].sheet, r0: Infinity, c0: Infinity, r1: -1, c1: -1 };
  let cells = 0;
  for (const a of areas) {
    box.r0 = Math.min(box.r0, a.r0);
    box.c0 = Math.min(box.c0, a.c0);
    box.r1 = Math.max(box.r1, a.r1);
    box.c1 = Math.max(box.c1, a.c1);
    cells += size(a);
  }
  return size(box) <= Math.max(BOX_CELLS, 4 * cells) && size(box) <= 4 * BOX_CELLS ? [box] : [...areas];
}

function cellValue(v: unknown, type: string | undefined): CellValue {
  if (type === "Empty" || v === undefined || v === null) return null;
  if (type === "Error") return { error: String(v) };
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return v;
  return { error: "#VALUE!" };
}

/** Everything one pass read, answering the resolver's lookups. */
class ReadCells {
  private readonly blocks = new Map<string, Block[]>();
  private readonly spills = new Map<string, AreaRef | null>();

  constructor(readonly sheets: readonly string[], readonly names: readonly DefinedName[]) {}

  private sheetKey(sheet: string): string | null {
    const found = this.sheets.find((s) => sameSheet(s, sheet));
    return found === undefined ? null : found.toUpperCase();
  }

  add(sheet: string, block: Block): void {
    const key = sheet.toUpperCase();
    const list = this.blocks.get(key) ?? [];
    list.push(block);
    this.blocks.set(key, list);
  }

  addSpill(anchor: CellRef, area: AreaRef | null): void {
    this.spills.set(`${anchor.sheet.toUpperCase()}!${anchor.row},${anchor.col}`, area);
  }

  readonly values = (ref: CellRef): CellValue => {
    const key = this.sheetKey(ref.sheet);
    if (key === null) return null;
    for (const b of this.blocks.get(key) ?? []) {
      const row = b.values[ref.row - b.r0];
      if (row && ref.col >= b.c0 && ref.col - b.c0 < row.length) return cellValue(row[ref.col - b.c0], b.types[ref.row - b.r0]?.[ref.col - b.c0]);
    }
    return null;
  };

  readonly spill = (anchor: CellRef): AreaRef | null => this.spills.get(`${anchor.sheet.toUpperCase()}!${anchor.row},${anchor.col}`) ?? null;
}

const DIMS = "rowIndex,columnIndex,rowCount,columnCount";

/** A range whose place is known and whose values are still to read. */
interface Placed {
  sheet: string;
  area: AreaRef;
}

const placedOf = (sheet: string, r: Loaded): AreaRef => ({ sheet, r0: r.rowIndex, c0: r.columnIndex, r1: r.rowIndex + r.rowCount - 1, c1: r.columnIndex + r.columnCount - 1 });

/** First request: where each block (or its used part) and each spill lies — places only, a few bytes each. */
async function place(ctx: Excel.RequestContext, req: ReadRequest, sheets: readonly string[]): Promise<{ blocks: Placed[]; spills: Array<{ anchor: CellRef; area: AreaRef | null }> }> {
  const known = (sheet: string) => sheets.find((s) => sameSheet(s, sheet));
  const bySheet = new Map<string, AreaRef[]>();
  for (const a of req.areas) {
    const sheet = known(a.sheet);
    if (sheet !== undefined) bySheet.set(sheet, [...(bySheet.get(sheet) ?? []), a]);
  }
  const ranges: Array<{ sheet: string; range: Loaded }> = [];
  for (const [sheet, areas] of bySheet) {
    const ws = ctx.workbook.worksheets.getItem(sheet);
    for (const b of blocksFor(areas)) {
      const r = ws.getRange(rangeAddress({ ...b, sheet: "" }));
      ranges.push({ sheet, range: (size(b) > USED_ONLY_CELLS ? r.getUsedRangeOrNullObject(true) : r).load(DIMS) as Loaded });
    }
  }
  const anchors = req.spills.filter((a) => known(a.sheet) !== undefined);
  const spills = await inChunks(anchors, () => 1, ITEMS_PER_SYNC, async (chunk) => {
    const asked = chunk.map((anchor) => ({ anchor, range: ctx.workbook.worksheets.getItem(known(anchor.sheet) as string).getCell(anchor.row, anchor.col).getSpillingToRangeOrNullObject().load(DIMS) as Loaded }));
    await ctx.sync();
    return asked.map((s) => ({ anchor: s.anchor, area: s.range.isNullObject ? null : placedOf(s.anchor.sheet, s.range) }));
  });
  await ctx.sync();
  const blocks = ranges.filter((r) => !r.range.isNullObject).map((r) => ({ sheet: r.sheet, area: placedOf(r.sheet, r.range) }));
  return { blocks, spills };
}

/** Then the values, in bands of rows, a few bands per request: each answer far below the web's 5 MB. */
async function readValues(ctx: Excel.RequestContext, cells: ReadCells, placed: readonly Placed[]): Promise<void> {
  const bands = placed.flatMap((p) => bandsOf(p.area, BAND_CELLS).map((area) => ({ sheet: p.sheet, area })));
  await inChunks(bands, (b) => 2 * size(b.area), CELLS_PER_SYNC, async (chunk) => {
    const reads = chunk.map((b) => ({ b, range: ctx.workbook.worksheets.getItem(b.sheet).getRange(rangeAddress({ ...b.area, sheet: "" })).load("values,valueTypes") }));
    await ctx.sync();
    for (const { b, range } of reads) cells.add(b.sheet, { r0: b.area.r0, c0: b.area.c0, values: range.values ?? [], types: (range.valueTypes ?? []) as string[][] });
    return [];
  }, (b) => halves(b.area).map((area) => ({ sheet: b.sheet, area })));
}

function queueNames(ctx: Excel.RequestContext, sheets: readonly string[]): Array<{ sheet: string | null; items: Excel.NamedItemCollection }> {
  const out: Array<{ sheet: string | null; items: Excel.NamedItemCollection }> = [{ sheet: null, items: ctx.workbook.names }];
  for (const s of sheets) out.push({ sheet: s, items: ctx.workbook.worksheets.getItem(s).names });
  for (const n of out) n.items.load("items/name,items/formula");
  return out;
}

async function sheetNames(ctx: Excel.RequestContext): Promise<string[]> {
  const ws = ctx.workbook.worksheets;
  ws.load("items/name");
  await ctx.sync();
  return ws.items.map((w) => w.name);
}

/**
 * A reader for one pricing or refresh pass. `sheets`: the workbook's sheet names when the caller
 * already has them (saves the round trip that reads them).
 */
export function excelCellReader(opts: { sheets?: readonly string[] } = {}): CellReader {
  let sheets = opts.sheets ? [...opts.sheets] : null;
  return {
    read: (req: ReadRequest): Promise<ReadResult> =>
      excel().run(async (ctx) => {
        const known = sheets ?? (sheets = await sheetNames(ctx));
        const lists = req.names ? queueNames(ctx, known) : [];
        const { blocks, spills } = await place(ctx, req, known);
        const names = lists.flatMap((n) => n.items.items.map((i) => ({ name: i.name, sheet: n.sheet, formula: i.formula.replace(/^=/, "") })));
        const cells = new ReadCells(known, names);
        for (const s of spills) cells.addSpill(s.anchor, s.area);
        await readValues(ctx, cells, [...blocks, ...spills.flatMap((s) => (s.area ? [{ sheet: s.anchor.sheet, area: s.area }] : []))]);
        return { values: cells.values, spill: cells.spill, names: cells.names, sheets: cells.sheets };
      }),
  };
}
