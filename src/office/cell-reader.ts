/**
 * The argument resolver's "read these cells" port (`CellReader`, src/formula) over Excel.run: one
 * pass is ONE batched request whatever the number of formulas — every area of a sheet through one
 * range (their bounding box, or each area when the box would be far larger), each spill anchor's
 * `getSpillingToRangeOrNullObject()`, the names of the workbook and of each sheet — and one `sync`.
 * The sheet list is known from the caller or read once per reader (one more round trip), so a range
 * on a sheet that does not exist is never asked for (Excel would fail the whole batch).
 *
 * Values come with `valueTypes` (ExcelApi 1.1), so an error cell is an error and text that merely
 * reads "#N/A" stays text; an empty cell is null. Spill ranges need ExcelApi 1.12, names' formulas 1.7.
 */
import type { AreaRef, CellReader, CellRef, CellValue, DefinedName, ReadRequest, ReadResult } from "../formula";
import { rangeAddress, sameSheet } from "./address";
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

  add(sheet: string, range: Loaded): void {
    if (range.isNullObject) return;
    const key = sheet.toUpperCase();
    const list = this.blocks.get(key) ?? [];
    list.push({ r0: range.rowIndex, c0: range.columnIndex, values: range.values, types: range.valueTypes as string[][] });
    this.blocks.set(key, list);
  }

  addSpill(anchor: CellRef, range: Loaded): void {
    const at = `${anchor.sheet.toUpperCase()}!${anchor.row},${anchor.col}`;
    if (range.isNullObject) return void this.spills.set(at, null);
    const area = { sheet: anchor.sheet, r0: range.rowIndex, c0: range.columnIndex, r1: range.rowIndex + range.rowCount - 1, c1: range.columnIndex + range.columnCount - 1 };
    this.spills.set(at, area);
    this.add(anchor.sheet, range);
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

const PROPS = "values,valueTypes,rowIndex,columnIndex,rowCount,columnCount";

/** Queue the loads of one pass (nothing is sent until the caller's sync). */
function queue(ctx: Excel.RequestContext, req: ReadRequest, sheets: readonly string[]) {
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
      const range = (size(b) > USED_ONLY_CELLS ? r.getUsedRangeOrNullObject(true) : r) as Loaded;
      range.load(PROPS);
      ranges.push({ sheet, range });
    }
  }
  const spills: Array<{ anchor: CellRef; range: Loaded }> = [];
  for (const anchor of req.spills) {
    const sheet = known(anchor.sheet);
    if (sheet === undefined) continue;
    const range = ctx.workbook.worksheets.getItem(sheet).getCell(anchor.row, anchor.col).getSpillingToRangeOrNullObject() as Loaded;
    range.load(PROPS);
    spills.push({ anchor, range });
  }
  const names = req.names ? queueNames(ctx, sheets) : [];
  return { ranges, spills, names };
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
        const q = queue(ctx, req, known);
        await ctx.sync();
        const names = q.names.flatMap((n) => n.items.items.map((i) => ({ name: i.name, sheet: n.sheet, formula: i.formula.replace(/^=/, "") })));
        const cells = new ReadCells(known, names);
        for (const r of q.ranges) cells.add(r.sheet, r.range);
        for (const s of q.spills) cells.addSpill(s.anchor, s.range);
        return { values: cells.values, spill: cells.spill, names: cells.names, sheets: cells.sheets };
      }),
  };
}
