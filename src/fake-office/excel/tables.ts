/**
 * Excel tables as a range sees them (Range.getTables, ExcelApi 1.9: the tables that overlap the range,
 * or lie wholly inside it when `fullyContained`), and a worksheet's protection (WorksheetProtection,
 * ExcelApi 1.2: protect, unprotect, `protected`).
 */
import { Area, areasOverlap } from "../../recalc";
import type { ExcelTable } from "../../formula";
import type { Sheet } from "../model";
import { ClientCollection, ClientObject, RequestContext } from "./client";

export class Table extends ClientObject {
  constructor(
    ctx: RequestContext,
    private readonly table: ExcelTable
  ) {
    super(ctx);
  }
  protected get _type(): string {
    return "Table";
  }
  protected get _scalars(): readonly string[] {
    return ["name"];
  }
  protected _read(): unknown {
    return this.table.name;
  }
  get name(): string {
    return this._get("name") as string;
  }
}

const overlaps = (t: ExcelTable, a: Area) => areasOverlap(t, a);
const inside = (t: ExcelTable, a: Area) => overlaps(t, a) && t.r0 >= a.r0 && t.r1 <= a.r1 && t.c0 >= a.c0 && t.c1 <= a.c1;

/** The tables of a range (TableScopedCollection). */
export class TableScopedCollection extends ClientCollection<Table> {
  constructor(
    ctx: RequestContext,
    private readonly area: () => Area,
    private readonly fullyContained: boolean
  ) {
    super(ctx);
  }
  protected get _type(): string {
    return "TableScopedCollection";
  }
  protected get _itemScalars(): readonly string[] {
    return ["name"];
  }
  protected _list(): Table[] {
    const a = this.area();
    return this.context.host.book.tables.filter((t) => (this.fullyContained ? inside(t, a) : overlaps(t, a))).map((t) => new Table(this.context, t));
  }
}

export class WorksheetProtection extends ClientObject {
  constructor(
    ctx: RequestContext,
    private readonly sheet: () => Sheet
  ) {
    super(ctx);
  }
  protected get _type(): string {
    return "WorksheetProtection";
  }
  protected get _scalars(): readonly string[] {
    return ["protected"];
  }
  protected _read(): unknown {
    return this.sheet().protected;
  }
  get protected(): boolean {
    return this._get("protected") as boolean;
  }
  protect(): void {
    this._do(() => void (this.sheet().protected = true));
  }
  unprotect(): void {
    this._do(() => void (this.sheet().protected = false));
  }
}
