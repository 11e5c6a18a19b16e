/**
 * Every SVC function end to end: the real functions, engine and REST client against the fake
 * Company Data API over HTTP.
 */
import { ApiClient, staticCredentials } from "../../src/api/client";
import { createEngine } from "../../src/engine";
import { CellRuntime, cellRuntime } from "../../src/functions/runtime";
import { callFunction } from "../../src/functions/call";
import { readCellError } from "./cell-failure";
import { COLUMNS } from "../../src/shape/columns";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";

/** What the cells run with: the engine of each test (no module holds it). */
let rt: CellRuntime;

let api: FakeApi;

beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(async () => {
  await api.close();
});

function useEngine(token: string = SANDBOX_API_KEY) {
  const engine = createEngine({ client: new ApiClient({ baseUrl: api.url, credentials: staticCredentials(token), timeoutMs: 5000 }), retryDelayMs: 10, busyRetryBaseMs: 5, busyRetryBudgetMs: 200 });
  rt = cellRuntime(engine);
  return engine;
}

beforeEach(() => {
  api.reset();
  useEngine();
});

type Outcome = { grid: unknown[][] } | { code: string; message: string };

async function cell(fn: string, ...args: unknown[]): Promise<Outcome> {
  try {
    return { grid: await callFunction(rt, fn, args, { address: `Sheet1!A1` }) };
  } catch (e) {
    const err = readCellError(e);
    if (!err) throw e;
    return err;
  }
}

async function grid(fn: string, ...args: unknown[]): Promise<unknown[][]> {
  const o = await cell(fn, ...args);
  if (!("grid" in o)) throw new Error(`${fn} failed: ${o.code} ${o.message}`);
  return o.grid;
}

async function failure(fn: string, ...args: unknown[]): Promise<{ code: string; message: string }> {
  const o = await cell(fn, ...args);
  if ("grid" in o) throw new Error(`${fn} did not fail: ${JSON.stringify(o.grid).slice(0, 200)}`);
  return o;
}

const rectangular = (g: unknown[][]) => new Set(g.map((r) => r.length)).size === 1;

describe("SVC.FINANCIALS", () => {
  it("spills a header row and five yearly values for =SVC.FINANCIALS(\"AAPL\",\"revenue\",5)", async () => {
    const g = await grid("FINANCIALS", "AAPL", [["revenue"]], 5);
    expect(g).toHaveLength(2);
    expect(g[0][0]).toBe("metric");
    expect(g[0].slice(1)).toHaveLength(5);
    expect(g[0].slice(1).every((l) => /^FY\d{4}$/.test(String(l)))).toBe(true);
    expect(g[1][0]).toMatch(/^Revenue/);
    expect(g[1].slice(1).every((v) => typeof v === "number")).toBe(true);
  });

  it("returns a single value for one metric and one period", async () => {
    const g = await grid("FINANCIALS", "AAPL", [["revenue"]], "FY");
    expect(g).toHaveLength(1);
    expect(typeof g[0][0]).toBe("number");
  });

  it("takes metrics from a range of cells", async () => {
    const g = await grid("FINANCIALS", "AAPL", [["revenue"], ["net_income"]], 3);
    expect(g.map((r) => r.length)).toEqual([4, 4, 4]);
  });

  it("takes a quarterly run of periods", async () => {
    const g = await grid("FINANCIALS", "AAPL", [["revenue"]], "FQ-7:FQ");
    expect(g[0].slice(1)).toHaveLength(8);
    expect(g[0].slice(1).every((l) => /^FQ[1-4] \d{4}$/.test(String(l)))).toBe(true);
  });

  it("adds a row of period-end dates as Excel serials with headers=2", async () => {
    const g = await grid("FINANCIALS", "AAPL", [["revenue"]], 3, "headers=2");
    expect(g[1][0]).toBe("period_end");
    expect(g[1].slice(1).every((v) => typeof v === "number" && v > 40000)).toBe(true);
  });

  it("leaves a bank's missing gross profit blank, never 0", async () => {
    const g = await grid("FINANCIALS", "JPM", [["gross_profit"]], 3);
    expect(g[1].slice(1)).toEqual(["", "", ""]);
  });

  it("shows #N/A for a missing value with na=na", async () => {
    const g = await grid("FINANCIALS", "JPM", [["gross_profit"]], 2, "na=na");
    expect(readCellError(g[1][1])?.code).toBe("#N/A");
  });

  it("rejects metrics of two statements with #VALUE! and makes no call", async () => {
    const e = await failure("FINANCIALS", "AAPL", [["revenue", "cash"]], 5);
    expect(e.code).toBe("#VALUE!");
    expect(e.message).toMatch(/mix income and balance/);
    expect(api.calls()).toBe(0);
  });

  it("suggests the closest metric keys for an unknown one, without a call", async () => {
    const e = await failure("FINANCIALS", "AAPL", [["revnue"]], 5);
    expect(e.message).toMatch(/Closest: revenue/);
    expect(api.calls()).toBe(0);
  });

  it("rejects a bad period with #VALUE! naming the argument, without a call", async () => {
    const e = await failure("FINANCIALS", "AAPL", [["revenue"]], "last year");
    expect(e.code).toBe("#VALUE!");
    expect(e.message).toMatch(/^period/);
    expect(api.calls()).toBe(0);
  });

  it("shows #N/A with the API's detail for an unknown ticker", async () => {
    const e = await failure("FINANCIALS", "ZZZZ", [["revenue"]], 5);
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(/ZZZZ/);
  });

  it("answers cells that differ only in metrics and years with one call", async () => {
    const outs = await Promise.all([
      grid("FINANCIALS", "MSFT", [["revenue"]], 5),
      grid("FINANCIALS", "MSFT", [["net_income"]], 3),
      grid("FINANCIALS", "MSFT", [["revenue", "gross_profit"]], "FY-9:FY"),
    ]);
    expect(outs.every(rectangular)).toBe(true);
    expect(api.calls()).toBe(1);
  });
});

describe("SVC.COMPANY", () => {
  it("spills field and value rows", async () => {
    const g = await grid("COMPANY", "AAPL");
    expect(g[0]).toEqual(["field", "value"]);
    expect(g.some((r) => r[0] === "name")).toBe(true);
  });

  it("returns one field's value", async () => {
    const g = await grid("COMPANY", "AAPL", "name");
    expect(g).toHaveLength(1);
    expect(String(g[0][0])).toMatch(/Apple/);
  });

  it("lists the fields when the one asked for is unknown", async () => {
    const e = await failure("COMPANY", "AAPL", "colour");
    expect(e.code).toBe("#VALUE!");
    expect(e.message).toMatch(/fields: .*name/);
  });

  it("shares one call among all field cells of a ticker", async () => {
    await Promise.all([grid("COMPANY", "MSFT", "name"), grid("COMPANY", "MSFT", "cik"), grid("COMPANY", "MSFT")]);
    expect(api.calls()).toBe(1);
  });

  it("accepts a class-share ticker", async () => {
    expect((await grid("COMPANY", "BRK-B", "name"))[0][0]).toBeTruthy();
  });
});

describe("record functions", () => {
  const cases: [string, unknown[], readonly string[]][] = [
    ["SEARCH", ["apple"], COLUMNS.search],
    ["FILINGS", ["AAPL"], COLUMNS.filings],
    ["INSIDERS", ["AAPL"], COLUMNS.insiders],
    ["INSIDERFEED", [30, false], COLUMNS.insiderFeed],
    ["CONGRESS", ["NVDA"], COLUMNS.congress],
    ["CONGRESSFEED", [365], COLUMNS.congressFeed],
    ["HEADLINES", ["AAPL"], COLUMNS.headlines],
    ["HOLDERS", ["AAPL"], COLUMNS.holders],
    ["SHORTINTEREST", ["AAPL"], COLUMNS.shortInterest],
    ["PEERS", ["AAPL"], COLUMNS.peers],
  ];

  it.each(cases)("SVC.%s spills the API's field names then records, rectangular", async (fn, args, columns) => {
    const g = await grid(fn, ...args);
    expect(g[0].slice(0, columns.length)).toEqual([...columns]);
    expect(g.length).toBeGreaterThan(1);
    expect(rectangular(g)).toBe(true);
  });

  it("SVC.FILINGS honours an empty form_type and a limit", async () => {
    const g = await grid("FILINGS", "AAPL", null, 3);
    expect(g).toHaveLength(4);
  });

  it("SVC.FILINGS turns dates into Excel serial numbers", async () => {
    const g = await grid("FILINGS", "AAPL", null, 1);
    expect(typeof g[1][1]).toBe("number");
  });

  it("SVC.FILINGS keeps ISO dates with dates=text", async () => {
    const g = await grid("FILINGS", "AAPL", null, 1, "dates=text");
    expect(g[1][1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("SVC.HEADLINES ends with the attribution notice", async () => {
    const g = await grid("HEADLINES", "AAPL", 3);
    expect(g[g.length - 1][0]).toBe("Notice:");
  });

  it("SVC.SHORTINTEREST ends with the data owner's notice", async () => {
    const g = await grid("SHORTINTEREST", "AAPL", 2);
    expect(g[g.length - 1][0]).toBe("Notice:");
  });

  it("SVC.INSIDERFEED spills clusters in clusters mode", async () => {
    const g = await grid("INSIDERFEED", 90, true, null, true);
    expect(g[0]).toEqual([...COLUMNS.insiderClusters]);
  });

  it("SVC.REPORTED spills the statement as filed with one column per period", async () => {
    const g = await grid("REPORTED", "AAPL");
    expect(g[0].slice(0, 3)).toEqual(["label", "concept", "scale"]);
    expect(g.length).toBeGreaterThan(3);
  });

  it("SVC.REPORTED spills segments", async () => {
    const g = await grid("REPORTED", "AAPL", null, "segments");
    expect(g[0]).toEqual([...COLUMNS.segments]);
  });

  it("SVC.REPORTED spills the lines that moved most", async () => {
    const g = await grid("REPORTED", "AAPL", "income", "changes");
    expect(g[0]).toEqual([...COLUMNS.changes]);
  });

  it("SVC.SUMMARY spills findings with verified flags and the AI notice", async () => {
    const g = await grid("SUMMARY", "AAPL");
    expect(g[0]).toEqual([...COLUMNS.summary]);
    const verified = g.slice(1).map((r) => r[3]);
    expect(verified).toContain(true);
    expect(verified).toContain(false);
    expect(g[g.length - 1][0]).toBe("Notice:");
  });

  it("SVC.ECONOMY spills the snapshot with its notice", async () => {
    const g = await grid("ECONOMY");
    expect(g[0]).toEqual([...COLUMNS.economySnapshot]);
    expect(g.filter((r) => r[0] === "Notice:").length).toBeGreaterThan(0);
  });

  it("SVC.ECONOMY spills one series' history oldest first", async () => {
    const g = await grid("ECONOMY", "unrate", "1Y");
    expect(g[0]).toEqual(["date", "value", "unit"]);
    const dates = g.filter((r) => typeof r[0] === "number").map((r) => r[0] as number);
    expect(dates.length).toBeGreaterThan(2);
    expect([...dates].sort((a, b) => a - b)).toEqual(dates);
  });

  it("SVC.LEADERSHIP spills labelled blocks", async () => {
    const g = await grid("LEADERSHIP", "AAPL");
    expect(g.map((r) => r[0])).toEqual(expect.arrayContaining(["Overview", "Founders", "CEO pay"]));
  });

  it("SVC.LEADERSHIP part=ceo_pay spills only CEO pay, newest first", async () => {
    const g = await grid("LEADERSHIP", "AAPL", 3, "part=ceo_pay; headers=1");
    expect(g[0]).toEqual([...COLUMNS.ceoPay]);
  });

  it("SVC.INVESTOR spills holdings for a CIK or unique name", async () => {
    const search = await grid("INVESTOR", "Capital");
    const cik = search[1][0];
    const g = await grid("INVESTOR", String(cik));
    expect(g[0]).toEqual([...COLUMNS.investorHoldings]);
  });

  it("SVC.INVESTOR spills candidates and a notice for an ambiguous name", async () => {
    const g = await grid("INVESTOR", "Capital");
    expect(g[0]).toEqual([...COLUMNS.investorCandidates]);
    expect(g[g.length - 1][1]).toMatch(/pass a CIK/);
  });

  it("SVC.SCREEN takes filters from an array constant", async () => {
    const g = await grid("SCREEN", [["roic:5:"], ["gross_margin:10:"]], null, null, 5);
    expect(g[0].slice(0, 6)).toEqual(["ticker", "name", "exchange", "cik", "roic", "gross_margin"]);
    expect(g.length).toBeLessThanOrEqual(6 + 1);
  });
});

describe("errors", () => {
  it("rejects an argument outside the spec's bounds without a call", async () => {
    const e = await failure("HEADLINES", "AAPL", 21);
    expect(e).toEqual({ code: "#VALUE!", message: "limit must be a whole number from 1 to 20; got 21" });
    expect(api.calls()).toBe(0);
  });

  it("rejects an unknown option without a call", async () => {
    expect((await failure("PEERS", "AAPL", "header=0")).code).toBe("#VALUE!");
    expect(api.calls()).toBe(0);
  });

  it("asks to sign in when the credential is refused (401)", async () => {
    useEngine("svc_live_" + "x".repeat(43));
    expect(await failure("PEERS", "AAPL")).toEqual({ code: "#N/A", message: "Sign in from the SVC pane" });
  });

  it("says there is no plan on 402", async () => {
    api.setMode({ paymentRequired: true });
    expect(await failure("PEERS", "AAPL")).toEqual({ code: "#N/A", message: "No active plan or trial" });
  });

  it("shows #N/A with the reason on 503 when nothing is cached", async () => {
    api.setMode({ unavailable: true });
    const e = await failure("PEERS", "MSFT");
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(/unavailable/i);
  });

  it("says the daily quota is used up and stops calling", async () => {
    api.setQuota(0, SANDBOX_API_KEY);
    expect(await failure("PEERS", "XOM")).toEqual({ code: "#N/A", message: "Daily quota used up; resets 00:00 UTC" });
    const before = api.calls();
    expect((await failure("PEERS", "KO")).message).toMatch(/quota/);
    expect(api.calls()).toBe(before);
  });

  it("shows #N/A with the detail for an unknown ticker", async () => {
    expect((await failure("PEERS", "ZZZZ")).code).toBe("#N/A");
  });
});
