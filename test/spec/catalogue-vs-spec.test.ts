/**
 * The catalogue (src/api/catalogue.ts) against the vendored spec (docs/api-spec.md), read by our own
 * parser (test/spec/spec.ts): every tool, parameter, type, bound, default, enumeration, list-ness and
 * requirement, the metric key lists, the default metrics, the screen metrics and the series ids. A
 * transcription slip in the catalogue fails here without going through the catalogue.
 */
import * as fs from "fs";
import * as catalogue from "../../src/api/catalogue";
import { ParamSpec, TOOLS, TOOL_NAMES, ToolName, paramOf } from "../../src/api/catalogue";
import { ApiSpec, SpecParam, loadSpec, parseSpec, specPath } from "./spec";

const eq = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Where the spec gives no lower bound, the catalogue may still ask for a non-empty string or a
 * positive integer (min 1): "1" is the smallest value that means anything. Nothing else may be added.
 */
function lowerBoundOk(specMin: number | undefined, catMin: number | undefined, tolerated: number): boolean {
  return specMin === undefined ? catMin === undefined || catMin === tolerated : catMin === specMin;
}

/** Every disagreement between one catalogue param and the spec's, as readable lines. */
function compareParam(tool: string, s: SpecParam, c: ParamSpec, spec: ApiSpec): string[] {
  const out: string[] = [];
  const where = `${tool}.${s.name}`;
  const diff = (what: string, specV: unknown, catV: unknown) => out.push(`${where} ${what}: spec ${JSON.stringify(specV)}, catalogue ${JSON.stringify(catV)}`);
  if (!!c.required !== s.required) diff("required", s.required, !!c.required);
  if (!!c.list !== s.list) diff("list", s.list, !!c.list);
  const catType = c.type === "enum" ? "string" : c.type;
  if (catType !== s.type) diff("type", s.type, c.type);
  // Numeric bounds.
  if (!lowerBoundOk(s.min, c.min, 1)) diff("min", s.min, c.min);
  if (c.max !== s.max) diff("max", s.max, c.max);
  // String length bounds; a parameter read by a dedicated parser (screen filters) may imply a longer minimum.
  if (!lowerBoundOk(s.minLength, c.minLength, 1) && !(s.minLength === undefined && (c.format || c.pattern))) diff("minLength", s.minLength, c.minLength);
  if (c.maxLength !== s.maxLength) diff("maxLength", s.maxLength, c.maxLength);
  // Enumerations: the spec's list, or a list the spec points to.
  const specValues = s.values ?? (s.valuesFrom === "screen_metrics" ? spec.screenMetrics : undefined);
  if (specValues) {
    if (!eq(c.values, specValues)) diff("values", specValues, c.values);
  } else if (s.valuesFrom !== "statement_metrics" && c.values !== undefined) diff("values (the spec enumerates none)", undefined, c.values);
  // Defaults: a literal must match; a default described in words is not the catalogue's to state.
  if (s.default !== undefined) {
    if (c.default !== s.default) diff("default", s.default, c.default);
  } else if (c.default !== undefined) diff("default (the spec states no literal default)", s.defaultText ?? s.defaultsBy ?? null, c.default);
  // Defaults that depend on another parameter, and the rules the spec states in words.
  if (!eq(c.defaultBy ?? null, s.defaultsBy ?? null)) diff("default by another parameter", s.defaultsBy, c.defaultBy);
  if ((c.defaultFromFirst ?? null) !== (s.defaultFromFirst ?? null)) diff("default from the first item of", s.defaultFromFirst, c.defaultFromFirst);
  if ((c.usedOnlyWith ?? null) !== (s.usedOnlyWith ?? null)) diff("used only with", s.usedOnlyWith, c.usedOnlyWith);
  if (!eq(c.ignoredWhen ?? null, s.ignoredWhen ?? null)) diff("ignored when", s.ignoredWhen, c.ignoredWhen);
  const onlyWhen = c.onlyWhen?.map((o) => ({ values: o.values, when: o.when })) ?? null;
  if (!eq(onlyWhen, s.onlyWhen ?? null)) diff("values allowed only when", s.onlyWhen, onlyWhen);
  return out;
}

/** Every disagreement between a catalogue and a spec reading. */
export function compareCatalogue(spec: ApiSpec, cat: typeof catalogue): string[] {
  const out: string[] = [];
  if (!eq([...cat.TOOL_NAMES].sort(), [...spec.toolNames].sort())) out.push(`tools: spec ${spec.toolNames.join(",")}, catalogue ${cat.TOOL_NAMES.join(",")}`);
  for (const name of spec.toolNames) {
    const tool = cat.TOOLS[name as ToolName];
    if (!tool) continue;
    const specNames = spec.tools[name].params.map((p) => p.name);
    const catNames = tool.params.map((p) => p.name);
    for (const n of catNames) if (!specNames.includes(n)) out.push(`${name}.${n}: in the catalogue, not in the spec`);
    for (const s of spec.tools[name].params) {
      const c = tool.params.find((p) => p.name === s.name);
      if (!c) out.push(`${name}.${s.name}: in the spec, not in the catalogue`);
      else out.push(...compareParam(name, s, c, spec));
    }
  }
  if (!eq(cat.STATEMENTS, spec.statements)) out.push(`statements: spec ${spec.statements}, catalogue ${cat.STATEMENTS}`);
  for (const st of spec.statements) {
    if (!eq(cat.FINANCIAL_METRICS[st as catalogue.Statement], spec.financialMetrics[st])) out.push(`metric keys of ${st} differ`);
    if (!eq(paramOf("get_financials", "metrics")?.defaultBy?.values[st], spec.defaultMetrics[st])) out.push(`default metrics of ${st} differ`);
  }
  if (!eq(cat.SCREEN_METRICS, spec.screenMetrics)) out.push("screen metrics differ");
  if (!eq(paramOf("get_economy", "series_id")?.values, spec.seriesIds)) out.push("series ids differ");
  return out;
}

const spec = loadSpec();

describe("the vendored spec", () => {
  test("docs/api-spec.md, the spec vendored in the repository, is whole", () => {
    const vendored = fs.readFileSync(specPath(), "utf8");
    expect(vendored.length).toBeGreaterThan(30_000);
  });

  test("the parser reads all 18 tools and every list", () => {
    expect(spec.toolNames).toHaveLength(18);
    expect(Object.keys(spec.tools)).toHaveLength(18);
    expect(spec.statements).toEqual(["income", "balance", "cash_flow"]);
    expect(spec.seriesIds.length).toBeGreaterThan(50);
    expect(spec.screenMetrics.length).toBeGreaterThan(40);
    for (const st of spec.statements) expect(spec.defaultMetrics[st]).toHaveLength(5);
  });

  test("the parser reads the rules the Endpoints table states in words", () => {
    const param = (tool: string, name: string) => spec.tools[tool].params.find((p) => p.name === name)!;
    expect(param("get_reported_financials", "period").onlyWhen).toEqual([{ values: ["Q4"], when: { param: "view", values: ["segments"] } }]);
    expect(param("get_reported_financials", "statement").ignoredWhen).toEqual({ param: "view", values: ["segments"] });
    expect(param("get_reported_financials", "limit").defaultsBy).toEqual({ param: "view", values: { as_filed: 100, segments: 60, changes: 15 } });
    expect(param("get_economy", "range").usedOnlyWith).toBe("series_id");
    expect(param("screen_companies", "sort_by").defaultFromFirst).toBe("filters");
  });

  test("the parser's reading agrees with the spec's own Limits row (parameter bounds)", () => {
    const all = Object.values(spec.tools).flatMap((t) => t.params.map((p) => ({ tool: t.name, ...p })));
    const maxima = (name: string) => [...new Set(all.filter((p) => p.name === name && p.max !== undefined).map((p) => p.max))].sort((a, b) => a! - b!);
    // "limit maxima 20, 25, 50, 100; days maxima 90 and 365; years 1-20 and 1-10; periods 1-48;
    //  query up to 100 chars; ticker up to 12 chars; form_type up to 20 chars"
    expect(maxima("limit")).toEqual([20, 25, 50, 100]);
    expect(maxima("days")).toEqual([90, 365]);
    expect(maxima("years")).toEqual([10, 20]);
    expect(maxima("periods")).toEqual([48]);
    expect(new Set(all.filter((p) => p.name === "query").map((p) => p.maxLength))).toEqual(new Set([100]));
    expect(spec.ticker.maxLength).toBe(12);
    expect(all.find((p) => p.name === "form_type")!.maxLength).toBe(20);
  });

  test("the parser fails loudly on a phrase it does not know", () => {
    const md = fs.readFileSync(specPath(), "utf8").replace("`years` integer 1-20, default 5", "`years` integer between 1 and 20, default 5");
    expect(() => parseSpec(md)).toThrow(/get_financials\.years/);
  });
});

describe("the catalogue matches the spec", () => {
  test("no disagreement at all", () => {
    expect(compareCatalogue(spec, catalogue)).toEqual([]);
  });

  test.each(TOOL_NAMES)("%s: parameters, bounds, defaults and values", (tool) => {
    const lines = compareCatalogue(spec, catalogue).filter((l) => l.startsWith(`${tool}.`));
    expect(lines).toEqual([]);
    expect(TOOLS[tool].params.map((p) => p.name).sort()).toEqual(spec.tools[tool].params.map((p) => p.name).sort());
  });

  test("a slip in either document is caught: the spec with years 1-30 disagrees with the catalogue", () => {
    const md = fs.readFileSync(specPath(), "utf8").replace("`years` integer 1-20, default 5", "`years` integer 1-30, default 5");
    expect(compareCatalogue(parseSpec(md), catalogue)).toEqual(["get_financials.years max: spec 30, catalogue 20"]);
  });

  test("a changed default, enumeration, metric list or stated rule is caught too", () => {
    let md = fs.readFileSync(specPath(), "utf8");
    md = md.replace("`limit` integer 1-25, default 10", "`limit` integer 1-25, default 11");
    md = md.replace("`range` one of 1Y, 5Y, 10Y, MAX", "`range` one of 1Y, 5Y, MAX");
    md = md.replace("`roic` `roe`", "`roic`");
    md = md.replace("`cfo` `capex`", "`cfo` `capex` `capex_total`");
    md = md.replace("defaults as_filed 100, segments 60, changes 15", "defaults as_filed 100, segments 50, changes 15");
    md = md.replace("(used only with series_id)", "");
    md = md.replace("default cash_flow: cfo, cfi, cff, capex, fcf", "default cash_flow: cfo, cfi, cff, fcf");
    const lines = compareCatalogue(parseSpec(md), catalogue);
    expect(lines).toEqual(
      expect.arrayContaining([
        "search_companies.limit default: spec 11, catalogue 10",
        expect.stringMatching(/^get_economy\.range values/),
        "screen metrics differ",
        expect.stringMatching(/^screen_companies\.sort_by values/),
        "metric keys of cash_flow differ",
        expect.stringMatching(/^get_reported_financials\.limit default by another parameter: spec .*"segments":50/),
        expect.stringMatching(/^get_economy\.range used only with: spec undefined, catalogue "series_id"/),
        expect.stringMatching(/^get_financials\.metrics default by another parameter/),
        "default metrics of cash_flow differ",
      ]),
    );
  });
});
