/**
 * Excel.Worksheet and Excel.WorksheetCollection: getItem (ItemNotFound at sync for a missing sheet;
 * names are case-insensitive), getItemOrNullObject, getActiveWorksheet, add (ItemAlreadyExists,
 * Excel's naming rules), items after load("items/name"), getRange / getRangeByIndexes / getCell
 * (InvalidArgument off the sheet), used ranges, activate, calculate, and the sheet's names.
 */
import type { Area } from "../../recalc";
import { MAX_COLS, MAX_ROWS, columnName, parseArea } from "../a1";
import { itemNotFound } from "../errors";
import type { Sheet } from "../model";
import { ClientCollection, ClientObject, RequestContext } from "./client";
import { NamedItemCollection } from "./names";
import { Range } from "./range";
import { WorksheetProtection } from "./tables";

const SCALARS = ["name", "id", "position", "visibility"] as const;

export class Worksheet extends ClientObject {
  constructor(
    ctx: RequestContext,
    private readonly find: () => Sheet | null,
    private readonly nullable = false
  ) {
    super(ctx);
  }

  protected get _type(): string {
    return "Worksheet";
  }
  protected get _scalars(): readonly string[] {
    return SCALARS;
  }
  protected _exists(): boolean {
    const s = this.find();
    if (!s && !this.nullable) throw itemNotFound("Worksheet");
    return !!s;
  }
  protected _navs() {
    return { names: () => this.names, protection: () => this.protection };
  }

  _sheet(): Sheet {
    const s = this.find();
    if (!s) throw itemNotFound("Worksheet");
    return s;
  }

  protected _read(prop: string): unknown {
    const s = this._sheet();
    switch (prop) {
      case "name":
        return s.name;
      case "id":
        return `{00000000-0001-0000-0000-${String(s.id).padStart(12, "0")}}`;
      case "position":
        return this.context.host.book.sheets.indexOf(s);
      case "visibility":
        return "Visible";
    }
    return undefined;
  }

  get name(): string {
    return this._get("name") as string;
  }
  get id(): string {
    return this._get("id") as string;
  }
  get position(): number {
    return this._get("position") as number;
  }
  get visibility(): string {
    return this._get("visibility") as string;
  }

  get names(): NamedItemCollection {
    return this._nav("names", () => new NamedItemCollection(this.context, () => this._sheet()));
  }
  get protection(): WorksheetProtection {
    return this._nav("protection", () => new WorksheetProtection(this.context, () => this._sheet()));
  }

  private range(f: (s: Sheet) => Area | null, nullable = false): Range {
    return new Range(this.context, () => f(this._sheet()), nullable, () => this);
  }

  /** The whole sheet without an address. */
  getRange(address?: string): Range {
    return this.range((s) => {
      if (address === undefined || address === "") return { sheet: s.name, r0: 0, c0: 0, r1: MAX_ROWS - 1, c1: MAX_COLS - 1 };
      const a = parseArea(address, s.name);
      return { ...a, sheet: this.context.host.sheetOf(a.sheet).name };
    });
  }
  getRangeByIndexes(startRow: number, startColumn: number, rowCount: number, columnCount: number): Range {
    return this.range((s) => parseArea(areaFromIndexes(startRow, startColumn, rowCount, columnCount), s.name));
  }
  getCell(row: number, column: number): Range {
    return this.getRangeByIndexes(row, column, 1, 1);
  }
  getUsedRange(valuesOnly?: boolean): Range {
    void valuesOnly;
    // Excel answers A1 for an empty sheet.
    return this.range((s) => this.context.host.usedArea(s) ?? { sheet: s.name, r0: 0, c0: 0, r1: 0, c1: 0 });
  }
  getUsedRangeOrNullObject(valuesOnly?: boolean): Range {
    void valuesOnly;
    return this.range((s) => this.context.host.usedArea(s), true);
  }
  activate(): void {
    this._do(() => this.context.host.activate(this._sheet()));
  }
  calculate(markAllDirty?: boolean): void {
    this._do(() => {
      const s = this._sheet();
      void markAllDirty;
      void this.context.host.calculateRange({ sheet: s.name, r0: 0, c0: 0, r1: MAX_ROWS - 1, c1: MAX_COLS - 1 });
    });
  }
}

/** "B2:C5" from zero-based indexes (InvalidArgument when off the sheet, checked by parseArea). */
function areaFromIndexes(r: number, c: number, rows: number, cols: number): string {
  if (!(r >= 0 && c >= 0 && rows >= 1 && cols >= 1)) return "?";
  return `${columnName(c)}${r + 1}:${columnName(c + cols - 1)}${r + rows}`;
}

export class WorksheetCollection extends ClientCollection<Worksheet> {
  protected get _type(): string {
    return "WorksheetCollection";
  }
  protected get _itemScalars(): readonly string[] {
    return SCALARS;
  }
  protected _list(): Worksheet[] {
    return this.context.host.book.sheets.map((s) => new Worksheet(this.context, () => s));
  }

  getItem(key: string): Worksheet {
    return new Worksheet(this.context, () => this.context.host.book.sheet(key) ?? null);
  }
  getItemOrNullObject(key: string): Worksheet {
    return new Worksheet(this.context, () => this.context.host.book.sheet(key) ?? null, true);
  }
  getActiveWorksheet(): Worksheet {
    return new Worksheet(this.context, () => this.context.host.book.active);
  }
  getFirst(): Worksheet {
    return new Worksheet(this.context, () => this.context.host.book.sheets[0] ?? null);
  }
  add(name?: string): Worksheet {
    let added: Sheet | null = null;
    this.context._queue(() => {
      added = this.context.host.addSheet(name);
    });
    return new Worksheet(this.context, () => added ?? (name ? (this.context.host.book.sheet(name) ?? null) : null));
  }
}
