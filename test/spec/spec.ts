/**
 * A reading of the vendored API spec (docs/api-spec.md), independent of src/api/catalogue.ts.
 *
 * Two users: the catalogue-vs-spec test (a transcription slip in the catalogue fails without going
 * through the catalogue) and the fake API (its parameter rules come from here, so the fake never
 * validates against the code it tests). Parses the Endpoints table (every tool's parameters: type,
 * bounds, enum values, defaults, required, list-ness), the metric key lists by statement, the series
 * ids and the screen metrics. It throws on a phrase it does not understand rather than guessing, so a
 * new spec wording fails loudly.
 */
import * as fs from "fs";
import * as path from "path";

export type SpecType = "string" | "integer" | "number" | "boolean";

export interface SpecParam {
  name: string;
  type: SpecType;
  required: boolean;
  /** Given as a list (repeated or comma-separated). */
  list: boolean;
  /** Inclusive numeric bounds, when the spec gives them. */
  min?: number;
  max?: number;
  /** Inclusive length bounds for strings, when the spec gives them. */
  minLength?: number;
  maxLength?: number;
  /** The allowed values, when the spec enumerates them ("one of ...", "(house or senate)", the listed series ids). */
  values?: readonly string[];
  /** Values come from a list that depends on another parameter (get_financials metrics: keys of the chosen statement). */
  valuesFrom?: "statement_metrics" | "screen_metrics";
  /** A literal default (number, boolean or enum value). */
  default?: string | number | boolean;
  /** A default that depends on another parameter's value: reported limit by view, metrics by statement. */
  defaultsBy?: { param: string; values: Readonly<Record<string, number | readonly string[]>> };
  /** The default is the metric of the first item of this list parameter ("default the first filter's metric"). */
  defaultFromFirst?: string;
  /** The API uses this parameter only together with another one ("used only with series_id"). */
  usedOnlyWith?: string;
  /** The API ignores this parameter when another has one of these values ("ignored by the segments view"). */
  ignoredWhen?: { param: string; values: readonly string[] };
  /** Values allowed only when another parameter has certain values ("Q4 only for segments"). */
  onlyWhen?: readonly { values: readonly string[]; when: { param: string; values: readonly string[] } }[];
  /** A default the spec describes in words ("latest", "every form"): the API decides, nothing to send. */
  defaultText?: string;
  /** The spec's words for this parameter, as written. */
  text: string;
}

export interface SpecTool {
  name: string;
  /** The tools table's Purpose column. */
  purpose: string;
  params: readonly SpecParam[];
}

export interface ApiSpec {
  toolNames: readonly string[];
  tools: Readonly<Record<string, SpecTool>>;
  ticker: { minLength: number; maxLength: number };
  statements: readonly string[];
  /** get_financials metric keys by statement, in the spec's order. */
  financialMetrics: Readonly<Record<string, readonly string[]>>;
  /** get_financials default metrics by statement (metrics omitted). */
  defaultMetrics: Readonly<Record<string, readonly string[]>>;
  screenMetrics: readonly string[];
  seriesIds: readonly string[];
}

/** docs/api-spec.md, found by walking up from here (works from test/spec and from build/test/spec). */
export function specPath(from: string = __dirname): string {
  let dir = from;
  for (;;) {
    const p = path.join(dir, "docs", "api-spec.md");
    if (fs.existsSync(p)) return p;
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`docs/api-spec.md not found above ${from}`);
    dir = up;
  }
}

let cached: ApiSpec | null = null;

/** The vendored spec, parsed once per process. */
export function loadSpec(): ApiSpec {
  if (!cached) cached = parseSpec(fs.readFileSync(specPath(), "utf8"));
  return cached;
}

const codes = (s: string): string[] => [...s.matchAll(/`([^`]+)`/g)].map((m) => m[1]);

/** The body of a `## Heading` section (up to the next heading of the same or a higher level). */
function section(md: string, heading: string): string {
  const lines = md.split(/\r?\n/);
  const level = heading.match(/^#+/)![0].length;
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start < 0) throw new Error(`spec: section "${heading}" not found`);
  const out: string[] = [];
  for (const l of lines.slice(start + 1)) {
    const h = /^(#+) /.exec(l);
    if (h && h[1].length <= level) break;
    out.push(l);
  }
  return out.join("\n");
}

/** Cells of a markdown table row (outer pipes dropped). */
function cells(row: string): string[] {
  return row.trim().replace(/^\|/, "").replace(/\|$/, "").split("|").map((c) => c.trim());
}

/** Split at `sep` outside parentheses. */
function splitTop(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = "";
  for (const ch of s) {
    if (ch === "(") depth++;
    if (ch === ")") depth--;
    if (ch === sep && depth === 0) {
      out.push(cur);
      cur = "";
    } else cur += ch;
  }
  out.push(cur);
  return out.map((x) => x.trim()).filter((x) => x !== "");
}

/** "a, b or c" / "a or b" -> [a, b, c]. */
function orList(s: string): string[] {
  return s.split(/,\s*|\s+or\s+/).map((x) => x.trim()).filter(Boolean);
}

function literal(v: string, type: SpecType, values?: readonly string[]): string | number | boolean | undefined {
  if (type === "boolean" && (v === "true" || v === "false")) return v === "true";
  if ((type === "integer" || type === "number") && /^-?\d+(\.\d+)?$/.test(v)) return Number(v);
  if (values && values.includes(v)) return v;
  return undefined;
}

/** One parameter from its phrase in the Endpoints table, e.g. "`limit` integer 1-25, default 10". */
export function parseParam(phrase: string, tool: string, spec: Pick<ApiSpec, "ticker" | "seriesIds">): SpecParam {
  const m = /^`([a-z_]+)`\s*(.*)$/s.exec(phrase);
  if (!m) throw new Error(`spec: ${tool}: cannot read parameter "${phrase}"`);
  const name = m[1];
  const rest = m[2];
  // Parenthesised remarks: kept aside (some carry a default or an enumeration).
  const parens = [...rest.matchAll(/\(([^()]*(?:\([^()]*\)[^()]*)*)\)/g)].map((x) => x[1]);
  const bare = rest.replace(/\s*\((?:[^()]*(?:\([^()]*\)[^()]*)*)\)/g, "").trim();
  const parts = bare.split(/,\s*/).map((x) => x.trim()).filter(Boolean);
  const p: SpecParam = { name, type: "string", required: false, list: false, text: phrase };

  if (name === "ticker" && /^required$/.test(bare)) {
    return { ...p, required: true, minLength: spec.ticker.minLength, maxLength: spec.ticker.maxLength };
  }
  let head = parts.shift() ?? "";
  let mm: RegExpExecArray | null;
  if ((mm = /^one of (.+)$/.exec(head))) {
    // "one of a, b, c, default a": the enumeration runs over the following comma-separated parts.
    const values = [mm[1]];
    while (parts.length && !/^(default|required|no )/.test(parts[0])) values.push(parts.shift()!);
    p.values = values;
    head = "";
  } else if ((mm = /^list of (string)$/.exec(head))) {
    p.list = true;
  } else if ((mm = /^(string|integer|number|boolean)(?:\s+(.*))?$/.exec(head))) {
    p.type = mm[1] as SpecType;
    const bounds = mm[2];
    if (bounds) {
      let b: RegExpExecArray | null;
      if ((b = /^(\d+)-(\d+)$/.exec(bounds)) && p.type !== "string") (p.min = Number(b[1])), (p.max = Number(b[2]));
      else if ((b = /^(\d+)-(\d+) chars$/.exec(bounds)) && p.type === "string") (p.minLength = Number(b[1])), (p.maxLength = Number(b[2]));
      else if ((b = /^up to (\d+) chars$/.exec(bounds)) && p.type === "string") p.maxLength = Number(b[1]);
      else throw new Error(`spec: ${tool}.${name}: cannot read bounds "${bounds}"`);
    }
  } else throw new Error(`spec: ${tool}.${name}: cannot read type "${head}"`);

  for (const part of parts) {
    let d: RegExpExecArray | null;
    if (part === "required") p.required = true;
    else if (part === "no bounds given" || part === "no default" || part === "exact match") continue;
    else if ((d = /^defaults (.+)$/.exec(part))) {
      // "defaults as_filed 100, segments 60, changes 15" was split at the commas: gather them back.
      const pairs = [d[1], ...parts.slice(parts.indexOf(part) + 1)].map((x) => /^([a-z_]+) (\d+)$/.exec(x));
      // Which parameter these keys are values of is settled once the whole tool is read (resolveConditions).
      p.defaultsBy = { param: "", values: Object.fromEntries(pairs.filter((x): x is RegExpExecArray => !!x).map((x) => [x[1], Number(x[2])])) };
      break;
    } else if ((d = /^default (.+)$/.exec(part))) {
      const lit = literal(d[1], p.type, p.values);
      if (lit !== undefined) p.default = lit;
      else p.defaultText = d[1];
    } else if (/^(a |each |percent )/.test(part)) continue; // prose about the value's form (quarter, filters)
    else if (/^(usd|flags) /.test(part)) continue;
    else throw new Error(`spec: ${tool}.${name}: cannot read "${part}"`);
  }

  for (const paren of parens) {
    const first = splitTop(paren, ";")[0];
    let d: RegExpExecArray | null;
    if ((d = /^default:?\s+(.+)$/.exec(first)) && p.default === undefined) p.defaultText = d[1];
    else if (/^one of the listed ids$/.test(first)) p.values = spec.seriesIds;
    else if (/^keys of the chosen statement$/.test(first)) {
      p.valuesFrom = "statement_metrics";
      p.defaultText = "by statement (ApiSpec.defaultMetrics)";
      continue;
    }
    else if (/^metric$/.test(first)) p.valuesFrom = "screen_metrics";
    else if (p.type === "string" && !p.values && !p.valuesFrom && /^[a-z_]+(,? [a-z_]+)*$/.test(first) && / or /.test(first)) {
      // "(house or senate)", "(purchase, sale or exchange)": single-word alternatives enumerate the values.
      const alts = orList(first);
      if (alts.every((a) => /^[a-z_]+$/.test(a))) p.values = alts;
    }
    for (const inner of splitTop(paren, ";")) {
      if ((d = /^default:?\s+(.+)$/.exec(inner)) && p.default === undefined && !p.defaultText) p.defaultText = d[1];
    }
    // Rules stated in words; the other parameter is named by one of its values, resolved per tool below.
    for (const phrase of splitTop(paren, ",").flatMap((x) => splitTop(x, ";"))) {
      if ((d = /^used only with ([a-z_]+)$/.exec(phrase))) p.usedOnlyWith = d[1];
      else if ((d = /^ignored by the ([a-z_]+) ([a-z_]+)$/.exec(phrase))) p.ignoredWhen = { param: d[2], values: [d[1]] };
      else if ((d = /^([A-Za-z0-9_]+) only for ([a-z_]+)$/.exec(phrase))) p.onlyWhen = [...(p.onlyWhen ?? []), { values: [d[1]], when: { param: "", values: [d[2]] } }];
    }
  }
  if (p.values && p.type !== "string") throw new Error(`spec: ${tool}.${name}: values on a ${p.type}`);
  return p;
}

/** Settle what a parameter's words point at in its tool: the parameter whose values are named. */
function resolveConditions(tool: string, params: SpecParam[], defaultMetrics: Record<string, string[]>): SpecParam[] {
  const owner = (values: readonly string[]) => {
    const o = params.find((q) => q.values && values.every((v) => q.values!.includes(v)));
    if (!o) throw new Error(`spec: ${tool}: no parameter has the values ${values.join(", ")}`);
    return o.name;
  };
  return params.map((p) => {
    const out: SpecParam = { ...p };
    if (out.defaultsBy) out.defaultsBy = { param: owner(Object.keys(out.defaultsBy.values)), values: out.defaultsBy.values };
    if (out.valuesFrom === "statement_metrics") out.defaultsBy = { param: "statement", values: defaultMetrics };
    if (out.onlyWhen) out.onlyWhen = out.onlyWhen.map((o) => ({ values: o.values, when: { param: owner(o.when.values), values: o.when.values } }));
    if (out.ignoredWhen && !params.some((q) => q.name === out.ignoredWhen!.param)) throw new Error(`spec: ${tool}.${p.name}: no parameter ${out.ignoredWhen.param}`);
    if (out.usedOnlyWith && !params.some((q) => q.name === out.usedOnlyWith)) throw new Error(`spec: ${tool}.${p.name}: no parameter ${out.usedOnlyWith}`);
    const first = out.defaultText && /^the first ([a-z_]+)'s metric$/.exec(out.defaultText);
    if (first) {
      const list = params.find((q) => q.list && q.name === `${first[1]}s`);
      if (!list) throw new Error(`spec: ${tool}.${p.name}: no list parameter ${first[1]}s`);
      out.defaultFromFirst = list.name;
    }
    return out;
  });
}

export function parseSpec(md: string): ApiSpec {
  // Tool list: the first table of "What the service does".
  const what = section(md, "## What the service does");
  const toolRows = what
    .split("\n")
    .filter((l) => /^\| [a-z_]+ \|/.test(l))
    .map((l) => cells(l));
  const toolNames = toolRows.map((c) => c[0]);

  const endpoints = section(md, "## Endpoints");
  const tickerLine = endpoints.split("\n").find((l) => l.startsWith("Common parameter `ticker`"));
  const t = tickerLine && /string, (\d+) to (\d+) characters/.exec(tickerLine);
  if (!t) throw new Error("spec: ticker rule not found");
  const ticker = { minLength: Number(t[1]), maxLength: Number(t[2]) };

  const fin = section(md, "### get_financials data");
  const financialMetrics: Record<string, string[]> = {};
  for (const l of fin.split("\n")) {
    const m = /^- ([a-z_]+): (`.*)$/.exec(l.trim());
    if (m) financialMetrics[m[1]] = codes(m[2]);
  }
  const statements = Object.keys(financialMetrics);
  if (statements.length === 0) throw new Error("spec: metric keys by statement not found");

  const listAfter = (label: string): string[] => {
    const line = md.split("\n").find((l) => l.startsWith(label));
    if (!line) throw new Error(`spec: "${label}" not found`);
    // The list is the run of code spans right after the label (prose after it is ignored).
    const list = /^[^`]*((?:`[^`]+`\s*)+)/.exec(line.slice(label.length));
    return list ? codes(list[1]) : [];
  };
  const seriesIds = listAfter("Series ids accepted:");
  const screenMetrics = listAfter("Screen metrics:");

  const tools: Record<string, SpecTool> = {};
  let defaultMetrics: Record<string, string[]> = {};
  for (const l of endpoints.split("\n")) {
    const c = cells(l);
    if (!l.startsWith("| ") || c.length < 3 || !toolNames.includes(c[0])) continue;
    const params = splitTop(c[1], ";").reduce<string[]>((acc, seg) => {
      // A segment without a leading `name` continues the previous parameter's phrase.
      if (seg.startsWith("`") || acc.length === 0) acc.push(seg);
      else acc[acc.length - 1] += `, ${seg}`;
      return acc;
    }, []);
    const metrics = params.find((ph) => ph.startsWith("`metrics`"));
    if (c[0] === "get_financials" && metrics) {
      defaultMetrics = Object.fromEntries(
        [...metrics.matchAll(/default ([a-z_]+): ([a-z_, ]+?)(?=;|\))/g)].map((m) => [m[1], m[2].split(/,\s*/).map((x) => x.trim())]),
      );
    }
    const parsed = params.map((ph) => parseParam(ph, c[0], { ticker, seriesIds }));
    tools[c[0]] = { name: c[0], purpose: toolRows.find((r) => r[0] === c[0])![1], params: resolveConditions(c[0], parsed, defaultMetrics) };
  }
  const missing = toolNames.filter((n) => !tools[n]);
  if (missing.length) throw new Error(`spec: no Endpoints row for ${missing.join(", ")}`);
  return { toolNames, tools, ticker, statements, financialMetrics, defaultMetrics, screenMetrics, seriesIds };
}
