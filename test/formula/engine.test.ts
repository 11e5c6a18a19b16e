/**
 * The plain-formula engine against values Excel gives (hand-checked in Excel for the web), and the
 * measured gaps of fast-formula-parser 1.0.19 that the engine covers.
 */
import FormulaParser from "fast-formula-parser";
import { evaluateFormula, unsupportedFunctions } from "../../src/formula/engine/evaluate";
import { fakeBook } from "./fake-cells";

const at = { sheet: "Model", row: 9, col: 9 };

function model() {
  const b = fakeBook(["Model", "Inputs", "Peers"]);
  b.fill("Inputs!A1", [[10, "AAPL"], [20, "msft"], [30, "  nvda  "]]);
  b.fill("Model!A1", [[1, 2, 0]]);
  b.set("Inputs!D1", { error: "#N/A" });
  b.fill("Peers!A2", [["AAPL"], ["MSFT"], ["GOOGL"]]);
  b.setSpill("Peers!A2", "Peers!A2:A4");
  return b;
}
const ev = (text: string, b = model(), opts = {}) => evaluateFormula(text, at, b, opts);

describe("evaluateFormula: Excel's answers", () => {
  test.each([
    ["=SUM(Inputs!A1:A3)", 60],
    ["=A1+B1*2", 5],
    ['=IFERROR(A1/C1,"n/a")', "n/a"],
    ["=A1/C1", { error: "#DIV/0!" }],
    ['=Inputs!B1&"-"&Inputs!A1', "AAPL-10"],
    ['=TEXT(0.1234,"0.0%")', "12.3%"],
    ['=TEXT(45000,"yyyy-mm-dd")', "2023-03-15"],
    ['=TEXT(1234.5,"#,##0.00")', "1,234.50"],
    ["=INDEX(Inputs!A1:A3,MATCH(30,Inputs!A1:A3,0))", 30],
    ['=INDEX(Inputs!B1:B3,MATCH("MSFT",Inputs!B1:B3,0))', "msft"],
    ["=MAX(Inputs!A1:A3)", 30],
    ["=MIN(Inputs!A1:A3,5)", 5],
    ["=UPPER(Inputs!B2)", "MSFT"],
    ["=TRIM(Inputs!B3)", "nvda"],
    ["=VALUE(\"12\")+1", 13],
    ["=COUNTA(Inputs!A1:B3)", 6],
    ['=SUMIFS(Inputs!A1:A3,Inputs!A1:A3,">15")', 50],
    ['=TEXTJOIN(",",TRUE,Inputs!B1:B2)', "AAPL,msft"],
    ["=ROUND(PMT(0.05/12,360,100000),2)", -536.82],
    ["=ROUND(NPV(0.1,-100,50,60),6)", -4.507889],
    ["=ROUND(IRR({-100,50,60}),6)", 0.063941],
    ["=YEAR(45292)", 2024],
    ["=DATE(2024,1,1)", 45292],
    ["=-2^2", 4],
    ["=2^3^2", 64],
    ["=1+2&3", "33"],
    ["=5%*2", 0.1],
    ['="a"="A"', true],
    ['=IF(Z99="","empty","not")', "empty"],
    ["=Z99", 0],
    ["=ISBLANK(Z99)", true],
    ["=Inputs!D1+1", { error: "#N/A" }],
    ["=SUM(Inputs!A1:D1)", { error: "#N/A" }],
    ['=IFERROR(Inputs!D1,"none")', "none"],
    ["=_xlfn.IFS(A1>0,\"pos\",TRUE,\"neg\")", "pos"],
    ["=LEFT(Z99,1)", ""],
  ])("%s = %j", (text, value) => {
    expect(ev(text)).toEqual(value);
  });

  test("a range result spills as a 2-D array in an array formula; a legacy formula intersects it with its row; array constants", () => {
    expect(ev("=Inputs!A1:B2", model(), { array: true })).toEqual([[10, "AAPL"], [20, "msft"]]);
    expect(evaluateFormula("=Inputs!A1:A3", { ...at, row: 1 }, model())).toBe(20);
    expect(ev("=Inputs!A1:A3")).toEqual({ error: "#VALUE!" });
    expect(ev("={1,2;3,4}")).toEqual([[1, 2], [3, 4]]);
  });

  test("whole columns and rows read the used area", () => {
    expect(ev("=SUM(Inputs!A:A)")).toBe(60);
    expect(ev("=SUM(1:1)")).toBe(3);
  });
});

describe("evaluateFormula: what fast-formula-parser 1.0.19 gets wrong or lacks, covered", () => {
  // a fresh copy of the library: the engine patches its comparison in the shared module
  let Library: typeof FormulaParser = FormulaParser;
  jest.isolateModules(() => {
    Library = require("fast-formula-parser");
  });
  const raw = () =>
    new Library({
      onCell: (r) => (r.sheet === "Inputs" ? [10, 20, 30][r.row - 1] ?? null : null),
      onRange: (r) => (r.sheet === "Inputs" ? [[10], [20], [30]] : [[null], [null], [null]]),
    });

  test.each(["UPPER", "MAX", "MIN", "MATCH", "COUNTA", "VALUE", "NPV", "IRR", "PMT", "TEXTJOIN", "SUMIFS"])("the library alone lacks %s; the engine has it (formulajs)", (fn) => {
    expect(() => raw().parse(`${fn}(1)`, { sheet: "Model", row: 1, col: 1 })).toThrow(/not implemented/);
    expect(unsupportedFunctions(`=${fn}(1)`)).toEqual([]);
  });

  test("INDEX over a range on another sheet: the library reads the formula's own sheet; the engine reads the range's", () => {
    expect(raw().parse("INDEX(Inputs!A1:A3,2,1)", { sheet: "Model", row: 1, col: 1 })).toBeNull();
    expect(ev("=INDEX(Inputs!A1:A3,2,1)")).toBe(20);
    expect(ev("=INDEX(Inputs!A1:A3,3)")).toBe(30);
  });

  test("spill references (A2#) become the spill's range; no spill is #REF!", () => {
    const b = model();
    expect(() => raw().parse("Peers!A2#", { sheet: "Model", row: 1, col: 1 })).toThrow();
    expect(ev("=INDEX(Peers!A2#,2,1)", b)).toBe("MSFT");
    expect(ev("=COUNTA(Peers!$A$2#)", b)).toBe(3);
    b.setSpill("Peers!A2", "Peers!A2:A3");
    expect(ev("=COUNTA(Peers!A2#)", b)).toBe(2);
    b.setSpill("Peers!A2", null);
    expect(ev("=Peers!A2#", b)).toEqual({ error: "#REF!" });
  });

  test("files spell A2# as _xlfn.ANCHORARRAY(A2) and @x as _xlfn.SINGLE(x)", () => {
    expect(ev("INDEX(_xlfn.ANCHORARRAY(Peers!A2),3,1)")).toBe("GOOGL");
    expect(ev("_xlfn.SINGLE(Inputs!A2)+1")).toBe(21);
    expect(unsupportedFunctions("_xlfn.ANCHORARRAY(A2)&_xlfn.SINGLE(A1)")).toEqual([]);
  });

  test("defined names: sheet scope before workbook scope, constants and formulas, unknown is #NAME?", () => {
    const b = model();
    b.defineName({ name: "rate", sheet: null, formula: "Inputs!$A$2" });
    b.defineName({ name: "rate", sheet: "Model", formula: "=Inputs!$A$3" });
    b.defineName({ name: "growth", sheet: null, formula: "0.05" });
    b.defineName({ name: "double", sheet: null, formula: "rate*2" });
    expect(evaluateFormula("=rate", at, b)).toBe(30);
    expect(evaluateFormula("=rate", { ...at, sheet: "Peers" }, b)).toBe(20);
    expect(evaluateFormula("=Model!rate+growth", { ...at, sheet: "Peers" }, b)).toBe(30.05);
    expect(evaluateFormula("=double", { ...at, sheet: "Peers" }, b)).toBe(40);
    expect(evaluateFormula("=nosuchname", at, b)).toEqual({ error: "#NAME?" });
  });

  test("an empty cell equals \"\", 0 and FALSE; the library alone compares it as 0 only", () => {
    expect(raw().parse('A1=""', { sheet: "Model", row: 1, col: 1 })).toBe(false);
    expect(ev('=Z99=""')).toBe(true);
    expect(ev("=Z99=0")).toBe(true);
    expect(ev("=Z99=FALSE")).toBe(true);
  });

  test("TODAY and NOW read the injected clock; dates are 1900-system serials", () => {
    const now = () => new Date(2026, 10, 23, 18, 0, 0);
    expect(ev("=TODAY()", model(), { now })).toBe(46349);
    expect(ev("=NOW()", model(), { now })).toBe(46349.75);
    expect(ev('=TEXT(TODAY(),"yyyy-mm-dd")', model(), { now })).toBe("2026-11-23");
    expect(ev("=YEAR(TODAY())", model(), { now })).toBe(2026);
  });

  test("SVC calls: #NAME? without a hook (Excel without the add-in); the hook's answer with one", () => {
    expect(ev('=SVC.COMPANY("AAPL","name")')).toEqual({ error: "#NAME?" });
    const svc = (fn: string, args: unknown[]) => (fn === "COMPANY" ? `${args[0]} Inc.` : { error: "#N/A" });
    expect(ev('=UPPER(SVC.COMPANY(Inputs!B1,"name"))', model(), { svc })).toBe("AAPL INC.");
    expect(ev('=_xldudf_SVC_COMPANY("X")&"!"', model(), { svc })).toBe("X Inc.!");
    expect(ev("=IFERROR(SVC.PEERS(1),\"none\")", model(), { svc })).toBe("none");
  });

  test("an SVC hook may evaluate another formula while the outer one is being evaluated", () => {
    const b = model();
    const svc = () => evaluateFormula("=SUM(Inputs!A1:A3)*2", at, b);
    expect(ev('=Inputs!A1+SVC.X(1)+Inputs!A2', b, { svc })).toBe(150);
  });

  test("XLOOKUP (neither library has it) in its common form: exact match, if_not_found, rows or columns", () => {
    expect(ev('=_xlfn.XLOOKUP("msft",Inputs!B1:B3,Inputs!A1:A3)')).toBe(20);
    expect(ev('=XLOOKUP("zzz",Inputs!B1:B3,Inputs!A1:A3)')).toEqual({ error: "#N/A" });
    expect(ev('=XLOOKUP("zzz",Inputs!B1:B3,Inputs!A1:A3,"none")')).toBe("none");
    expect(ev('=XLOOKUP(30,Inputs!A1:A3,Inputs!A1:B3)')).toEqual([[30, "  nvda  "]]);
    expect(ev("=XLOOKUP(2,Model!A1:C1,Model!A1:C1)")).toBe(2);
    expect(ev('=XLOOKUP("GOOGL",Peers!A2#,Peers!A2#)')).toBe("GOOGL");
    expect(unsupportedFunctions('=XLOOKUP(1,A1:A3,B1:B3,"x")')).toEqual([]);
  });

  test("functions the engine lacks are listed and UNSUPPORTED (#NAME? through evaluateFormula); WEBSERVICE is not offered", () => {
    expect(ev("=OFFSET(A1,1,0)")).toBe(0);
    expect(ev('=INFO("numfile")')).toEqual({ error: "#NAME?" });
    expect(unsupportedFunctions('=SUM(OFFSET(A1,1,0))+_xlfn.GROUPBY(1,{1,2})&INFO("numfile")')).toEqual(["GROUPBY", "INFO"]);
    expect(unsupportedFunctions('=WEBSERVICE("https://example.com")')).toEqual(["WEBSERVICE"]);
    expect(unsupportedFunctions("=SVC.PEERS(A1)&TEXT(TODAY(),\"yyyy\")")).toEqual([]);
  });

  test("unreadable text is #NAME?, never a throw", () => {
    expect(ev("=SUM(1")).toEqual({ error: "#NAME?" });
    expect(ev("=Table1[Col]")).toEqual({ error: "#NAME?" });
  });

  test("the same text on two sheets reads each sheet's cells", () => {
    const b = model();
    b.set("Peers!A1", 5);
    expect(evaluateFormula("=A1*2", at, b)).toBe(2);
    expect(evaluateFormula("=A1*2", { ...at, sheet: "Peers" }, b)).toBe(10);
  });

  test("the cache keeps formulas, not values: a changed cell, name or spill changes the answer", () => {
    const b = model();
    expect(ev("=Inputs!A1*2", b)).toBe(20);
    b.set("Inputs!A1", 7);
    expect(ev("=Inputs!A1*2", b)).toBe(14);
    b.defineName({ name: "k", sheet: null, formula: "2" });
    expect(ev("=k", b)).toBe(2);
    const b2 = model();
    b2.defineName({ name: "k", sheet: null, formula: "3" });
    expect(ev("=k", b2)).toBe(3);
  });
});
