/**
 * LET, LAMBDA and the LAMBDA helpers against Excel's stored values (IronCalc's LOGICAL workbooks and
 * formulas' test workbook, read in place) and Microsoft's documented examples.
 */
import { evaluate } from "../../../src/formula/engine/evaluate";
import { parseExpression } from "../../../src/formula/text/syntax";
import { printNode } from "../../../src/formula/text/print";
import { fakeBook } from "../fake-cells";
import { unmatched, verdicts } from "./stored";

const at = { sheet: "Sheet1", row: 0, col: 1 };

describe("LET and LAMBDA: every formula of IronCalc's workbooks is Excel's stored value", () => {
  test.each(["LOGICAL__LET", "LOGICAL__MAKEARRAY", "LOGICAL__MAP_REDUCE", "LOGICAL__BYCOL_BYROW"])("ironcalc/%s.xlsx", (name) => {
    expect(unmatched(`ironcalc/${name}.xlsx`)).toEqual([]);
  });

  test("LAMBDA called inline, through LET and through a defined name (CountWords aside: SUBSTITUTE)", () => {
    expect(unmatched("ironcalc/LOGICAL__LAMBDA.xlsx", (o) => o.cell !== "Sheet1!F2")).toEqual([]);
  });

  test("SCAN keeps each step", () => {
    expect(verdicts("ironcalc/LOGICAL__SCAN.xlsx", ["Sheet1!E1"])).toEqual(["MATCH"]);
  });

  test("formulas' workbook: inline calls, a named LAMBDA, MAP over several arrays, REDUCE with an empty start, BYROW(r, SUM)", () => {
    const cells = ["C12", "E13", "R12", "C13", "R18", "U18", "V18", "X18", "R22", "S22", "R23", "U23", "R4", "R5", "S5", "R15", "T15"];
    expect(verdicts("formulas__test.xlsx", cells.map((c) => `LOGICAL!${c}`))).toEqual(cells.map(() => "MATCH"));
  });
});

describe("Microsoft's documented examples", () => {
  const book = fakeBook();
  test("ISOMITTED: =LAMBDA(x,y, IF(ISOMITTED(y),\"Missing second argument\",x+y))(1,)", () => {
    expect(evaluate('LAMBDA(x,y,IF(ISOMITTED(y),"Missing second argument",x+y))(1,)', at, book)).toBe("Missing second argument");
    expect(evaluate('LAMBDA(x,y,IF(ISOMITTED(y),"Missing second argument",x+y))(1,2)', at, book)).toBe(3);
  });

  test("a LAMBDA never called is #CALC!; a wrong number of arguments is #VALUE!", () => {
    expect(evaluate("LAMBDA(x,x+1)", at, book)).toEqual({ error: "#CALC!" });
    expect(evaluate("LAMBDA(x,x+1)(1,2)", at, book)).toEqual({ error: "#VALUE!" });
  });

  test("a recursive LAMBDA in a defined name, bounded", () => {
    const b = fakeBook();
    b.defineName({ name: "FACTO", sheet: null, formula: "LAMBDA(n,IF(n<=1,1,n*FACTO(n-1)))" });
    expect(evaluate("FACTO(5)", at, b)).toBe(120);
    expect(evaluate("FACTO(100000)", at, b)).toEqual({ unsupported: expect.stringMatching(/LAMBDA|too large/) });
  });
});

test("a call of a call prints back as written", () => {
  expect(printNode(parseExpression("_xlfn.LAMBDA(_xlpm.x,_xlpm.x+1)(5)"))).toBe("_xlfn.LAMBDA(_xlpm.x,_xlpm.x+1)(5)");
  expect(printNode(parseExpression("(F)(5)"))).toBe("(F)(5)");
});
