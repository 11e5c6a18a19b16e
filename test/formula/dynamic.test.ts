/** The array-shaping functions and FILTER (src/formula/engine/fns/dynamic*.ts), to Microsoft's definitions and examples of each. */
import { evaluate } from "../../src/formula/engine/evaluate";
import { fakeBook } from "./fake-cells";

const at = { sheet: "Sheet1", row: 19, col: 9 };
const value = (text: string) => evaluate(text, at, fakeBook(), { array: true });
const NA = { error: "#N/A" };
const A = "{1,2,3;4,5,6;7,8,9}";

test.each([
  [`TAKE(${A},2)`, [[1, 2, 3], [4, 5, 6]]],
  [`TAKE(${A},-2,1)`, [[4], [7]]],
  [`DROP(${A},2)`, [[7, 8, 9]]],
  [`DROP(${A},-2)`, [[1, 2, 3]]],
  [`DROP(${A},2,2)`, 9],
  [`CHOOSECOLS(${A},1,3)`, [[1, 3], [4, 6], [7, 9]]],
  [`CHOOSECOLS(${A},-1,-2)`, [[3, 2], [6, 5], [9, 8]]],
  [`CHOOSEROWS(${A},{1,3})`, [[1, 2, 3], [7, 8, 9]]],
  [`CHOOSEROWS(${A},4)`, { error: "#VALUE!" }],
  ["VSTACK({1,2},{3,4;5,6})", [[1, 2], [3, 4], [5, 6]]],
  ["VSTACK({1,2,3},4)", [[1, 2, 3], [4, NA, NA]]],
  ["HSTACK({1;2},{3;4})", [[1, 3], [2, 4]]],
  ['EXPAND({1,2;3,4},3,3,"-")', [[1, 2, "-"], [3, 4, "-"], ["-", "-", "-"]]],
  ["EXPAND({1,2;3,4},3)", [[1, 2], [3, 4], [NA, NA]]],
  ["EXPAND({1,2;3,4},1)", { error: "#VALUE!" }],
  ["TOCOL({1,2;3,4})", [[1], [2], [3], [4]]],
  ["TOCOL({1,2;3,4},0,TRUE)", [[1], [3], [2], [4]]],
  ["TOROW({1,2;3,4})", [[1, 2, 3, 4]]],
  ["TOROW({1,#N/A;3,4},2)", [[1, 3, 4]]],
  ["WRAPROWS({1,2,3,4,5},2)", [[1, 2], [3, 4], [5, NA]]],
  ["WRAPCOLS({1,2,3,4,5},2,0)", [[1, 3, 5], [2, 4, 0]]],
  ["WRAPROWS({1,2;3,4},2)", { error: "#VALUE!" }],
  ["FILTER({1;2;3},{TRUE;FALSE;TRUE})", [[1], [3]]],
  ['FILTER({1,2,3;4,5,6},{1,0,1})', [[1, 3], [4, 6]]],
  ['FILTER({1;2;3},{FALSE;FALSE;FALSE},"none")', "none"],
  ["FILTER({1;2;3},{TRUE;FALSE})", { error: "#VALUE!" }],
])("=%s", (text, want) => expect(value(text)).toEqual(want));
