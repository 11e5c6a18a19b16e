/**
 * The lookup functions the engine computes (src/formula/engine/fns/lookup.ts), held to Microsoft's
 * worked examples on each function's documentation page; the corpus's workbooks hold them further
 * (test/conformance).
 */
import { evaluate, isUnsupported } from "../../src/formula/engine/evaluate";
import { fakeBook } from "./fake-cells";

function book() {
  const b = fakeBook(["Sheet1"]);
  // HLOOKUP's example
  b.fill("Sheet1!A1", [["Axles", "Bearings", "Bolts"], [4, 4, 9], [5, 7, 10], [6, 8, 11]]);
  // LOOKUP's vector example
  b.fill("Sheet1!E2", [[4.14, "red"], [4.19, "orange"], [5.17, "yellow"], [5.77, "green"], [6.39, "blue"]]);
  return b;
}
const at = { sheet: "Sheet1", row: 19, col: 9 };
const value = (text: string) => evaluate(text, at, book(), { array: true });

describe("Microsoft's examples", () => {
  test.each([
    ['HLOOKUP("Axles",A1:C4,2,TRUE)', 4],
    ['HLOOKUP("Bearings",A1:C4,3,FALSE)', 7],
    ['HLOOKUP("B",A1:C4,3,TRUE)', 5],
    ['HLOOKUP("Bolts",A1:C4,4)', 11],
    ['HLOOKUP(3,{1,2,3;"a","b","c";"d","e","f"},2,TRUE)', "c"],
    ["LOOKUP(4.19,E2:E6,F2:F6)", "orange"],
    ["LOOKUP(5.75,E2:E6,F2:F6)", "yellow"],
    ["LOOKUP(7.66,E2:E6,F2:F6)", "blue"],
    ["LOOKUP(0,E2:E6,F2:F6)", { error: "#N/A" }],
    ['LOOKUP("C",{"a","b","c","d";1,2,3,4})', 3],
    ['LOOKUP("bump",{"a",1;"b",2;"c",3})', 2],
    ["XMATCH(4,{5,4,3,2,1})", 2],
    ["XMATCH(4.5,{5,4,3,2,1},1)", 1],
    ["MATCH(39,{25,38,40,41},1)", 2],
    ["MATCH(41,{25,38,40,41},0)", 4],
    ['VLOOKUP("yellow",{"red",1;"yellow",2},2,FALSE)', 2],
    ['XLOOKUP("Bolts",A1:C1,A4:C4)', 11],
    ['XLOOKUP("Nuts",A1:C1,A4:C4,"none")', "none"],
    ["XLOOKUP(5.2,E2:E6,F2:F6,,-1)", "yellow"],
    ["XLOOKUP(5.2,E2:E6,F2:F6,,1)", "green"],
  ])("=%s is %j", (text, want) => expect(value(text)).toEqual(want));

  test("the last number of an array of numbers and errors (LOOKUP(2,1/(condition),values))", () => {
    expect(value('LOOKUP(2,1/(F2:F6<>"green"),F2:F6)')).toEqual("blue");
    expect(value('LOOKUP(2,1/(F2:F6="orange"),E2:E6)')).toEqual(4.19);
  });
});

/**
 * Excel's binary searches over values out of order or of several kinds (src/formula/engine/fns/lookup-bisect.ts):
 * the values Excel stored in ../shared/realfiles, with the cell that holds each.
 */
describe("Excel's search steps, as Excel's stored values show them", () => {
  test.each([
    ['LOOKUP(4.1,{"b",4.1,"a",1.1})', 4.1, "formulas__test.xlsx LOOKUP!V60"],
    ['LOOKUP(4.1,{"a",2.1,"b",4.1},{"L","ML","MR","R"})', "R", "formulas__test.xlsx LOOKUP!AL57"],
    ['LOOKUP(TRUE,{TRUE,FALSE,"a","b"},{"L","ML","MR","R"})', "ML", "formulas__test.xlsx LOOKUP!AO64"],
    ["LOOKUP(3,{4.1,2.1,3.1,1.1})", 2.1, "formulas__test.xlsx LOOKUP!T59"],
    ["MATCH(4,{4.1,3.1,2.1,1.1})", 4, "formulas__test.xlsx LOOKUP!U68"],
    ["MATCH(1.1,{4.1,3.1,2.1,1.1})", { error: "#N/A" }, "formulas__test.xlsx LOOKUP!S68"],
    ['MATCH("*b?u*",{"",4.1,"a",1.1})', 1, "formulas__test.xlsx LOOKUP!X70"],
    ["MATCH(1.1,{-1.1,2.1,3.1,4.1},-1)", { error: "#N/A" }, "formulas__test.xlsx LOOKUP!S83"],
    ['MATCH(3,{"c bau c",4.1,"a",1.1},-1)', 2, "formulas__test.xlsx LOOKUP!T87"],
    ['MATCH("*b?u*",{"",4.1,"a",1.1},-1)', { error: "#N/A" }, "formulas__test.xlsx LOOKUP!X88"],
    ["MATCH(0,{0;1;2;3;4},-1)", 1, "pycel__lookup.xlsx Lookup!G32"],
    ["MATCH(-1,{0;1;2;3;4},-1)", 5, "pycel__lookup.xlsx Lookup!B32"],
    ['MATCH("delta",{"Alpha";"Beta";"Delta";"Delta";"Gamma";"Omega"})', 4, "ironcalc/LOOKUP_AND_REFERENCE__MATCH.xlsx Sheet1!C7"],
    ['XLOOKUP("b",{TRUE,4.1,FALSE,"b"},{"L","ML","MR","R"},1,1,2)', "MR", "formulas__test.xlsx LOOKUP!X169"],
    ["XMATCH(1,{4.1,3,2.1,2,1},1,2)", 1, "formulas__test.xlsx EXTRA!L88"],
    ['XMATCH(4.1,{2,"s","a",4.1,1.1},1,2)', 2, "formulas__test.xlsx EXTRA!K83"],
    ['XMATCH("*b?u*",{"c bau c",4.1,"a",1.1},-1)', 2, "formulas__test.xlsx LOOKUP!X193"],
    ['XMATCH(TRUE,{"",4.1,"a",1.1},-1)', 3, "formulas__test.xlsx LOOKUP!Y194"],
    ["HLOOKUP({-1.1,2.1},{-1.1,2.1,3.1,4.1;5,6,7,8},{2,1},0)", [[5, 6]], "formulas__test.xlsx LOOKUP!AH44:AI44"],
    ['XMATCH("ß",{"ß","ss"},{0,1},1)', [[1, 1]], "formulas__test.xlsx EXTRA!L73:M73"],
  ])("=%s is %j (%s)", (text, want, _cell) => expect(value(text)).toEqual(want));

  test("an empty lookup value sorts after every value in XMATCH (formulas__test.xlsx LOOKUP!W190, W171, W177)", () => {
    const b = book();
    const xmatch = (text: string) => evaluate(text, at, b, { array: true });
    expect(xmatch('XMATCH(Z99,{"a",2.1,"c bau c",4.1},-1)')).toEqual(3);
    expect(xmatch("XMATCH(Z99,{-1.1,2.1,3.1,4.1},1)")).toEqual({ error: "#N/A" });
    expect(xmatch("XMATCH(Z99,{TRUE,4.1,FALSE,1.1},-1,2)")).toEqual(4);
  });
});

describe("where Excel's stored values do not show its steps: UNSUPPORTED, never a guess", () => {
  test.each(["XMATCH(3,{1,3,3},0,2)", 'MATCH(2,{1,1,2,"a",2,9},1)', "XMATCH(3,{1,#N/A,4},0,2)"])("=%s", (text) => expect(isUnsupported(value(text))).toBe(true));
});
