import { TOOLS, TOOL_NAMES, ToolName } from "../../src/api/catalogue";
import { CanonicalRequest, canonicalise } from "../../src/api/canonical";
import { parseDictionary } from "../../src/api/dictionary";
import { covers, sliceData, widen } from "../../src/api/wide";
import { describeWide } from "../docs/wide-rule-text";
import { RawParams } from "../../src/api/validate";
import { rawRequest, rng } from "./gen";
import { apiData } from "./model";

/** The identity of a canonical request: the parameters that change the content of the wide answer. */
const identityOf = (req: CanonicalRequest): string => widen(req).identity;

const RUNS = 80;
const c = (tool: ToolName, raw: RawParams): CanonicalRequest => canonicalise(tool, raw);
const deepFreeze = <T>(o: T): T => {
  if (o && typeof o === "object") {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
};

describe("widen / covers / sliceData: properties over every tool", () => {
  for (const tool of TOOL_NAMES) {
    it(`${tool}: the wide call covers the request and its slice equals the API's narrow answer`, () => {
      const r = rng(11);
      for (let i = 0; i < RUNS; i++) {
        const req = canonicalise(tool, rawRequest(r, tool));
        const wide = widen(req);
        expect(wide.tool).toBe(tool);
        expect(covers(wide.params, req)).toBe(true);
        const wideData = deepFreeze(apiData(tool, wide.params)); // frozen: slicing must not mutate
        expect(sliceData(req, wide.params, wideData)).toEqual(apiData(tool, req.params));
      }
    });

    it(`${tool}: whenever one answer covers another request, slicing it gives that request's answer`, () => {
      const r = rng(12);
      const reqs = Array.from({ length: 40 }, () => canonicalise(tool, rawRequest(r, tool)));
      let checked = 0;
      for (const a of reqs) {
        for (const b of reqs) {
          if (!covers(a.params, b)) continue;
          checked++;
          // same identity, except where the identity keeps a limit with no stated maximum (reported)
          const rule = TOOLS[tool].wide;
          if (!(rule?.kind === "rows" && !rule.widen)) expect(identityOf(a)).toBe(identityOf(b));
          expect(sliceData(b, a.params, apiData(tool, a.params))).toEqual(apiData(tool, b.params));
        }
      }
      expect(checked).toBeGreaterThanOrEqual(reqs.length); // at least each covers itself
    });

    it(`${tool}: the identity depends only on the wide call (equal identities, equal wide calls)`, () => {
      const r = rng(13);
      const byId = new Map<string, string>();
      for (let i = 0; i < RUNS; i++) {
        const w = widen(canonicalise(tool, rawRequest(r, tool)));
        const sent = JSON.stringify(w.params);
        if (byId.has(w.identity)) expect(byId.get(w.identity)).toBe(sent);
        else byId.set(w.identity, sent);
      }
    });
  }
});

describe("ask wide: the issue's cases", () => {
  it("record tools ask their maximum and slice the first N", () => {
    const a = c("get_institutional_holders", { ticker: "AAPL" });
    const b = c("get_institutional_holders", { ticker: "AAPL", limit: 7 });
    expect(widen(a).params.limit).toBe(TOOLS.get_institutional_holders.params.find((p) => p.name === "limit")!.max);
    expect(widen(a).identity).toBe(widen(b).identity);
    expect(covers(widen(a).params, b)).toBe(true);
    expect((sliceData(b, widen(a).params, apiData("get_institutional_holders", widen(a).params)).holders as unknown[]).length).toBe(7);
  });

  it("a smaller answer never covers a larger request", () => {
    expect(covers({ ticker: "AAPL", limit: 5 }, c("list_filings", { ticker: "AAPL", limit: 6 }))).toBe(false);
    expect(covers({ ticker: "AAPL", form_type: "10-K", limit: 50 }, c("list_filings", { ticker: "AAPL", limit: 6 }))).toBe(false);
  });

  it("get_financials: identity ticker+statement+period_type; wide asks every key, the most years, provenance", () => {
    const a = c("get_financials", { ticker: "AAPL", metrics: "revenue", years: 3 });
    const b = c("get_financials", { ticker: "aapl", metrics: "net_income,eps_diluted" });
    const q = c("get_financials", { ticker: "AAPL", metrics: "revenue", period_type: "quarterly" });
    expect(identityOf(a)).toBe(identityOf(b));
    expect(identityOf(a)).not.toBe(identityOf(q));
    const w = widen(a);
    expect(w.params.years).toBe(20);
    expect(w.params.include_provenance).toBe(true);
    expect(w.params.metrics).toEqual(expect.arrayContaining(["revenue", "net_income", "eps_diluted", "revenue_growth"]));
    const sliced = sliceData(b, w.params, apiData("get_financials", w.params));
    expect((sliced.metrics as { key: string }[]).map((m) => m.key)).toEqual(["net_income", "eps_diluted"]);
    expect(sliced.periods).toEqual(["FY2022", "FY2023", "FY2024", "FY2025", "FY2026"]);
    expect((sliced.metrics as Record<string, unknown>[])[0]).not.toHaveProperty("provenance");
  });

  it("get_financials: the wide call includes dictionary lines, and a requested line is never left out", () => {
    const dict = parseDictionary({ income: ["revenue", "net_interest_income", "provision_for_credit_losses"] });
    const req = canonicalise("get_financials", { ticker: "JPM", metrics: "net_interest_income" }, { dictionary: dict });
    const w = widen(req, { dictionary: dict });
    expect(w.params.metrics).toEqual(expect.arrayContaining(["net_interest_income", "provision_for_credit_losses", "revenue"]));
    expect(widen(req).params.metrics).toContain("net_interest_income"); // even with the spec lists only
  });

  it("get_financials: provenance asked is only covered by an answer with provenance", () => {
    const req = c("get_financials", { ticker: "AAPL", include_provenance: true });
    expect(covers({ ...widen(req).params, include_provenance: false }, req)).toBe(false);
    expect(covers(widen(req).params, req)).toBe(true);
  });

  it("get_financials: inline provenance ({value, ...}) is turned back into plain values when not asked", () => {
    const req = c("get_financials", { ticker: "AAPL", metrics: "revenue", years: 1 });
    const w = widen(req);
    const data = { periods: ["FY2025", "FY2026"], period_ends: ["a", "b"], metrics: [{ key: "revenue", values: [{ value: 1, concept: "x" }, { value: 2, concept: "y" }], sources: ["s1", "s2"] }] };
    expect(sliceData(req, w.params, data)).toEqual({ periods: ["FY2026"], period_ends: ["b"], metrics: [{ key: "revenue", values: [2] }] });
  });

  it("economy: 5Y, 10Y and MAX share the MAX call; 1Y is its own; the snapshot ignores range", () => {
    const five = c("get_economy", { series_id: "UNRATE" });
    const ten = c("get_economy", { series_id: "UNRATE", range: "10Y" });
    const max = c("get_economy", { series_id: "UNRATE", range: "MAX" });
    const one = c("get_economy", { series_id: "UNRATE", range: "1Y" });
    expect(new Set([identityOf(five), identityOf(ten), identityOf(max)]).size).toBe(1);
    expect(identityOf(one)).not.toBe(identityOf(five));
    expect(covers(max.params, one)).toBe(false);
    expect(covers(ten.params, five)).toBe(true);
    expect(covers(five.params, ten)).toBe(false);
    const sliced = sliceData(five, max.params, apiData("get_economy", max.params));
    expect(sliced.range).toBe("5Y");
    expect((sliced.points as { date: string }[])[0].date).toBe("2021-11-01"); // after 2021-10-01 = newest 2026-10-01 − 5 years
    expect((sliced.points as unknown[]).length).toBe(60);
  });

  it("leadership: N fiscal years of CEO pay, two rows for a year with a CEO change", () => {
    const req = c("get_leadership", { ticker: "AAPL", years: 5 });
    const w = widen(req);
    expect(w.params.years).toBe(10);
    const pay = sliceData(req, w.params, apiData("get_leadership", w.params)).ceo_pay as { fiscal_year_end: string }[];
    expect(new Set(pay.map((p) => p.fiscal_year_end)).size).toBe(5);
    expect(pay).toHaveLength(6);
  });

  it("insider feed: trades are sliced, clusters (order not stated) are asked exactly", () => {
    const trades = c("get_insider_feed", { limit: 5 });
    const clusters = c("get_insider_feed", { clusters: true, limit: 5 });
    expect(widen(trades).params.limit).toBe(100);
    expect(widen(clusters).params.limit).toBe(5);
    expect(covers({ ...clusters.params, limit: 100 }, clusters)).toBe(false);
  });

  it("screen: any limit of the same filters, sort and direction is one identity; another sort is not", () => {
    const a = c("screen_companies", { filters: "roic:15:", limit: 10 });
    const b = c("screen_companies", { filters: "ROIC:15.0:", sort_by: "roic" });
    const d = c("screen_companies", { filters: "roic:15:", descending: false });
    expect(identityOf(a)).toBe(identityOf(b));
    expect(identityOf(a)).not.toBe(identityOf(d));
  });

  it("reported: the limit stays in the identity (no stated maximum) but a larger answer covers a smaller one", () => {
    const small = c("get_reported_financials", { ticker: "AAPL", limit: 10 });
    const big = c("get_reported_financials", { ticker: "AAPL" });
    expect(identityOf(small)).not.toBe(identityOf(big));
    expect(widen(small).params).toEqual(small.params);
    expect(covers(big.params, small)).toBe(true);
    expect(covers(small.params, big)).toBe(false);
  });

  it("tools without a rule are answered only by the identical request", () => {
    const a = c("get_company", { ticker: "AAPL" });
    expect(widen(a)).toEqual({ tool: "get_company", params: a.params, identity: a.key });
    expect(covers({ ticker: "MSFT" }, a)).toBe(false);
    expect(covers({ ticker: "AAPL" }, a)).toBe(true);
  });

  it("covers accepts the params a call was sent with even when defaults were left out", () => {
    expect(covers({ ticker: "AAPL" }, c("get_headlines", { ticker: "AAPL", limit: 3 }))).toBe(true);
    expect(covers({ ticker: "AAPL" }, c("get_headlines", { ticker: "AAPL", limit: 11 }))).toBe(false);
  });
});

describe("describeWide: the rule in words, from the same data", () => {
  it("describes every tool, with the catalogue's maxima", () => {
    for (const tool of TOOL_NAMES) {
      const rows = describeWide(tool);
      expect(rows.length).toBeGreaterThan(0);
      const rule = TOOLS[tool].wide;
      if (rule && rule.kind !== "window" && !(rule.kind === "rows" && !rule.widen)) {
        const max = TOOLS[tool].params.find((p) => p.name === rule.param)!.max;
        expect(rows[0].wide).toContain(`${rule.param} ${max}`);
      }
    }
  });
});
