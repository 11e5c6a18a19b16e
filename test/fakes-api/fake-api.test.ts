/** The fake Company Data API behaves like the spec says, strictly enough that client bugs fail loudly. */
import * as http from "http";
import { FakeApi, GATEWAY_429_HTML, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";
import { loadSpec } from "../spec/spec";

// The fake is checked against the spec's own lists (read by test/spec/spec.ts), never against src/api.
const SPEC = loadSpec();
type ToolName = string;
const TOOL_NAMES = SPEC.toolNames;
const FINANCIAL_METRICS = SPEC.financialMetrics;
const ECONOMY_SERIES = SPEC.seriesIds;

const KEY = SANDBOX_API_KEY;
const KEY2 = `svc_live_${"B".repeat(43)}`;

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi({ apiKeys: [KEY, KEY2] });
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.reset();
  api.setLatency(0);
});

function call(path: string, key: string | null = KEY, init: RequestInit = {}): Promise<Response> {
  const headers: Record<string, string> = key ? { Authorization: `Bearer ${key}` } : {};
  return fetch(`${api.url}/api/public/v1/${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
}
async function json(path: string, key: string | null = KEY): Promise<{ status: number; body: any; res: Response }> {
  const res = await call(path, key);
  return { status: res.status, body: await res.json(), res };
}

/** A valid request for every tool. */
const VALID: Record<ToolName, string> = {
  search_companies: "query=apple",
  get_company: "ticker=AAPL",
  get_financials: "ticker=AAPL",
  get_reported_financials: "ticker=AAPL",
  list_filings: "ticker=AAPL",
  get_filing_summary: "ticker=AAPL",
  get_insider_trades: "ticker=AAPL",
  get_insider_feed: "",
  get_congress_trades: "ticker=AAPL",
  get_congress_feed: "",
  get_headlines: "ticker=AAPL",
  get_economy: "",
  get_leadership: "ticker=AAPL",
  get_institutional_holders: "ticker=AAPL",
  get_investor: "query=Harborview",
  get_short_interest: "ticker=AAPL",
  get_peers: "ticker=AAPL",
  screen_companies: "filters=roic:10:",
};

describe("the fake Company Data API", () => {
  test("the sandbox key has the API key format", () => {
    expect(KEY).toMatch(/^svc_live_[A-Za-z0-9]{43}$/);
  });

  test.each(TOOL_NAMES)("%s answers 200 with text, a data object and a link for a valid request", async (tool) => {
    const { status, body, res } = await json(`${tool}?${VALID[tool]}`);
    expect(status).toBe(200);
    expect(typeof body.data).toBe("object");
    expect(Array.isArray(body.data)).toBe(false);
    expect(body.link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    const lines = String(body.text).split("\n");
    expect(lines[lines.length - 1]).toBe(`More: ${body.link}`);
    expect(res.headers.get("X-Quota-Remaining")).toMatch(/^\d+$/);
  });

  test("rejects a second concurrent call of one credential with 429", async () => {
    api.setLatency(150);
    const [a, b] = await Promise.all([call("get_company?ticker=AAPL"), new Promise((r) => setTimeout(r, 30)).then(() => call("get_company?ticker=MSFT"))]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(429);
    expect((await b.json()).detail).toBe("Another call with this credential is still running; retry when it finishes");
    expect(api.overlaps()).toBe(1);
  });

  test("calls of different credentials may run at the same time", async () => {
    api.setLatency(100);
    const [a, b] = await Promise.all([call("get_company?ticker=AAPL", KEY), call("get_company?ticker=AAPL", KEY2)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(api.maxConcurrent()).toBe(2);
    expect(api.overlaps()).toBe(0);
  });

  test("the busy 429 does not consume quota unless countRejected", async () => {
    api.setLatency(100);
    await Promise.all([call("get_company?ticker=AAPL"), new Promise((r) => setTimeout(r, 20)).then(() => call("get_company?ticker=AAPL"))]);
    expect(api.quotaRemaining(KEY)).toBe(1999);
    const strict = await startFakeApi({ countRejected: true, latencyMs: 100 });
    try {
      const go = (p: string) => fetch(`${strict.url}/api/public/v1/${p}`, { headers: { Authorization: `Bearer ${KEY}` } });
      await Promise.all([go("get_company?ticker=AAPL"), new Promise((r) => setTimeout(r, 20)).then(() => go("get_company?ticker=AAPL"))]);
      expect(strict.quotaRemaining(KEY)).toBe(1998);
    } finally {
      await strict.close();
    }
  });

  test("sequential calls never overlap in the request log", async () => {
    api.setLatency(10);
    for (const t of ["AAPL", "MSFT", "KO"]) await call(`get_company?ticker=${t}`);
    expect(api.calls()).toBe(3);
    const log = api.log;
    for (let i = 1; i < log.length; i++) expect(log[i].start).toBeGreaterThanOrEqual(log[i - 1].end);
    expect(log[0]).toMatchObject({ id: expect.any(Number), tool: "get_company", query: { ticker: "AAPL" }, credential: KEY, status: 200 });
    expect(api.overlaps()).toBe(0);
  });

  test("X-Quota-Remaining decrements on success and 429 arrives at zero", async () => {
    api.setQuota(2);
    const a = await call("get_company?ticker=AAPL");
    expect(a.headers.get("X-Quota-Remaining")).toBe("1");
    const b = await call("get_company?ticker=AAPL");
    expect(b.headers.get("X-Quota-Remaining")).toBe("0");
    const c = await call("get_company?ticker=AAPL");
    expect(c.status).toBe(429);
    expect((await c.json()).detail).toBe("Daily quota of 2000 calls used up; it resets at 00:00 UTC");
    expect(c.headers.get("X-Quota-Remaining")).toBeNull();
  });

  test("a failed call does not consume quota by default", async () => {
    await call("get_company?ticker=NOPE");
    await call("get_company?ticker=AAPL&limit=3");
    expect(api.quotaRemaining(KEY)).toBe(2000);
  });

  test("quota is counted per credential and per UTC day", async () => {
    let now = new Date("2026-11-01T23:59:00Z");
    const day = await startFakeApi({ quota: 1, now: () => now, apiKeys: [KEY, KEY2] });
    try {
      const go = (key: string) => fetch(`${day.url}/api/public/v1/get_company?ticker=AAPL`, { headers: { Authorization: `Bearer ${key}` } });
      expect((await go(KEY)).status).toBe(200);
      const spent = await go(KEY);
      expect(spent.status).toBe(429);
      expect((await spent.json()).detail).toBe("Daily quota of 1 calls used up; it resets at 00:00 UTC");
      expect((await go(KEY2)).status).toBe(200);
      now = new Date("2026-11-02T00:00:01Z");
      expect((await go(KEY)).status).toBe(200);
    } finally {
      await day.close();
    }
  });

  test("a missing credential gets 401 with WWW-Authenticate pointing at the resource metadata", async () => {
    const { status, body, res } = await json("get_company?ticker=AAPL", null);
    expect(status).toBe(401);
    expect(typeof body.detail).toBe("string");
    expect(res.headers.get("WWW-Authenticate")).toBe(`Bearer resource_metadata="${api.url}/.well-known/oauth-protected-resource/mcp"`);
  });

  test("an unknown or malformed API key gets 401", async () => {
    expect((await call("get_company?ticker=AAPL", `svc_live_${"Z".repeat(43)}`)).status).toBe(401);
    expect((await call("get_company?ticker=AAPL", "svc_live_short")).status).toBe(401);
    expect((await call("get_company?ticker=AAPL", "svc_at_whatever")).status).toBe(401);
  });

  test("OAuth access tokens are accepted through validateToken, sharing the connection's quota", async () => {
    const oauth = await startFakeApi({ validateToken: (t) => (t.startsWith("svc_at_conn1_") ? "conn1" : false) });
    try {
      const go = (t: string) => fetch(`${oauth.url}/api/public/v1/get_company?ticker=AAPL`, { headers: { Authorization: `Bearer ${t}` } });
      expect((await go("svc_at_conn1_a")).headers.get("X-Quota-Remaining")).toBe("1999");
      expect((await go("svc_at_conn1_b")).headers.get("X-Quota-Remaining")).toBe("1998");
      expect((await go("svc_at_other")).status).toBe(401);
      expect(oauth.quotaRemaining("conn1")).toBe(1998);
    } finally {
      await oauth.close();
    }
  });

  test("the paymentRequired switch answers 402 and the unavailable switch 503", async () => {
    api.setMode({ paymentRequired: true });
    expect((await call("get_company?ticker=AAPL")).status).toBe(402);
    api.setMode({ paymentRequired: false, unavailable: true });
    const r = await call("get_company?ticker=AAPL");
    expect(r.status).toBe(503);
    expect((await r.json()).detail).toBe("The API is temporarily switched off");
    api.setMode({ unavailable: false });
    expect((await call("get_company?ticker=AAPL")).status).toBe(200);
  });

  test("an unknown get_financials metric key is a 400 listing every valid key of the statement", async () => {
    const { status, body } = await json("get_financials?ticker=AAPL&statement=balance&metrics=cash,revnue");
    expect(status).toBe(400);
    expect(body.detail).toContain("revnue");
    for (const k of FINANCIAL_METRICS.balance) expect(body.detail).toContain(k);
  });

  test("a metric of another statement is a 400", async () => {
    const { status, body } = await json("get_financials?ticker=AAPL&metrics=revenue,cash");
    expect(status).toBe(400);
    expect(body.detail).toMatch(/cash.*balance/);
  });

  test("an out-of-bounds value is a 400 naming the parameter and the bounds", async () => {
    const { status, body } = await json("search_companies?query=apple&limit=26");
    expect(status).toBe(400);
    expect(body).toEqual({ detail: "limit must be between 1 and 25" });
  });

  test("wrong types and missing required parameters are 400s", async () => {
    expect((await json("get_financials?ticker=AAPL&years=two")).body.detail).toBe("years must be an integer");
    expect((await json("get_company")).body.detail).toBe("ticker is required");
    expect((await json("get_insider_feed?buys_only=maybe")).body.detail).toBe("buys_only must be true or false");
    expect((await json("get_financials?ticker=AAPL&statement=Income")).status).toBe(400);
  });

  test("validationStyle 422 reports bounds and missing parameters FastAPI-style", async () => {
    const strict = await startFakeApi({ validationStyle: "422" });
    try {
      const go = async (p: string) => {
        const r = await fetch(`${strict.url}/api/public/v1/${p}`, { headers: { Authorization: `Bearer ${KEY}` } });
        return { status: r.status, body: await r.json() };
      };
      const a = await go("search_companies?query=apple&limit=0");
      expect(a.status).toBe(422);
      expect(a.body.detail[0]).toMatchObject({ loc: ["query", "limit"], type: "greater_than_equal", msg: expect.any(String) });
      const b = await go("get_company");
      expect(b.status).toBe(422);
      expect(b.body.detail[0]).toMatchObject({ loc: ["query", "ticker"], type: "missing", msg: "Field required" });
    } finally {
      await strict.close();
    }
  });

  test("an unknown query parameter is a 400 naming it", async () => {
    const { status, body } = await json("get_company?ticker=AAPL&limit=3");
    expect(status).toBe(400);
    expect(body.detail).toContain("limit");
  });

  test("a single-valued parameter given twice is a 400", async () => {
    expect((await call("get_company?ticker=AAPL&ticker=MSFT")).status).toBe(400);
  });

  test("list parameters may be comma-separated or repeated", async () => {
    const a = await json("get_financials?ticker=AAPL&metrics=revenue,net_income");
    const b = await json("get_financials?ticker=AAPL&metrics=revenue&metrics=net_income");
    expect(a.body.data.metrics.map((m: any) => m.key)).toEqual(["revenue", "net_income"]);
    expect(b.body.data).toEqual(a.body.data);
    expect((await call("get_financials?ticker=AAPL&metrics=revenue,")).status).toBe(400);
  });

  test("unknown ticker, series and tool are 404s", async () => {
    expect(await json("get_company?ticker=ZZZZ")).toMatchObject({ status: 404, body: { detail: "Unknown ticker: ZZZZ" } });
    expect((await json("get_economy?series_id=NOPE")).status).toBe(404);
    expect((await json("get_everything?ticker=AAPL")).status).toBe(404);
  });

  test("CORS preflights get 204 with the allowed headers and methods", async () => {
    const r = await fetch(`${api.url}/api/public/v1/get_company?ticker=AAPL`, {
      method: "OPTIONS",
      headers: { Origin: "https://localhost:3000", "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "authorization" },
    });
    expect(r.status).toBe(204);
    expect(r.headers.get("Access-Control-Allow-Origin")).toBe("*");
    expect(r.headers.get("Access-Control-Allow-Headers")).toBe("Authorization, Content-Type");
    expect(r.headers.get("Access-Control-Allow-Methods")).toBe("GET, POST, OPTIONS");
    expect(r.headers.get("Access-Control-Max-Age")).toBe("600");
    expect(api.calls()).toBe(0);
  });

  test("every answer, errors included, carries Allow-Origin and exposes X-Quota-Remaining", async () => {
    for (const r of [await call("get_company?ticker=AAPL"), await call("get_company?ticker=AAPL", null), await call("get_company?ticker=ZZZZ")]) {
      expect(r.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(r.headers.get("Access-Control-Expose-Headers")).toContain("X-Quota-Remaining");
    }
  });

  test("allowedOrigins restricts Allow-Origin to the listed origins", async () => {
    const cors = await startFakeApi({ allowedOrigins: ["https://localhost:3000"] });
    try {
      const go = (origin: string) => fetch(`${cors.url}/api/public/v1/tools`, { headers: { Origin: origin } });
      expect((await go("https://localhost:3000")).headers.get("Access-Control-Allow-Origin")).toBe("https://localhost:3000");
      expect((await go("https://evil.example")).headers.get("Access-Control-Allow-Origin")).toBeNull();
    } finally {
      await cors.close();
    }
  });

  test("catalogue, dictionary, OpenAPI and resource metadata need no credential", async () => {
    const tools = await (await fetch(`${api.url}/api/public/v1/tools`)).json();
    expect(tools.tools.map((t: any) => t.name)).toEqual(TOOL_NAMES);
    expect(tools.tools[0].input_schema.type).toBe("object");
    const dict = await (await fetch(`${api.url}/api/public/v1/dictionary`)).json();
    // The spec's keys first, in its order, then the industry lines.
    expect(dict.financial_metrics.income.map((m: any) => m.key).slice(0, FINANCIAL_METRICS.income.length)).toEqual(FINANCIAL_METRICS.income);
    const oas = await (await fetch(`${api.url}/api/public/v1/openapi.json`)).json();
    expect(oas.openapi).toMatch(/^3\./);
    expect(oas.info.version).toBe("1");
    expect(Object.keys(oas.paths)).toHaveLength(18);
    const prm = await (await fetch(`${api.url}/.well-known/oauth-protected-resource/mcp`)).json();
    expect(prm).toMatchObject({ resource: `${api.url}/mcp`, authorization_servers: [api.url] });
    expect(api.calls()).toBe(0);
  });

  test("extra routes are mounted first", async () => {
    const withRoutes = await startFakeApi({
      routes: (req, res, url) => {
        if (url.pathname !== "/.well-known/oauth-authorization-server") return false;
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ issuer: "x" }));
        return true;
      },
    });
    try {
      expect(await (await fetch(`${withRoutes.url}/.well-known/oauth-authorization-server`)).json()).toEqual({ issuer: "x" });
    } finally {
      await withRoutes.close();
    }
  });

  test("extraFields adds unknown fields to the envelope, data and records", async () => {
    const extra = await startFakeApi({ extraFields: true });
    try {
      const r = await fetch(`${extra.url}/api/public/v1/list_filings?ticker=AAPL&limit=2`, { headers: { Authorization: `Bearer ${KEY}` } });
      const body = await r.json();
      expect(body.meta).toBeDefined();
      expect(body.data.x_debug).toBeDefined();
      expect(body.data.filings[0].x_new_field).toBeDefined();
    } finally {
      await extra.close();
    }
  });
});

describe("faults", () => {
  test("503, 429_busy, 429_quota and 500 faults answer those statuses in order", async () => {
    api.injectFaults(["503", "429_busy", "429_quota", "500"]);
    const statuses: number[] = [];
    const details: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await call("get_company?ticker=AAPL");
      statuses.push(r.status);
      details.push((await r.json()).detail);
    }
    expect(statuses).toEqual([503, 429, 429, 500, 200]);
    expect(details[1]).toMatch(/still running/);
    expect(details[2]).toMatch(/Daily quota/);
    expect(api.log.map((e) => e.fault)).toEqual(["503", "429_busy", "429_quota", "500", undefined]);
  });

  test("malformed answers are 200s without data or with truncated JSON", async () => {
    api.injectFaults(["malformed", "malformed"]);
    const a = await call("get_company?ticker=AAPL");
    expect(a.status).toBe(200);
    expect(JSON.parse(await a.text()).data).toBeUndefined();
    const b = await call("get_company?ticker=AAPL");
    expect(b.status).toBe(200);
    const text = await b.text();
    expect(() => JSON.parse(text)).toThrow();
  });

  test("non_json answers a 200 text/html page", async () => {
    api.injectFaults(["non_json"]);
    const r = await call("get_company?ticker=AAPL");
    expect(r.status).toBe(200);
    expect(r.headers.get("Content-Type")).toMatch(/text\/html/);
    expect(await r.text()).toMatch(/<html/);
  });

  test("drop destroys the socket mid-response", async () => {
    api.injectFaults(["drop"]);
    await expect(call("get_company?ticker=AAPL").then((r) => r.text())).rejects.toThrow();
    expect((await call("get_company?ticker=AAPL")).status).toBe(200);
  });

  test("hang never answers; aborting frees the credential", async () => {
    api.injectFaults(["hang"]);
    const ctrl = new AbortController();
    const p = call("get_company?ticker=AAPL", KEY, { signal: ctrl.signal });
    await new Promise((r) => setTimeout(r, 100));
    ctrl.abort();
    await expect(p).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 50));
    expect((await call("get_company?ticker=AAPL")).status).toBe(200);
  });

  test("close() ends hung requests", async () => {
    const hung = await startFakeApi({});
    hung.injectFaults(["hang"]);
    const p = fetch(`${hung.url}/api/public/v1/get_company?ticker=AAPL`, { headers: { Authorization: `Bearer ${KEY}` } });
    await new Promise((r) => setTimeout(r, 100));
    const t0 = Date.now();
    await hung.close();
    await expect(p).rejects.toThrow();
    expect(Date.now() - t0).toBeLessThan(2000);
  });

  test("setFaultRate draws faults from a seeded generator", async () => {
    const run = async () => {
      api.reset();
      api.setFaultRate(0.5, ["503", "500"], 42);
      const out: number[] = [];
      for (let i = 0; i < 12; i++) out.push((await call("get_company?ticker=AAPL")).status);
      return out;
    };
    const a = await run();
    const b = await run();
    expect(a).toEqual(b);
    expect(a.some((s) => s !== 200)).toBe(true);
    expect(a.some((s) => s === 200)).toBe(true);
  });
});

describe("sample data", () => {
  test("get_financials returns the last N fiscal years, or 4 quarters per year", async () => {
    const a = (await json("get_financials?ticker=AAPL&years=20")).body.data;
    expect(a.periods).toHaveLength(20);
    expect(a.periods[19]).toBe("FY2026");
    expect(a.period_ends[19]).toBe("2026-09-26");
    const m = (await json("get_financials?ticker=MSFT&period_type=quarterly&years=2")).body.data;
    expect(m.periods).toHaveLength(8);
    expect(m.periods[7]).toMatch(/^\d{4}Q[1-4]$/);
  });

  test("every metric key of every statement has values", async () => {
    for (const s of ["income", "balance", "cash_flow"] as const) {
      const d = (await json(`get_financials?ticker=AAPL&statement=${s}&period_type=quarterly&years=20&metrics=${FINANCIAL_METRICS[s].join(",")}`)).body.data;
      for (const m of d.metrics) expect(m.values.some((v: number | null) => typeof v === "number")).toBe(true);
    }
  });

  test("a bank has no gross profit", async () => {
    const d = (await json("get_financials?ticker=JPM&metrics=revenue,gross_profit,cost_of_revenue")).body.data;
    expect(d.metrics[1].values.every((v: unknown) => v === null)).toBe(true);
    expect(d.metrics[0].values.every((v: unknown) => typeof v === "number")).toBe(true);
  });

  test("include_provenance adds a provenance array parallel to the values", async () => {
    const d = (await json("get_financials?ticker=AAPL&metrics=revenue&years=2&include_provenance=true")).body.data;
    expect(d.metrics[0].provenance).toHaveLength(2);
    expect(d.metrics[0].provenance[1]).toMatchObject({ concept: expect.stringMatching(/^us-gaap:/), accession_number: expect.any(String) });
  });

  test("provenance: concept or formula, accession, form and filing link per value; null where the value is null", async () => {
    const d = (await json("get_financials?ticker=JPM&metrics=revenue,gross_profit,gross_margin&years=3&include_provenance=true")).body.data;
    const [rev, gp] = d.metrics;
    rev.provenance.forEach((pv: any, i: number) => {
      expect(pv).toEqual({ period: d.periods[i], concept: "us-gaap:Revenues", formula: null, accession_number: expect.stringMatching(/^\d{10}-\d{2}-\d{6}$/), form: "10-K", sec_url: expect.stringMatching(/^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/19617\//) });
    });
    expect(gp.provenance.every((x: unknown) => x === null)).toBe(true); // a bank reports no gross profit
    const a = (await json("get_financials?ticker=AAPL&metrics=gross_margin&years=1&include_provenance=true")).body.data;
    expect(a.metrics[0].provenance[0]).toMatchObject({ concept: null, formula: "gross_profit / revenue" });
    expect((await json("get_financials?ticker=AAPL&metrics=revenue")).body.data.metrics[0].provenance).toBeUndefined();
  });

  test("BRK-B and the sparse company are served", async () => {
    expect((await json("get_company?ticker=BRK-B")).body.data.ticker).toBe("BRK-B");
    const s = (await json("get_financials?ticker=SPRS&years=20")).body.data;
    expect(s.periods).toHaveLength(3);
    expect((await json("get_headlines?ticker=SPRS")).body.data.headlines).toEqual([]);
    expect((await json("get_institutional_holders?ticker=SPRS")).body.data.holders).toEqual([]);
  });

  test("an ambiguous investor name returns candidates only", async () => {
    const d = (await json("get_investor?query=Capital")).body.data;
    expect(d.candidates.length).toBeGreaterThan(1);
    expect(d.holdings).toBeUndefined();
    const byCik = (await json(`get_investor?query=${d.candidates[0].cik}&view=changes`)).body.data;
    expect(byCik.counts).toEqual(expect.objectContaining({ new: expect.any(Number), sold_out: expect.any(Number) }));
  });

  test("the economy snapshot has every series and each series has a history", async () => {
    const snap = (await json("get_economy")).body.data;
    expect(snap.indicators.map((i: any) => i.id)).toEqual(ECONOMY_SERIES);
    expect(snap.citations.length).toBeGreaterThan(0);
    for (const id of ECONOMY_SERIES) {
      const h = (await json(`get_economy?series_id=${id}&range=1Y`)).body.data;
      expect(h.points.length).toBeGreaterThan(0);
      expect(h.points[0].date < h.points[h.points.length - 1].date).toBe(true);
    }
    expect((await json("get_economy?series_id=DGS10&range=MAX")).body.data.resolution).toBe("M");
  });

  test("filing summaries carry verified and unverified citations, and XOM has a markdown-only one", async () => {
    const s = (await json("get_filing_summary?ticker=AAPL")).body.data;
    const cites = s.sections.flatMap((x: any) => x.bullets.flatMap((b: any) => b.citations));
    expect(cites.some((c: any) => c.verified === true && typeof c.start === "number")).toBe(true);
    expect(cites.some((c: any) => c.verified === false && c.start === null)).toBe(true);
    const x = (await json("get_filing_summary?ticker=XOM")).body.data;
    expect(x.sections).toBeNull();
    expect(typeof x.summary_markdown).toBe("string");
    expect((await json("get_filing_summary?ticker=AAPL&accession_number=0000000000-00-000000")).status).toBe(404);
  });

  test("the insider feed finds clusters and the congress feed describes a member", async () => {
    const c = (await json("get_insider_feed?clusters=true")).body.data;
    expect(c.clusters.length).toBeGreaterThan(0);
    expect(c.clusters[0].buyers).toBeGreaterThanOrEqual(2);
    const m = (await json("get_congress_feed?member=W000901&days=365")).body.data;
    expect(m.member.bioguide_id).toBe("W000901");
    expect(Array.isArray(m.member.committees)).toBe(true);
    expect(m.trades.every((t: any) => t.bioguide_id === "W000901")).toBe(true);
  });

  test("the screener counts listings lacking a filings-derived figure", async () => {
    const d = (await json("screen_companies?filters=gross_margin::&limit=50")).body.data;
    expect(d.excluded_not_sec_derived).toBeGreaterThan(0);
    expect(d.companies.every((c: any) => typeof c.metrics.gross_margin === "number")).toBe(true);
    expect((await json("screen_companies?filters=nope:1:")).status).toBe(400);
  });

  test("at least 25 tickers besides the sparse one have financial history", async () => {
    const s = (await json("search_companies?query=a&limit=25")).body.data;
    expect(s.companies.length).toBeGreaterThan(0);
    const { sampleTickers } = await import("../fakes/api/companies");
    expect(sampleTickers().filter((t) => t !== "SPRS").length).toBeGreaterThanOrEqual(25);
  });
});

describe("industry lines and the dictionary", () => {
  test("the dictionary lists the spec's keys and industry lines with the industry that reports them", async () => {
    const dict = await (await fetch(`${api.url}/api/public/v1/dictionary`)).json();
    for (const s of SPEC.statements) {
      const keys = dict.financial_metrics[s].map((m: any) => m.key);
      expect(keys.slice(0, SPEC.financialMetrics[s].length)).toEqual(SPEC.financialMetrics[s]);
      for (const m of dict.financial_metrics[s]) expect(m).toEqual({ key: expect.any(String), label: expect.any(String), unit_kind: expect.any(String), industry: SPEC.financialMetrics[s].includes(m.key) ? null : expect.stringMatching(/^(bank|insurer|reit)$/) });
    }
    const income = dict.financial_metrics.income.map((m: any) => m.key);
    expect(income).toEqual(expect.arrayContaining(["net_interest_income", "provision_for_credit_losses", "premiums_earned", "ffo"]));
    expect(dict.screen_metrics.map((m: any) => m.id)).toEqual(SPEC.screenMetrics);
  });

  test("get_financials serves bank lines for JPM, insurer lines for BRK-B, and blanks for others", async () => {
    const jpm = (await json("get_financials?ticker=JPM&metrics=net_interest_income,provision_for_credit_losses,revenue&years=3")).body.data;
    expect(jpm.metrics.map((m: any) => m.key)).toEqual(["net_interest_income", "provision_for_credit_losses", "revenue"]);
    for (const m of jpm.metrics) expect(m.values.every((v: unknown) => typeof v === "number")).toBe(true);
    const deposits = (await json("get_financials?ticker=JPM&statement=balance&metrics=deposits,loans_net")).body.data;
    expect(deposits.metrics[0].values.every((v: unknown) => typeof v === "number")).toBe(true);
    const brk = (await json("get_financials?ticker=BRK-B&metrics=premiums_earned,combined_ratio&years=2")).body.data;
    expect(brk.metrics[0].values.every((v: unknown) => typeof v === "number")).toBe(true);
    expect(brk.metrics[1].unit_kind).toBe("ratio");
    const aapl = await json("get_financials?ticker=AAPL&metrics=net_interest_income,revenue");
    expect(aapl.status).toBe(200);
    expect(aapl.body.data.metrics[0].values.every((v: unknown) => v === null)).toBe(true);
  });

  test("an industry line of another statement is still a 400", async () => {
    const r = await json("get_financials?ticker=JPM&statement=income&metrics=deposits");
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatch(/balance/);
  });
});

describe("lenient where the spec says nothing, strict where it states rules", () => {
  test("metric keys in any case are answered under their canonical key", async () => {
    const d = (await json("get_financials?ticker=AAPL&metrics=Revenue,%20NET_INCOME")).body.data;
    expect(d.metrics.map((m: any) => m.key)).toEqual(["revenue", "net_income"]);
  });

  test("screen filters: metric in any case, spaces trimmed, .5 and 15.0 bounds", async () => {
    const a = await json(`screen_companies?filters=${encodeURIComponent(" ROIC : .5 : ")}`);
    expect(a.status).toBe(200);
    expect(a.body.data.filters).toEqual([{ metric: "roic", min: 0.5, max: null }]);
    const b = await json("screen_companies?filters=roic:15.0:&sort_by=ROE");
    expect(b.status).toBe(200);
    expect(b.body.data.filters).toEqual([{ metric: "roic", min: 15, max: null }]);
    expect(b.body.data.sort_by).toBe("roe");
  });

  test("screen filters the spec rules out are 400s", async () => {
    for (const f of ["roic:15", "nope:1:", "roic:abc:", "roic:5:1"]) {
      const r = await json(`screen_companies?filters=${encodeURIComponent(f)}`);
      expect([f, r.status]).toEqual([f, 400]);
    }
    expect((await json("screen_companies?filters=roic:1:&sort_by=nope")).status).toBe(400);
  });

  test("period Q4 only with the segments view; quarter must be a quarter end or YYYYQn", async () => {
    expect((await json("get_reported_financials?ticker=AAPL&period=Q4")).status).toBe(400);
    expect((await json("get_reported_financials?ticker=AAPL&period=Q4&view=segments")).status).toBe(200);
    expect((await json("get_investor?query=Harborview&quarter=2025-05-31")).status).toBe(400);
  });

  test("enumerations are exactly the spec's values", async () => {
    expect((await json("get_financials?ticker=AAPL&period_type=yearly")).status).toBe(400);
    expect((await json("get_congress_feed?chamber=both")).status).toBe(400);
    expect((await json("get_congress_feed?transaction_type=purchase")).status).toBe(200);
  });
});

describe("outages", () => {
  test("429-text answers 429 Rate limit exceeded with Retry-After, before auth, without quota or concurrency", async () => {
    api.setOutage("429-text", { retryAfterSeconds: 7 });
    const before = api.quotaRemaining(KEY);
    const [a, b] = await Promise.all([call("get_company?ticker=AAPL"), call("get_company?ticker=AAPL", null)]);
    for (const r of [a, b]) {
      expect(r.status).toBe(429);
      expect(r.headers.get("retry-after")).toBe("7");
      expect(await r.json()).toEqual({ detail: "Rate limit exceeded" });
    }
    expect(api.quotaRemaining(KEY)).toBe(before);
    expect(api.requests()).toBe(2);
    api.setOutage(null);
    expect((await call("get_company?ticker=AAPL")).status).toBe(200);
    expect(api.requests()).toBe(3);
  });

  test("429-html answers an HTML gateway page; 503 a JSON detail; no Retry-After unless asked", async () => {
    api.setOutage("429-html");
    const h = await call("get_company?ticker=AAPL");
    expect(h.status).toBe(429);
    expect(h.headers.get("content-type")).toBe("text/html");
    expect(h.headers.get("retry-after")).toBeNull();
    expect(await h.text()).toBe(GATEWAY_429_HTML);
    api.setOutage("503", { retryAfterSeconds: 0 });
    const u = await call("get_company?ticker=AAPL");
    expect(u.status).toBe(503);
    expect(u.headers.get("retry-after")).toBe("0");
    expect(typeof (await u.json()).detail).toBe("string");
    // the unauthenticated documents keep answering
    expect((await fetch(`${api.url}/api/public/v1/dictionary`)).status).toBe(200);
  });

  test("hang never answers; the request is counted and the client's abort ends it", async () => {
    api.setOutage("hang");
    const ctrl = new AbortController();
    const p = call("get_company?ticker=AAPL", KEY, { signal: ctrl.signal });
    await new Promise((r) => setTimeout(r, 150));
    expect(api.requests()).toBe(1);
    ctrl.abort();
    await expect(p).rejects.toThrow();
    expect(api.log[0].fault).toBe("outage:hang");
  });

  test("an outage can be set at start, and unknown modes are refused", async () => {
    const other = await startFakeApi({ outage: { mode: "503", retryAfterSeconds: 3 } });
    try {
      const r = await fetch(`${other.url}/api/public/v1/get_company?ticker=AAPL`, { headers: { Authorization: `Bearer ${KEY}` } });
      expect(r.status).toBe(503);
      expect(r.headers.get("retry-after")).toBe("3");
      expect(other.outage()).toEqual({ mode: "503", retryAfterSeconds: 3 });
      expect(() => other.setOutage("502" as any)).toThrow(/unknown outage/);
    } finally {
      await other.close();
    }
  });

  test("the loopback control endpoint reads and sets the outage; it is off unless asked for", async () => {
    const sandbox = await startFakeApi({ controlEndpoint: true });
    try {
      const ctl = `${sandbox.url}/__fake/control`;
      expect(await (await fetch(ctl)).json()).toEqual({ outage: null, retry_after: null, requests: 0 });
      expect((await fetch(ctl, { method: "POST", body: JSON.stringify({ outage: "429-text", retry_after: 5 }) })).status).toBe(200);
      const r = await fetch(`${sandbox.url}/api/public/v1/get_company?ticker=AAPL`, { headers: { Authorization: `Bearer ${KEY}` } });
      expect([r.status, r.headers.get("retry-after")]).toEqual([429, "5"]);
      expect(await (await fetch(`${ctl}?outage=none`, { method: "POST" })).json()).toEqual({ outage: null, retry_after: null, requests: 1 });
      expect((await fetch(ctl, { method: "POST", body: JSON.stringify({ outage: "boom" }) })).status).toBe(400);
    } finally {
      await sandbox.close();
    }
    // without the option the path is just another sandbox page
    expect((await fetch(`${api.url}/__fake/control`)).headers.get("content-type")).toMatch(/^text\/html/);
  });

  test("the control endpoint refuses callers that are not on loopback", async () => {
    // Reach the server on a non-loopback address of this machine when there is one.
    const os = await import("os");
    const ext = Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === "IPv4" && !i.internal);
    const sandbox = await startFakeApi({ controlEndpoint: true, host: "0.0.0.0" });
    try {
      const port = new URL(sandbox.url).port;
      if (ext) {
        const status = await new Promise<number>((resolve, reject) => {
          http.get({ host: ext.address, port, path: "/__fake/control", localAddress: ext.address }, (res) => resolve(res.statusCode ?? 0)).on("error", reject);
        });
        expect(status).toBe(403);
      }
      expect((await fetch(`http://127.0.0.1:${port}/__fake/control`)).status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });
});
