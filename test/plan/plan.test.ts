/**
 * The one refresh plan (src/plan): every SVC call a formula makes is found — wrapped, nested, several
 * in one formula, in a defined name — priced from its arguments through the resolver with the real
 * request mapping, and what cannot be priced is said once with its reason.
 */
import { ApiClient, staticCredentials } from "../../src/api/client";
import { createEngine } from "../../src/engine";
import { CellRuntime, cellRuntime } from "../../src/functions/runtime";
import { parseFormula } from "../../src/formula";
import { callFunction } from "../../src/functions/call";
import { requestsFor } from "../../src/functions/requests";
import { PlanDeps, planLines, planRefresh, priceDetail, pricePlan } from "../../src/plan";
import { stagesOf } from "../../src/plan/stages";
import { holdsSvcCall, svcCallsOf } from "../../src/formula";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";
import { fakeBook } from "../formula/fake-cells";
import { readerOf } from "../formula/fake-reader";

/** What the cells run with: the engine of each test (no module holds it). */
let rt: CellRuntime;

const TICKERS = ["AAPL", "MSFT", "NVDA", "KO", "JPM"];
const METRICS = ["revenue", "net_income", "eps_diluted"];

/** Inputs!A2:A6 tickers, Inputs!B1 the period, Model!B1:D1 metric keys, Peers!A2 a PEERS spill. */
function model() {
  const book = fakeBook(["Inputs", "Model", "Peers", "Sheet1"]);
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

const tickers = (plan: Awaited<ReturnType<typeof planRefresh>>) => plan.requests.map((r) => r.params.ticker);

describe("the plan finds every SVC call a formula makes", () => {
  const FIVE = [
    ["Sheet1!A1", '=IFERROR(SVC.FINANCIALS("AAPL","revenue","FY"),"")'],
    ["Sheet1!A2", '=SVC.FINANCIALS("MSFT","revenue","FY")*1'],
    ["Sheet1!A3", '=ROUND(SVC.FINANCIALS("NVDA","revenue","FY"),0)'],
    ["Sheet1!A4", '=SVC.FINANCIALS("KO","revenue","FY")'],
    ["Sheet1!A5", '=SVC.FINANCIALS("JPM","net_income","FY")/1000'],
    ["Sheet1!A6", '=SVC.FINANCIALS("AAPL","revenue","FY")+SVC.FINANCIALS("MSFT","revenue","FY")'],
    ["Sheet1!A7", "=AaplRevenue/1000"],
    ["Sheet1!A8", "=SUM(B1:B3)"],
  ].map(([address, formula]) => ({ address, formula }));

  it("prices wrapped calls, arithmetic, a sum of two calls and a call in a defined name; plain formulas are not in it", async () => {
    const { book } = model();
    book.defineName({ name: "AaplRevenue", sheet: null, formula: 'SVC.FINANCIALS("AAPL","revenue","FY")' });
    const plan = await planRefresh(FIVE, deps(book));
    expect(plan.cells.map((c) => c.address)).toEqual(FIVE.slice(0, 7).map((f) => f.address));
    expect(plan.cells.map((c) => c.single)).toEqual([false, false, false, true, false, false, false]);
    expect(tickers(plan)).toEqual(["AAPL", "MSFT", "NVDA", "KO", "JPM", "AAPL", "MSFT", "AAPL"]);
    expect(plan.cells[6].calls).toMatchObject([{ fn: "FINANCIALS", name: "AaplRevenue", outcome: "priced" }]);
    expect([plan.invalid, plan.unpriced, plan.volatile]).toEqual([[], [], []]);
    expect(plan.stages).toEqual([FIVE.slice(0, 7).map((f) => f.address)]);
  });

  it("names an invalid argument as the function's help names it, once per cell even when two calls share it", async () => {
    const { book } = model();
    const plan = await planRefresh(
      [
        { address: "Model!F2", formula: '=IFERROR(SVC.FINANCIALS(Inputs!A9,"revenue"),"")' },
        { address: "Model!F3", formula: '=SVC.FINANCIALS(Inputs!A9,"revenue")+SVC.FINANCIALS(Inputs!A9,"revenue")' },
        { address: "Model!F4", formula: '=ROUND(SVC.FINANCIALS("AAPL","revenue","FY-99"),0)' },
      ],
      deps(book)
    );
    expect(plan.invalid.map((x) => x.address)).toEqual(["Model!F2", "Model!F3", "Model!F4"]);
    expect(plan.invalid[0].message).toMatch(/^ticker \(Inputs!A9\): the cell is empty/);
    expect(plan.invalid[2].message).toMatch(/period/);
    expect(plan.requests).toEqual([]);
  });

  it("prices a call nested in another SVC call: the inner from its cells, the outer from its last run or after it runs", async () => {
    const { book } = model();
    const nested = '=SVC.FINANCIALS(SVC.COMPANY("AAPL","ticker"),"revenue")';
    const plan = await planRefresh(
      [
        { address: "Model!G2", formula: nested },
        { address: "Model!G3", formula: `=IFERROR(${nested.slice(1)},0)` },
      ],
      deps(book, { "Model!G2": ["AAPL", "revenue", null, null] })
    );
    expect(plan.cells[0].calls.map((c) => [c.fn, c.outcome, c.from])).toEqual([["FINANCIALS", "priced", "last-run"], ["COMPANY", "priced", "cells"]]);
    expect(plan.cells[1].calls.map((c) => c.outcome)).toEqual(["unpriced", "priced"]);
    expect(plan.unpriced).toEqual([{ address: "Model!G3", message: expect.stringMatching(/^ticker: SVC\.COMPANY inside the argument/) }]);
  });

  it("prices a lone nested call from the arguments its function last received", async () => {
    const { book } = model();
    const plan = await planRefresh([{ address: "Model!G2", formula: '=SVC.FINANCIALS(SVC.COMPANY("AAPL","ticker"),"revenue")' }], {
      ...deps(book),
      lastRun: () => ({ fn: "FINANCIALS", args: ["AAPL", "revenue", null, null] }),
    });
    expect(plan.cells[0].calls.map((c) => c.from)).toEqual(["last-run", "cells"]);
  });

  it("prices cell-driven formulas in a bounded number of reads", async () => {
    const { book, formulas } = model();
    const d = deps(book);
    const plan = await planRefresh(formulas, d);
    expect(plan.cells).toHaveLength(15);
    expect(plan.requests[0]).toMatchObject({ tool: "get_financials", params: { ticker: "AAPL", metrics: ["revenue"], years: 3 } });
    expect(d.reader.requests.length).toBeLessThanOrEqual(3);
  });

  it("marks arguments that make Excel recalculate on every edit", async () => {
    const { book } = model();
    const plan = await planRefresh([{ address: "Model!H2", formula: '=ROUND(SVC.FINANCIALS("AAPL","revenue","FY"&(YEAR(TODAY())-1)),0)' }], deps(book));
    expect(plan.volatile).toEqual([{ address: "Model!H2", functions: ["TODAY"] }]);
  });

  it("runs a formula that reads another result after it: PEERS, then FINANCIALS of a peer from the spill", async () => {
    const { book } = model();
    const plan = await planRefresh(
      [
        { address: "Peers!F2", formula: '=SVC.FINANCIALS(INDEX(A2#,2,1),"revenue",5)' },
        { address: "Peers!A2", formula: "=SVC.PEERS(Inputs!A2)" },
        { address: "Peers!G9", formula: '=IFERROR(SVC.FINANCIALS(Peers!F3,"revenue"),"")' },
      ],
      { ...deps(book), lastRun: (a) => (a === "Peers!F2" ? { args: [], rows: 2, cols: 6 } : undefined) }
    );
    expect(tickers(plan)).toEqual(["MSFT", "AAPL"]);
    expect(plan.stages).toEqual([["Peers!A2"], ["Peers!F2"], ["Peers!G9"]]);
  });

  it("puts a cycle last instead of looping", () => {
    const area = (a: string) => ({ sheet: "S", r0: Number(a[1]) - 1, c0: a.charCodeAt(0) - 65, r1: Number(a[1]) - 1, c1: a.charCodeAt(0) - 65 });
    const cell = (address: string, reads: string[]) => ({ address, reads: reads.map(area), result: area(address) });
    expect(stagesOf([cell("A1", []), cell("B1", ["C1"]), cell("C1", ["B1"]), cell("D1", ["A1"])])).toEqual([0, 2, 2, 1]);
  });
});

describe("the one test of 'this formula holds an SVC call'", () => {
  const names = [
    { name: "Rev", sheet: null, formula: '=SVC.FINANCIALS("AAPL","revenue")' },
    { name: "Rate", sheet: null, formula: "0.05" },
    { name: "Local", sheet: "Model", formula: 'SVC.COMPANY("KO")' },
  ];
  it.each([
    ['=SVC.FINANCIALS("AAPL")', true],
    ['=svc.financials("AAPL")', true],
    ['=_xldudf_SVC_FINANCIALS("AAPL")', true],
    ['=[1]!_xldudf_SVC_FINANCIALS("AAPL")', true],
    ['=IF(A1>0,SVC.COMPANY("AAPL","name"),"")', true],
    ["=Rev*2", true],
    ["=Rate*2", false],
    ["=Local", false],
    ['="SVC.FINANCIALS(1)"', false],
    ['SVC.FINANCIALS("AAPL")', false],
    ["=SUM(A1:A3)", false],
    ['=MYSVC.FINANCIALS("AAPL")', false],
    ['=SVC.FINANCIALS("AAPL",', true],
  ])("%s on Sheet1 -> %s", (formula, expected) => {
    expect(holdsSvcCall(formula, "Sheet1", names)).toBe(expected);
  });
  it("sees a sheet-scoped name on its own sheet only", () => {
    expect(holdsSvcCall("=Local", "Model", names)).toBe(true);
    expect(svcCallsOf("=Local+Rev", "Model", names).calls.map((c) => [c.fn, c.name])).toEqual([["COMPANY", "Local"], ["FINANCIALS", "Rev"]]);
  });
  it("follows names inside names", () => {
    const nested = [...names, { name: "Twice", sheet: null, formula: "Rev+Rev" }];
    expect(svcCallsOf('=Twice&"!"', "Sheet1", nested).calls.map((c) => [c.fn, c.name])).toEqual([["FINANCIALS", "Twice"]]);
  });
  it("counts a name used twice once per formula", () => {
    expect(svcCallsOf("=Rev+Rev", "Sheet1", names).calls).toHaveLength(1);
  });
});

/** A small deterministic generator (property tests without a library). */
function rng(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

const WRAPS: ((x: string) => string)[] = [
  (x) => `IFERROR(${x},"")`,
  (x) => `IFNA(${x},0)`,
  (x) => `ROUND(${x},0)`,
  (x) => `${x}*1`,
  (x) => `${x}/1000`,
  (x) => `-${x}`,
  (x) => `(${x})`,
  (x) => `IF(TRUE,${x},0)`,
  (x) => `SUM(${x},1)`,
  (x) => `${x}&""`,
  (x) => `INDEX(${x},1,1)`,
];

describe("property: wrapping calls never changes what they ask", () => {
  it("any nesting of wrappers around any number of calls asks exactly the calls' own requests", async () => {
    const { book } = model();
    const next = rng(24);
    for (let trial = 0; trial < 60; trial++) {
      const n = 1 + next(3);
      const calls = Array.from({ length: n }, () => `SVC.FINANCIALS("${TICKERS[next(5)]}","${METRICS[next(3)]}",${1 + next(5)})`);
      const wrapped = calls.map((c) => {
        let x = c;
        for (let k = next(4); k > 0; k--) x = WRAPS[next(WRAPS.length)](x);
        return x;
      });
      const formula = `=${wrapped.join(["+", "-", "*", "&"][next(4)])}`;
      const plan = await planRefresh([{ address: "Sheet1!B2", formula }], deps(book));
      const bare = await planRefresh(calls.map((c, i) => ({ address: `Sheet1!C${i + 1}`, formula: `=${c}` })), deps(book));
      expect({ formula, requests: plan.requests }).toEqual({ formula, requests: bare.requests });
      expect(plan.cells[0].calls).toHaveLength(n);
      expect(plan.cells[0].single).toBe(n === 1 && wrapped[0] === calls[0]);
    }
  });
});

describe("price = spend (real functions and engine, fake API)", () => {
  let api: FakeApi;
  beforeAll(async () => {
    api = await startFakeApi();
  });
  afterAll(async () => {
    await api.close();
  });

  it("counts distinct identities once, whichever cells ask them, and recalculating every call spends exactly that", async () => {
    const engine = createEngine({ client: new ApiClient({ baseUrl: api.url, credentials: staticCredentials(SANDBOX_API_KEY), timeoutMs: 5000 }), retryDelayMs: 10 });
    rt = cellRuntime(engine);
    const { book } = model();
    book.defineName({ name: "AaplRevenue", sheet: null, formula: 'SVC.FINANCIALS("AAPL","revenue","FY")' });
    const formulas = [
      { address: "Sheet1!A1", formula: '=IFERROR(SVC.FINANCIALS("AAPL","revenue","FY"),"")' },
      { address: "Sheet1!A2", formula: '=SVC.FINANCIALS("MSFT","revenue","FY")*1' },
      { address: "Sheet1!A3", formula: '=SVC.FINANCIALS("AAPL","revenue","FY")+SVC.FINANCIALS("MSFT","revenue","FY")' },
      { address: "Sheet1!A4", formula: "=AaplRevenue/1000" },
      { address: "Sheet1!A5", formula: '=ROUND(SVC.FINANCIALS("AAPL","bogus_metric","FY"),0)' },
    ];
    const plan = await planRefresh(formulas, deps(book));
    const price = await pricePlan(plan, (reqs) => engine.plan(reqs, { refresh: true }));
    expect(price.calls).toBe(2);
    expect(price.invalid.map((n) => n.address)).toEqual(["Sheet1!A5"]);
    expect(priceDetail(plan, price)).toMatch(/^5 formulas, 6 SVC calls in them, 5 requests, 3 shared with another call, 1 with invalid arguments \(no call\), 1 inside IFERROR or the like \(an error there is hidden\)\.$/);
    expect(planLines(plan, price)).toEqual([
      { kind: "invalid", address: "Sheet1!A5", text: expect.stringMatching(/bogus_metric.*\(no call\)$/) },
      { kind: "hides", address: "Sheet1!A1", text: "an SVC call inside IFERROR: an error it gets is hidden by the formula (it shows a value instead); a refresh lists it" },
      { kind: "cell", address: "Sheet1!A1", text: "1 SVC call, recalculated as a whole" },
      { kind: "cell", address: "Sheet1!A2", text: "1 SVC call, recalculated as a whole" },
      { kind: "cell", address: "Sheet1!A3", text: "2 SVC calls, recalculated as a whole" },
      { kind: "cell", address: "Sheet1!A4", text: "1 SVC call, recalculated as a whole, through the name AaplRevenue" },
      { kind: "cell", address: "Sheet1!A5", text: "1 SVC call, recalculated as a whole" },
    ]);
    const before = engine.stats().calls;
    await engine.invalidate(plan.requests);
    const calls = plan.cells.flatMap((c) => c.calls.filter((x) => x.outcome === "priced" && x.text).map((x) => parseFormula(x.text ?? "")));
    await Promise.all(calls.map((c, i) => callFunction(rt, c.fn, c.args, { address: `Sheet9!Z${i + 1}` })));
    expect(engine.stats().calls - before).toBe(price.calls);
  });
});
