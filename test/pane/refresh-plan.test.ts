/**
 * What a refresh prices (src/taskpane/pane/refresh-plan.ts): every formula through the one argument
 * resolver — arguments in cells, ranges, names and spills priced like literals; the real cause said
 * for what cannot be priced; formulas that read another result staged after it. With the real
 * functions and engine against the fake API: price = the distinct identities = what recalculating
 * those formulas spends.
 */
import { ApiClient, staticCredentials } from "../../src/api/client";
import { createEngine } from "../../src/engine";
import { setEngine } from "../../src/engine/current";
import { callFunction } from "../../src/functions/call";
import { requestsFor } from "../../src/functions/requests";
import { PlanDeps, refreshSet } from "../../src/taskpane/pane/refresh/plan";
import { stagesOf } from "../../src/taskpane/pane/refresh/stages";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";
import { fakeBook } from "../formula/fake-cells";
import { readerOf } from "../formula/fake-reader";

const TICKERS = ["AAPL", "MSFT", "NVDA", "KO", "JPM"];
const METRICS = ["revenue", "net_income", "eps_diluted"];

/** Inputs!A2:A6 tickers, Inputs!B1 the period, Model!B1:D1 metric keys, Peers!A2 a PEERS spill. */
function model() {
  const book = fakeBook(["Inputs", "Model", "Peers"]);
  book.fill("Inputs!A2", TICKERS.map((t) => [t]));
  book.set("Inputs!B1", 3);
  book.fill("Model!B1", [METRICS]);
  book.fill("Peers!A2", [["ticker"], ["MSFT"], ["GOOGL"]]);
  book.setSpill("Peers!A2", "Peers!A2:A4");
  book.set("Inputs!C1", { error: "#N/A" });
  const formulas: { address: string; formula: string }[] = [];
  TICKERS.forEach((_, r) => METRICS.forEach((__, c) => formulas.push({ address: `Model!${"BCD"[c]}${r + 2}`, formula: `=SVC.FINANCIALS(Inputs!$A${r + 2},${"BCD"[c]}$1,Inputs!$B$1)` })));
  return { book, formulas };
}

function deps(book: ReturnType<typeof fakeBook>, last: Record<string, unknown[]> = {}): PlanDeps & { reader: ReturnType<typeof readerOf> } {
  return { reader: readerOf(book), requestsFor, lastRun: (a) => (last[a] ? { args: last[a] } : undefined) };
}

describe("a refresh of formulas whose arguments are in cells", () => {
  it("prices every formula from its cells, in one batched read", async () => {
    const { book, formulas } = model();
    const d = deps(book);
    const set = await refreshSet(formulas, d);
    expect(set.cells).toHaveLength(15);
    expect([set.invalid, set.unpriced, set.skipped]).toEqual([[], [], []]);
    expect(set.requests[0]).toMatchObject({ tool: "get_financials", params: { ticker: "AAPL", metrics: ["revenue"], years: 3 } });
    expect(d.reader.requests.length).toBeLessThanOrEqual(2);
    expect(set.stages).toEqual([formulas.map((f) => f.address)]);
  });

  it("says the real cause: which argument and why, never 'cell references'", async () => {
    const { book } = model();
    const set = await refreshSet(
      [
        { address: "Model!F2", formula: "=SVC.FINANCIALS(Inputs!A9,\"revenue\")" },
        { address: "Model!F3", formula: "=SVC.FINANCIALS(Inputs!C1,\"revenue\")" },
        { address: "Model!F4", formula: "=SVC.FINANCIALS(\"AAPL\",Periodd)" },
        { address: "Model!F5", formula: "=SVC.FINANCIALS(\"AAPL\",\"revenue\",\"FY-99\")" },
      ],
      deps(book)
    );
    expect(set.invalid.map((x) => x.address)).toEqual(["Model!F2", "Model!F3", "Model!F4", "Model!F5"]);
    const [empty, na, name, period] = set.invalid.map((x) => x.message);
    expect(empty).toMatch(/^ticker \(Inputs!A9\): the cell is empty/);
    expect(na).toMatch(/^ticker \(Inputs!C1\): .*#N\/A/);
    expect(name).toMatch(/^metrics: the name "Periodd" does not exist/);
    expect(period).toMatch(/period/);
    for (const m of set.invalid) expect(m.message).not.toMatch(/cell references|refer to cells/);
  });

  it("prices what only running tells from the arguments the function last received, else refreshes it and says so", async () => {
    const { book } = model();
    const nested = '=SVC.FINANCIALS(SVC.COMPANY("AAPL","ticker"),"revenue")';
    const set = await refreshSet(
      [
        { address: "Model!G2", formula: nested },
        { address: "Model!G3", formula: nested },
      ],
      deps(book, { "Model!G2": ["AAPL", "revenue", null, null] })
    );
    expect(set.cells).toMatchObject([{ address: "Model!G2", from: "last-run" }]);
    expect(set.requests).toMatchObject([{ params: { ticker: "AAPL" } }]);
    expect(set.unpriced).toEqual([{ address: "Model!G3", message: expect.stringMatching(/^ticker: SVC\.COMPANY inside the argument/) }]);
  });

  it("marks arguments that make Excel recalculate on every edit", async () => {
    const { book } = model();
    const set = await refreshSet([{ address: "Model!H2", formula: '=SVC.FINANCIALS("AAPL","revenue","FY"&(YEAR(TODAY())-1))' }], deps(book));
    expect(set.volatile).toEqual([{ address: "Model!H2", functions: ["TODAY"] }]);
    expect(set.cells).toHaveLength(1);
  });

  it("runs a formula that reads another result after it: PEERS, then FINANCIALS of a peer from the spill", async () => {
    const { book } = model();
    const set = await refreshSet(
      [
        { address: "Peers!F2", formula: '=SVC.FINANCIALS(INDEX(A2#,2,1),"revenue",5)' },
        { address: "Peers!A2", formula: "=SVC.PEERS(Inputs!A2)" },
        { address: "Peers!G9", formula: "=SVC.FINANCIALS(Peers!F3,\"revenue\")" },
      ],
      { ...deps(book), lastRun: (a) => (a === "Peers!F2" ? { args: [], rows: 2, cols: 6 } : undefined) }
    );
    expect(set.requests.map((r) => r.params.ticker)).toEqual(["MSFT", "AAPL"]);
    expect(set.stages).toEqual([["Peers!A2"], ["Peers!F2"], ["Peers!G9"]]);
  });

  it("puts a cycle last instead of looping", () => {
    const area = (a: string) => ({ sheet: "S", r0: Number(a[1]) - 1, c0: a.charCodeAt(0) - 65, r1: Number(a[1]) - 1, c1: a.charCodeAt(0) - 65 });
    const cell = (address: string, reads: string[]) => ({ address, reads: reads.map(area), result: area(address) });
    expect(stagesOf([cell("A1", []), cell("B1", ["C1"]), cell("C1", ["B1"]), cell("D1", ["A1"])])).toEqual([0, 2, 2, 1]);
  });
});

describe("price = spend on a cell-driven model (real functions and engine, fake API)", () => {
  let api: FakeApi;
  beforeAll(async () => {
    api = await startFakeApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it("prices the distinct identities, and recalculating the resolved formulas spends exactly that", async () => {
    const engine = createEngine({ client: new ApiClient({ baseUrl: api.url, credentials: staticCredentials(SANDBOX_API_KEY), timeoutMs: 5000 }), retryDelayMs: 10 });
    setEngine(engine);
    const { book, formulas } = model();
    const set = await refreshSet(formulas, deps(book));
    const plan = await engine.plan(set.requests, { refresh: true });
    expect(plan.calls).toBe(TICKERS.length); // one wide call per ticker: metrics and years coalesce
    api.reset();
    const before = engine.stats().calls;
    await engine.invalidate(set.requests);
    const { resolveCalls } = await import("../../src/formula");
    const resolved = await resolveCalls(formulas, readerOf(book));
    await Promise.all(resolved.map((r, i) => (r.status === "resolved" ? callFunction(r.fn, r.args, { address: formulas[i].address }) : null)));
    expect(engine.stats().calls - before).toBe(plan.calls);
  });
});
