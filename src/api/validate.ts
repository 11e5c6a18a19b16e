/**
 * Local validation from the catalogue: an argument the API would reject never costs a call.
 * Messages name the argument and say what is allowed, because they end up in a cell's hover text.
 */
import { distance } from "fastest-levenshtein";
import {
  ALL_FINANCIAL_METRICS,
  FINANCIAL_METRICS,
  ParamSpec,
  SCREEN_METRICS,
  Statement,
  TOOLS,
  ToolName,
  statementOf,
} from "./catalogue";
import { invalidArgument } from "./errors";

export type ParamValue = string | number | boolean | string[];
export type ToolParams = Record<string, ParamValue>;
/** What callers may hand in: Excel passes null for omitted arguments. */
export type RawParams = Record<string, unknown>;

/** The `n` known keys closest to `key` by edit distance. */
export function closest(key: string, known: readonly string[], n = 3): string[] {
  const k = key.toLowerCase();
  return [...known]
    .map((c) => {
      const lc = c.toLowerCase();
      return { c, d: distance(k, lc) - (lc.startsWith(k) || lc.includes(k) ? 2 : 0) };
    })
    .sort((a, b) => a.d - b.d || a.c.localeCompare(b.c))
    .slice(0, n)
    .map((x) => x.c);
}

function isBlank(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === "string" && v.trim() === "");
}

function describeAllowed(p: ParamSpec): string {
  if (p.type === "enum") {
    const vals = p.values ?? [];
    return vals.length > 12 ? `one of ${vals.length} ids such as ${vals.slice(0, 4).join(", ")}` : `one of ${vals.join(", ")}`;
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
  else if (typeof v === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) n = Number(v);
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

function toEnum(p: ParamSpec, v: unknown): string {
  const s = String(v).trim();
  const hit = (p.values ?? []).find((x) => x.toLowerCase() === s.toLowerCase());
  if (!hit) {
    const near = closest(s, p.values ?? [], 3);
    throw invalidArgument(p.name, `${p.name} must be ${describeAllowed(p)}; got "${s}" (closest: ${near.join(", ")})`);
  }
  return hit;
}

/** Split a list argument given as an array, or as text separated by commas or semicolons. */
export function splitList(v: unknown): string[] {
  const items = Array.isArray(v) ? v.flat(Infinity) : [v];
  return items
    .flatMap((x) => (isBlank(x) ? [] : String(x).split(/[,;]/)))
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

function checkValue(p: ParamSpec, v: unknown): ParamValue {
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

/** The statement a get_financials metric key belongs to; an unknown key names the closest valid keys. */
export function metricStatement(raw: string): Statement {
  const m = raw.toLowerCase();
  const owner = statementOf(m);
  if (!owner) throw invalidArgument("metrics", `Unknown metric "${raw}". Closest: ${closest(m, ALL_FINANCIAL_METRICS).join(", ")}`);
  return owner;
}

function checkFinancialMetrics(statement: Statement, metrics: string[]): string[] {
  return metrics.map((raw) => {
    const m = raw.toLowerCase();
    const owner = metricStatement(m);
    if (owner !== statement)
      throw invalidArgument("metrics", `"${m}" is a ${owner} metric; the ${statement} statement has ${FINANCIAL_METRICS[statement].slice(0, 4).join(", ")}…`);
    return m;
  });
}

function checkScreenFilters(filters: string[]): string[] {
  return filters.map((f) => {
    const metric = f.split(":")[0].toLowerCase();
    if (!SCREEN_METRICS.includes(metric))
      throw invalidArgument("filters", `Unknown screen metric "${metric}". Closest: ${closest(metric, SCREEN_METRICS).join(", ")}`);
    const [, min, max] = f.split(":");
    if (min !== "" && max !== "" && Number(min) > Number(max))
      throw invalidArgument("filters", `Filter "${f}": min is greater than max`);
    return `${metric}:${min}:${max}`;
  });
}

/**
 * Check and normalise a tool's parameters against the catalogue. Blank optional values are dropped
 * (the API applies its default); unknown parameter names are a programming error.
 */
export function validateParams(tool: ToolName, raw: RawParams): ToolParams {
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
    out[p.name] = checkValue(p, v);
  }
  if (typeof out.ticker === "string") out.ticker = out.ticker.toUpperCase();
  if (tool === "get_financials" && out.metrics) {
    out.metrics = checkFinancialMetrics((out.statement as Statement) ?? "income", out.metrics as string[]);
  }
  if (tool === "screen_companies") {
    out.filters = checkScreenFilters(out.filters as string[]);
    if (out.sort_by === undefined) delete out.sort_by;
  }
  if (tool === "get_investor" && typeof out.quarter === "string") out.quarter = out.quarter.toUpperCase();
  return out;
}

/** A stable key for a tool call: tool plus its normalised parameters in name order. */
export function requestKey(tool: ToolName, params: ToolParams): string {
  const parts = Object.keys(params)
    .sort()
    .map((k) => `${k}=${Array.isArray(params[k]) ? (params[k] as string[]).join(",") : String(params[k])}`);
  return `${tool}?${parts.join("&")}`;
}
