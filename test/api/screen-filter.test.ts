import { canonicalise } from "../../src/api/canonical";
import { formatScreenFilter, parseScreenFilter } from "../../src/api/screen-filter";
import { int, pick, rng, rejection } from "./gen";

/** Parse and re-format, as validation does before the units check: every spelling of one filter gives the same text. */
const canonicalScreenFilter = (text: string): string => formatScreenFilter(parseScreenFilter(text));

describe("screen filters", () => {
  it("the issue's spellings are accepted and share one canonical form", () => {
    expect(canonicalScreenFilter("ROIC:15:")).toBe("roic:15:");
    expect(canonicalScreenFilter("roic: 15 :")).toBe("roic:15:");
    expect(canonicalScreenFilter(" roic :15.0: ")).toBe("roic:15:");
    expect(canonicalScreenFilter("roic:+15:")).toBe("roic:15:");
    expect(canonicalScreenFilter("roic:1.5e1:")).toBe("roic:15:");
    expect(canonicalScreenFilter("roic:.5:")).toBe("roic:0.5:");
    expect(canonicalScreenFilter("roic:0.50:")).toBe("roic:0.5:");
    expect(canonicalScreenFilter("net_debt_to_ebitda::2.")).toBe("net_debt_to_ebitda::2");
    expect(canonicalScreenFilter("roic:-0:")).toBe("roic:0:");
  });

  it("as a request: ROIC:15:, roic: 15 :, roic:15.0: are one key; roic:.5%: another", () => {
    const key = (f: string): string => canonicalise("screen_companies", { filters: f }).key;
    expect(new Set([key("ROIC:15:"), key("roic: 15 :"), key("roic:15.0:"), key("Roic:15:;")]).size).toBe(1);
    expect(key("roic:.5%:")).toBe(key("roic:0.5%:"));
    expect(key("roic:.5%:")).not.toBe(key("roic:15:"));
    expect(key("roic:15%:")).toBe(key("roic:15:")); // a % only says "percent": it is not sent
  });

  it("property: any spelling of a number gives the same canonical filter", () => {
    const r = rng(21);
    for (let i = 0; i < 500; i++) {
      const n = int(r, -5000, 5000) / pick(r, [1, 10, 100, 1000]);
      const spellings = [String(n), n.toFixed(3), n.toExponential(), `${n >= 0 ? "+" : ""}${n}`, ` ${n} `];
      const forms = new Set(spellings.map((s) => canonicalScreenFilter(`roic:${s}:`)));
      expect(forms.size).toBe(1);
      expect(parseScreenFilter([...forms][0]).min).toBe(n === 0 ? 0 : n);
    }
  });

  it("refuses what a float parser refuses, naming filters", () => {
    for (const bad of ["roic:1,000:", "roic:abc:", "roic:inf:", "roic:NaN:", "roic>15", "roic:1:2:3", "roic::", ":1:"]) {
      const e = rejection(() => parseScreenFilter(bad));
      expect(e.kind).toBe("invalid_argument");
      expect(e.param).toBe("filters");
    }
    expect(rejection(() => parseScreenFilter("roic:5:1")).message).toMatch(/min is greater than max/);
  });

  it("an unknown metric is refused with suggestions; an analyst's word for one is read as it", () => {
    expect(rejection(() => canonicalise("screen_companies", { filters: "return_on_equty:10:" })).message).toMatch(/Closest: roe/);
    expect(canonicalise("screen_companies", { filters: "return_on_equity:10:" }).params.filters).toEqual(["roe:10:"]);
  });
});
