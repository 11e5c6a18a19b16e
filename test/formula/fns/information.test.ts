/** The information functions the engine computes itself, held to Microsoft's worked examples. */
import { evaluate, isUnsupported } from "../../../src/formula/engine/evaluate";
import { fakeBook } from "../fake-cells";

const at = { sheet: "Sheet1", row: 20, col: 20 };
const book = () => {
  const b = fakeBook(["Sheet1"]);
  b.fill("Sheet1!A1", [["Gold"], ["Region1"], [{ error: "#REF!" }], [330.92], [{ error: "#N/A" }], [null], [true]]);
  return b;
};
const ev = (text: string, array = false) => evaluate(text, at, book(), { array });

describe("IS functions", () => {
  test.each([
    ["ISEVEN(-1)", false],
    ["ISEVEN(2.5)", true],
    ["ISEVEN(5)", false],
    ["ISEVEN(0)", true],
    ["ISODD(-1)", true],
    ["ISODD(2.5)", false],
    ["ISODD(5)", true],
    ['ISEVEN("12")', true],
    ["ISEVEN(TRUE)", { error: "#VALUE!" }],
    ["ISEVEN(A5)", { error: "#N/A" }],
    ["ISLOGICAL(TRUE)", true],
    ['ISLOGICAL("TRUE")', false],
    ["ISNUMBER(4)", true],
    ["ISREF(G8)", true],
    ["ISNUMBER(A4)", true],
    ["ISTEXT(A2)", true],
    ["ISNONTEXT(A2)", false],
    ["ISNONTEXT(A6)", true],
    ["ISERR(A5)", false],
    ["ISERR(A3)", true],
    ["ISERROR(A3)", true],
    ["ISNA(A5)", true],
    ["ISNA(A3)", false],
    ["ISERROR(1/0)", true],
  ])("=%s is %j", (f, v) => expect(ev(f)).toEqual(v));

  test("ISEVEN of several cells: Excel refuses a range and goes over an array, so UNSUPPORTED", () => {
    expect(isUnsupported(ev("ISEVEN(A1:A2)", true))).toBe(true);
  });
});

describe("ERROR.TYPE, TYPE, NA, N", () => {
  test.each([
    ["ERROR.TYPE(#NULL!)", 1],
    ["ERROR.TYPE(1/0)", 2],
    ['ERROR.TYPE("a"+1)', 3],
    ["ERROR.TYPE(A3)", 4],
    ["ERROR.TYPE(#NUM!)", 6],
    ["ERROR.TYPE(NA())", 7],
    ["ERROR.TYPE(1)", { error: "#N/A" }],
    ["TYPE(2)", 1],
    ['TYPE("Smith")', 2],
    ["TYPE(TRUE)", 4],
    ["TYPE(1/0)", 16],
    ["TYPE(A6)", 1],
    ["NA()", { error: "#N/A" }],
    ["N(7)", 7],
    ['N("Even")', 0],
    ["N(TRUE)", 1],
    ["N(A3)", { error: "#REF!" }],
    ["N(A4:A7)", 330.92],
    ["T(A1:A2)", "Gold"],
  ])("=%s is %j", (f, v) => expect(ev(f)).toEqual(v));
});
