/**
 * No silent wrong answer: every argument whose meaning is known is checked before
 * a call. Form types are matched to the list of SEC form types (10K, 10k, 10-k -> 10-K; unknown ->
 * #VALUE! with the closest), screen filters that look like fractions on percent metrics are refused
 * with the reading they probably meant, parties and transaction types are matched with the words
 * analysts use, and an economy series typed as words names the series it probably meant.
 */
import { FORM_TYPES, formTypeKey } from "../../src/api/forms";
import { validateParams } from "../../src/api/validate";
import { canonicalise } from "../../src/api/canonical";
import { rejection } from "./gen";

describe("form types (list_filings form_type)", () => {
  it.each([
    ["10K", "10-K"],
    ["10k", "10-K"],
    ["10-k", "10-K"],
    [" 10 - Q ", "10-Q"],
    ["def14a", "DEF 14A"],
    ["DEF 14A", "DEF 14A"],
    ["8k", "8-K"],
    ["10-K/A", "10-K/A"],
    ["10ka", "10-K/A"],
    ["sc 13g/a", "SC 13G/A"],
    ["20f", "20-F"],
    [4, "4"],
  ])("reads %p as %p", (typed, sent) => {
    expect(validateParams("list_filings", { ticker: "AAPL", form_type: typed }).form_type).toBe(sent);
  });

  it("gives every spelling of one form the same request key", () => {
    const keys = ["10K", "10-k", "10 K"].map((f) => canonicalise("list_filings", { ticker: "AAPL", form_type: f }).key);
    expect(new Set(keys).size).toBe(1);
  });

  it("refuses an unknown form type before any call, with the closest forms", () => {
    const e = rejection(() => validateParams("list_filings", { ticker: "AAPL", form_type: "10-X" }));
    expect(e.kind).toBe("invalid_argument");
    expect(e.param).toBe("form_type");
    expect(e.message).toMatch(/form_type "10-X" is not an SEC form type/);
    expect(e.message).toMatch(/closest: 10-K/);
  });

  it("keeps the list free of two forms that read alike", () => {
    const keys = FORM_TYPES.map(formTypeKey);
    expect(new Set(keys).size).toBe(keys.length);
    for (const f of ["10-K", "10-Q", "8-K", "4", "DEF 14A", "20-F"]) expect(FORM_TYPES).toContain(f); // the spec's examples
  });
});

describe("screen filter units", () => {
  it("refuses a fraction on a percent metric with the probable reading", () => {
    const e = rejection(() => validateParams("screen_companies", { filters: "roic:0.15:" }));
    expect(e.param).toBe("filters");
    expect(e.message).toMatch(/"roic:0\.15:" would mean 0\.15 %/);
    expect(e.message).toMatch(/roic:15: means at least 15 %/);
  });

  it("reads both bounds the same way", () => {
    expect(rejection(() => validateParams("screen_companies", { filters: "gross_margin:0.4:0.6" })).message).toMatch(/gross_margin:40:60 means 40 % to 60 %/);
  });

  it("accepts percent bounds, and an explicit % for a small percent", () => {
    expect(validateParams("screen_companies", { filters: "roic:15:" }).filters).toEqual(["roic:15:"]);
    expect(validateParams("screen_companies", { filters: "roic:0.15%:" }).filters).toEqual(["roic:0.15:"]);
    expect(validateParams("screen_companies", { filters: "revenue_growth_yoy:-5:" }).filters).toEqual(["revenue_growth_yoy:-5:"]);
  });

  it("refuses a USD metric given in dollars rather than USD millions", () => {
    const e = rejection(() => validateParams("screen_companies", { filters: "revenue_ttm:1000000000:" }));
    expect(e.message).toMatch(/USD millions/);
    expect(e.message).toMatch(/revenue_ttm:1000:/);
  });

  it("refuses a % on a metric that is not a percent", () => {
    expect(rejection(() => validateParams("screen_companies", { filters: "net_debt_to_ebitda::2%" })).message).toMatch(/not a percent metric/);
  });

  it("refuses a flag bound other than 1 or 0", () => {
    expect(rejection(() => validateParams("screen_companies", { filters: "founder_led:2:" })).message).toMatch(/1 \(yes\) or 0 \(no\)/);
    expect(validateParams("screen_companies", { filters: "founder_led:1:" }).filters).toEqual(["founder_led:1:"]);
  });
});

describe("parties, chambers and transaction types (get_congress_feed)", () => {
  it.each([
    ["party", "dem", "Democrat"],
    ["party", "Democratic", "Democrat"],
    ["party", "R", "Republican"],
    ["party", "gop", "Republican"],
    ["party", "independent", "Independent"],
    ["transaction_type", "buy", "purchase"],
    ["transaction_type", "Sell", "sale"],
    ["transaction_type", "Purchase", "purchase"],
    ["chamber", "Senate", "senate"],
  ])("reads %s %p as %p", (param, typed, sent) => {
    expect(validateParams("get_congress_feed", { [param]: typed })[param]).toBe(sent);
  });

  it("refuses an unknown party with the parties the API lists", () => {
    const e = rejection(() => validateParams("get_congress_feed", { party: "Green" }));
    expect(e.param).toBe("party");
    expect(e.message).toMatch(/Democrat, Republican or Independent/);
  });
});

describe("economy series typed as words", () => {
  it("names the series whose label has the words", () => {
    const e = rejection(() => validateParams("get_economy", { series_id: "UNEMPLOYMENT" }));
    expect(e.param).toBe("series_id");
    expect(e.message).toMatch(/UNRATE \(Unemployment rate\)/);
  });

  it("matches several words, in any order", () => {
    expect(rejection(() => validateParams("get_economy", { series_id: "mortgage rate 30" })).message).toMatch(/MORTGAGE30US/);
    expect(rejection(() => validateParams("get_economy", { series_id: "jobless claims" })).message).toMatch(/ICSA.*CCSA|CCSA.*ICSA/);
  });

  it("still accepts an id in any case", () => {
    expect(validateParams("get_economy", { series_id: "unrate" }).series_id).toBe("UNRATE");
  });
});
