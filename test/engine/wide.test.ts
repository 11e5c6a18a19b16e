/**
 * Ask wide, answer narrow, through the engine: equivalent formulas cost one request for every tool,
 * and a model typed one cell at a time costs one call per distinct identity. The identities here are
 * written out from the rule (tool + ticker/query + parameters that change the content), not
 * computed with the engine's own rules.
 */
import { TOOLS, TOOL_NAMES, ToolName } from "../../src/api/catalogue";
import { createEngine } from "../../src/engine";
import { FakeClient } from "./fakeClient";

const SAMPLE: Record<string, unknown> = {
  ticker: "AAPL",
  query: "apple",
  accession_number: "0000320193-24-000123",
  filters: "roic:15:",
  series_id: "DGS10",
};

/** The minimal request: required parameters only (economy: a history series). */
function minimal(tool: ToolName): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const p of TOOLS[tool].params) if (p.required || (tool === "get_economy" && p.name === "series_id")) out[p.name] = SAMPLE[p.name];
  return out;
}

/** The same request spelled differently: every stated default written out, and lower-case text where case does not matter. */
function spelledOut(tool: ToolName): Record<string, unknown> {
  const out = minimal(tool);
  for (const p of TOOLS[tool].params) if (p.default !== undefined && out[p.name] === undefined) out[p.name] = p.default;
  if (typeof out.ticker === "string") out.ticker = (out.ticker as string).toLowerCase();
  return out;
}

describe("equivalent formulas cost one request (every tool)", () => {
  it.each(TOOL_NAMES.map((t) => [t]))("%s: defaults omitted or spelled out, any case", async (tool) => {
    const client = new FakeClient({ latencyMs: 1 });
    const engine = createEngine({ client, windowMs: 1 });
    const a = minimal(tool as ToolName);
    const b = spelledOut(tool as ToolName);
    await Promise.all([engine.request(tool as ToolName, a), engine.request(tool as ToolName, b)]);
    await engine.request(tool as ToolName, b);
    await engine.request(tool as ToolName, a);
    expect(client.log).toHaveLength(1);
  });

  it.each([
    ["get_institutional_holders", { ticker: "AAPL" }, { ticker: "AAPL", limit: 20 }],
    ["get_economy", { series_id: "UNRATE" }, { series_id: "UNRATE", range: "5Y" }],
    ["get_economy", {}, { range: "MAX" }],
    ["get_insider_feed", {}, { days: 7, buys_only: true, min_value_usd: null, clusters: false, limit: 25 }],
    ["get_leadership", { ticker: "AAPL" }, { ticker: "AAPL", years: 5 }],
    ["screen_companies", { filters: "roic:15:" }, { filters: "roic:15.0:" }],
    ["list_filings", { ticker: "AAPL" }, { ticker: "aapl", limit: 20 }],
  ] as Array<[ToolName, Record<string, unknown>, Record<string, unknown>]>)("the issue's examples: %s %j = %j", async (tool, a, b) => {
    const client = new FakeClient({ latencyMs: 1 });
    const engine = createEngine({ client, windowMs: 1 });
    await engine.request(tool, a);
    await engine.request(tool, b);
    expect(client.log).toHaveLength(1);
  });
});

describe("cell-by-cell typing costs one call per identity", () => {
  it("a model typed one formula at a time, each a separate evaluation sharing the cache", async () => {
    const client = new FakeClient({ latencyMs: 1 });
    const engine = createEngine({ client, windowMs: 1 });
    const tickers = ["AAPL", "MSFT", "NVDA", "JPM", "KO", "XOM"];
    const income = ["revenue", "gross_profit", "operating_income", "net_income", "eps_diluted", "ebitda", "rd_expense"];
    const balance = ["cash", "total_assets", "total_liabilities"];
    const cells: Array<[ToolName, Record<string, unknown>]> = [];
    const identities = new Set<string>();
    tickers.forEach((t, i) => {
      income.forEach((m, j) => cells.push(["get_financials", { ticker: t, metrics: m, years: 1 + ((i + j) % 10) }]));
      balance.forEach((m) => cells.push(["get_financials", { ticker: t, statement: "balance", metrics: m, years: 3 }]));
      cells.push(["get_financials", { ticker: t, metrics: "revenue", period_type: "quarterly", years: 2 }]);
      cells.push(["get_financials", { ticker: t }]);
      [5, 20, 50, 100].forEach((n) => cells.push(["get_institutional_holders", { ticker: t, limit: n }]));
      [3, 10].forEach((n) => cells.push(["get_headlines", { ticker: t, limit: n }]));
      cells.push(["get_leadership", { ticker: t, years: 1 + i }]);
      identities.add(`fin|${t}|income|annual`).add(`fin|${t}|balance|annual`).add(`fin|${t}|income|quarterly`);
      identities.add(`holders|${t}`).add(`headlines|${t}`).add(`leadership|${t}`);
    });
    for (const range of ["1Y", "5Y", "10Y", "MAX"]) cells.push(["get_economy", { series_id: "UNRATE", range }]);
    identities.add("economy|UNRATE|1Y").add("economy|UNRATE|long");
    for (const [tool, params] of cells) await engine.request(tool, params);
    expect(engine.stats().calls).toBe(identities.size);
    expect(client.log).toHaveLength(identities.size);
  });
});
