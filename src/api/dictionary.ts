/**
 * The API's data dictionary (`GET {base}/api/public/v1/dictionary`, no credential): every metric key
 * get_financials accepts (industry lines for banks, insurers, REITs... beyond the spec's lists) and the
 * metrics screen_companies filters on. The spec does not show the body, so the reader accepts any
 * reasonable shape: arrays of keys, objects keyed by statement or by tool, arrays of objects with
 * key/id/metric + label + unit + statement, `units` maps. Read once per base URL and kept in memory;
 * until it is read (or when it cannot be read) the spec's lists apply. There is no "active" dictionary:
 * each composition root hands its runtime `() => dictionaryFor(itsBaseUrl)` (a CurrentDictionary) and
 * validation and request building take the dictionary as an argument.
 */
import { FINANCIAL_METRICS, SCREEN_METRICS, STATEMENTS, Statement } from "./catalogue";
import { trimBaseUrl } from "../platform";

export interface MetricInfo {
  key: string;
  label?: string;
  unit?: string;
  /** Statement of a get_financials key, when known. */
  statement?: Statement;
}

export interface MetricDictionary {
  /** True when built from the API's dictionary (false: the spec's lists only). */
  readonly fromApi: boolean;
  /** get_financials keys of a statement: the spec's list first, then the dictionary's additions. */
  financialMetrics(statement: Statement): readonly string[];
  /** Every get_financials key, including dictionary keys whose statement is not stated. */
  allFinancialMetrics(): readonly string[];
  /** The statement of a get_financials key; "any" when the dictionary lists it without a statement. */
  statementOf(key: string): Statement | "any" | undefined;
  financialInfo(key: string): MetricInfo | undefined;
  /** screen_companies metric ids: the spec's list, then the dictionary's additions. */
  screenMetrics(): readonly string[];
  screenInfo(key: string): MetricInfo | undefined;
}

type Section = "financial" | "screen";

interface Collected {
  financial: Map<string, MetricInfo>;
  screen: Map<string, MetricInfo>;
  /** Keys seen with no hint of their section: placed by the spec lists, else counted as financial. */
  unplaced: Map<string, MetricInfo>;
}

const KEY = /^[a-z][a-z0-9_]*$/;

function statementName(s: string): Statement | undefined {
  const k = s.toLowerCase().replace(/[\s-]+/g, "_");
  if (k === "income" || k === "income_statement" || k === "is") return "income";
  if (k === "balance" || k === "balance_sheet" || k === "bs") return "balance";
  if (k === "cash_flow" || k === "cashflow" || k === "cash_flow_statement" || k === "cf") return "cash_flow";
  return undefined;
}

function sectionName(s: string): Section | undefined {
  const k = s.toLowerCase();
  if (k.includes("screen")) return "screen";
  if (k.includes("financ") || k.includes("statement")) return "financial";
  return undefined;
}

function text(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
}

interface Ctx {
  section?: Section;
  statement?: Statement;
}

function add(c: Collected, ctx: Ctx, info: MetricInfo): void {
  const key = info.key.toLowerCase();
  if (!KEY.test(key)) return;
  const statement = info.statement ?? ctx.statement;
  const section: Section | undefined = ctx.section ?? (statement ? "financial" : undefined);
  const target = section === "screen" ? c.screen : section === "financial" ? c.financial : c.unplaced;
  const prev = target.get(key);
  target.set(key, {
    key,
    label: info.label ?? prev?.label,
    unit: info.unit ?? prev?.unit,
    statement: section === "screen" ? undefined : statement ?? prev?.statement,
  });
}

/** An object that describes one metric: it names its key (or `keyHint` does) and says nothing else nested. */
function entryOf(o: Record<string, unknown>, keyHint?: string): MetricInfo | undefined {
  // the first candidate that looks like a key: a display name ("Net interest income") is not one
  const key = [text(o.key), text(o.id), text(o.metric), keyHint, text(o.name)].find((k) => k !== undefined && KEY.test(k.toLowerCase()));
  if (!key) return undefined;
  const hasNested = Object.values(o).some((v) => Array.isArray(v) || (v !== null && typeof v === "object"));
  const describes = ["label", "unit", "unit_kind", "units", "statement", "description", "title"].some((k) => k in o) ||
    text(o.key) !== undefined || text(o.id) !== undefined || text(o.metric) !== undefined;
  if (!describes || hasNested) return undefined;
  const st = text(o.statement);
  return {
    key,
    label: text(o.label) ?? text(o.title) ?? (text(o.name) !== key ? text(o.name) : undefined) ?? text(o.description),
    unit: text(o.unit) ?? text(o.unit_kind) ?? text(o.units),
    statement: st ? statementName(st) : undefined,
  };
}

/** Members that describe a document or an entry, never a metric key. */
const META = new Set([
  "label", "title", "description", "unit", "unit_kind", "units", "statement", "name", "version", "notes", "note",
  "type", "kind", "tool", "section", "updated", "updated_at", "as_of", "generated_at", "count", "total", "link", "url",
]);

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function visit(c: Collected, node: unknown, ctx: Ctx, depth: number): void {
  if (depth > 6 || node === null || node === undefined) return;
  if (typeof node === "string") {
    add(c, ctx, { key: node.trim() });
    return;
  }
  if (Array.isArray(node)) {
    for (const item of node) visit(c, item, ctx, depth + 1);
    return;
  }
  if (typeof node !== "object") return;
  const o = node as Record<string, unknown>;
  const entry = entryOf(o);
  if (entry) {
    const sec = text(o.tool) ?? text(o.section) ?? text(o.kind) ?? text(o.type);
    add(c, { ...ctx, section: (sec && sectionName(sec)) || ctx.section }, entry);
    return;
  }
  for (const [k, v] of Object.entries(o)) {
    const st = statementName(k);
    const sec = sectionName(k);
    const asEntry = !st && isPlainObject(v) ? entryOf(v, k) : undefined;
    if (META.has(k.toLowerCase()) && k.toLowerCase() !== "units") continue;
    if (asEntry) {
      // a map keyed by metric: { revenue: { label, unit, statement } }
      add(c, ctx, asEntry);
    } else if (st) {
      visit(c, v, { section: ctx.section === "screen" ? "screen" : "financial", statement: st }, depth + 1);
    } else if (sec) {
      visit(c, v, { ...ctx, section: sec }, depth + 1);
    } else if (k.toLowerCase() === "units" && v && typeof v === "object" && !Array.isArray(v)) {
      // a map of metric id -> unit
      for (const [mk, mv] of Object.entries(v as Record<string, unknown>)) if (text(mv)) add(c, ctx, { key: mk, unit: text(mv) });
    } else if (typeof v === "string" && KEY.test(k) && ctx.section) {
      // metric id -> label (a map keyed by metric)
      add(c, ctx, { key: k, label: text(v) });
    } else {
      visit(c, v, ctx, depth + 1);
    }
  }
}

const SPEC_FIN_STATEMENT = new Map<string, Statement>(STATEMENTS.flatMap((s) => FINANCIAL_METRICS[s].map((k) => [k, s] as const)));

function build(fromApi: boolean, c: Collected): MetricDictionary {
  // Keys with no section: a spec screen id is a screen metric, anything else a financial line.
  for (const [k, info] of c.unplaced) {
    if (SCREEN_METRICS.includes(k) && !SPEC_FIN_STATEMENT.has(k)) c.screen.set(k, { ...info, ...c.screen.get(k) });
    else if (!c.financial.has(k)) c.financial.set(k, info);
  }
  // Spec keys keep their spec statement (the dictionary cannot move a spec key).
  const byStatement: Record<Statement, string[]> = { income: [], balance: [], cash_flow: [] };
  const stmtOf = new Map<string, Statement | "any">(SPEC_FIN_STATEMENT);
  for (const s of STATEMENTS) byStatement[s].push(...FINANCIAL_METRICS[s]);
  for (const [k, info] of c.financial) {
    if (stmtOf.has(k)) continue;
    if (info.statement) {
      byStatement[info.statement].push(k);
      stmtOf.set(k, info.statement);
    } else stmtOf.set(k, "any");
  }
  const anyKeys = [...stmtOf].filter(([, s]) => s === "any").map(([k]) => k);
  const all = [...STATEMENTS.flatMap((s) => byStatement[s]), ...anyKeys];
  const screen = [...SCREEN_METRICS, ...[...c.screen.keys()].filter((k) => !SCREEN_METRICS.includes(k))];
  return {
    fromApi,
    financialMetrics: (s) => byStatement[s],
    allFinancialMetrics: () => all,
    statementOf: (k) => stmtOf.get(k.toLowerCase()),
    financialInfo: (k) => {
      const key = k.toLowerCase();
      const s = stmtOf.get(key);
      if (!s) return undefined;
      const info = c.financial.get(key);
      return { key, label: info?.label, unit: info?.unit, statement: s === "any" ? undefined : s };
    },
    screenMetrics: () => screen,
    screenInfo: (k) => {
      const key = k.toLowerCase();
      if (!screen.includes(key)) return undefined;
      return c.screen.get(key) ?? { key };
    },
  };
}

const empty = (): Collected => ({ financial: new Map(), screen: new Map(), unplaced: new Map() });

/** The spec's lists alone: what applies until the dictionary is read. */
export const SPEC_DICTIONARY: MetricDictionary = build(false, empty());

/** Build a dictionary from any body the endpoint might return (never throws). */
export function parseDictionary(body: unknown): MetricDictionary {
  const c = empty();
  try {
    visit(c, body, {}, 0);
  } catch {
    return SPEC_DICTIONARY;
  }
  return build(true, c);
}

/** The subset of fetch the reader needs (injected: no global fetch is assumed). */
export type FetchLike = (url: string, init?: { method?: string; headers?: Record<string, string> }) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

interface Slot {
  dict: MetricDictionary;
  pending?: Promise<MetricDictionary>;
  failedAt?: number;
}

/** loadDictionary's reads, per API address (a failed one is retried after DICTIONARY_RETRY_MS). */
const readCache = new Map<string, Slot>();

/** The dictionary a runtime validates against right now: its API's once read, the spec's lists until then. */
export type CurrentDictionary = () => MetricDictionary;

/** After a failed read, wait this long before trying again (the spec lists apply meanwhile). */
export const DICTIONARY_RETRY_MS = 10 * 60_000;

const baseKey = trimBaseUrl;

/**
 * Read the dictionary of `base` once (concurrent callers share the read) and cache it in memory, where
 * dictionaryFor(base) finds it. Never rejects: a failed read yields the spec's lists and is retried later.
 */
export function loadDictionary(base: string, fetchFn: FetchLike, now: () => number = Date.now): Promise<MetricDictionary> {
  const key = baseKey(base);
  let slot = readCache.get(key);
  if (slot?.pending) return slot.pending;
  if (slot && (slot.dict.fromApi || (slot.failedAt !== undefined && now() - slot.failedAt < DICTIONARY_RETRY_MS))) return Promise.resolve(slot.dict);
  if (!slot) readCache.set(key, (slot = { dict: SPEC_DICTIONARY }));
  const s = slot;
  s.pending = (async () => {
    try {
      const res = await fetchFn(`${key}/api/public/v1/dictionary`, { method: "GET", headers: { Accept: "application/json" } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      s.dict = parseDictionary(await res.json());
      s.failedAt = undefined;
    } catch {
      s.failedAt = now();
    } finally {
      s.pending = undefined;
    }
    return s.dict;
  })();
  return s.pending;
}

/** The dictionary known for `base` right now (the spec's lists until it has been read). */
export function dictionaryFor(base: string): MetricDictionary {
  return readCache.get(baseKey(base))?.dict ?? SPEC_DICTIONARY;
}
