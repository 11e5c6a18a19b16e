/**
 * The database functions (src/formula/engine/fns/database.ts) on Microsoft's worked example (the
 * orchard table of the DSUM, DAVERAGE, DGET … pages), with the values the documentation gives.
 */
import { evaluate, isUnsupported } from "../../src/formula/engine/evaluate";
import { fakeBook } from "./fake-cells";

function book() {
  const b = fakeBook(["Sheet1"]);
  b.fill("Sheet1!A1", [
    ["Tree", "Height", "Age", "Yield", "Profit", "Height"],
    ["=Apple", ">10", null, null, null, "<16"],
    ["=Pear", null, null, null, null, null],
  ]);
  b.fill("Sheet1!A5", [
    ["Tree", "Height", "Age", "Yield", "Profit"],
    ["Apple", 18, 20, 14, 105],
    ["Pear", 12, 12, 10, 96],
    ["Cherry", 13, 14, 9, 105],
    ["Apple", 14, 15, 10, 75],
    ["Pear", 9, 8, 8, 76.8],
    ["Apple", 8, 9, 6, 45],
  ]);
  b.set("Sheet1!H1", "Tree");
  b.set("Sheet1!H2", "App");
  b.set("Sheet1!J1", "Total");
  b.set("Sheet1!J2", true);
  return b;
}
const at = { sheet: "Sheet1", row: 19, col: 9 };
const value = (text: string) => evaluate(text, at, book());

test.each([
  ['DCOUNT(A5:E11,"Age",A1:F2)', 1],
  ['DCOUNTA(A5:E11,"Profit",A1:F2)', 1],
  ['DMAX(A5:E11,"Profit",A1:A3)', 105],
  ['DMIN(A5:E11,"Profit",A1:B2)', 75],
  ['DSUM(A5:E11,"Profit",A1:A2)', 225],
  ['DSUM(A5:E11,"Profit",A1:F2)', 75],
  ['DPRODUCT(A5:E11,"Yield",A1:F2)', 10],
  ['DAVERAGE(A5:E11,"Yield",A1:B2)', 12],
  ["DAVERAGE(A5:E11,3,A5:E11)", 13],
  ['DGET(A5:E11,"Yield",A1:A3)', { error: "#NUM!" }],
])("Microsoft's example: =%s is %j", (text, want) => expect(value(text)).toEqual(want));

test.each([
  ['DSTDEV(A5:E11,"Yield",A1:A3)', 2.96647939483827],
  ['DSTDEVP(A5:E11,"Yield",A1:A3)', 2.65329983228432],
  ['DVAR(A5:E11,"Yield",A1:A3)', 8.8],
  ['DVARP(A5:E11,"Yield",A1:A3)', 7.04],
])("Microsoft's example: =%s is %d (to Excel's 15 digits)", (text, want) => expect(value(text)).toBeCloseTo(want, 13));

test("plain text in a criteria cell matches text that begins with it (Microsoft's criteria rules)", () => {
  expect(value('DSUM(A5:E11,"Profit",H1:H2)')).toEqual(225);
});

test("a computed criterion (its label names no column) is UNSUPPORTED: Excel evaluates its formula per record", () => {
  expect(isUnsupported(value('DSUM(A5:E11,"Profit",J1:J2)'))).toBe(true);
});
