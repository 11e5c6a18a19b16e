import { Rng } from "../fakes/api/rng";
import { parseFormula } from "../../src/formula/text/parse";
import { resolveCalls, Resolved } from "../../src/formula/resolve/resolve";
import { fakeBook } from "./fake-cells";
import { readerOf } from "./fake-reader";

const PARAMS: Record<string, { name: string; optional: boolean }[]> = {
  FINANCIALS: [
    { name: "ticker", optional: false },
    { name: "metrics", optional: false },
    { name: "period", optional: true },
    { name: "options", optional: true },
  ],
  PEERS: [{ name: "ticker", optional: false }],
};
const params = (fn: string) => PARAMS[fn] ?? [];
const now = () => new Date(2026, 10, 23, 9, 30);

/** Inputs!A2:A4 tickers, Inputs!B1 period, Model!B1:D1 metrics, Peers!A2# a spill of three tickers. */
function model() {
  const b = fakeBook(["Model", "Inputs", "Peers", "Peer set"]);
  b.fill("Inputs!A1", [["ticker", "FY-4:FY"], ["AAPL", null], ["msft", null], ["  nvda ", null]]);
  b.fill("Model!B1", [["revenue", "net_income", "eps_diluted"]]);
  b.fill("Peer set!A2", [["KO"], ["PEP"]]);
  b.fill("Peers!A2", [["AAPL"], ["MSFT"], ["GOOGL"]]);
  b.setSpill("Peers!A2", "Peers!A2:A4");
  b.set("Inputs!C1", { error: "#N/A" });
  b.set("Inputs!D1", 45292); // 2024-01-01
  b.defineName({ name: "period", sheet: null, formula: "Inputs!$B$1" });
  b.defineName({ name: "tickers", sheet: null, formula: "=Inputs!$A$2:$A$4" });
  b.defineName({ name: "years", sheet: null, formula: "5" });
  b.defineName({ name: "period", sheet: "Peers", formula: '"FY"' });
  b.defineName({ name: "peerlist", sheet: null, formula: "Peers!$A$2#" });
  b.defineName({ name: "gone", sheet: null, formula: "#REF!" });
  return b;
}

async function one(formula: string, address = "Model!B2", book = model()): Promise<Resolved> {
  const [r] = await resolveCalls([{ address, formula }], readerOf(book), { params, now });
  return r;
}
const args = async (formula: string, address?: string) => {
  const r = await one(formula, address);
  if (r.status !== "resolved") throw new Error(`${formula}: ${JSON.stringify(r)}`);
  return r.args;
};
const message = async (formula: string, address?: string, book?: ReturnType<typeof model>) => {
  const r = await one(formula, address, book);
  if (r.status !== "invalid") throw new Error(`${formula}: ${JSON.stringify(r)}`);
  return r.message;
};

describe("resolveCalls: every reference kind", () => {
  test("literals and array constants, without reading anything", async () => {
    const book = model();
    const reader = readerOf(book);
    const [r] = await resolveCalls([{ address: "Model!B2", formula: '=SVC.FINANCIALS("AAPL",{"revenue","net_income"},5,)' }], reader, { params });
    expect(r).toEqual({ status: "resolved", fn: "FINANCIALS", args: ["AAPL", [["revenue", "net_income"]], 5], volatile: [], reads: [] });
    expect(reader.requests).toEqual([]);
  });

  test("A1, $A$1, A$1 and $A1 on the formula's sheet and on other sheets", async () => {
    expect(await args("=SVC.FINANCIALS(Inputs!$A2, B$1, Inputs!$B$1)")).toEqual(["AAPL", "revenue", "FY-4:FY"]);
    expect(await args("=SVC.FINANCIALS(Inputs!A3, $C1)")).toEqual(["msft", "net_income"]);
    expect(await args("=SVC.PEERS('Peer set'!$A$2)")).toEqual(["KO"]);
  });

  test("ranges arrive as 2-D arrays, as Excel passes them", async () => {
    expect(await args("=SVC.FINANCIALS(\"AAPL\", B1:D1)")).toEqual(["AAPL", [["revenue", "net_income", "eps_diluted"]]]);
    expect(await args("=SVC.FINANCIALS(\"AAPL\", 'Peer set'!$A$2:$A$3)")).toEqual(["AAPL", [["KO"], ["PEP"]]]);
    expect(await args("=SVC.FINANCIALS(\"AAPL\", Model!B1:C2)")).toEqual(["AAPL", [["revenue", "net_income"], [null, null]]]);
  });

  test("defined names: workbook scope, sheet scope winning on its sheet, constants, ranges, spills", async () => {
    expect(await args("=SVC.FINANCIALS(\"AAPL\",\"revenue\",period)")).toEqual(["AAPL", "revenue", "FY-4:FY"]);
    expect(await args("=SVC.FINANCIALS(\"AAPL\",\"revenue\",period)", "Peers!F2")).toEqual(["AAPL", "revenue", "FY"]);
    expect(await args("=SVC.FINANCIALS(\"AAPL\",\"revenue\",years)")).toEqual(["AAPL", "revenue", 5]);
    expect(await args("=SVC.FINANCIALS(\"AAPL\",tickers)")).toEqual(["AAPL", [["AAPL"], ["msft"], ["  nvda "]]]);
    expect(await args("=SVC.FINANCIALS(INDEX(peerlist,3,1),\"revenue\")")).toEqual(["GOOGL", "revenue"]);
  });

  test("spill references: the whole spill, and INDEX into it", async () => {
    expect(await args("=SVC.FINANCIALS(\"AAPL\",Peers!A2#)")).toEqual(["AAPL", [["AAPL"], ["MSFT"], ["GOOGL"]]]);
    expect(await args("=SVC.FINANCIALS(INDEX(A2#,2,1),\"revenue\",5)", "Peers!F2")).toEqual(["MSFT", "revenue", 5]);
  });

  test("&, unary minus, + - * / and parentheses", async () => {
    expect(await args('=SVC.FINANCIALS(Inputs!A2&"", "net_"&"income", "FY-"&(2*3-2)&":FY")')).toEqual(["AAPL", "net_income", "FY-4:FY"]);
    expect(await args("=SVC.FINANCIALS(\"AAPL\",\"revenue\",-(-5))")).toEqual(["AAPL", "revenue", 5]);
    expect(await args("=SVC.FINANCIALS(\"AAPL\",\"revenue\",(10+2)/4+2)")).toEqual(["AAPL", "revenue", 5]);
  });

  test("functions analysts put in arguments: UPPER LOWER TRIM TEXT YEAR TODAY IF INDEX", async () => {
    expect(await args("=SVC.PEERS(UPPER(Inputs!A3))")).toEqual(["MSFT"]);
    expect(await args("=SVC.PEERS(UPPER(TRIM(Inputs!A4)))")).toEqual(["NVDA"]);
    expect(await args("=SVC.FINANCIALS(\"AAPL\",LOWER(\"REVENUE\"))")).toEqual(["AAPL", "revenue"]);
    expect(await args('=SVC.FINANCIALS("AAPL","revenue","FY"&YEAR(Inputs!D1))')).toEqual(["AAPL", "revenue", "FY2024"]);
    expect(await args('=SVC.FINANCIALS("AAPL","revenue","FY"&TEXT(TODAY(),"yyyy"))')).toEqual(["AAPL", "revenue", "FY2026"]);
    expect(await args('=SVC.FINANCIALS("AAPL","revenue",IF(Inputs!B1="","FY",Inputs!B1))')).toEqual(["AAPL", "revenue", "FY-4:FY"]);
    expect(await args("=SVC.FINANCIALS(INDEX(Inputs!A2:A4,2),\"revenue\")")).toEqual(["msft", "revenue"]);
    expect(await args('=SVC.FINANCIALS(_xlfn.XLOOKUP("MSFT",Peers!A2#,Inputs!A2:A4),"revenue")')).toEqual(["msft", "revenue"]);
  });

  test("the file form and a formula without =; A2# and @ as files store them", async () => {
    expect(await args("_xldudf_SVC_FINANCIALS(Inputs!$A2,B$1)")).toEqual(["AAPL", "revenue"]);
    expect(await args("_xldudf_SVC_FINANCIALS(INDEX(_xlfn.ANCHORARRAY(Peers!$A$2),2,1),_xlfn.SINGLE(B1))")).toEqual(["MSFT", "revenue"]);
    expect(await args("_xldudf_SVC_FINANCIALS(\"AAPL\",_xlfn.ANCHORARRAY(Peers!A2))")).toEqual(["AAPL", [["AAPL"], ["MSFT"], ["GOOGL"]]]);
  });

  test("an empty optional cell is null; trailing empty arguments are dropped", async () => {
    expect(await args("=SVC.FINANCIALS(\"AAPL\",\"revenue\",Inputs!B2,)")).toEqual(["AAPL", "revenue", null]);
  });
});

describe("resolveCalls: invalid arguments name the argument, the cell or name, and why", () => {
  test.each([
    ["=SVC.FINANCIALS(Inputs!A9,\"revenue\")", "ticker (Inputs!A9): the cell is empty"],
    ["=SVC.FINANCIALS(Inputs!C1,\"revenue\")", "ticker (Inputs!C1): the cell shows #N/A"],
    ["=SVC.FINANCIALS(\"AAPL\",#REF!)", "metrics: the argument is #REF! (the cells it referred to were deleted)"],
    ["=SVC.FINANCIALS(\"AAPL\",Inputs!#REF!)", "metrics (Inputs!#REF!): the argument is #REF! (the cells it referred to were deleted)"],
    ["=SVC.FINANCIALS(\"AAPL\",\"revenue\",Periodd)", 'period: the name "Periodd" does not exist'],
    ["=SVC.FINANCIALS(Nope!A2,\"revenue\")", 'ticker (Nope!A2): #REF! (there is no sheet "Nope")'],
    ["=SVC.FINANCIALS(\"AAPL\",Inputs!A1:C1)", "metrics (Inputs!A1:C1): Inputs!C1 shows #N/A"],
    ["=SVC.FINANCIALS(\"AAPL\",Model!F1:G1)", "metrics (Model!F1:G1): the cells are empty"],
    ["=SVC.FINANCIALS(UPPER(Inputs!C1),\"revenue\")", "ticker (UPPER(Inputs!C1)): Inputs!C1 shows #N/A"],
    ["=SVC.FINANCIALS(\"AAPL\",\"revenue\",1/0)", "period (1/0): it gives #DIV/0!"],
    ["=SVC.FINANCIALS(Peers!B2#,\"revenue\")", "ticker (Peers!B2#): #REF! (Peers!B2 holds no spilled result)"],
    ["=SVC.FINANCIALS(UPPER(nothere),\"revenue\")", 'ticker (UPPER(nothere)): the name "nothere" does not exist'],
    ["=SVC.X(Inputs!A9)", "argument 1 (Inputs!A9): the cell is empty"],
    ["=SVC.FINANCIALS(\"AAPL\",gone)", 'metrics: the name "gone" refers to #REF! (its cells were deleted)'],
  ])("%s", async (formula, text) => {
    expect(await message(formula)).toBe(text);
  });

  test("a name whose cell is empty names the name and its cell (required argument); optional: null", async () => {
    const b = model();
    b.defineName({ name: "metric", sheet: null, formula: "Inputs!$E$1" });
    expect(await message('=SVC.FINANCIALS("AAPL",metric)', "Model!B2", b)).toBe("metrics (metric = Inputs!E1): the cell is empty");
    b.set("Inputs!B1", null);
    expect(await one('=SVC.FINANCIALS("AAPL","revenue",period)', "Model!B2", b)).toMatchObject({ status: "resolved", args: ["AAPL", "revenue", null] });
  });

  test("the invalid argument's index, the volatile functions and the reads come back", async () => {
    expect(await one('=SVC.FINANCIALS("AAPL",TEXT(TODAY(),"x")&Inputs!C1)')).toEqual({
      status: "invalid",
      fn: "FINANCIALS",
      argIndex: 1,
      message: 'metrics (TEXT(TODAY(),"x")&Inputs!C1): Inputs!C1 shows #N/A',
      volatile: ["TODAY"],
      reads: [{ sheet: "Inputs", r0: 0, c0: 2, r1: 0, c1: 2 }],
    });
  });
});

describe("resolveCalls: needs-run and not-svc", () => {
  test.each([
    ['=SVC.FINANCIALS(SVC.PEERS("AAPL"),"revenue")', 0, "ticker: SVC.PEERS inside the argument gives its value only when it runs"],
    ['=SVC.FINANCIALS(INDEX(_xldudf_SVC_PEERS("AAPL"),2,1),"revenue")', 0, "ticker: SVC.PEERS inside the argument gives its value only when it runs"],
    ['=SVC.FINANCIALS("AAPL",OFFSET(B1,0,0,1,3))', 1, "metrics (OFFSET(B1,0,0,1,3)): OFFSET (a volatile reference function) cannot be worked out before the formula runs"],
    ['=SVC.FINANCIALS(INDIRECT("Inputs!A2"),"revenue")', 0, 'ticker (INDIRECT("Inputs!A2")): INDIRECT (a volatile reference function) cannot be worked out before the formula runs'],
    ['=SVC.FINANCIALS(_xlfn.GROUPBY("x",{"x"}),"revenue")', 0, 'ticker (_xlfn.GROUPBY("x",{"x"})): GROUPBY cannot be worked out before the formula runs'],
    ['=SVC.FINANCIALS([1]Sheet1!A1,"revenue")', 0, "ticker: it refers to another workbook, which only Excel can read"],
  ])("%s", async (formula, argIndex, reason) => {
    const r = await one(formula);
    expect(r).toMatchObject({ status: "needs-run", fn: "FINANCIALS", argIndex, reason });
  });

  test("volatile functions are listed, resolved or not", async () => {
    expect(await one('=SVC.FINANCIALS("AAPL",OFFSET(B1,0,0,1,3),"FY"&YEAR(NOW()))')).toMatchObject({ status: "needs-run", volatile: ["OFFSET", "NOW"] });
    expect(await one('=SVC.FINANCIALS("AAPL","revenue","FY"&YEAR(TODAY()))')).toMatchObject({ status: "resolved", volatile: ["TODAY"], args: ["AAPL", "revenue", "FY2026"] });
  });

  test.each(["=A1+1", '=SVC.PEERS("A")+1', '=IFERROR(SVC.PEERS("A"),"")', "=SUM(1", "", '=[1]!SVC.PEERS("A")', '=SUM(SVC.PEERS("A"))'])("not-svc: %j", async (formula) => {
    expect(await one(formula)).toEqual({ status: "not-svc" });
  });

  test("a reader that fails settles every site as needs-run with the reason", async () => {
    const [a, b] = await resolveCalls(
      [{ address: "Model!B2", formula: "=SVC.PEERS(Inputs!A2)" }, { address: "Model!B3", formula: "=A1" }],
      readerOf(model(), { fail: "the workbook is busy" }),
      { params },
    );
    expect(a).toEqual({ status: "needs-run", fn: "PEERS", argIndex: 0, reason: "the cells could not be read (the workbook is busy)", volatile: [], reads: [] });
    expect(b).toEqual({ status: "not-svc" });
  });
});

describe("resolveCalls: batched reads", () => {
  function bigModel() {
    const b = fakeBook(["Inputs", "Model", "Peers"]);
    const tickers = Array.from({ length: 250 }, (_, i) => [`T${i}`]);
    b.fill("Inputs!A2", tickers);
    b.set("Inputs!B1", "FY-4:FY");
    b.fill("Model!B1", [["revenue", "net_income", "eps_diluted", "fcf"]]);
    b.fill("Peers!A2", tickers.slice(0, 50));
    b.setSpill("Peers!A2", "Peers!A2:A51");
    b.defineName({ name: "period", sheet: null, formula: "Inputs!$B$1" });
    const sites = [];
    for (let i = 0; i < 1000; i++) {
      const row = (i % 250) + 2;
      const col = "BCDE"[Math.floor(i / 250)];
      if (i % 10 === 9) sites.push({ address: `Peers!${col}${row}`, formula: `=SVC.FINANCIALS(INDEX($A$2#,${(i % 50) + 1},1),Model!${col}$1,period)` });
      else sites.push({ address: `Model!${col}${row}`, formula: `=SVC.FINANCIALS(Inputs!$A${row},${col}$1,Inputs!$B$1)` });
    }
    return { b, sites };
  }

  test("1,000 cell-driven formulas on 3 sheets: at most 3 reads, never one per formula", async () => {
    const { b, sites } = bigModel();
    const reader = readerOf(b);
    const out = await resolveCalls(sites, reader, { params });
    expect(out.every((r) => r.status === "resolved")).toBe(true);
    expect(reader.requests.length).toBeLessThanOrEqual(3);
    expect(reader.requests[0].names).toBe(true);
    // the name's cell (Inputs!B1) was read in the first pass for the other formulas: no second pass
    expect(reader.requests.length).toBe(1);
    expect(out[0]).toMatchObject({ args: ["T0", "revenue", "FY-4:FY"] });
    expect(out[9]).toMatchObject({ args: ["T9", "revenue", "FY-4:FY"], reads: [{ sheet: "Peers", r0: 1, c0: 0, r1: 50, c1: 0 }, { sheet: "Model", r0: 0, c0: 1, r1: 0, c1: 1 }, { sheet: "Inputs", r0: 0, c0: 1, r1: 0, c1: 1 }] });
  });

  test("a name pointing at cells nothing else reads: a second pass, for those cells only", async () => {
    const { b, sites } = bigModel();
    b.set("Inputs!Z9", "FY");
    b.defineName({ name: "other", sheet: null, formula: "Inputs!$Z$9" });
    const reader = readerOf(b);
    const out = await resolveCalls(sites.map((s) => ({ ...s, formula: s.formula.replace("period", "other") })), reader, { params });
    expect(out[9]).toMatchObject({ status: "resolved", args: ["T9", "revenue", "FY"] });
    expect(reader.requests.map((q) => [q.areas.length, q.spills.length, q.names])).toEqual([[reader.requests[0].areas.length, 1, true], [1, 0, false]]);
  });

  test("without names: one read", async () => {
    const { b, sites } = bigModel();
    const reader = readerOf(b);
    await resolveCalls(sites.filter((s) => !s.formula.includes("period")), reader, { params });
    expect(reader.requests.length).toBe(1);
  });

  test("property: resolution is independent of site order", async () => {
    const { b, sites } = bigModel();
    const some = [...sites.slice(0, 40), { address: "Model!Z1", formula: "=SVC.FINANCIALS(Inputs!A999,B1)" }, { address: "Model!Z2", formula: '=SVC.PEERS(SVC.PEERS("A"))' }];
    const base = await resolveCalls(some, readerOf(b), { params });
    const r = new Rng("resolve-order");
    for (let round = 0; round < 5; round++) {
      const order = some.map((_, i) => i).sort(() => r.next() - 0.5);
      const out = await resolveCalls(order.map((i) => some[i]), readerOf(b), { params });
      order.forEach((i, k) => expect(out[k]).toEqual(base[i]));
    }
  });
});

describe("resolveCalls: a literal formula resolves to what parseFormula gives", () => {
  const r = new Rng("resolve-literals");
  const literal = (): string => {
    const k = r.int(0, 5);
    if (k === 0) return `"${r.pick(["AAPL", "a\"\"b", "", "FY-4:FY"])}"`;
    if (k === 1) return String(r.pick([0, 5, 1.5, 1e3, 2.5e-3]));
    if (k === 2) return `-${r.int(0, 9)}`;
    if (k === 3) return r.pick(["TRUE", "false"]);
    if (k === 4) return `${r.int(0, 99)}%`;
    return `{${r.pick(['"a","b"', "1;2", '"x",1;TRUE,-2'])}}`;
  };
  test("200 generated formulas", async () => {
    const sites = Array.from({ length: 200 }, (_, i) => ({
      address: `Model!A${i + 1}`,
      formula: `=SVC.${r.pick(["FINANCIALS", "PEERS", "SCREEN"])}(${Array.from({ length: r.int(0, 4) }, () => (r.chance(0.2) ? "" : literal())).join(",")})`,
    }));
    const out = await resolveCalls(sites, readerOf(model()));
    out.forEach((res, i) => {
      const p = parseFormula(sites[i].formula);
      expect(res).toEqual({ status: "resolved", fn: p.fn, args: p.args, volatile: [], reads: [] });
    });
  });
});
