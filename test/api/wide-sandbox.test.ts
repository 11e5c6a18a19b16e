/**
 * Ask wide, answer narrow against the sandbox API (test/fakes/api, written from the spec by another
 * hand): for narrow requests of every tool with a rule, slicing the wide answer gives exactly the
 * sandbox's own answer to the narrow request.
 */
import { ToolName } from "../../src/api/catalogue";
import { CanonicalRequest, canonicalise } from "../../src/api/canonical";
import { covers, sliceData, widen } from "../../src/api/wide";
import { loadDictionary } from "../../src/api/dictionary";
import { RawParams, ToolParams } from "../../src/api/validate";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi({});
  api.setLatency(0);
});
afterAll(async () => {
  await api.close();
});

function query(params: ToolParams): string {
  return Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(Array.isArray(v) ? v.join(",") : String(v))}`)
    .join("&");
}

async function data(tool: ToolName, params: ToolParams): Promise<Record<string, unknown>> {
  const res = await fetch(`${api.url}/api/public/v1/${tool}?${query(params)}`, { headers: { Authorization: `Bearer ${SANDBOX_API_KEY}` } });
  const body = (await res.json()) as { data: Record<string, unknown>; detail?: string };
  if (res.status !== 200) throw new Error(`${tool}?${query(params)}: ${res.status} ${body.detail}`);
  return body.data;
}

const CASES: [ToolName, RawParams][] = [
  ["search_companies", { query: "a", limit: 3 }],
  ["get_financials", { ticker: "AAPL", metrics: "net_income,revenue", years: 3 }],
  ["get_financials", { ticker: "AAPL", statement: "balance", period_type: "quarterly", years: 2 }],
  ["get_financials", { ticker: "AAPL", statement: "cash_flow", metrics: "fcf", years: 1, include_provenance: true }],
  ["get_financials", { ticker: "JPM", metrics: "revenue", period_type: "quarterly", years: 1 }],
  ["get_reported_financials", { ticker: "AAPL", limit: 5 }],
  ["list_filings", { ticker: "AAPL", limit: 4 }],
  ["list_filings", { ticker: "AAPL", form_type: "10-k", limit: 2 }],
  ["get_insider_trades", { ticker: "AAPL", limit: 3 }],
  ["get_insider_feed", { days: 30, buys_only: false, limit: 4 }],
  ["get_congress_trades", { ticker: "AAPL", limit: 2 }],
  ["get_congress_feed", { days: 365, limit: 5 }],
  ["get_headlines", { ticker: "AAPL", limit: 2 }],
  ["get_economy", { series_id: "UNRATE", range: "5Y" }],
  ["get_economy", { series_id: "DGS10", range: "10Y" }],
  ["get_leadership", { ticker: "AAPL", years: 2 }],
  ["get_institutional_holders", { ticker: "AAPL", limit: 3 }],
  ["get_investor", { query: "Harborview", limit: 3 }],
  ["get_investor", { query: "Harborview", view: "changes", limit: 3 }],
  ["get_short_interest", { ticker: "AAPL", periods: 3 }],
  ["screen_companies", { filters: "roic:0:", limit: 3 }],
  ["screen_companies", { filters: "ROIC: 0.0 :", descending: false, limit: 2 }],
];

describe("wide answers sliced = the sandbox's narrow answers", () => {
  test.each(CASES.map(([t, r]) => [`${t} ${JSON.stringify(r)}`, t, r] as const))("%s", async (_name, tool, raw) => {
    const req: CanonicalRequest = canonicalise(tool, raw);
    const wide = widen(req);
    expect(covers(wide.params, req)).toBe(true);
    const narrow = await data(tool, req.params);
    const wideData = await data(tool, wide.params);
    expect(sliceData(req, wide.params, wideData)).toEqual(narrow);
  });
});

describe("with the sandbox's dictionary read", () => {
  it("the wide get_financials call asks every dictionary line of the statement and the sandbox accepts it", async () => {
    const dict = await loadDictionary(api.url, (url, init) => fetch(url, init));
    expect(dict.fromApi).toBe(true);
    for (const ticker of ["JPM", "AAPL"]) {
      const req = canonicalise("get_financials", { ticker, metrics: "net_income", years: 2 }, { dictionary: dict });
      const wide = widen(req, { dictionary: dict });
      expect(wide.params.metrics).toEqual(expect.arrayContaining([...dict.financialMetrics("income")]));
      const wideData = await data("get_financials", wide.params);
      expect(sliceData(req, wide.params, wideData)).toEqual(await data("get_financials", req.params));
    }
  });
});
