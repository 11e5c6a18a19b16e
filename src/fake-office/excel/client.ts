/**
 * The proxy machinery of Office.js, as strict as office.js is: a property is readable only after
 * `load` and `context.sync()` (else PropertyNotLoaded), written properties read back what was
 * written, a method's ClientResult has a value only after sync (ValueNotLoaded), `isNullObject` is
 * known only after sync, a null object's other properties read undefined (office.js
 * Utility.throwIfNotLoaded skips null objects). Queued work (writes, methods, loads) runs in order
 * at sync; the first error rejects the sync and drops the rest of the batch, as Excel does.
 */
import { ErrorCodes, Messages, RichApiError, invalidArgument, notLoaded } from "../errors";
import type { Host } from "../host";

export type LoadOption = string | string[] | { select?: string | string[]; expand?: string | string[] } | undefined;

export class RequestContext {
  private ops: Array<() => void> = [];
  private created: ClientObject[] = [];
  private sent = 0;
  private received = 0;
  readonly trackedObjects = { add: (): void => undefined, remove: (): void => undefined };

  constructor(readonly host: Host) {}

  _queue(op: () => void): void {
    this.ops.push(op);
  }

  /** What a write or a method's argument adds to the request (its JSON), counted against the platform's cap. */
  _sending(value: unknown): void {
    if (this.host.platform.payloadLimitBytes !== null) this.sent += jsonSize(value);
  }

  /** What a read adds to the response; over the platform's cap the batch fails where it passes it. */
  _receiving(value: unknown): void {
    const limit = this.host.platform.payloadLimitBytes;
    if (limit === null) return;
    this.received += jsonSize(value);
    if (this.received > limit) throw new RichApiError(ErrorCodes.responsePayloadSizeLimitExceeded, Messages.responseTooLarge, "RequestContext.sync");
  }

  _track(o: ClientObject): void {
    this.created.push(o);
  }

  /** Run the batch: every queued operation in order; the first failure rejects and drops the rest. */
  async sync<T>(passThrough?: T): Promise<T> {
    const ops = this.ops;
    const created = this.created;
    const sent = this.sent;
    this.ops = [];
    this.created = [];
    this.sent = 0;
    this.received = 0;
    await Promise.resolve();
    try {
      // Every request fails while a person edits a cell (Excel.ErrorCodes.invalidOperationInCellEditMode); a sync with nothing queued sends none.
      if (ops.length && this.host.book.editing) throw new RichApiError(ErrorCodes.invalidOperationInCellEditMode, Messages.cellEditMode, "RequestContext.sync");
      const limit = this.host.platform.payloadLimitBytes;
      if (limit !== null && sent > limit) throw new RichApiError(ErrorCodes.requestPayloadSizeLimitExceeded, Messages.requestTooLarge, "RequestContext.sync");
      for (const op of ops) op();
    } finally {
      for (const o of created) o._settle();
    }
    return passThrough as T;
  }
}

/** The bytes a value takes in the JSON of a request or response. */
function jsonSize(value: unknown): number {
  return value === undefined ? 0 : (JSON.stringify(value)?.length ?? 0);
}

function paths(option: LoadOption): string[] | null {
  if (option === undefined || option === null || option === "") return null;
  if (typeof option === "string") return option.split(",").map((s) => s.trim()).filter(Boolean);
  if (Array.isArray(option)) return option.flatMap((o) => paths(o) ?? []);
  const sel = option.select === undefined ? null : paths(option.select);
  const exp = option.expand === undefined ? [] : (paths(option.expand) ?? []);
  return sel === null && exp.length === 0 ? null : [...(sel ?? []), ...exp];
}

export abstract class ClientObject {
  private readonly _values = new Map<string, unknown>();
  private _null: boolean | undefined = undefined;
  private readonly _navCache = new Map<string, ClientObject>();

  constructor(readonly context: RequestContext) {
    context._track(this);
  }

  /** The Office.js type name (errors say "Range.values"). */
  protected abstract get _type(): string;
  /** Loadable scalar properties. */
  protected abstract get _scalars(): readonly string[];
  /** The current value of a scalar property, read from the workbook at sync (may throw Excel's errors). */
  protected abstract _read(prop: string): unknown;
  /** Navigation properties (another object: Range.worksheet, Worksheet.names). */
  protected _navs(): Record<string, () => ClientObject> {
    return {};
  }
  /** At sync: does the object exist? Objects got by an ...OrNullObject method answer false when it does not. */
  protected _exists(): boolean {
    return true;
  }

  protected _nav<T extends ClientObject>(name: string, make: () => T): T {
    let o = this._navCache.get(name);
    if (!o) this._navCache.set(name, (o = make()));
    return o as T;
  }

  _settle(): void {
    if (this._null !== undefined) return;
    try {
      this._null = !this._exists();
    } catch {
      this._null = false; // a non-nullable object that is missing fails where it is used
    }
  }

  /** A property's current value (collections read their items' properties through this). */
  _readProp(prop: string): unknown {
    return this._read(prop);
  }

  _isNullNow(): boolean {
    try {
      return !this._exists();
    } catch {
      return false;
    }
  }

  /** Mark loaded values (collections hand their items the values they read). */
  _fill(values: Record<string, unknown>): void {
    for (const [k, v] of Object.entries(values)) this._values.set(k, v);
    this._null = false;
  }

  load(option?: LoadOption): this {
    const list = paths(option) ?? this._scalars;
    const navs = this._navs();
    for (const p of list) {
      const [head, ...rest] = p.split("/");
      if (navs[head]) {
        navs[head]().load(rest.length ? rest.join("/") : undefined);
        continue;
      }
      this.context._queue(() => {
        if (!this._scalars.includes(p)) throw invalidArgument(`${this._type} has no property '${p}' to load`, `${this._type}.load`);
        if (this._isNullNow()) return;
        const v = this._read(p);
        this.context._receiving(v);
        this._values.set(p, v);
      });
    }
    return this;
  }

  protected _get(prop: string): unknown {
    if (this._null === true) return undefined;
    if (!this._values.has(prop)) throw notLoaded(this._type, prop);
    return this._values.get(prop);
  }

  /** A write: reads back at once (office.js keeps the value it was given) and applies at sync. */
  protected _set(prop: string, value: unknown, apply: (v: unknown) => void): void {
    this._values.set(prop, value);
    this.context._sending(value);
    this.context._queue(() => {
      if (!this._isNullNow()) apply(value);
    });
  }

  /** A method call applied at sync (select, delete, calculate...). */
  protected _do(op: () => void): void {
    this.context._queue(() => {
      if (!this._isNullNow()) op();
    });
  }

  get isNullObject(): boolean {
    if (this._null === undefined) throw notLoaded(this._type, "isNullObject");
    return this._null;
  }

  toJSON(): Record<string, unknown> {
    return Object.fromEntries(this._values);
  }
}

/** A collection: `items` (and each item's properties) only after load("items/name") + sync. */
export abstract class ClientCollection<T extends ClientObject> extends ClientObject {
  protected abstract _list(): T[];
  protected abstract get _itemScalars(): readonly string[];
  protected get _scalars(): readonly string[] {
    return ["items"];
  }
  protected _read(): unknown {
    return undefined;
  }

  load(option?: LoadOption): this {
    const list = paths(option) ?? ["items"];
    const wanted: string[] = [];
    for (const p of list) {
      const rest = p === "items" ? "" : p.startsWith("items/") ? p.slice(6) : p;
      for (const q of rest === "" ? this._itemScalars : [rest]) wanted.push(q);
    }
    this.context._queue(() => {
      for (const q of wanted) if (!this._itemScalars.includes(q)) throw invalidArgument(`${this._type} items have no property '${q}' to load`, `${this._type}.load`);
      const items = this._list();
      for (const it of items) {
        const values: Record<string, unknown> = {};
        for (const q of wanted) values[q] = it._readProp(q);
        this.context._receiving(values);
        it._fill(values);
      }
      this._fill({ items });
    });
    return this;
  }

  get items(): T[] {
    return this._get("items") as T[];
  }

  getCount(): ClientResult<number> {
    const r = new ClientResult<number>();
    this.context._queue(() => r._resolve(this._list().length));
    return r;
  }
}

/** A scalar result of a method (getXml, getCount): `value` after sync. */
export class ClientResult<T> {
  private _has = false;
  private _v: T | undefined;
  _resolve(v: T): void {
    this._v = v;
    this._has = true;
  }
  get value(): T {
    if (!this._has) throw new RichApiError(ErrorCodes.valueNotLoaded, Messages.valueNotLoaded);
    return this._v as T;
  }
}
