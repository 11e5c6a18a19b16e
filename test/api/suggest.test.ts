import { FINANCIAL_METRICS, SCREEN_METRICS, STATEMENTS } from "../../src/api/catalogue";
import { suggest } from "../../src/api/suggest";
import { METRIC_TERMS, termKeys } from "../../src/api/vocabulary";
import { canonicalise } from "../../src/api/canonical";
import { SvcError } from "../../src/api/errors";

const ALL_FINANCIAL_METRICS = STATEMENTS.flatMap((s) => FINANCIAL_METRICS[s]);

describe("suggestions for an unknown key", () => {
  it("knows the finance aliases of the issue", () => {
    expect(suggest("eps", ALL_FINANCIAL_METRICS)[0]).toBe("eps_diluted");
    expect(suggest("eps", ALL_FINANCIAL_METRICS).slice(0, 2)).toEqual(["eps_diluted", "eps_basic"]);
    expect(suggest("sales", ALL_FINANCIAL_METRICS)[0]).toBe("revenue");
    expect(suggest("free_cash_flow", ALL_FINANCIAL_METRICS)[0]).toBe("fcf");
    expect(suggest("EBIT", ALL_FINANCIAL_METRICS)[0]).toBe("operating_income");
    expect(suggest("Free Cash Flow", ALL_FINANCIAL_METRICS)[0]).toBe("fcf");
  });

  it("stays within the statement's keys when the statement is known", () => {
    for (const s of Object.keys(FINANCIAL_METRICS) as (keyof typeof FINANCIAL_METRICS)[]) {
      for (const typed of ["eps", "sales", "debt", "cash", "xyz"]) {
        for (const k of suggest(typed, FINANCIAL_METRICS[s])) expect(FINANCIAL_METRICS[s]).toContain(k);
      }
    }
    expect(suggest("debt", FINANCIAL_METRICS.balance)[0]).toBe("total_debt");
  });

  it("every alias target is a real key of the spec lists", () => {
    const known = new Set([...ALL_FINANCIAL_METRICS, ...SCREEN_METRICS]);
    for (const alias of Object.keys(METRIC_TERMS)) for (const t of termKeys(alias)) expect([alias, known.has(t)]).toEqual([alias, true]);
  });

  it("falls back to edit distance for typos", () => {
    expect(suggest("revenu", ALL_FINANCIAL_METRICS)[0]).toBe("revenue");
    expect(suggest("totl_assets", ALL_FINANCIAL_METRICS)[0]).toBe("total_assets");
  });

  it("reaches the cell message: FINANCIALS \"eps\" means eps_diluted; a misspelling suggests it first", () => {
    expect(canonicalise("get_financials", { ticker: "AAPL", metrics: "eps" }).params.metrics).toEqual(["eps_diluted"]);
    try {
      canonicalise("get_financials", { ticker: "AAPL", metrics: "eps_dilluted" });
      throw new Error("accepted");
    } catch (e) {
      expect((e as SvcError).param).toBe("metrics");
      expect((e as SvcError).message).toMatch(/Closest: eps_diluted/);
    }
  });
});
