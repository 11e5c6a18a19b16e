/**
 * Ask wide, answer narrow. One call fetches everything a later request of the same identity could
 * want; narrower requests are answered by slicing. The per-tool rule is DATA in the catalogue
 * (`ToolSpec.wide`, see WideRule); this module only interprets it.
 *
 * | Tool | Identity (same identity = same content) | Wide call | Narrow answer |
 * |---|---|---|---|
 * | get_financials | ticker, statement, period_type | every metric key of the statement (spec list ∪ dictionary ∪ requested), years 20, include_provenance=true | requested metrics in request order (defaults when none), last N years of columns (x4 quarterly); provenance removed when not asked |
 * | search_companies | query | limit 25 | first N companies (best match first) |
 * | list_filings | ticker, form_type | limit 50 | first N filings (newest first) |
 * | get_insider_trades, get_congress_trades | ticker | limit 100 | first N trades |
 * | get_insider_feed (clusters FALSE) | days, buys_only, min_value_usd, clusters | limit 100 | first N trades (newest filed first) |
 * | get_insider_feed (clusters TRUE) | every parameter (the order of clusters is not stated) | as asked | as asked |
 * | get_congress_feed | days, member, party, chamber, transaction_type | limit 100 | first N trades |
 * | get_headlines | ticker | limit 20 | first N headlines |
 * | get_institutional_holders | ticker | limit 100 | first N holders (largest first) |
 * | get_investor | query, quarter, view | limit 100 | first N holdings / changes (largest first) |
 * | get_short_interest | ticker | periods 48 | first N settlement dates |
 * | screen_companies | filters, sort_by (made explicit), descending | limit 50 | first N companies (sorted by sort_by) |
 * | get_leadership | ticker | years 10 | ceo_pay rows of the newest N distinct fiscal years |
 * | get_economy history 5Y/10Y/MAX | series_id | range MAX | points dated after (newest point − N years); MAX all |
 * | get_economy history 1Y | series_id, range 1Y (daily/weekly resolution) | as asked | as asked |
 * | get_reported_financials | every parameter incl. limit (no stated maximum) | as asked | a cached answer with a larger limit answers a smaller one: first N lines / segments / changes |
 * | get_company, get_filing_summary, get_peers, economy snapshot | every parameter | as asked | as asked |
 */
import { DEFAULT_STATEMENT, ParamScalar, TOOLS, ToolName, WideRule, Statement, paramOf } from "./catalogue";
import { CanonicalRequest, conditionMet, withDefaults } from "./canonical";
import { MetricDictionary, SPEC_DICTIONARY } from "./dictionary";
import { ToolParams, requestKey } from "./validate";

export interface WideRequest {
  tool: ToolName;
  params: ToolParams;
  identity: string;
}

export interface WideOptions {
  /** Extra metric keys for the wide get_financials call (default: the spec's lists alone; a runtime passes its own). */
  dictionary?: MetricDictionary;
}

type Data = Record<string, unknown>;

function ruleOf(tool: ToolName): WideRule | undefined {
  return TOOLS[tool].wide;
}

function maxOf(tool: ToolName, param: string): number | undefined {
  return paramOf(tool, param)?.max;
}

/** Whether the rule applies to a request with these parameters (a `rows` rule may be limited by `when`). */
function applies(rule: WideRule, params: ToolParams): boolean {
  if (rule.kind === "rows") return !rule.when || conditionMet(params, rule.when);
  if (rule.kind === "window") return typeof params[rule.param] === "string" && (params[rule.param] as string) in rule.spans;
  return true;
}

/** Parameter names that do not change the identity under this rule. */
function sliceParams(rule: WideRule): string[] {
  if (rule.kind === "columns") return [rule.param, rule.list, ...Object.keys(rule.flags)];
  return [rule.param];
}

function without(params: ToolParams, names: readonly string[]): ToolParams {
  const out: ToolParams = {};
  for (const k of Object.keys(params)) if (!names.includes(k)) out[k] = params[k];
  return out;
}

/** The call worth making for this request (see the table above). */
export function widen(req: CanonicalRequest, opts: WideOptions = {}): WideRequest {
  const rule = ruleOf(req.tool);
  if (!rule || !applies(rule, req.params)) return { tool: req.tool, params: { ...req.params }, identity: req.key };
  const params: ToolParams = { ...req.params };
  switch (rule.kind) {
    case "rows":
    case "distinct": {
      if (rule.kind === "rows" && !rule.widen) return { tool: req.tool, params, identity: req.key };
      const max = maxOf(req.tool, rule.param);
      if (max !== undefined) params[rule.param] = max;
      return { tool: req.tool, params, identity: requestKey(req.tool, without(params, [rule.param])) };
    }
    case "window":
      params[rule.param] = rule.wide;
      return { tool: req.tool, params, identity: requestKey(req.tool, params) };
    case "columns": {
      const max = maxOf(req.tool, rule.param);
      if (max !== undefined) params[rule.param] = max;
      const dict = opts.dictionary ?? SPEC_DICTIONARY;
      const statement = String(req.params.statement ?? paramOf(req.tool, "statement")?.default ?? DEFAULT_STATEMENT) as Statement;
      const asked = Array.isArray(req.params[rule.list]) ? (req.params[rule.list] as string[]) : [];
      params[rule.list] = [...new Set([...dict.financialMetrics(statement), ...asked])];
      for (const [flag, value] of Object.entries(rule.flags)) params[flag] = value;
      return { tool: req.tool, params, identity: requestKey(req.tool, without(params, sliceParams(rule))) };
    }
  }
}

function num(v: unknown): number {
  return typeof v === "number" ? v : Number.NaN;
}

/** True when an answer fetched with `sent` contains everything `req` asks for. */
export function covers(sent: ToolParams, req: CanonicalRequest): boolean {
  const s = withDefaults(req.tool, sent);
  const rule = ruleOf(req.tool);
  if (!rule || !applies(rule, req.params) || !applies(rule, s)) return requestKey(req.tool, s) === req.key;
  const free = sliceParams(rule);
  if (requestKey(req.tool, without(s, free)) !== requestKey(req.tool, without(req.params, free))) return false;
  switch (rule.kind) {
    case "rows":
    case "distinct":
      return num(s[rule.param]) >= num(req.params[rule.param]);
    case "window": {
      const have = rule.spans[String(s[rule.param])];
      const want = rule.spans[String(req.params[rule.param])];
      return have === null || (want !== null && have !== undefined && want !== undefined && have >= want);
    }
    case "columns": {
      if (!(num(s[rule.param]) >= num(req.params[rule.param]))) return false;
      const have = new Set(Array.isArray(s[rule.list]) ? (s[rule.list] as string[]) : []);
      const want = Array.isArray(req.params[rule.list]) ? (req.params[rule.list] as string[]) : [];
      if (!want.every((m) => have.has(m))) return false;
      // a flag only adds to the answer: an answer with it covers a request without it, not the reverse
      return Object.keys(rule.flags).every((f) => req.params[f] !== true || s[f] === true);
    }
  }
}

// ---- slicing ---------------------------------------------------------------------------------

function isRecord(v: unknown): v is Data {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** First N rows of the named arrays present; with none present, of the answer's only array. */
function sliceRows(data: Data, arrays: readonly string[], n: number): Data {
  const out: Data = { ...data };
  let named = arrays.filter((a) => Array.isArray(data[a]));
  if (named.length === 0) {
    const lone = Object.keys(data).filter((k) => Array.isArray(data[k]));
    if (lone.length === 1) named = lone;
  }
  for (const a of named) out[a] = (data[a] as unknown[]).slice(0, n);
  return out;
}

/** Rows of `array` belonging to the first N distinct values of `field` (rows in the API's order). */
function sliceDistinct(data: Data, array: string, field: string, n: number): Data {
  const rows = data[array];
  if (!Array.isArray(rows)) return { ...data };
  const seen = new Set<string>();
  const kept: unknown[] = [];
  for (const r of rows) {
    const v = isRecord(r) ? r[field] : undefined;
    const k = v === null || v === undefined ? `#${kept.length}` : String(v);
    if (!seen.has(k)) {
      if (seen.size >= n) break;
      seen.add(k);
    }
    kept.push(r);
  }
  return { ...data, [array]: kept };
}

/** Date N years before an ISO date (same month and day; string comparison stays valid for Feb 29). */
function yearsBefore(iso: string, years: number): string {
  const y = Number(iso.slice(0, 4)) - years;
  return `${String(y).padStart(4, "0")}${iso.slice(4, 10)}`;
}

/** Points dated strictly after (newest point − N years): N years of observations, newest included. */
function sliceWindow(data: Data, array: string, field: string, years: number | null, param: string, value: string): Data {
  const out: Data = { ...data };
  if (param in data) out[param] = value;
  const points = data[array];
  if (years === null || !Array.isArray(points)) return out;
  const dates = points.map((p) => (isRecord(p) && typeof p[field] === "string" ? (p[field] as string) : ""));
  const newest = dates.reduce((a, b) => (b > a ? b : a), "");
  if (!newest) return out;
  const cutoff = yearsBefore(newest, years);
  out[array] = points.filter((_, i) => dates[i] > cutoff);
  return out;
}

/** Member names that a flag such as include_provenance adds (whatever the API's shape). */
const FLAG_MEMBER = /provenance|source/i;

function stripFlagged(entry: Data): Data {
  const out: Data = {};
  for (const [k, v] of Object.entries(entry)) {
    if (FLAG_MEMBER.test(k)) continue;
    // values given inline as {value, concept, accession...}: back to plain numbers
    out[k] = Array.isArray(v) && v.some((x) => isRecord(x) && "value" in x) ? v.map((x) => (isRecord(x) && "value" in x ? x.value : x)) : v;
  }
  return out;
}

function sliceColumns(rule: Extract<WideRule, { kind: "columns" }>, req: CanonicalRequest, sent: ToolParams, data: Data): Data {
  const per = rule.perColumn.values[String(req.params[rule.perColumn.param])] ?? 1;
  const colArray = rule.columnArrays.find((a) => Array.isArray(data[a]));
  const ncols = colArray ? (data[colArray] as unknown[]).length : 0;
  const keep = Math.min(ncols, num(req.params[rule.param]) * per);
  const start = Number.isFinite(keep) ? ncols - keep : 0;
  const cut = (v: unknown): unknown => (start > 0 && Array.isArray(v) && v.length === ncols ? v.slice(start) : v);
  const strip = Object.keys(rule.flags).some((f) => sent[f] === true && req.params[f] !== true);

  const out: Data = {};
  for (const [k, v] of Object.entries(data)) {
    if (k === rule.list) continue;
    if (strip && FLAG_MEMBER.test(k)) continue;
    out[k] = rule.columnArrays.includes(k) ? cut(v) : v;
  }
  const entries = Array.isArray(data[rule.list]) ? (data[rule.list] as unknown[]).filter(isRecord) : [];
  const byKey = new Map<string, Data>();
  for (const e of entries) if (typeof e.key === "string") byKey.set(e.key.toLowerCase(), e);
  const wanted = Array.isArray(req.params[rule.list]) ? (req.params[rule.list] as string[]) : [];
  const list: Data[] = [];
  for (const m of wanted) {
    const e = byKey.get(m);
    if (!e) continue;
    const base = strip ? stripFlagged(e) : e;
    const sliced: Data = {};
    for (const [k, v] of Object.entries(base)) sliced[k] = cut(v);
    list.push(sliced);
  }
  out[rule.list] = list;
  return out;
}

/**
 * The narrow answer's data for `req`, cut from an answer fetched with `sent` (which covers `req`).
 * Never mutates `data`; returns it unchanged when nothing needs cutting.
 */
export function sliceData(req: CanonicalRequest, sent: ToolParams, data: Data): Data {
  const rule = ruleOf(req.tool);
  if (!rule || !isRecord(data)) return data;
  const s = withDefaults(req.tool, sent);
  if (rule.kind === "columns") return sliceColumns(rule, req, s, data);
  const want = req.params[rule.param] as ParamScalar | undefined;
  if (want === undefined || s[rule.param] === want) return data;
  switch (rule.kind) {
    case "rows":
      return sliceRows(data, rule.arrays, num(want));
    case "distinct":
      return sliceDistinct(data, rule.array, rule.field, num(want));
    case "window": {
      const years = rule.spans[String(want)];
      return years === undefined ? data : sliceWindow(data, rule.array, rule.field, years, rule.param, String(want));
    }
  }
}

/** Every array of a statement answer longer than `keep` cut to its last `keep` (time runs oldest to newest). */
function lastColumns(rule: Extract<WideRule, { kind: "columns" }>, data: Data, keep: number): Data {
  const cut = (v: unknown): unknown => (Array.isArray(v) && v.length > keep ? v.slice(v.length - keep) : v);
  const out: Data = { ...data };
  for (const k of rule.columnArrays) out[k] = cut(data[k]);
  const list = data[rule.list];
  if (Array.isArray(list)) out[rule.list] = list.map((e) => (isRecord(e) ? Object.fromEntries(Object.entries(e).map(([k, v]) => [k, cut(v)])) : e));
  return out;
}

/**
 * An answer cut to what was SENT (the client applies it to every answer): never more rows than the
 * limit asked, nor more columns than the years asked, whatever the API sent (a tool that
 * allows 20 rows once spilled 50,000).
 */
export function trimToSent(tool: ToolName, sent: ToolParams, data: Data): Data {
  const rule = ruleOf(tool);
  if (!rule || !isRecord(data)) return data;
  const s = withDefaults(tool, sent);
  const n = num(s[rule.param]);
  switch (rule.kind) {
    case "rows":
      return Number.isFinite(n) ? sliceRows(data, rule.arrays, n) : data;
    case "distinct":
      return Number.isFinite(n) ? sliceDistinct(data, rule.array, rule.field, n) : data;
    case "columns": {
      const keep = n * (rule.perColumn.values[String(s[rule.perColumn.param])] ?? 1);
      return Number.isFinite(keep) ? lastColumns(rule, data, keep) : data;
    }
    case "window":
      return data;
  }
}
