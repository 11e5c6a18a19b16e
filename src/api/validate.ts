/**
 * Local validation from the catalogue: an argument the API would reject never costs a call.
 * Messages name the argument and say what is allowed, because they end up in a cell's hover text.
 */
import { DEFAULT_STATEMENT, ParamSpec, Statement, TOOLS, ToolName } from "./catalogue";
import { MetricDictionary, SPEC_DICTIONARY } from "./dictionary";
import { invalidArgument } from "./errors";
import { isRealDate, serialToIsoDate } from "./excel-date";
import { closestFormTypes, knownFormType } from "./forms";
import { formatScreenFilter, parseScreenFilter } from "./screen-filter";
import { checkScreenUnits, screenUnitOf } from "./screen-units";
import { suggest } from "./suggest";
import { resolveMetric } from "./vocabulary";
import { byLabelWords } from "./words";

export type ParamValue = string | number | boolean | string[];
export type ToolParams = Record<string, ParamValue>;
/** What callers may hand in: Excel passes null for omitted arguments. */
export type RawParams = Record<string, unknown>;

/** The `n` known keys closest to `key`: finance aliases first, then edit distance (src/api/suggest.ts). */
export function closest(key: string, known: readonly string[], n = 3): string[] {
  return suggest(key, known, n);
}

export interface ValidateOptions {
  /** Metric keys known beyond the spec's lists (default: the spec's lists alone; a runtime passes its own). */
  dictionary?: MetricDictionary;
}

function isBlank(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === "string" && v.trim() === "");
}

/** "a, b or c" */
const orList = (xs: readonly string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(", ")} or ${xs[xs.length - 1]}` : xs.join(""));

function describeAllowed(p: ParamSpec): string {
  if (p.type === "enum" || p.known) {
    const vals = p.values ?? p.known ?? [];
    return vals.length > 12 ? `one of ${vals.length} ids such as ${vals.slice(0, 4).join(", ")}` : orList(vals);
  }
  if (p.type === "integer" || p.type === "number") {
    const kind = p.type === "integer" ? "a whole number" : "a number";
    if (p.min !== undefined && p.max !== undefined) return `${kind} from ${p.min} to ${p.max}`;
    if (p.min !== undefined) return `${kind} of at least ${p.min}`;
    return kind;
  }
  if (p.type === "boolean") return "TRUE or FALSE";
  if (p.maxLength !== undefined) return `text of ${p.minLength ?? 1} to ${p.maxLength} characters`;
  return "text";
}

function toNumber(p: ParamSpec, v: unknown): number {
  let n: number;
  if (typeof v === "number") n = v;
  else if (typeof v === "string" && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(v)) n = Number(v);
  else throw invalidArgument(p.name, `${p.name} must be ${describeAllowed(p)}; got ${JSON.stringify(v)}`);
  if (!Number.isFinite(n)) throw invalidArgument(p.name, `${p.name} must be ${describeAllowed(p)}`);
  if (p.type === "integer" && !Number.isInteger(n))
    throw invalidArgument(p.name, `${p.name} must be ${describeAllowed(p)}; got ${n}`);
  if ((p.min !== undefined && n < p.min) || (p.max !== undefined && n > p.max))
    throw invalidArgument(p.name, `${p.name} must be ${describeAllowed(p)}; got ${n}`);
  return n;
}

function toBoolean(p: ParamSpec, v: unknown): boolean {
  if (typeof v === "boolean") return v;
  if (v === 1 || v === 0) return v === 1;
  if (typeof v === "string") {
    const s = v.trim().toLowerCase();
    if (["true", "1", "yes"].includes(s)) return true;
    if (["false", "0", "no"].includes(s)) return false;
  }
  throw invalidArgument(p.name, `${p.name} must be TRUE or FALSE; got ${JSON.stringify(v)}`);
}

function toText(p: ParamSpec, v: unknown, label = p.name): string {
  if (typeof v !== "string" && typeof v !== "number") throw invalidArgument(p.name, `${label} must be text; got ${JSON.stringify(v)}`);
  const s = String(v).trim();
  if (p.minLength !== undefined && s.length < p.minLength)
    throw invalidArgument(p.name, `${label} must not be empty`);
  if (p.maxLength !== undefined && s.length > p.maxLength)
    throw invalidArgument(p.name, `${label} must be at most ${p.maxLength} characters; got ${s.length}`);
  if (p.pattern && !p.pattern.test(s))
    throw invalidArgument(p.name, `${label} must be ${p.patternHint ?? "well formed"}; got "${s}"`);
  return s;
}

/** An allowed value (any case) or the value a synonym stands for. */
function matchValue(s: string, values: readonly string[], synonyms?: Readonly<Record<string, string>>): string | undefined {
  const lc = s.toLowerCase().replace(/\s+/g, " ");
  return values.find((x) => x.toLowerCase() === lc) ?? (synonyms && Object.prototype.hasOwnProperty.call(synonyms, lc) ? synonyms[lc] : undefined);
}

/** What an unknown value probably meant: values whose label has the words typed, else the closest spellings. */
function nearText(p: ParamSpec, s: string, values: readonly string[]): string {
  const labels = p.labels;
  const byWords = labels ? byLabelWords(s, labels) : [];
  if (labels && byWords.length) return `; by its words: ${byWords.map((v) => `${v} (${labels[v]})`).join(", ")}`;
  return ` (closest: ${closest(s, values, 3).join(", ")})`;
}

function toEnum(p: ParamSpec, v: unknown, extra: readonly string[] = []): string {
  const s = String(v).trim();
  const own = p.values ?? p.known ?? [];
  const values = extra.length ? [...own, ...extra.filter((x) => !own.includes(x))] : own;
  const hit = matchValue(s, values, p.synonyms);
  if (!hit) throw invalidArgument(p.name, `${p.name} must be ${describeAllowed(p)}; got "${s}"${nearText(p, s, values)}`);
  return hit;
}

/** An SEC form type in its one spelling (src/api/forms.ts), or a refusal with the closest forms. */
function toFormType(p: ParamSpec, v: unknown): string {
  const s = toText(p, v);
  const form = knownFormType(s);
  if (!form) throw invalidArgument(p.name, `${p.name} "${s}" is not an SEC form type (closest: ${closestFormTypes(s).join(", ")}); the API matches the form exactly, e.g. 10-K, 10-Q, 8-K, DEF 14A`);
  return form;
}

/** Split a list argument given as an array, or as text separated by commas or semicolons. */
export function splitList(v: unknown): string[] {
  const items = Array.isArray(v) ? v.flat(Infinity) : [v];
  return items
    .flatMap((x) => (isBlank(x) ? [] : String(x).split(/[,;]/)))
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

const QUARTER_ENDS = new Set(["03-31", "06-30", "09-30", "12-31"]);
const QUARTER_END_OF: Record<string, string> = { "1": "03-31", "2": "06-30", "3": "09-30", "4": "12-31" };

/**
 * A quarter end given as a date (YYYY-MM-DD), as YYYYQn (also "2024 Q4", "2024-q4", "Q4 2024") or as
 * an Excel date serial (a date cell): returned as the quarter-end date YYYY-MM-DD, one form for all.
 */
export function toQuarterEnd(p: ParamSpec, v: unknown): string {
  const bad = (got: string): never => {
    throw invalidArgument(p.name, `${p.name} must be ${p.patternHint ?? "a quarter end"}; got ${got}`);
  };
  if (typeof v === "number") {
    const iso = serialToIsoDate(v);
    if (!iso) return bad(String(v));
    if (!QUARTER_ENDS.has(iso.slice(5))) return bad(`${iso} (not a quarter end: use Mar 31, Jun 30, Sep 30 or Dec 31)`);
    return iso;
  }
  if (typeof v !== "string") return bad(JSON.stringify(v));
  const s = v.trim();
  let m = /^(\d{4})\s*[-_ ]?\s*Q([1-4])$/i.exec(s) ?? null;
  if (m) return `${m[1]}-${QUARTER_END_OF[m[2]]}`;
  m = /^Q([1-4])\s*[-_ ]?\s*(\d{4})$/i.exec(s);
  if (m) return `${m[2]}-${QUARTER_END_OF[m[1]]}`;
  m = /^(\d{4}-\d{2}-\d{2})(T00:00(:00(\.0+)?)?Z?)?$/.exec(s);
  if (m) {
    if (!isRealDate(m[1])) return bad(`"${s}" (no such date)`);
    if (!QUARTER_ENDS.has(m[1].slice(5))) return bad(`"${s}" (not a quarter end: use Mar 31, Jun 30, Sep 30 or Dec 31)`);
    return m[1];
  }
  if (/^\d+(\.\d+)?$/.test(s)) return toQuarterEnd(p, Number(s));
  return bad(`"${s}"`);
}

function checkFormatted(p: ParamSpec, v: unknown): ParamValue | undefined {
  if (p.format === "quarter_end") return toQuarterEnd(p, v);
  if (p.format === "form_type") return toFormType(p, v);
  if (p.known && !Array.isArray(v)) return toEnum(p, toText(p, v));
  return undefined;
}

function checkValue(p: ParamSpec, v: unknown): ParamValue {
  const formatted = checkFormatted(p, v);
  if (formatted !== undefined) return formatted;
  if (p.list) {
    const items = splitList(v);
    if (items.length === 0) throw invalidArgument(p.name, `${p.name} needs at least one value`);
    return items.map((it, i) => toText(p, it, items.length > 1 ? `${p.name} item ${i + 1}` : p.name));
  }
  if (Array.isArray(v)) throw invalidArgument(p.name, `${p.name} takes one value, not a range`);
  switch (p.type) {
    case "integer":
    case "number":
      return toNumber(p, v);
    case "boolean":
      return toBoolean(p, v);
    case "enum":
      return toEnum(p, v);
    default:
      return toText(p, v);
  }
}

/**
 * The get_financials key a typed metric means: the key (any case), its label, or an analyst's word
 * for it (src/api/vocabulary.ts) — among the statement's keys first when the statement is known.
 * An unknown metric names the closest valid keys.
 */
export function financialMetricKey(raw: string, dict: MetricDictionary = SPEC_DICTIONARY, statement?: Statement): string {
  const labelOf = (k: string) => dict.financialInfo(k)?.label;
  const key = (statement && resolveMetric(raw, dict.financialMetrics(statement), labelOf)) || resolveMetric(raw, dict.allFinancialMetrics(), labelOf);
  if (key) return key;
  const known = statement ? dict.financialMetrics(statement) : dict.allFinancialMetrics();
  throw invalidArgument("metrics", `Unknown ${statement ? `${statement} ` : ""}metric "${raw.trim()}". Closest: ${closest(raw, known).join(", ")}`);
}

/**
 * The statement a get_financials metric belongs to (spec lists plus the dictionary); "any" for a
 * dictionary key whose statement is not stated. An unknown metric names the closest valid keys.
 */
export function metricStatement(raw: string, dict: MetricDictionary = SPEC_DICTIONARY): Statement | "any" {
  return dict.statementOf(financialMetricKey(raw, dict)) ?? "any";
}

function checkFinancialMetrics(statement: Statement, metrics: string[], dict: MetricDictionary): string[] {
  return metrics.map((raw) => {
    const m = financialMetricKey(raw, dict, statement);
    const owner = dict.statementOf(m);
    if (owner !== statement && owner !== "any")
      throw invalidArgument("metrics", `"${m}" is a ${owner} metric; the ${statement} statement has ${dict.financialMetrics(statement).slice(0, 4).join(", ")}…`);
    return m;
  });
}

/** A screen metric as typed (id, label or an analyst's word) -> its id; unknown ids are left to the caller's message. */
function screenMetricId(raw: string, dict: MetricDictionary): string {
  return resolveMetric(raw, dict.screenMetrics(), (k) => dict.screenInfo(k)?.label) ?? raw;
}

function checkScreenFilters(filters: string[], dict: MetricDictionary): string[] {
  const known = dict.screenMetrics();
  return filters.map((text) => {
    const parsed = parseScreenFilter(text);
    const f = { ...parsed, metric: screenMetricId(parsed.metric, dict) };
    if (!known.includes(f.metric))
      throw invalidArgument("filters", `Unknown screen metric "${f.metric}". Closest: ${closest(f.metric, known).join(", ")}`);
    checkScreenUnits(text, f, screenUnitOf(f.metric, dict));
    return formatScreenFilter(f);
  });
}

/**
 * Check and normalise a tool's parameters against the catalogue. Blank optional values are dropped
 * here; canonicalise() (src/api/canonical.ts) then applies every default, drops ignored parameters and
 * checks cross-parameter rules: request keys come from canonicalise, not from this. Unknown parameter
 * names are a programming error.
 */
export function validateParams(tool: ToolName, raw: RawParams, opts: ValidateOptions = {}): ToolParams {
  const dict = opts.dictionary ?? SPEC_DICTIONARY;
  const spec = TOOLS[tool];
  const out: ToolParams = {};
  for (const name of Object.keys(raw)) {
    if (!spec.params.some((p) => p.name === name)) throw new Error(`${tool} has no parameter "${name}"`);
  }
  for (const p of spec.params) {
    const v = raw[p.name];
    if (isBlank(v) || (Array.isArray(v) && splitList(v).length === 0)) {
      if (p.required) throw invalidArgument(p.name, `${p.name} is required (${p.description})`);
      continue;
    }
    out[p.name] = p.format === "screen_metric" ? toEnum(p, screenMetricId(String(v), dict), dict.screenMetrics()) : checkValue(p, v);
  }
  for (const p of spec.params) {
    const v = out[p.name];
    if (v === undefined) continue;
    if (p.normalise && typeof v === "string") out[p.name] = normaliseText(p.normalise, v);
    if (p.format === "financial_metric") {
      const statement = ((out.statement as Statement | undefined) ?? paramDefault(tool, "statement") ?? DEFAULT_STATEMENT) as Statement;
      out[p.name] = checkFinancialMetrics(statement, v as string[], dict);
    } else if (p.format === "screen_filter") out[p.name] = checkScreenFilters(v as string[], dict);
  }
  return out;
}

/**
 * A stable key for a tool call: tool plus its parameters in name order, written as a query string
 * (`%&=,` in values percent-escaped so a member name with "&" or "," cannot collide with another request).
 */
export function requestKey(tool: ToolName, params: ToolParams): string {
  const enc = (v: unknown): string => String(v).replace(/[%&=,]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  const parts = Object.keys(params)
    .sort()
    .filter((k) => params[k] !== undefined)
    .map((k) => `${k}=${Array.isArray(params[k]) ? (params[k] as string[]).map(enc).join(",") : enc(params[k])}`);
  return `${tool}?${parts.join("&")}`;
}

function paramDefault(tool: ToolName, name: string): ParamValue | undefined {
  const d = TOOLS[tool].params.find((p) => p.name === name)?.default;
  return d;
}

/** EDGAR form types are upper case (10-K, DEF 14A); tickers too, with the class suffix after a hyphen. */
function normaliseText(how: "upper" | "ticker", v: string): string {
  const up = v.toUpperCase();
  return how === "ticker" ? up.replace(/\./g, "-") : up;
}
