/**
 * Canonical requests: one spelling per meaning, so equivalent formulas share one cache entry and one
 * call. Driven by the catalogue (src/api/catalogue.ts), never by per-tool code:
 * - values checked and normalised by validateParams (bounds, enum and metric case, ticker upper-case,
 *   screen filters re-written `metric:min:max` with normalised numbers, quarter ends as YYYY-MM-DD,
 *   date serials converted);
 * - every default applied explicitly (`default`, `defaultBy` per another parameter, `defaultFromFirst`),
 *   so `HOLDERS("AAPL")` and `HOLDERS("AAPL",20)` give the identical key;
 * - parameters the API ignores dropped (`usedOnlyWith`: range without series_id; `ignoredWhen`:
 *   statement with the segments view);
 * - the spec's cross-parameter rules checked (`onlyWhen`: period Q4 only with the segments view);
 * - list values kept in the order given, repeats dropped (metrics order is the answer's row order).
 * Failures are SvcError "invalid_argument" naming the argument and what is allowed; no call is made.
 */
import { ParamScalar, ParamSpec, TOOLS, ToolName } from "./catalogue";
import { MetricDictionary } from "./dictionary";
import { SvcError, invalidArgument } from "./errors";
import { ParamValue, RawParams, ToolParams, requestKey, validateParams } from "./validate";

export type { RawParams, ToolParams } from "./validate";

export interface CanonicalRequest {
  tool: ToolName;
  params: ToolParams;
  key: string;
}

export interface CanonicalOptions {
  /** Metric keys beyond the spec's lists (default: the spec's lists alone; a runtime passes its own). */
  dictionary?: MetricDictionary;
}

function conditionHolds(params: ToolParams, cond: { param: string; values: readonly ParamScalar[] }): boolean {
  const v = params[cond.param];
  return v !== undefined && !Array.isArray(v) && cond.values.includes(v);
}

function defaultOf(p: ParamSpec, params: ToolParams): ParamValue | undefined {
  if (p.defaultBy) {
    const on = params[p.defaultBy.param];
    const d = on === undefined || Array.isArray(on) ? undefined : p.defaultBy.values[String(on)];
    if (d !== undefined) return Array.isArray(d) ? [...d] : (d as ParamScalar);
  }
  if (p.defaultFromFirst) {
    const list = params[p.defaultFromFirst];
    if (Array.isArray(list) && list.length > 0) return list[0].split(":")[0];
  }
  return p.default;
}

function dedupe(list: string[]): string[] {
  return [...new Set(list)];
}

/** Validate and canonicalise one request (see the module comment). */
export function canonicalise(tool: ToolName, raw: RawParams, opts: CanonicalOptions = {}): CanonicalRequest {
  const spec = TOOLS[tool];
  if (!spec) throw new SvcError("invalid_argument", `Unknown tool "${String(tool)}"`);
  let params: ToolParams;
  try {
    params = validateParams(tool, raw ?? {}, { dictionary: opts.dictionary });
  } catch (e) {
    // an unknown parameter name is a programming error in the caller, still reported as a bad argument
    if (e instanceof SvcError) throw e;
    throw new SvcError("invalid_argument", (e as Error)?.message ?? String(e));
  }
  for (const [k, v] of Object.entries(params)) if (Array.isArray(v)) params[k] = dedupe(v);

  fillDefaults(tool, params);

  // Cross-parameter rules the spec states, checked before anything is dropped.
  for (const p of spec.params) {
    const v = params[p.name];
    if (v === undefined || Array.isArray(v)) continue;
    for (const r of p.onlyWhen ?? []) {
      if (r.values.includes(v) && !conditionHolds(params, r.when)) {
        throw invalidArgument(p.name, `${p.name} ${String(v)} is allowed only when ${r.when.param} is ${r.when.values.join(" or ")} (${r.rule}); got ${r.when.param} ${String(params[r.when.param] ?? "(default)")}`);
      }
    }
  }

  dropIgnored(tool, params);
  const ordered: ToolParams = {};
  for (const k of Object.keys(params).sort()) ordered[k] = params[k];
  return { tool, params: ordered, key: requestKey(tool, ordered) };
}

/**
 * Defaults in catalogue order; a default that depends on another parameter reads its canonical value,
 * so the parameters it depends on come first in the catalogue (statement before metrics, view before
 * limit, filters before sort_by). Mutates `params`.
 */
function fillDefaults(tool: ToolName, params: ToolParams): void {
  for (const p of TOOLS[tool].params) {
    if (params[p.name] !== undefined) continue;
    const d = defaultOf(p, params);
    if (d !== undefined) params[p.name] = d;
  }
}

/** Parameters the API ignores carry no meaning: drop them so they cannot split the key. Mutates `params`. */
function dropIgnored(tool: ToolName, params: ToolParams): void {
  for (const p of TOOLS[tool].params) {
    if (params[p.name] === undefined) continue;
    if ((p.usedOnlyWith && params[p.usedOnlyWith] === undefined) || (p.ignoredWhen && conditionHolds(params, p.ignoredWhen))) {
      delete params[p.name];
    }
  }
}

/**
 * Parameters already valid (e.g. those a call was sent with) in canonical form without re-validating:
 * defaults filled, ignored parameters dropped. Never throws.
 */
export function withDefaults(tool: ToolName, params: ToolParams): ToolParams {
  const out: ToolParams = { ...params };
  fillDefaults(tool, out);
  dropIgnored(tool, out);
  return out;
}

export function conditionMet(params: ToolParams, cond: { param: string; values: readonly ParamScalar[] }): boolean {
  return conditionHolds(params, cond);
}

