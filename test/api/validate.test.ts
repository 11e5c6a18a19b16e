import { TOOLS, TOOL_NAMES, FINANCIAL_METRICS, paramOf } from "../../src/api/catalogue";
import { rejection } from "./gen";
import { requestKey, validateParams } from "../../src/api/validate";

describe("the tool catalogue", () => {
  it("lists the 18 tools of the spec", () => {
    expect(TOOL_NAMES).toHaveLength(18);
  });

  it("gives every tool a distinct SVC function", () => {
    expect(new Set(TOOL_NAMES.map((t) => TOOLS[t].fn)).size).toBe(18);
  });

  it("keeps metric keys unique across statements", () => {
    const all = Object.values(FINANCIAL_METRICS).flat();
    expect(new Set(all).size).toBe(all.length);
  });

  it("knows the 54 economy series ids", () => {
    expect(paramOf("get_economy", "series_id")?.values).toHaveLength(54);
  });
});

describe("validateParams", () => {
  it("accepts a valid request and upper-cases the ticker", () => {
    expect(validateParams("get_headlines", { ticker: "aapl", limit: 5 })).toEqual({ ticker: "AAPL", limit: 5 });
  });

  it("drops blank optional arguments so the API applies its default", () => {
    expect(validateParams("list_filings", { ticker: "AAPL", form_type: null, limit: "" })).toEqual({ ticker: "AAPL" });
  });

  it("rejects a limit above the tool's maximum, naming the argument and the range", () => {
    const e = rejection(() => validateParams("search_companies", { query: "apple", limit: 26 }));
    expect(e.kind).toBe("invalid_argument");
    expect(e.param).toBe("limit");
    expect(e.message).toMatch(/limit must be a whole number from 1 to 25; got 26/);
  });

  it("rejects a fractional limit", () => {
    expect(rejection(() => validateParams("get_insider_trades", { ticker: "AAPL", limit: 2.5 })).param).toBe("limit");
  });

  it("rejects a missing required argument", () => {
    expect(rejection(() => validateParams("get_company", {})).message).toMatch(/ticker is required/);
  });

  it("rejects a ticker longer than 12 characters", () => {
    expect(rejection(() => validateParams("get_company", { ticker: "ABCDEFGHIJKLM" })).message).toMatch(/at most 12 characters/);
  });

  it("accepts a class-share ticker with a hyphen", () => {
    expect(validateParams("get_company", { ticker: "brk-b" })).toEqual({ ticker: "BRK-B" });
  });

  it("rejects a query over 100 characters", () => {
    expect(rejection(() => validateParams("search_companies", { query: "x".repeat(101) })).param).toBe("query");
  });

  it("rejects a form_type over 20 characters", () => {
    expect(rejection(() => validateParams("list_filings", { ticker: "AAPL", form_type: "F".repeat(21) })).param).toBe("form_type");
  });

  it("rejects days outside 1-90 for the insider feed and 1-365 for the congress feed", () => {
    expect(rejection(() => validateParams("get_insider_feed", { days: 91 })).param).toBe("days");
    expect(validateParams("get_congress_feed", { days: 365 })).toEqual({ days: 365 });
    expect(rejection(() => validateParams("get_congress_feed", { days: 366 })).param).toBe("days");
  });

  it("matches enum values case-insensitively and sends the API's spelling", () => {
    expect(validateParams("get_economy", { series_id: "unrate", range: "max" })).toEqual({ series_id: "UNRATE", range: "MAX" });
  });

  it("rejects an unknown series id with the closest ids", () => {
    expect(rejection(() => validateParams("get_economy", { series_id: "UNRAT" })).message).toMatch(/closest: UNRATE/);
  });

  it("reads TRUE/FALSE, 1/0 and text booleans", () => {
    expect(validateParams("get_insider_feed", { buys_only: "false", clusters: 1 })).toEqual({ buys_only: false, clusters: true });
  });

  it("rejects an unknown metric key and suggests the closest valid keys", () => {
    const e = rejection(() => validateParams("get_financials", { ticker: "AAPL", metrics: ["revenu"] }));
    expect(e.param).toBe("metrics");
    expect(e.message).toMatch(/Closest: revenue/);
  });

  it("rejects a metric of another statement than the one asked for", () => {
    expect(rejection(() => validateParams("get_financials", { ticker: "AAPL", statement: "balance", metrics: "revenue" })).message).toMatch(/income metric/);
  });

  it("splits list parameters on commas and semicolons and flattens ranges", () => {
    expect(validateParams("get_financials", { ticker: "AAPL", metrics: [["revenue"], ["net_income; ebitda"]] }).metrics).toEqual(["revenue", "net_income", "ebitda"]);
  });

  it("accepts screen filters with an empty bound", () => {
    expect(validateParams("screen_companies", { filters: "roic:15:;net_debt_to_ebitda::2" }).filters).toEqual(["roic:15:", "net_debt_to_ebitda::2"]);
  });

  it("rejects a screen filter that is not metric:min:max", () => {
    expect(rejection(() => validateParams("screen_companies", { filters: "roic>15" })).param).toBe("filters");
  });

  it("rejects an unknown screen metric with suggestions", () => {
    expect(rejection(() => validateParams("screen_companies", { filters: "roi:1:" })).message).toMatch(/Closest: .*roi/);
  });

  it("rejects a quarter that is neither a date nor YYYYQn", () => {
    expect(rejection(() => validateParams("get_investor", { query: "x", quarter: "last" })).param).toBe("quarter");
    expect(validateParams("get_investor", { query: "x", quarter: "2024q4" }).quarter).toBe("2024-12-31");
  });

  it("builds the same request key whatever the parameter order", () => {
    expect(requestKey("list_filings", { limit: 5, ticker: "AAPL" })).toBe(requestKey("list_filings", { ticker: "AAPL", limit: 5 }));
  });
});
