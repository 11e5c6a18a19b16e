/**
 * requestsFor(fn, args) is exactly what each custom function asks the engine, so the
 * pane's price of a refresh is what recalculation spends. Checked for every function with a stub
 * engine that records its requests.
 */
import { TOOLS, TOOL_NAMES, ToolName } from "../../src/api/catalogue";
import { CellRuntime, cellRuntime } from "../../src/functions/runtime";
import { Engine, EngineAnswer } from "../../src/engine/types";
import { callFunction } from "../../src/functions/call";
import { CELLS } from "../../src/functions/cells";
import { requestsFor } from "../../src/functions/requests";
import { PlanRequest } from "../../src/engine/types";
import { readCellError } from "./cell-failure";
import { parseDictionary } from "../../src/api/dictionary";

/** What the cells run with: the engine of each test (no module holds it). */
let rt: CellRuntime;

const quarters = Array.from({ length: 12 }, (_, i) => `${2024 + Math.floor(i / 4)}Q${(i % 4) + 1}`);
const ends = quarters.map((_, i) => new Date(Date.UTC(2024, 2 + 3 * i + 1, 0)).toISOString().slice(0, 10));

function answerFor(tool: ToolName, params: Record<string, unknown>): EngineAnswer {
  let data: Record<string, unknown> = {};
  if (tool === "get_financials") {
    const q = params.period_type === "quarterly";
    const periods = q ? quarters : ["FY2022", "FY2023", "FY2024", "FY2025", "FY2026"];
    const keys = (params.metrics as string[] | undefined) ?? ["revenue"];
    data = { periods, period_ends: q ? ends : ["2022-09-24", "2023-09-30", "2024-09-28", "2025-09-27", "2026-09-26"], metrics: keys.map((k) => ({ key: k, values: periods.map((_, i) => i + 1) })) };
  }
  return { data, link: "https://example.test/x", text: "", stale: false, fetchedAt: 1 };
}

let log: PlanRequest[] = [];
const stub: Engine = {
  async request(tool, params) {
    log.push({ tool, params });
    return answerFor(tool, params as Record<string, unknown>);
  },
  stats: () => ({ calls: 0, cache_hits: 0, coalesced: 0, retries: 0, quota_remaining: null }),
  clearCache: async () => undefined,
};

beforeEach(() => {
  log = [];
  rt = cellRuntime(stub);
});

const CASES: Array<[string, unknown[]]> = [
  ["SEARCH", ["apple", 5]],
  ["COMPANY", ["AAPL"]],
  ["COMPANY", ["AAPL", "name"]],
  ["FINANCIALS", ["AAPL", "revenue,net_income", 5]],
  ["FINANCIALS", ["AAPL", [["gross_margin"]], "LTM"]],
  ["FINANCIALS", ["AAPL", "fcf_margin", "LTM-1:LTM"]],
  ["FINANCIALS", ["AAPL", "cash", "FQ-3:FQ", "statement=balance"]],
  ["FINANCIALS", ["AAPL", "revenue", "FY2023"]],
  ["REPORTED", ["AAPL", "income", "segments", 2025, "FY", 10]],
  ["FILINGS", ["AAPL", "10-K", 5]],
  ["SUMMARY", ["AAPL"]],
  ["INSIDERS", ["AAPL", 10]],
  ["INSIDERFEED", [7, true, 100000, false, 25]],
  ["CONGRESS", ["AAPL"]],
  ["CONGRESSFEED", [30, "Pelosi", null, "house", "purchase", 10]],
  ["HEADLINES", ["AAPL", 5]],
  ["ECONOMY", ["UNRATE", "1Y"]],
  ["LEADERSHIP", ["AAPL", 3]],
  ["HOLDERS", ["AAPL"]],
  ["INVESTOR", ["Berkshire", "2025Q2", "changes", 10]],
  ["SHORTINTEREST", ["AAPL", 6]],
  ["PEERS", ["AAPL"]],
  ["SCREEN", [[["roic:15:"]], "roic", true, 10]],
  ["PERIODS", ["AAPL", "FQ-3:FQ"]],
  ["PERIODS", ["AAPL"]],
];

describe("requestsFor", () => {
  it("covers every SVC function", () => {
    const covered = new Set(CASES.map(([fn]) => fn));
    expect([...Object.keys(CELLS)].filter((f) => !covered.has(f))).toEqual([]);
  });

  it.each(CASES)("%s%p asks the engine exactly what requestsFor says", async (fn, args) => {
    const planned = requestsFor(fn, args);
    try {
      await callFunction(rt, fn, args, { address: "Sheet1!A1" });
    } catch (e) {
      if (!readCellError(e)) throw e;
    }
    expect(log).toEqual(planned);
  });

  it("accepts SVC.-prefixed and lower-case names", () => {
    expect(requestsFor("svc.filings", ["AAPL"])).toEqual(requestsFor("FILINGS", ["AAPL"]));
  });

  it("maps record arguments by the catalogue's argument order", () => {
    for (const t of TOOL_NAMES) {
      if (t === "get_financials") continue;
      const args = TOOLS[t].fnArgs.map((a) => (a === "options" ? null : `v_${a}`));
      const [req] = requestsFor(TOOLS[t].fn, args);
      for (const [name, v] of Object.entries(req.params)) expect(v).toBe(`v_${name}`);
    }
  });

  it("reads an SVC.COMPANY card as the ticker", () => {
    const card = { type: "Entity", text: "Apple Inc. (AAPL)", properties: { ticker: { type: "String", basicValue: "AAPL" } } };
    expect(requestsFor("FILINGS", [card])).toEqual(requestsFor("FILINGS", ["AAPL"]));
    expect(requestsFor("FINANCIALS", [card, "revenue"])).toEqual(requestsFor("FINANCIALS", ["AAPL", "revenue"]));
  });

  it("unwraps formatted numbers passed from other SVC cells", () => {
    expect(requestsFor("FILINGS", ["AAPL", null, { type: "Double", basicValue: 5, numberFormat: "General" }])).toEqual(requestsFor("FILINGS", ["AAPL", null, 5]));
  });

  it("asks for LTM ratio components, in a second request when they belong to another statement", () => {
    const [own, other] = requestsFor("FINANCIALS", ["AAPL", "fcf_margin", "LTM"]);
    expect(own.params).toMatchObject({ statement: "cash_flow", period_type: "quarterly", metrics: ["fcf_margin", "fcf"] });
    expect(other.params).toMatchObject({ statement: "income", period_type: "quarterly", metrics: ["revenue"] });
  });

  it("throws invalid_argument for a period the grammar does not read (the pane lists it as invalid)", () => {
    expect(() => requestsFor("FINANCIALS", ["AAPL", "revenue", "last year"])).toThrow(/period/);
    expect(() => requestsFor("NOPE", [])).toThrow(/not an SVC function/);
  });

  it("checks metrics against the runtime's dictionary: an industry line asks once it is known, never before", async () => {
    const banks = parseDictionary({ income: ["net_interest_income"] });
    expect(() => requestsFor("FINANCIALS", ["JPM", "net_interest_income", 5])).toThrow(/Unknown metric "net_interest_income"/);
    expect(requestsFor("FINANCIALS", ["JPM", "net_interest_income", 5], banks)[0].params.metrics).toEqual(["net_interest_income"]);
    // the cells: a runtime without that dictionary makes no call; one with it asks for the line
    await expect(callFunction(rt, "FINANCIALS", ["JPM", "net_interest_income", 5])).rejects.toThrow(/Unknown metric "net_interest_income"/);
    expect(log).toEqual([]);
    await callFunction(cellRuntime(stub, { dictionary: () => banks }), "FINANCIALS", ["JPM", "net_interest_income", 5]);
    expect(log.map((r) => r.params.metrics)).toEqual([["net_interest_income"]]);
  });
});
