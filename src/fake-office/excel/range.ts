/**
 * Excel.Range over the fake workbook. Reads (values, valuesAsJson, formulas, text, address, ...)
 * happen at sync; writes are checked as Excel checks them: a 2-D array must have the range's exact
 * size (InvalidArgument "The number of rows or columns in the input array doesn't match the size or
 * dimensions of the range."), rows of different lengths are refused, a single value fills the range;
 * null leaves a cell as it is. Range.values and Range.formulas read strings as typed input (text
 * starting with =, +, - or @ becomes a formula); Range.valuesAsJson keeps a String a string.
 */
import { Area, sizeOf } from "../../recalc";
import { MAX_COLS, MAX_ROWS, areaText } from "../a1";
import { RichApiError, accessDenied, invalidArgument, sizeMismatch } from "../errors";
import { Sheet, keyOf } from "../model";
import { Input, asJsonValue, asRangeValue, asText, fromJson, fromWritten } from "../values";
import { contentAt } from "../display";
import { ClientObject, RequestContext } from "./client";
import { TableScopedCollection } from "./tables";

/** Past a few million cells the fake refuses a read or a write on any platform (the web's own caps: platform.ts). */
const MAX_READ_CELLS = 2_000_000;

const SCALARS = [
  "address",
  "addressLocal",
  "values",
  "valuesAsJson",
  "valuesAsJsonLocal",
  "formulas",
  "formulasLocal",
  "text",
  "valueTypes",
  "numberFormat",
  "rowIndex",
  "columnIndex",
  "rowCount",
  "columnCount",
  "cellCount",
  "hasSpill",
  "isEntireColumn",
  "isEntireRow",
] as const;

type Locate = () => Area | null;
type Reader = (area: Area, r: number, c: number) => unknown;

export class Range extends ClientObject {
  constructor(
    ctx: RequestContext,
    private readonly locate: Locate,
    private readonly nullable = false,
    // The range's worksheet (a Worksheet of ./sheets, which builds ranges: typed as its base, no cycle).
    private readonly sheetProxy?: () => ClientObject
  ) {
    super(ctx);
  }

  protected get _type(): string {
    return "Range";
  }
  protected get _scalars(): readonly string[] {
    return SCALARS;
  }
  protected _exists(): boolean {
    const a = this.locate();
    if (!a && !this.nullable) throw invalidArgument("the range does not exist", "Range");
    return !!a;
  }
  protected _navs() {
    return { worksheet: () => this.worksheet };
  }

  /** The area now (Excel's errors when it cannot be found). */
  _area(): Area {
    const a = this.locate();
    if (!a) throw new RichApiError("ItemNotFound", "The requested resource doesn't exist.", "Range");
    return a;
  }

  private grid(read: Reader): unknown[][] | null {
    const a = this._area();
    const nullOver = this.context.host.platform.nullReadOverCells;
    if (nullOver !== null && sizeOf(a) > nullOver) return null; // Excel on the web: such a read may come back null
    if (sizeOf(a) > MAX_READ_CELLS) throw new RichApiError("ResponsePayloadSizeLimitExceeded", "The response payload size has exceeded the limit.", "Range");
    const out: unknown[][] = [];
    for (let r = a.r0; r <= a.r1; r++) {
      const row: unknown[] = [];
      for (let c = a.c0; c <= a.c1; c++) row.push(read(a, r, c));
      out.push(row);
    }
    return out;
  }

  protected _read(prop: string): unknown {
    const host = this.context.host;
    const a = this._area();
    const sheet = host.sheetOf(a.sheet);
    const content = (_: Area, r: number, c: number) => contentAt(sheet, r, c);
    switch (prop) {
      case "address":
      case "addressLocal":
        return areaText(a);
      case "values":
        return this.grid((x, r, c) => asRangeValue(content(x, r, c)));
      case "valuesAsJson":
      case "valuesAsJsonLocal":
        return this.grid((x, r, c) => asJsonValue(content(x, r, c)));
      case "formulas":
      case "formulasLocal":
        return this.grid((_, r, c) => host.formulaAt(sheet, r, c));
      case "text":
        return this.grid((x, r, c) => asText(content(x, r, c)));
      case "valueTypes":
        return this.grid((x, r, c) => valueType(asJsonValue(content(x, r, c)).type));
      case "numberFormat":
        return this.grid((_, r, c) => sheet.numberFormats.get(keyOf(r, c)) ?? "General");
      case "rowIndex":
        return a.r0;
      case "columnIndex":
        return a.c0;
      case "rowCount":
        return a.r1 - a.r0 + 1;
      case "columnCount":
        return a.c1 - a.c0 + 1;
      case "cellCount":
        return sizeOf(a);
      case "hasSpill":
        return !!host.spillOf(sheet, a.r0, a.c0) || !!this.grid((_, r, c) => host.shown(sheet, r, c)?.spill === true)?.every((row) => row.every(Boolean));
      case "isEntireColumn":
        return a.r0 === 0 && a.r1 === MAX_ROWS - 1;
      case "isEntireRow":
        return a.c0 === 0 && a.c1 === MAX_COLS - 1;
    }
    throw invalidArgument(`Range has no property '${prop}'`);
  }

  /** Check a write's shape against the range and turn each element into cell contents (all before any is applied). */
  private inputs(data: unknown, convert: (v: unknown, where: string) => Input | null | undefined, what: string): (a: Area) => Array<[number, number, Input | null]> {
    return (a: Area) => {
      const where = `Range.${what}`;
      const rows = a.r1 - a.r0 + 1;
      const cols = a.c1 - a.c0 + 1;
      const out: Array<[number, number, Input | null]> = [];
      if (!Array.isArray(data)) {
        const one = convert(data, where);
        if (one === undefined) return out;
        if (one !== null && sizeOf(a) > MAX_READ_CELLS) throw new RichApiError("RequestPayloadSizeLimitExceeded", "The request payload size has exceeded the limit.", where);
        if (one === null) return this.existing(a).map(([r, c]) => [r, c, null]);
        for (let r = a.r0; r <= a.r1; r++) for (let c = a.c0; c <= a.c1; c++) out.push([r, c, one]);
        return out;
      }
      if (data.some((row) => !Array.isArray(row))) throw invalidArgument("expected a 2-D array (an array of rows)", where);
      const lengths = new Set((data as unknown[][]).map((row) => row.length));
      if (lengths.size > 1) throw invalidArgument("the rows of the input array have different lengths", where);
      if (data.length !== rows || !lengths.has(cols)) throw sizeMismatch(where);
      (data as unknown[][]).forEach((row, i) =>
        row.forEach((v, j) => {
          const input = convert(v, where);
          if (input !== undefined) out.push([a.r0 + i, a.c0 + j, input]);
        })
      );
      return out;
    };
  }

  /** Cells of the area that hold something: a small area looked up cell by cell, a large one found by walking the sheet's cells. */
  private existing(a: Area): Array<[number, number]> {
    const sheet = this.context.host.sheetOf(a.sheet);
    const out: Array<[number, number]> = [];
    if (sizeOf(a) <= sheet.cells.size) {
      for (let r = a.r0; r <= a.r1; r++) for (let c = a.c0; c <= a.c1; c++) if (sheet.cells.has(keyOf(r, c))) out.push([r, c]);
      return out;
    }
    for (const cell of sheet.cells.values()) if (cell.r >= a.r0 && cell.r <= a.r1 && cell.c >= a.c0 && cell.c <= a.c1) out.push([cell.r, cell.c]);
    return out;
  }

  private write(what: string, data: unknown, convert: (v: unknown, where: string) => Input | null | undefined): void {
    const plan = this.inputs(data, convert, what);
    this._set(what, data, () => {
      const a = this._area();
      const host = this.context.host;
      const sheet = writable(host.sheetOf(a.sheet), `Range.${what}`);
      for (const [r, c, input] of plan(a)) host.input(sheet, r, c, input);
    });
  }

  get values(): unknown[][] {
    return this._get("values") as unknown[][];
  }
  set values(v: unknown[][]) {
    this.write("values", v, fromWritten);
  }
  get formulas(): unknown[][] {
    return this._get("formulas") as unknown[][];
  }
  set formulas(v: unknown[][]) {
    this.write("formulas", v, fromWritten);
  }
  get formulasLocal(): unknown[][] {
    return this._get("formulasLocal") as unknown[][];
  }
  set formulasLocal(v: unknown[][]) {
    this.write("formulasLocal", v, fromWritten);
  }
  get valuesAsJson(): unknown[][] {
    return this._get("valuesAsJson") as unknown[][];
  }
  set valuesAsJson(v: unknown[][]) {
    this.write("valuesAsJson", v, fromJson);
  }
  get valuesAsJsonLocal(): unknown[][] {
    return this._get("valuesAsJsonLocal") as unknown[][];
  }
  get numberFormat(): unknown[][] {
    return this._get("numberFormat") as unknown[][];
  }
  set numberFormat(v: unknown[][]) {
    const plan = this.inputs(v, (x) => (x === null || x === undefined ? undefined : { constant: String(x) }), "numberFormat");
    this._set("numberFormat", v, () => {
      const a = this._area();
      const sheet = this.context.host.sheetOf(a.sheet);
      for (const [r, c, input] of plan(a)) if (input && "constant" in input) sheet.numberFormats.set(keyOf(r, c), String(input.constant));
    });
  }
  get address(): string {
    return this._get("address") as string;
  }
  get addressLocal(): string {
    return this._get("addressLocal") as string;
  }
  get text(): string[][] {
    return this._get("text") as string[][];
  }
  get valueTypes(): string[][] {
    return this._get("valueTypes") as string[][];
  }
  get rowIndex(): number {
    return this._get("rowIndex") as number;
  }
  get columnIndex(): number {
    return this._get("columnIndex") as number;
  }
  get rowCount(): number {
    return this._get("rowCount") as number;
  }
  get columnCount(): number {
    return this._get("columnCount") as number;
  }
  get cellCount(): number {
    return this._get("cellCount") as number;
  }
  get hasSpill(): boolean {
    return this._get("hasSpill") as boolean;
  }
  get isEntireColumn(): boolean {
    return this._get("isEntireColumn") as boolean;
  }
  get isEntireRow(): boolean {
    return this._get("isEntireRow") as boolean;
  }

  get worksheet(): ClientObject {
    return this._nav("worksheet", () => {
      if (!this.sheetProxy) throw new Error("Range.worksheet: no sheet");
      return this.sheetProxy();
    });
  }

  // ---------------------------------------------------------------- derived ranges

  private derived(f: (a: Area) => Area | null, nullable = false): Range {
    return new Range(this.context, () => {
      const a = this.locate();
      return a ? f(a) : null;
    }, nullable, this.sheetProxy);
  }

  private static checked(a: Area): Area {
    if (a.r0 < 0 || a.c0 < 0 || a.r1 >= MAX_ROWS || a.c1 >= MAX_COLS || a.r1 < a.r0 || a.c1 < a.c0) throw invalidArgument("the range would lie outside the sheet");
    return a;
  }

  getCell(row: number, column: number): Range {
    return this.derived((a) => Range.checked({ ...a, r0: a.r0 + row, c0: a.c0 + column, r1: a.r0 + row, c1: a.c0 + column }));
  }
  getOffsetRange(rows: number, cols: number): Range {
    return this.derived((a) => Range.checked({ ...a, r0: a.r0 + rows, c0: a.c0 + cols, r1: a.r1 + rows, c1: a.c1 + cols }));
  }
  getResizedRange(dRows: number, dCols: number): Range {
    return this.derived((a) => Range.checked({ ...a, r1: a.r1 + dRows, c1: a.c1 + dCols }));
  }
  private spillOfAnchor(a: Area): Area | null {
    const host = this.context.host;
    return host.spillOf(host.sheetOf(a.sheet), a.r0, a.c0);
  }
  getSpillingToRange(): Range {
    return this.derived((a) => {
      const s = this.spillOfAnchor(a);
      if (!s) throw new RichApiError("ItemNotFound", "The requested resource doesn't exist.", "Range.getSpillingToRange");
      return s;
    });
  }
  getSpillingToRangeOrNullObject(): Range {
    return this.derived((a) => this.spillOfAnchor(a), true);
  }
  private parentOf(a: Area): Area | null {
    const host = this.context.host;
    const sheet = host.sheetOf(a.sheet);
    const s = host.shown(sheet, a.r0, a.c0);
    if (!s?.spill && !(s?.anchor && host.spillOf(sheet, a.r0, a.c0))) return null;
    for (const cell of sheet.cells.values()) {
      const sp = cell.f?.spill;
      if (sp && a.r0 >= sp.r0 && a.r0 <= sp.r1 && a.c0 >= sp.c0 && a.c0 <= sp.c1) return { sheet: a.sheet, r0: cell.r, c0: cell.c, r1: cell.r, c1: cell.c };
    }
    return null;
  }
  getSpillParent(): Range {
    return this.derived((a) => {
      const p = this.parentOf(a);
      if (!p) throw new RichApiError("ItemNotFound", "The requested resource doesn't exist.", "Range.getSpillParent");
      return p;
    });
  }
  getSpillParentOrNullObject(): Range {
    return this.derived((a) => this.parentOf(a), true);
  }
  getUsedRange(valuesOnly?: boolean): Range {
    void valuesOnly;
    return this.derived((a) => {
      const u = this.usedWithin(a);
      if (!u) throw new RichApiError("ItemNotFound", "The requested resource doesn't exist.", "Range.getUsedRange");
      return u;
    });
  }
  getUsedRangeOrNullObject(valuesOnly?: boolean): Range {
    void valuesOnly;
    return this.derived((a) => this.usedWithin(a), true);
  }
  private usedWithin(a: Area): Area | null {
    const host = this.context.host;
    const u = host.usedArea(host.sheetOf(a.sheet));
    if (!u) return null;
    const r0 = Math.max(a.r0, u.r0);
    const c0 = Math.max(a.c0, u.c0);
    const r1 = Math.min(a.r1, u.r1);
    const c1 = Math.min(a.c1, u.c1);
    return r0 <= r1 && c0 <= c1 ? { sheet: a.sheet, r0, c0, r1, c1 } : null;
  }

  getTables(fullyContained = false): TableScopedCollection {
    return new TableScopedCollection(this.context, () => this._area(), fullyContained);
  }

  // ---------------------------------------------------------------- actions

  select(): void {
    this._do(() => this.context.host.select(this._area()));
  }
  calculate(): void {
    this._do(() => void this.context.host.calculateRange(this._area()));
  }
  clear(applyTo?: string): void {
    this._do(() => {
      if (applyTo === "Formats") return;
      const a = this._area();
      const host = this.context.host;
      const sheet = writable(host.sheetOf(a.sheet), "Range.clear");
      for (const [r, c] of this.existing(a)) host.input(sheet, r, c, null);
    });
  }
}

/** A protected sheet refuses every write to its cells (Worksheet.protection: "Protect a worksheet"). */
function writable(sheet: Sheet, where: string): Sheet {
  if (sheet.protected) throw accessDenied(where);
  return sheet;
}

function valueType(jsonType: string): string {
  switch (jsonType) {
    case "Empty":
      return "Empty";
    case "String":
      return "String";
    case "Double":
      return "Double";
    case "Boolean":
      return "Boolean";
    case "Error":
      return "Error";
    default:
      return "Richvalue";
  }
}
