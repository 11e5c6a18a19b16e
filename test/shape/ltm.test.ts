/** LTM rules as properties over random quarterly series (shape/ltm.ts, shape/financials.ts ltmView). */
import { ltmView } from "../../src/shape/financials";
import { consecutiveQuarters, ltmComponents, ltmRule, ltmValue } from "../../src/shape/ltm";

function rng(seed: number) {
  return () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
}
const labels = (n: number, from = 2020) => Array.from({ length: n }, (_, i) => `${from + Math.floor(i / 4)}Q${(i % 4) + 1}`);

describe("LTM", () => {
  it("sums flows, takes balance items latest, averages diluted shares, recomputes ratios (random series)", () => {
    const r = rng(7);
    for (let t = 0; t < 50; t++) {
      const n = 8 + Math.floor(r() * 8);
      const L = labels(n);
      const rev = L.map(() => 100 + r() * 900);
      const gp = rev.map((v) => v * (0.2 + r() * 0.5));
      const cash = L.map(() => r() * 500);
      const sh = L.map(() => 10 + r());
      const data = [{ periods: L, period_ends: L.map(() => "2026-01-01"), metrics: [
        { key: "revenue", unit_kind: "currency", values: rev },
        { key: "gross_profit", unit_kind: "currency", values: gp },
        { key: "gross_margin", unit_kind: "ratio", values: L.map(() => 0.99) },
        { key: "revenue_growth", unit_kind: "ratio", values: L.map(() => 0.99) },
        { key: "shares_diluted", unit_kind: "shares", values: sh },
      ] }];
      const e = n - 1;
      const v = ltmView(data, "income", ["revenue", "gross_margin", "revenue_growth", "shares_diluted"], [e], [0]);
      const bal = ltmView([{ periods: L, metrics: [{ key: "cash", unit_kind: "currency", values: cash }] }], "balance", ["cash"], [e], [0]);
      const sum = (a: number[], end: number) => a.slice(end - 3, end + 1).reduce((x, y) => x + y, 0);
      expect(v.rows[0].values[0]).toBeCloseTo(sum(rev, e), 6);
      expect(v.rows[1].values[0]).toBeCloseTo(sum(gp, e) / sum(rev, e), 9);
      expect(v.rows[2].values[0]).toBeCloseTo(sum(rev, e) / sum(rev, e - 4) - 1, 9);
      expect(v.rows[3].values[0]).toBeCloseTo(sum(sh, e) / 4, 9);
      expect(bal.rows[0].values[0]).toBe(cash[e]);
      expect(v.labels).toEqual(["LTM (computed)"]);
    }
  });

  it("is blank when a quarter of the window is missing, or the quarters are not consecutive", () => {
    const L = labels(8);
    const vals = [1, 2, 3, 4, 5, null, 7, 8];
    expect(ltmValue("revenue", ltmRule("revenue", "income"), () => vals, 7)).toBeNull();
    expect(ltmValue("revenue", ltmRule("revenue", "income"), () => vals, 4)).toBe(14);
    const holed = ["2024Q1", "2024Q2", "2024Q4", "2025Q1", "2025Q2"];
    expect(consecutiveQuarters(holed, 4)).toBe(false);
    expect(consecutiveQuarters(L, 7)).toBe(true);
    const v = ltmView([{ periods: holed, metrics: [{ key: "revenue", values: [1, 1, 1, 1, 1] }] }], "income", ["revenue"], [4], [0]);
    expect(v.rows[0].values).toEqual([null]);
    expect(v.rows[0].sources[0]?.formula).toMatch(/not four consecutive/);
  });

  it("leaves a dictionary line that is not money blank rather than guess", () => {
    expect(ltmRule("tier1_ratio", "income", "ratio")).toBeNull();
    expect(ltmRule("net_interest_income", "income", "currency")).toEqual({ kind: "sum" });
    expect(ltmRule("deposits", "balance", "currency")).toEqual({ kind: "latest" });
  });

  it("names the components a ratio needs", () => {
    expect(ltmComponents(["gross_margin", "revenue"], "income")).toEqual(["gross_profit"]);
    expect(ltmComponents(["fcf_margin"], "cash_flow")).toEqual(["fcf", "revenue"]);
    expect(ltmComponents(["cash"], "balance")).toEqual([]);
  });
});
