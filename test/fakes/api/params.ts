/**
 * Query-string parsing for the fake API, driven by the vendored spec as test/spec/spec.ts reads it
 * (never by src/api: the fake must not validate against the code it tests).
 *
 * Strict where the spec states a rule: types, bounds, required parameters and enumerations ("one of
 * ..."), exactly as listed. Deliberately strict where a client bug would otherwise pass unnoticed:
 * unknown parameters and a single-valued parameter given twice are 400s. Lenient where the spec says
 * nothing: booleans in the usual spellings, integers written "5.0", surrounding spaces, metric names
 * (screen metrics, sort_by) in any case; values are handed to the tools in their canonical form.
 *
 * Two reporting styles: "400" → {"detail": "limit must be between 1 and 25"};
 * "422" → FastAPI/pydantic style {"detail": [{"type","loc":["query","limit"],"msg","input","ctx"?}]}.
 * Unknown parameters and semantic errors (metric keys, screen filters) are always 400.
 */
import { SCREEN_METRICS, SpecParam, ToolName, paramsOf } from "./rules";

export type ParamValue = string | number | boolean | string[];
export type Parsed = Record<string, ParamValue>;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: unknown,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === "string" ? detail : JSON.stringify(detail));
  }
}

export function badRequest(message: string): HttpError {
  return new HttpError(400, message);
}
export function notFound(message: string): HttpError {
  return new HttpError(404, message);
}

interface Issue {
  type: string;
  param: string;
  msg400: string;
  msg422: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

const TRUE = ["true", "1", "yes", "on", "t", "y"];
const FALSE = ["false", "0", "no", "off", "f", "n"];

function describeRange(p: SpecParam): string {
  if (p.min !== undefined && p.max !== undefined) return `between ${p.min} and ${p.max}`;
  if (p.min !== undefined) return `at least ${p.min}`;
  return `at most ${p.max}`;
}

function checkOne(p: SpecParam, raw: string, issues: Issue[], label = p.name): ParamValue | undefined {
  const bad = (type: string, msg400: string, msg422: string, ctx?: Record<string, unknown>) => {
    issues.push({ type, param: p.name, msg400, msg422, input: raw, ctx });
    return undefined;
  };
  const trimmed = raw.trim();
  if (p.values) {
    if (p.name === "series_id") return trimmed; // unknown series ids are a 404, not a 400 (spec: Errors)
    const values = p.values;
    if (!values.includes(trimmed)) {
      const list = values.map((v) => `'${v}'`);
      const msg422 = `Input should be ${list.length > 1 ? `${list.slice(0, -1).join(", ")} or ${list[list.length - 1]}` : list[0]}`;
      return bad("literal_error", `${label} must be one of ${values.join(", ")}; got "${raw}"`, msg422, { expected: list.join(", ") });
    }
    return trimmed;
  }
  if (p.valuesFrom === "screen_metrics") {
    const m = trimmed.toLowerCase();
    if (!SCREEN_METRICS.includes(m)) return bad("value_error", `${label}: unknown screen metric "${raw}". Valid metrics: ${SCREEN_METRICS.join(", ")}`, `Value error, unknown screen metric ${raw}`);
    return m;
  }
  switch (p.type) {
    case "integer":
    case "number": {
      const ok = p.type === "integer" ? /^[+-]?\d+(\.0*)?$/.test(trimmed) : /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(trimmed);
      if (!ok)
        return p.type === "integer"
          ? bad("int_parsing", `${label} must be an integer`, "Input should be a valid integer, unable to parse string as an integer")
          : bad("float_parsing", `${label} must be a number`, "Input should be a valid number, unable to parse string as a number");
      const n = Number(trimmed);
      if (p.min !== undefined && n < p.min)
        return bad("greater_than_equal", `${label} must be ${describeRange(p)}`, `Input should be greater than or equal to ${p.min}`, { ge: p.min });
      if (p.max !== undefined && n > p.max)
        return bad("less_than_equal", `${label} must be ${describeRange(p)}`, `Input should be less than or equal to ${p.max}`, { le: p.max });
      return n;
    }
    case "boolean": {
      const s = trimmed.toLowerCase();
      if (TRUE.includes(s)) return true;
      if (FALSE.includes(s)) return false;
      return bad("bool_parsing", `${label} must be true or false`, "Input should be a valid boolean, unable to interpret input");
    }
    default: {
      // Strings keep their inner text; only the spec's length bounds apply (an empty value is checked by the caller).
      if (p.minLength !== undefined && raw.length < p.minLength)
        return bad("string_too_short", p.minLength <= 1 ? `${label} must not be empty` : `${label} must be at least ${p.minLength} characters`, `String should have at least ${p.minLength} character${p.minLength === 1 ? "" : "s"}`, { min_length: p.minLength });
      if (p.maxLength !== undefined && raw.length > p.maxLength)
        return bad("string_too_long", `${label} must be at most ${p.maxLength} characters`, `String should have at most ${p.maxLength} characters`, { max_length: p.maxLength });
      return raw;
    }
  }
}

/** Parse and check a tool's query string; throws HttpError (400 or 422) on the first problem(s). */
export function parseParams(tool: ToolName, sp: URLSearchParams, style: "400" | "422"): Parsed {
  const params = paramsOf(tool);
  for (const name of new Set(sp.keys())) {
    if (!params.some((p) => p.name === name))
      throw badRequest(`Unknown query parameter: ${name} (${tool} accepts ${params.map((p) => p.name).join(", ")})`);
  }
  const issues: Issue[] = [];
  const out: Parsed = {};
  for (const p of params) {
    const raws = sp.getAll(p.name);
    if (raws.length === 0) {
      if (p.required) issues.push({ type: "missing", param: p.name, msg400: `${p.name} is required`, msg422: "Field required", input: null });
      continue;
    }
    if (p.list) {
      const items = raws.flatMap((r) => r.split(",")).map((s) => s.trim());
      if (items.some((s) => s === "")) {
        issues.push({ type: "string_too_short", param: p.name, msg400: `${p.name} contains an empty item`, msg422: "String should have at least 1 character", input: raws.join(",") });
        continue;
      }
      const vals = items.map((it) => checkOne(p, it, issues));
      if (vals.every((v) => v !== undefined)) out[p.name] = vals as string[];
      continue;
    }
    if (raws.length > 1) {
      issues.push({ type: "multiple", param: p.name, msg400: `${p.name} was given more than once`, msg422: "Input should be a single value", input: raws });
      continue;
    }
    const v = checkOne(p, raws[0], issues);
    if (v !== undefined) out[p.name] = v;
  }
  // The spec's defaults, so the tools never restate one: literal defaults first, then the defaults that
  // depend on another parameter (reported limit by view, metrics by statement).
  for (const p of params) if (out[p.name] === undefined && p.default !== undefined) out[p.name] = p.default;
  for (const p of params) {
    if (out[p.name] !== undefined || !p.defaultsBy) continue;
    const v = p.defaultsBy.values[String(out[p.defaultsBy.param])];
    if (v !== undefined) out[p.name] = Array.isArray(v) ? [...v] : (v as number);
  }
  // Values the spec allows only together with another parameter's values ("Q4 only for segments").
  for (const p of params)
    for (const o of p.onlyWhen ?? [])
      if (o.values.includes(String(out[p.name])) && !o.when.values.includes(String(out[o.when.param])))
        issues.push({ type: "value_error", param: p.name, msg400: `${p.name} ${out[p.name]} is only available when ${o.when.param} is ${o.when.values.join(" or ")}`, msg422: `Value error, ${p.name} ${out[p.name]} requires ${o.when.param}=${o.when.values.join("|")}`, input: out[p.name] });
  if (issues.length > 0) {
    if (style === "422")
      throw new HttpError(
        422,
        issues.map((i) => ({ type: i.type, loc: ["query", i.param], msg: i.msg422, input: i.input, ...(i.ctx ? { ctx: i.ctx } : {}) })),
      );
    throw badRequest(issues[0].msg400);
  }
  return out;
}

/** A 400 for a semantic check, or its 422 form (rules the spec states in words). */
export function invalid(style: "400" | "422", param: string, message: string, input: unknown): HttpError {
  if (style === "422") return new HttpError(422, [{ type: "value_error", loc: ["query", param], msg: message, input }]);
  return badRequest(message);
}
