/**
 * Analyst vocabulary: TTM = LTM; calendar periods (CY2025, CQ3 2025) mapped through
 * each company's fiscal calendar and stated in the header; metric synonyms and labels ("sales",
 * "eps", "Net Income", "EBITDA") resolved through one table beside the dictionary; the whole income
 * statement, in the API's order, when no metric is given. End to end: the real functions, engine and
 * client against the fake API.
 */
import { ApiClient, staticCredentials } from "../../src/api/client";
import { FINANCIAL_METRICS } from "../../src/api/catalogue";
import { validateParams } from "../../src/api/validate";
import { createEngine } from "../../src/engine";
import { CellRuntime, cellRuntime } from "../../src/functions/runtime";
import { callFunction } from "../../src/functions/call";
import { parsePeriod } from "../../src/functions/period";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";
import { failure } from "./cell-failure";
import { readCellError } from "./cell-failure";
import { rejection } from "../api/gen";

/** What the cells run with: the engine of each test (no module holds it). */
let rt: CellRuntime;

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.reset();
  rt = cellRuntime(createEngine({ client: new ApiClient({ baseUrl: api.url, credentials: staticCredentials(SANDBOX_API_KEY), timeoutMs: 5000 }), retryDelayMs: 10 }));
});

async function grid(fn: string, ...args: unknown[]): Promise<unknown[][]> {
  try {
    return await callFunction(rt, fn, args, { address: "Sheet1!A1" });
  } catch (e) {
    const err = readCellError(e);
    throw new Error(`${fn} failed: ${err?.code} ${err?.message}`);
  }
}

describe("metric words analysts use", () => {
  it.each([
    ["sales", "revenue"],
    ["Sales", "revenue"],
    ["eps", "eps_diluted"],
    ["Net Income", "net_income"],
    ["EBITDA", "ebitda"],
    ["free cash flow", "fcf"],
    ["R&D", "rd_expense"],
  ])("reads %p as %p", (typed, key) => {
    expect(validateParams("get_financials", { ticker: "AAPL", statement: key === "fcf" ? "cash_flow" : "income", metrics: typed }).metrics).toEqual([key]);
  });

  it("still refuses a word that names several lines, with them", () => {
    const e = rejection(() => validateParams("get_financials", { ticker: "AAPL", metrics: "margin" }));
    expect(e.message).toMatch(/gross_margin, operating_margin, net_margin/);
  });

  it("gives =SVC.FINANCIALS(\"AAPL\",\"sales\") the same figures as \"revenue\", at no extra call", async () => {
    const a = await grid("FINANCIALS", "AAPL", "revenue", 3);
    const calls = api.requests();
    const b = await grid("FINANCIALS", "AAPL", "sales, Net Income", 3);
    expect(b[1]).toEqual(a[1]);
    expect(String(b[2][0])).toMatch(/^Net income/i);
    expect(api.requests()).toBe(calls);
  });
});

describe("TTM and calendar periods", () => {
  it("reads TTM as LTM", () => {
    expect(parsePeriod("TTM", 2026)).toEqual({ ...parsePeriod("LTM", 2026), text: "TTM" });
    expect(parsePeriod("ttm-1:ttm", 2026).pick).toEqual(parsePeriod("LTM-1:LTM", 2026).pick);
  });

  it("maps CQ3 2025 to the fiscal quarter the company's calendar puts there, and says which", async () => {
    const periods = await grid("PERIODS", "AAPL", "FQ-11:FQ");
    const row = periods.find((r) => r[3] === "CQ3 2025");
    expect(row).toBeDefined();
    const fiscal = String(row?.[0]);
    const byFiscal = await grid("FINANCIALS", "AAPL", "revenue", fiscal);
    const g = await grid("FINANCIALS", "AAPL", "revenue,net_income", "CQ3 2025");
    expect(g[0]).toEqual(["metric", `CQ3 2025 (${fiscal})`]);
    expect(g[1][1]).toBe(byFiscal[0][0]);
  });

  it("maps CY2025 to the four fiscal quarters in calendar 2025, summed like LTM", async () => {
    const periods = await grid("PERIODS", "AAPL", "FQ-11:FQ");
    const quarters = periods.filter((r) => /^CQ[1-4] 2025$/.test(String(r[3]))).map((r) => String(r[0]));
    expect(quarters).toHaveLength(4);
    const q = await grid("FINANCIALS", "AAPL", "revenue", `${quarters[0]}:${quarters[3]}`);
    const sum = (q[1].slice(1) as number[]).reduce((a, b) => a + b, 0);
    const g = await grid("FINANCIALS", "AAPL", "revenue,gross_margin", "CY2025");
    expect(g[0]).toEqual(["metric", `CY2025 (${quarters[0]} to ${quarters[3]})`]);
    expect(g[1][1] as number).toBeCloseTo(sum, 6);
    expect(typeof g[2][1]).toBe("number"); // a ratio recomputed from its parts
  });

  it("reads a run of calendar years", async () => {
    const g = await grid("FINANCIALS", "AAPL", "revenue", "CY2023:CY2025");
    expect(g[0].slice(1).map((l) => String(l).slice(0, 6))).toEqual(["CY2023", "CY2024", "CY2025"]);
  });
});

describe("the statement when no metric is given", () => {
  it("spills the whole income statement in the API's order", async () => {
    const g = await grid("FINANCIALS", "AAPL", null, "FY");
    const labels = g.slice(1).map((r) => String(r[0]));
    expect(labels).toHaveLength(FINANCIAL_METRICS.income.length);
    expect(labels[0]).toMatch(/^Revenue/);
    expect(labels[1]).toMatch(/^Cost of revenue/i);
  });

  it("spills the whole balance sheet with statement=balance", async () => {
    const g = await grid("FINANCIALS", "JPM", null, "FY", "statement=balance");
    expect(g.length - 1).toBeGreaterThanOrEqual(FINANCIAL_METRICS.balance.length);
  });

  it("names the empty ticker, not a missing metric, for =SVC.FINANCIALS(\"\")", async () => {
    const e = await failure(rt, "FINANCIALS", "");
    expect(e.code).toBe("#VALUE!");
    expect(e.message).toMatch(/^ticker is required/);
  });
});

describe("=SVC.FINANCIALS(ticker) as Excel registers it", () => {
  it("takes metrics as an optional argument, so a bare ticker is a formula Excel accepts", () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const golden = require("../metadata/functions.golden.json") as { functions: Array<{ id: string; parameters: Array<{ name: string; optional?: boolean }> }> };
    const fin = golden.functions.find((f) => f.id === "FINANCIALS");
    expect(fin?.parameters.find((p) => p.name === "metrics")?.optional).toBe(true);
  });
});
