/** The sandbox's test controls: a value restated by a 10-K/A, a newer fiscal year, a new insider-feed row (spec shapes). */
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi({ controlEndpoint: true });
});
afterAll(() => api.close());
afterEach(() => api.edits.reset());

async function tool(name: string, query: string): Promise<Record<string, unknown>> {
  const r = await fetch(`${api.url}/api/public/v1/${name}?${query}`, { headers: { Authorization: `Bearer ${SANDBOX_API_KEY}` } });
  expect(r.status).toBe(200);
  return ((await r.json()) as { data: Record<string, unknown> }).data;
}

type Metric = { values: number[]; provenance: { period: string; accession_number: string; form: string }[] };
const revenue = async (ticker: string) => {
  const d = await tool("get_financials", `ticker=${ticker}&metrics=revenue&years=3&include_provenance=true`);
  return { periods: d.periods as string[], m: (d.metrics as Metric[])[0] };
};

test("revise: the latest year's value and its provenance name the 10-K/A; other values unchanged", async () => {
  const before = await revenue("MSFT");
  const r = api.edits.revise({ ticker: "MSFT", metric: "revenue", value: 241_900 });
  const after = await revenue("MSFT");
  expect(after.periods).toEqual(before.periods);
  expect(after.m.values.slice(0, 2)).toEqual(before.m.values.slice(0, 2));
  expect(after.m.values[2]).toBe(241_900);
  expect(after.m.provenance[2]).toMatchObject({ period: r.period, accession_number: r.accession, form: "10-K/A" });
  expect(r.accession).toMatch(/^0000789019-26-000012$/);
});

test("add a fiscal year: the periods move by one, a 10-K accession for the new year", async () => {
  const before = await revenue("AAPL");
  const label = api.edits.addFiscalYear("AAPL");
  const after = await revenue("AAPL");
  expect(after.periods).toEqual([...before.periods.slice(1), label]);
  expect(after.m.provenance[2]).toMatchObject({ period: label, form: "10-K" });
});

test("add a feed row over the control endpoint: it heads the insider feed", async () => {
  const before = (await tool("get_insider_feed", "days=7&buys_only=true")).trades as unknown[];
  const res = await fetch(`${api.url}/__fake/edits`, { method: "POST", body: JSON.stringify({ add_feed_row: { ticker: "NVDA" } }) });
  expect(res.status).toBe(200);
  const after = (await tool("get_insider_feed", "days=7&buys_only=true")).trades as Record<string, unknown>[];
  expect(after).toHaveLength(before.length + 1);
  expect(after[0]).toMatchObject({ ticker: "NVDA", code: "P", owner: "Sandbox, Avery" });
  expect(after.slice(1)).toEqual(before);
  const bad = await fetch(`${api.url}/__fake/edits`, { method: "POST", body: "{}" });
  expect(bad.status).toBe(400);
});
