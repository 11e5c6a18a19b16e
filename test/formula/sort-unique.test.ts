/**
 * SORT, UNIQUE (src/formula/engine/fns/dynamic-sort.ts) and PERCENTOF (fns/percentof.ts), held to
 * the values Excel stored in ../shared/realfiles (the cell that holds each is named).
 */
import { evaluate } from "../../src/formula/engine/evaluate";
import { fakeBook } from "./fake-cells";

const at = { sheet: "Sheet1", row: 19, col: 9 };
const value = (text: string) => evaluate(text, at, fakeBook(["Sheet1"]), { array: true });

describe("Excel's stored values", () => {
  test.each([
    ["SORT({1,3;2,2;3,1},1,-1,TRUE)", [[3, 1], [2, 2], [1, 3]], "formulas__test.xlsx LOOKUP!R117"],
    ['SORT({#VALUE!,1,3,2,2,"b",#DIV/0!,#N/A,#NAME?,#REF!,#NULL!,TRUE,FALSE,#NUM!},1,1,1)', [[1, 2, 2, 3, "b", false, true, { error: "#NULL!" }, { error: "#DIV/0!" }, { error: "#VALUE!" }, { error: "#REF!" }, { error: "#NAME?" }, { error: "#NUM!" }, { error: "#N/A" }]], "formulas__test.xlsx LOOKUP!U119"],
    ["SORT({2,1},-1)", { error: "#VALUE!" }, "formulas__test.xlsx LOOKUP!AR117"],
    ["SORT({2,1,2,1},1,{1;-1})", { error: "#VALUE!" }, "formulas__test.xlsx LOOKUP!AR118"],
    ["UNIQUE({1,2,2,1},TRUE)", [[1, 2]], "formulas__test.xlsx LOOKUP!S140"],
    ["UNIQUE({1,1,2,2},TRUE,TRUE)", { error: "#CALC!" }, "formulas__test.xlsx LOOKUP!R140"],
    ["UNIQUE({2,1},-1)", [[2, 1]], "formulas__test.xlsx LOOKUP!AR140"],
    ["PERCENTOF({0,2,2.3},{2,2.3,-0.2,-2})", 2.047619047619048, "formulas__test.xlsx 'MATH & TRIG'!R49"],
    ["PERCENTOF({#VALUE!,#N/A},{2,2.3,-0.2,-2})", { error: "#NUM!" }, "formulas__test.xlsx 'MATH & TRIG'!Y49"],
  ])("=%s is %j (%s)", (text, want, _cell) => expect(value(text)).toEqual(want));

  test("a range past the sheet's used cells keeps its empty cells: one distinct empty value, shown 0 (ironcalc/LOOKUP_AND_REFERENCE__SORT.xlsx Sheet2!C1)", () => {
    const b = fakeBook(["Sheet1"]);
    b.fill("Sheet1!A1", [["Marie"], ["Random"], ["Elisa"], ["Marisa"], ["Marie"], ["Random"]]);
    expect(evaluate("UNIQUE(A1:A13)", at, b, { array: true })).toEqual([["Marie"], ["Random"], ["Elisa"], ["Marisa"], [0]]);
  });
});

describe("TRIMRANGE (src/formula/engine/fns/trimrange.ts), Excel's stored values (formulas__test.xlsx LOOKUP!R135:Z136)", () => {
  const b = fakeBook(["Sheet1"]);
  b.fill("Sheet1!D1", [[0], [1], [null], [2], [null]]);
  b.fill("Sheet1!F2", [[4, null], [4, null], [null, 5]]);
  const trim = (text: string) => evaluate(text, at, b, { array: true });
  test.each([
    ["TRIMRANGE(C1:D5,3,3)", [[0], [1], [0], [2]]],
    ["TRIMRANGE(F1:G5,1,2)", [[4, 0], [4, 0], [0, 5], [0, 0]]],
    ['TRIMRANGE(F1:G5,"3.3",2)', { error: "#VALUE!" }],
    ["TRIMRANGE(K1:L5,3,3)", { error: "#REF!" }],
  ])("=%s is %j", (text, want) => expect(trim(text)).toEqual(want));
});
