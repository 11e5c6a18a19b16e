/**
 * Excel.NamedItemCollection (workbook.names: workbook scope; worksheet.names: that sheet's scope)
 * and Excel.NamedItem: add(name, reference | formula, comment), getItem (ItemNotFound),
 * getItemOrNullObject, items, formula (settable), value, type, getRange / getRangeOrNullObject,
 * delete. Defining or changing a name recalculates the formulas that use it.
 */
import { areaText } from "../a1";
import { RichApiError, itemNotFound } from "../errors";
import type { NameEntry, Sheet } from "../model";
import { ClientCollection, ClientObject, RequestContext } from "./client";
import { Range } from "./range";

const SCALARS = ["name", "formula", "value", "type", "visible", "comment", "scope"] as const;

export class NamedItem extends ClientObject {
  constructor(
    ctx: RequestContext,
    private readonly find: () => NameEntry | null,
    private readonly nullable = false
  ) {
    super(ctx);
  }
  protected get _type(): string {
    return "NamedItem";
  }
  protected get _scalars(): readonly string[] {
    return SCALARS;
  }
  protected _exists(): boolean {
    const n = this.find();
    if (!n && !this.nullable) throw itemNotFound("NamedItem");
    return !!n;
  }
  _entry(): NameEntry {
    const n = this.find();
    if (!n) throw itemNotFound("NamedItem");
    return n;
  }
  protected _read(prop: string): unknown {
    const n = this._entry();
    const area = this.context.host.nameArea(n);
    switch (prop) {
      case "name":
        return n.name;
      case "formula":
        return `=${n.formula}`;
      case "value":
        return area ? n.formula : constantOf(n.formula);
      case "type":
        return area ? "Range" : typeOf(constantOf(n.formula));
      case "visible":
        return n.visible;
      case "comment":
        return n.comment;
      case "scope":
        return n.sheet === null ? "Workbook" : "Worksheet";
    }
    return undefined;
  }
  get name(): string {
    return this._get("name") as string;
  }
  get formula(): string {
    return this._get("formula") as string;
  }
  set formula(v: string) {
    this._set("formula", v, () => this.context.host.setNameFormula(this._entry(), String(v)));
  }
  get value(): unknown {
    return this._get("value");
  }
  get type(): string {
    return this._get("type") as string;
  }
  get visible(): boolean {
    return this._get("visible") as boolean;
  }
  get comment(): string {
    return this._get("comment") as string;
  }
  get scope(): string {
    return this._get("scope") as string;
  }
  private rangeOf(nullable: boolean): Range {
    return new Range(
      this.context,
      () => {
        const a = this.context.host.nameArea(this._entry());
        if (!a && !nullable) throw new RichApiError("InvalidArgument", "The named item does not refer to a range.", "NamedItem.getRange");
        return a;
      },
      nullable
    );
  }
  getRange(): Range {
    return this.rangeOf(false);
  }
  getRangeOrNullObject(): Range {
    return this.rangeOf(true);
  }
  delete(): void {
    this._do(() => this.context.host.deleteName(this._entry()));
  }
}

/** "Inputs!B2:C3" -> "Inputs!$B$2:$C$3" (what Excel stores for a name given a Range). */
function absolute(address: string): string {
  const bang = address.lastIndexOf("!");
  return address.slice(0, bang + 1) + address.slice(bang + 1).replace(/([A-Z]+)?(\d+)?/g, (m, c?: string, r?: string) => (m ? `${c ? `$${c}` : ""}${r ? `$${r}` : ""}` : m));
}

function constantOf(formula: string): unknown {
  const t = formula.trim();
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return Number(t);
  if (/^(TRUE|FALSE)$/i.test(t)) return t.toUpperCase() === "TRUE";
  const s = /^"((?:[^"]|"")*)"$/.exec(t);
  return s ? s[1].replace(/""/g, '"') : t;
}

function typeOf(v: unknown): string {
  if (typeof v === "number") return Number.isInteger(v) ? "Integer" : "Double";
  if (typeof v === "boolean") return "Boolean";
  if (typeof v === "string" && v.startsWith("#")) return "Error";
  return "String";
}

export class NamedItemCollection extends ClientCollection<NamedItem> {
  /** `scope` null: the workbook's names; else the names of that sheet. */
  constructor(
    ctx: RequestContext,
    private readonly scope: (() => Sheet) | null
  ) {
    super(ctx);
  }
  protected get _type(): string {
    return "NamedItemCollection";
  }
  protected get _itemScalars(): readonly string[] {
    return SCALARS;
  }
  private scopeName(): string | null {
    return this.scope ? this.scope().name : null;
  }
  protected _list(): NamedItem[] {
    const s = this.scopeName();
    return this.context.host.book.names.filter((n) => n.sheet === s).map((n) => new NamedItem(this.context, () => n));
  }
  private lookup(name: string): NameEntry | null {
    return this.context.host.book.findName(name, this.scopeName()) ?? null;
  }
  getItem(name: string): NamedItem {
    return new NamedItem(this.context, () => this.lookup(name));
  }
  getItemOrNullObject(name: string): NamedItem {
    return new NamedItem(this.context, () => this.lookup(name), true);
  }
  /** `reference`: a Range, or a formula ("=Inputs!$B$1", "=0.05"). */
  add(name: string, reference: Range | string, comment?: string): NamedItem {
    this.context._queue(() => {
      const formula = typeof reference === "string" ? reference : absolute(areaText(reference._area()));
      this.context.host.defineName(name, formula, this.scopeName(), comment ?? "");
    });
    return new NamedItem(this.context, () => this.lookup(name));
  }
}
