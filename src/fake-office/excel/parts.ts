/**
 * The workbook's custom XML parts (add, getByNamespace -> getOnlyItem(OrNullObject), getItem,
 * getXml as a ClientResult, setXml, delete), comments (add at one cell, getItemByCell: ItemNotFound
 * at sync when there is none, delete) and settings (a document key/value store).
 */
import { sizeOf } from "../../recalc";
import { areaText, parseArea } from "../a1";
import { ErrorCodes, RichApiError, accessDenied, invalidArgument, itemNotFound } from "../errors";
import type { XmlPart } from "../model";
import { ClientCollection, ClientObject, ClientResult, RequestContext } from "./client";
import { Range } from "./range";

export class CustomXmlPart extends ClientObject {
  constructor(
    ctx: RequestContext,
    private readonly find: () => XmlPart | null,
    private readonly nullable = false
  ) {
    super(ctx);
  }
  protected get _type(): string {
    return "CustomXmlPart";
  }
  protected get _scalars(): readonly string[] {
    return ["id", "namespaceUri"];
  }
  protected _exists(): boolean {
    const p = this.find();
    if (!p && !this.nullable) throw itemNotFound("CustomXmlPart");
    return !!p;
  }
  private part(): XmlPart {
    const p = this.find();
    if (!p) throw itemNotFound("CustomXmlPart");
    return p;
  }
  protected _read(prop: string): unknown {
    const p = this.part();
    return prop === "id" ? p.id : p.namespace;
  }
  get id(): string {
    return this._get("id") as string;
  }
  get namespaceUri(): string {
    return this._get("namespaceUri") as string;
  }
  getXml(): ClientResult<string> {
    const r = new ClientResult<string>();
    this._do(() => {
      const xml = this.part().xml;
      this.context._receiving(xml);
      r._resolve(xml);
    });
    return r;
  }
  setXml(xml: string): void {
    this.context._sending(xml);
    this._do(() => {
      const p = this.part();
      p.xml = String(xml);
      p.namespace = namespaceOf(p.xml);
      this.context.host.note("xmlPart", { op: "set", id: p.id });
    });
  }
  delete(): void {
    this._do(() => {
      const p = this.part();
      const book = this.context.host.book;
      book.xmlParts = book.xmlParts.filter((x) => x !== p);
      this.context.host.note("xmlPart", { op: "delete", id: p.id });
    });
  }
}

/** The namespace of a part: its root element's default namespace, as Excel files it. */
export function namespaceOf(xml: string): string {
  return /<(?:[A-Za-z_][\w.-]*:)?[A-Za-z_][\w.-]*[^>]*?\sxmlns="([^"]*)"/.exec(xml)?.[1] ?? "";
}

/** workbook.customXmlParts, or the parts of one namespace (getByNamespace). */
export class CustomXmlPartCollection extends ClientCollection<CustomXmlPart> {
  constructor(
    ctx: RequestContext,
    private readonly ns: string | null = null
  ) {
    super(ctx);
  }
  protected get _type(): string {
    return this.ns === null ? "CustomXmlPartCollection" : "CustomXmlPartScopedCollection";
  }
  protected get _itemScalars(): readonly string[] {
    return ["id", "namespaceUri"];
  }
  private parts(): XmlPart[] {
    const all = this.context.host.book.xmlParts;
    return this.ns === null ? all : all.filter((p) => p.namespace === this.ns);
  }
  protected _list(): CustomXmlPart[] {
    return this.parts().map((p) => new CustomXmlPart(this.context, () => p));
  }
  add(xml: string): CustomXmlPart {
    let made: XmlPart | null = null;
    this.context._sending(xml);
    this.context._queue(() => {
      const text = String(xml);
      if (!/^\s*<[^>]+>/.test(text)) throw invalidArgument("not an XML document", "CustomXmlPartCollection.add");
      made = { id: `{FAKE-${++this.context.host.book.partsAdded}-${Date.now()}}`, namespace: namespaceOf(text), xml: text };
      this.context.host.book.xmlParts.push(made);
      this.context.host.note("xmlPart", { op: "add", id: made.id });
    });
    return new CustomXmlPart(this.context, () => made);
  }
  getByNamespace(ns: string): CustomXmlPartCollection {
    return new CustomXmlPartCollection(this.context, ns);
  }
  getItem(id: string): CustomXmlPart {
    return new CustomXmlPart(this.context, () => this.parts().find((p) => p.id === id) ?? null);
  }
  getItemOrNullObject(id: string): CustomXmlPart {
    return new CustomXmlPart(this.context, () => this.parts().find((p) => p.id === id) ?? null, true);
  }
  /**
   * CustomXmlPartScopedCollection: getOnlyItem fails unless exactly one part matches;
   * getOnlyItemOrNullObject answers a null object for none and for two or more (its documented contract).
   */
  private only(nullable: boolean): CustomXmlPart {
    return new CustomXmlPart(
      this.context,
      () => {
        const hits = this.parts();
        if (hits.length > 1 && !nullable) throw new RichApiError("InvalidOperation", "More than one part has this namespace.", "CustomXmlPartScopedCollection.getOnlyItem");
        return hits.length === 1 ? hits[0] : null;
      },
      nullable
    );
  }
  getOnlyItem(): CustomXmlPart {
    return this.only(false);
  }
  getOnlyItemOrNullObject(): CustomXmlPart {
    return this.only(true);
  }
}

export class Comment extends ClientObject {
  constructor(
    ctx: RequestContext,
    private readonly at: () => string
  ) {
    super(ctx);
  }
  protected get _type(): string {
    return "Comment";
  }
  protected get _scalars(): readonly string[] {
    return ["content"];
  }
  protected _exists(): boolean {
    if (!this.context.host.book.comments.has(this.at())) throw itemNotFound("Comment");
    return true;
  }
  protected _read(): unknown {
    return this.context.host.book.comments.get(this.at());
  }
  get content(): string {
    return this._get("content") as string;
  }
  /** The cell the comment belongs to (ExcelApi 1.10). */
  getLocation(): Range {
    const host = this.context.host;
    return new Range(this.context, () => {
      const a = parseArea(this.at(), host.book.active.name);
      return { ...a, sheet: host.sheetOf(a.sheet).name };
    });
  }
  delete(): void {
    this.context._queue(() => {
      const a = this.at();
      if (!this.context.host.book.comments.delete(a)) throw itemNotFound("Comment");
      this.context.host.note("comment", { op: "delete", address: a });
    });
  }
}

export class CommentCollection extends ClientCollection<Comment> {
  protected get _type(): string {
    return "CommentCollection";
  }
  protected get _itemScalars(): readonly string[] {
    return ["content"];
  }
  protected _list(): Comment[] {
    return [...this.context.host.book.comments.keys()].map((a) => new Comment(this.context, () => a));
  }
  /** One cell ("Sheet1!B2" or a Range of one cell). */
  private cellOf(cellAddress: string | Range): string {
    const host = this.context.host;
    const a = typeof cellAddress === "string" ? parseArea(cellAddress, host.book.active.name) : cellAddress._area();
    if (sizeOf(a) !== 1) throw invalidArgument("a comment belongs to one cell", "CommentCollection");
    return areaText({ ...a, sheet: host.sheetOf(a.sheet).name });
  }
  add(cellAddress: string | Range, content: string): Comment {
    let at = "";
    this.context._sending(content);
    this.context._queue(() => {
      at = this.cellOf(cellAddress);
      const host = this.context.host;
      // A cell holds one comment thread: adding a second fails (Comments API; replies go through Comment.replies).
      if (host.book.comments.has(at)) throw new RichApiError(ErrorCodes.invalidOperation, "The cell already has a comment.", "CommentCollection.add");
      if (host.sheetOf(parseArea(at, host.book.active.name).sheet).protected) throw accessDenied("CommentCollection.add");
      this.context.host.book.comments.set(at, String(content));
      this.context.host.note("comment", { op: "add", address: at });
    });
    return new Comment(this.context, () => at);
  }
  getItemByCell(cellAddress: string | Range): Comment {
    return new Comment(this.context, () => this.cellOf(cellAddress));
  }
}

/** workbook.settings: a key/value store kept with the document. */
export class SettingCollection extends ClientCollection<Setting> {
  protected get _type(): string {
    return "SettingCollection";
  }
  protected get _itemScalars(): readonly string[] {
    return ["key", "value"];
  }
  protected _list(): Setting[] {
    return [...this.context.host.book.settings.keys()].map((k) => new Setting(this.context, k, false));
  }
  add(key: string, value: unknown): Setting {
    this.context._queue(() => void this.context.host.book.settings.set(key, value));
    return new Setting(this.context, key, false);
  }
  getItem(key: string): Setting {
    return new Setting(this.context, key, false);
  }
  getItemOrNullObject(key: string): Setting {
    return new Setting(this.context, key, true);
  }
}

export class Setting extends ClientObject {
  constructor(
    ctx: RequestContext,
    private readonly settingKey: string,
    private readonly nullable: boolean
  ) {
    super(ctx);
  }
  protected get _type(): string {
    return "Setting";
  }
  protected get _scalars(): readonly string[] {
    return ["key", "value"];
  }
  protected _exists(): boolean {
    if (!this.context.host.book.settings.has(this.settingKey) && !this.nullable) throw itemNotFound("Setting");
    return this.context.host.book.settings.has(this.settingKey);
  }
  protected _read(prop: string): unknown {
    return prop === "key" ? this.settingKey : this.context.host.book.settings.get(this.settingKey);
  }
  get key(): string {
    return this._get("key") as string;
  }
  get value(): unknown {
    return this._get("value");
  }
  delete(): void {
    this._do(() => void this.context.host.book.settings.delete(this.settingKey));
  }
}
