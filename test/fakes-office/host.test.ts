/**
 * The fake host's calculation model in Node: plain formulas through the engine, sheets and names,
 * SVC arguments from cells through the resolver, spills and #SPILL!, and recalculation of exactly
 * the dependents of an edit.
 */
import { show, testBook } from "./helpers";

describe("plain formulas", () => {
  it("evaluates =B2/C2, =SUM(B2:F2), =IFERROR(...) and recalculates exactly the readers of an edit", async () => {
    const { fx } = testBook();
    for (const [a, v] of [["B2", "10"], ["C2", "4"], ["D2", "1"], ["E2", "2"], ["F2", "3"]]) await fx.setFormula(`Sheet1!${a}`, v);
    await fx.setFormula("Sheet1!G2", "=B2/C2");
    await fx.setFormula("Sheet1!H2", "=SUM(B2:F2)");
    await fx.setFormula("Sheet1!I2", '=IFERROR(B2/0,"none")');
    await fx.setFormula("Sheet1!J2", "=D2*100");
    await fx.settled();
    expect([show(fx, "Sheet1!G2"), show(fx, "Sheet1!H2"), show(fx, "Sheet1!I2"), show(fx, "Sheet1!J2")]).toEqual([2.5, 20, "none", 100]);
    fx.resetCounters();
    await fx.setFormula("Sheet1!C2", "5");
    await fx.settled();
    expect(show(fx, "Sheet1!G2")).toBe(2);
    expect(show(fx, "Sheet1!H2")).toBe(21);
    expect(fx.evaluations()).toEqual({ "Sheet1!G2": 1, "Sheet1!H2": 1 });
  });

  it("reads other sheets and follows chains across them", async () => {
    const { fx } = testBook();
    fx.addSheet("Inputs");
    await fx.setFormula("Inputs!B1", "0.05");
    await fx.setFormula("Sheet1!A1", "=Inputs!B1*2");
    await fx.setFormula("Sheet2!A1", "=Sheet1!A1+1");
    await fx.settled();
    expect(show(fx, "Sheet2!A1")).toBeCloseTo(1.1);
    fx.resetCounters();
    await fx.setFormula("Inputs!B1", "1");
    await fx.settled();
    expect(show(fx, "Sheet2!A1")).toBe(3);
    expect(fx.evaluations()).toEqual({ "Sheet1!A1": 1, "Sheet2!A1": 1 });
  });

  it("evaluates defined names of workbook and sheet scope, and recalculates their readers when they change", async () => {
    const { fx } = testBook();
    fx.addSheet("Inputs");
    await fx.setFormula("Inputs!B1", "7");
    fx.names.define("Rate", "=Inputs!$B$1");
    fx.names.define("Local", "=2", "Sheet1");
    await fx.setFormula("Sheet1!A1", "=Rate*Local");
    await fx.settled();
    expect(show(fx, "Sheet1!A1")).toBe(14);
    await fx.setFormula("Inputs!B1", "8");
    await fx.settled();
    expect(show(fx, "Sheet1!A1")).toBe(16);
    expect(fx.names.list()).toEqual([
      { name: "Rate", sheet: null, formula: "Inputs!$B$1" },
      { name: "Local", sheet: "Sheet1", formula: "2" },
    ]);
  });
});

describe("SVC formulas with arguments from cells", () => {
  it("a ticker change re-runs only the formula reading it, and its readers follow", async () => {
    const { fx, calls } = testBook();
    fx.addSheet("Inputs");
    await fx.setFormula("Inputs!A2", "AAPL");
    await fx.setFormula("Inputs!A3", "KO");
    await fx.setFormula("Sheet1!B2", '=SVC.FINANCIALS(Inputs!A2,"revenue",5)');
    await fx.setFormula("Sheet1!B5", '=SVC.FINANCIALS(Inputs!A3,"revenue",5)');
    await fx.setFormula("Sheet1!B8", "=SUM(C3:G3)");
    await fx.setFormula("Sheet1!B9", "=SUM(C6:G6)");
    await fx.settled();
    expect(show(fx, "Sheet1!B2")).toBe("metric");
    const before = show(fx, "Sheet1!B8");
    calls.length = 0;
    fx.resetCounters();
    await fx.setFormula("Inputs!A2", "MSFT");
    await fx.settled();
    expect(calls).toEqual([["FINANCIALS", ["MSFT", "revenue", 5]]]);
    expect(show(fx, "Sheet1!B8")).not.toBe(before);
    expect(fx.evaluations()).toEqual({ "Sheet1!B2": 1, "Sheet1!B8": 1 });
    expect(fx.invocations()).toEqual({ "Sheet1!B2": 1 });
  });

  it("chains PEERS into INDEX(A2#,2,1) and FINANCIALS of that peer", async () => {
    const { fx, calls } = testBook();
    await fx.setFormula("Sheet1!H1", "AAPL");
    await fx.setFormula("Sheet1!A2", "=SVC.PEERS(H1)");
    await fx.setFormula("Sheet1!C2", "=INDEX(A2#,2,1)");
    await fx.setFormula("Sheet1!C4", '=SVC.FINANCIALS(INDEX(A2#,2,1),"revenue",3)');
    await fx.settled();
    expect(show(fx, "Sheet1!A3")).toBe("MSFT");
    expect(show(fx, "Sheet1!C2")).toBe("MSFT");
    expect(calls.filter((c) => c[0] === "FINANCIALS")).toEqual([["FINANCIALS", ["MSFT", "revenue", 3]]]);
    calls.length = 0;
    await fx.setFormula("Sheet1!H1", "KO");
    await fx.settled();
    expect(show(fx, "Sheet1!C2")).toBe("PEP");
    expect(calls).toEqual([
      ["PEERS", ["KO"]],
      ["FINANCIALS", ["PEP", "revenue", 3]],
    ]);
  });

  it("evaluates a nested SVC call first, like Excel evaluates arguments before the function", async () => {
    const { fx } = testBook();
    await fx.setFormula("Sheet1!A1", '=SVC.ECHO(SVC.ECHO("x"))');
    await fx.setFormula("Sheet1!A2", '=INDEX(SVC.PEERS("AAPL"),3,1)');
    await fx.settled();
    expect(show(fx, "Sheet1!A1")).toBe("x");
    expect(show(fx, "Sheet1!A2")).toBe("GOOGL");
  });

  it("runs an SVC call written inside a defined name the formula uses, as Excel does", async () => {
    const { fx, calls } = testBook();
    fx.names.define("Second", '=INDEX(SVC.PEERS("AAPL"),3,1)');
    fx.names.define("Twice", "=Second&Second");
    await fx.setFormula("Sheet1!A1", "=Second");
    await fx.setFormula("Sheet1!A2", '=Twice&"!"');
    await fx.settled();
    expect([show(fx, "Sheet1!A1"), show(fx, "Sheet1!A2")]).toEqual(["GOOGL", "GOOGLGOOGL!"]);
    expect(calls.filter(([id]) => id === "PEERS").length).toBeGreaterThan(0);
  });

  it("does not call again when a recalculated cell's arguments did not change", async () => {
    const { fx, calls } = testBook();
    await fx.setFormula("Sheet1!A1", "aapl");
    await fx.setFormula("Sheet1!B1", "=UPPER(A1)");
    await fx.setFormula("Sheet1!C1", '=SVC.FINANCIALS(UPPER(A1),"revenue",2)');
    await fx.settled();
    calls.length = 0;
    await fx.setFormula("Sheet1!A1", "AAPL");
    await fx.settled();
    expect(calls).toEqual([]);
    expect(fx.evaluations()["Sheet1!C1"]).toBe(2);
  });
});

describe("spills", () => {
  it("shows #SPILL! while the range is not blank and spills when it is cleared", async () => {
    const { fx } = testBook();
    await fx.setFormula("Sheet1!D3", "blocker");
    await fx.setFormula("Sheet1!C2", '=SVC.FINANCIALS("AAPL","revenue",3)');
    await fx.settled();
    expect(show(fx, "Sheet1!C2")).toBe("#SPILL!");
    await fx.setFormula("Sheet1!E10", "=C2");
    await fx.settled();
    // Excel shows #SPILL! here; the parser library's engine (fast-formula-parser) turns a referenced error into #VALUE! (reported).
    expect(show(fx, "Sheet1!E10")).toMatch(/^#(SPILL!|VALUE!)$/);
    await fx.setFormula("Sheet1!D3", "");
    await fx.settled();
    expect(show(fx, "Sheet1!C2")).toBe("metric");
    expect(show(fx, "Sheet1!E10")).toBe("metric");
    await fx.setFormula("Sheet1!F3", "x");
    await fx.settled();
    expect(show(fx, "Sheet1!C2")).toBe("#SPILL!");
  });

  it("a spill reference in a plain formula follows the spill's size", async () => {
    const { fx } = testBook();
    await fx.setFormula("Sheet1!H1", "AAPL");
    await fx.setFormula("Sheet1!A1", "=SVC.PEERS(H1)");
    await fx.setFormula("Sheet1!C1", "=ROWS(A1#)");
    await fx.settled();
    expect(show(fx, "Sheet1!C1")).toBe(4);
    await fx.setFormula("Sheet1!H1", "KO");
    await fx.settled();
    expect(show(fx, "Sheet1!C1")).toBe(3);
  });

  it("a spill running off the sheet's edge shows #SPILL!", async () => {
    const { fx } = testBook();
    await fx.setFormula("Sheet1!XFD1", "=SVC.ECHO({1,2})");
    expect(show(fx, "Sheet1!XFD1")).toBe("#SPILL!");
  });
});

describe("every cell settles", () => {
  it("when a running SVC formula is replaced by a plain one, or cleared", async () => {
    const { host, fx } = testBook();
    let release: () => void = () => undefined;
    host.fns.associate("ECHO", (v: unknown) => new Promise((resolve) => (release = () => resolve(v))));
    void fx.setFormula("Sheet1!A1", '=SVC.ECHO("slow")');
    void fx.setFormula("Sheet1!A2", '=SVC.ECHO("slow")');
    await new Promise((r) => setTimeout(r, 10));
    await fx.setFormula("Sheet1!A1", "=1+1");
    await fx.setFormula("Sheet1!A2", "");
    await fx.settled();
    expect(show(fx, "Sheet1!A1")).toBe(2);
    expect(show(fx, "Sheet1!A2")).toBeNull();
    release();
  });
});

describe("volatile functions", () => {
  it("are evaluated again on every edit, as Excel does; an SVC call whose arguments did not change is not run again", async () => {
    const { fx, calls } = testBook();
    await fx.setFormula("Sheet1!A1", "=SVC.ECHO(YEAR(TODAY()))");
    await fx.setFormula("Sheet1!A2", "=RAND()");
    await fx.settled();
    calls.length = 0;
    fx.resetCounters();
    await fx.setFormula("Sheet1!C9", "an unrelated edit");
    await fx.settled();
    expect(fx.evaluations()).toEqual({ "Sheet1!A1": 1, "Sheet1!A2": 1 });
    expect(calls).toEqual([]);
  });
});
