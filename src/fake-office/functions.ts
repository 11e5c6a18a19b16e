/**
 * CustomFunctions as Excel hosts them: associate(id, fn), CustomFunctions.Error / ErrorCode, and an
 * invocation like Excel makes it (functions.json decides the parameters: a missing optional
 * argument is null, too many or a missing required one is #VALUE!, the invocation object comes last,
 * a thrown exception shows #VALUE! without our message).
 */
import type { GridCell, Result } from "./values";
import { bareSvcName } from "../api";

export const ErrorCode = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
  busy: "#BUSY!",
  connect: "#CONNECT!",
  gettingData: "#GETTING_DATA",
} as const;

export class CFError {
  code: string;
  message?: string;
  constructor(code?: string, message?: unknown) {
    this.code = code || ErrorCode.invalidValue;
    if (message !== undefined) this.message = String(message);
  }
}

export interface Metadata {
  functions: Array<{ id: string; name?: string; parameters?: Array<{ name: string; optional?: boolean }> }>;
}

export interface InvokeResult {
  value?: unknown;
  error?: string;
  message?: string | null;
  thrown?: string;
  ms?: number;
  canceled?: boolean;
}

type Fn = (...args: unknown[]) => unknown;

function isCfError(v: unknown): v is { code: string; message?: string } {
  return v instanceof CFError || (!!v && typeof v === "object" && typeof (v as { code?: unknown }).code === "string" && (v as { code: string }).code.startsWith("#"));
}

function cellOf(v: unknown): GridCell {
  if (isCfError(v)) return { error: v.code, message: v.message ?? null };
  if (v === undefined) return null;
  return v as GridCell;
}

/** A function's return value as a cell result: a value, a grid or an error with its message. */
export function resultOf(v: unknown): Result {
  if (isCfError(v)) return { error: v.code, message: v.message === undefined ? null : v.message };
  if (Array.isArray(v)) return { value: v.map((row) => (Array.isArray(row) ? row.map(cellOf) : [cellOf(row)])) };
  return { value: cellOf(v) };
}

export class Functions {
  private readonly registry = new Map<string, Fn>();
  private meta: Promise<Metadata> | null = null;
  registeredAt: number | null = null;
  private seq = 0;

  constructor(
    private readonly note: (type: string, detail?: Record<string, unknown>) => void,
    private readonly loadMetadata: () => Promise<Metadata>,
    /** The build has CustomFunctionsRuntime 1.5: the invocation carries isInValuePreview (absent before). */
    private readonly valuePreview = true
  ) {}

  associate(idOrMap: string | Record<string, Fn>, fn?: Fn): void {
    if (typeof idOrMap === "object" && idOrMap) {
      for (const [k, f] of Object.entries(idOrMap)) this.associate(k, f);
      return;
    }
    const id = String(idOrMap).toUpperCase();
    if (typeof fn !== "function") throw new Error(`associate(${id}): not a function`);
    if (this.registry.has(id)) this.note("reassociate", { id });
    this.registry.set(id, fn);
    // When Excel would consider the functions registered: the last associate of the page load.
    this.registeredAt = typeof performance !== "undefined" ? performance.now() : Date.now();
  }

  associateAction(name: string, fn: Fn): void {
    this.note("actionAssociate", { name });
    this.registry.set(`ACTION:${name}`, fn);
  }

  ids(): string[] {
    return [...this.registry.keys()].filter((k) => !k.startsWith("ACTION:")).sort();
  }

  has(id: string): boolean {
    return this.registry.has(id.toUpperCase());
  }

  metadata(): Promise<Metadata> {
    if (!this.meta) this.meta = this.loadMetadata();
    return this.meta;
  }

  async params(id: string): Promise<Array<{ name: string; optional: boolean }>> {
    const m = await this.metadata();
    const f = (m.functions || []).find((x) => String(x.id).toUpperCase() === id.toUpperCase());
    return f ? (f.parameters ?? []).map((p) => ({ name: p.name, optional: !!p.optional })) : [];
  }

  /**
   * One invocation like Excel makes it -> {value} | {error, message}; `signal` cancels it (onCanceled);
   * `preview`: Excel evaluating a formula being edited (invocation.isInValuePreview, CustomFunctionsRuntime 1.5;
   * a 1.4 build's invocation has no such key, so the function cannot tell and runs as for a cell).
   */
  async invoke(rawId: string, args: readonly unknown[] = [], opts: { address?: string; signal?: AbortSignal; preview?: boolean } = {}): Promise<InvokeResult> {
    const id = bareSvcName(String(rawId));
    const fn = this.registry.get(id);
    if (!fn) return { error: "#NAME?", message: `${id} is not registered` };
    const meta = (await this.metadata()).functions?.find((x) => String(x.id).toUpperCase() === id);
    if (!meta) return { error: "#NAME?", message: `${id} is not in functions.json` };
    const params = meta.parameters ?? [];
    const given: unknown[] = [...args];
    if (given.length > params.length) return { error: "#VALUE!", message: `too many arguments for ${id}` };
    for (let i = 0; i < params.length; i++) {
      if (i >= given.length || given[i] === undefined) {
        if (!params[i].optional) return { error: "#VALUE!", message: `missing argument ${params[i].name}` };
        given[i] = null;
      }
    }
    let canceled = false;
    const invocation: Record<string, unknown> = {
      address: opts.address ?? `Sheet1!A${++this.seq}`,
      functionName: `SVC.${id}`,
      ...(this.valuePreview ? { isInValuePreview: opts.preview === true } : {}),
      parameterAddresses: [],
      onCanceled: undefined,
      setResult: (v: unknown) => {
        this.note("setResult", { id, address: invocation.address });
        invocation.__streamed = v;
      },
    };
    opts.signal?.addEventListener("abort", () => {
      canceled = true;
      if (typeof invocation.onCanceled === "function") (invocation.onCanceled as () => void)();
    });
    given.push(invocation);
    const started = Date.now();
    try {
      const v = await fn(...given);
      const r = resultOf(v);
      return { ...("error" in r ? r : { value: r.value }), ms: Date.now() - started, canceled };
    } catch (e) {
      // An uncaught exception shows #VALUE! without our message, like Excel.
      if (isCfError(e)) return { error: e.code, message: e.message ?? null, ms: Date.now() - started, canceled };
      return { error: "#VALUE!", message: null, thrown: String((e as Error)?.message ?? e), canceled };
    }
  }
}

/** The cell result of an invocation. */
export function invokeResult(r: InvokeResult): Result {
  if (r.error) return { error: r.error, message: r.message ?? null };
  return { value: r.value === undefined ? null : (r.value as GridCell | GridCell[][]) };
}
