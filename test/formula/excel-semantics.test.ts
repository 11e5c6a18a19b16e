/**
 * Excel's semantics, one test per row of the table of differences found against Excel-saved
 * workbooks (A1:A3 = 1,2,3 and B1:B3 = 4,5,6). Expected values are Excel's: the table
 * (reproduced in Excel) and the cached values of the workbooks named beside each test, which the
 * conformance gate (test/conformance) also checks in place.
 */
import { evaluate, evaluateFormula, isUnsupported } from "../../src/formula/engine/evaluate";
import { fakeBook } from "./fake-cells";

function book() {
  const b = fakeBook(["Sheet1", "Sheet2", "Sheet3"]);
  b.fill("Sheet1!A1", [[1, 4], [2, 5], [3, 6]]);
  b.fill("Sheet1!D1", [[10], [20], [30]]);
  b.set("Sheet1!E1", 0);
  b.set("Sheet1!E3", { error: "#DIV/0!" });
  b.set("Sheet2!A1", 20);
  b.set("Sheet3!A1", 45);
  return b;
}
const at = { sheet: "Sheet1", row: 9, col: 9 };
const legacy = (text: string, cell = at) => evaluate(text, cell, book());
const array = (text: string) => evaluate(text, at, book(), { array: true });

describe("the issue's table: Excel's value, not the library's", () => {
  test.each([
    ["IF(FALSE,1,)", 0],
    ["IF(TRUE,,1)", 0],
    ["SUMPRODUCT((A1:A3>1)*B1:B3)", 11],
    ["SUMPRODUCT(A:A,D:D)", 140],
  ])("=%s is %j (legacy formula)", (text, value) => {
    expect(legacy(text)).toEqual(value);
  });

  test("=SUM(IF(A1:A3>1,B1:B3)) entered as an array formula is 11", () => {
    expect(array("SUM(IF(A1:A3>1,B1:B3))")).toBe(11);
  });

  test("=SUM(A1:A3*B1:B3) as a dynamic-array formula is 32; as a legacy formula Excel intersects (row 2: 2*5)", () => {
    expect(array("SUM(A1:A3*B1:B3)")).toBe(32);
    expect(legacy("SUM(A1:A3*B1:B3)", { sheet: "Sheet1", row: 1, col: 5 })).toBe(10);
    expect(legacy("SUM(A1:A3*B1:B3)")).toEqual({ error: "#VALUE!" });
  });
});

describe("the other differences seen in the same run", () => {
  test("IF of 0, an empty cell or an error: FALSE, FALSE, the error", () => {
    expect(legacy('IF(E1,"t","f")')).toBe("f");
    expect(legacy('IF(Z99,"t","f")')).toBe("f");
    expect(legacy('IF(E3,"t","f")')).toEqual({ error: "#DIV/0!" });
  });

  test("a whole column in a one-cell legacy formula is intersected with the formula's row (A:A&\"/\"&B:B)", () => {
    expect(legacy('A:A&"/"&B:B', { sheet: "Sheet1", row: 2, col: 7 })).toBe("3/6");
  });

  test("errors propagate as themselves: a formula reading #DIV/0! shows #DIV/0!, not #VALUE!", () => {
    expect(legacy("E3+1")).toEqual({ error: "#DIV/0!" });
    expect(legacy("ROUND(E3,2)")).toEqual({ error: "#DIV/0!" });
  });

  test("blank versus \"\": an empty cell is 0 in arithmetic, \"\" in text, equal to both", () => {
    expect(legacy("Z99+1")).toBe(1);
    expect(legacy('Z99&"x"')).toBe("x");
    expect(legacy('AND(Z99=0,Z99="")')).toBe(true);
    expect(legacy("Z99")).toBe(0);
  });

  test("NPV skips an empty cell (it is not a period)", () => {
    const b = book();
    b.fill("Sheet1!G1", [[-100], [null], [60], [70]]);
    expect(evaluate("ROUND(NPV(0.1,G1:G4),6)", at, b)).toBe(11.269722);
  });

  test("SUMIFS criteria ignore case; wildcards; comparisons", () => {
    const b = book();
    b.fill("Sheet2!A1", [["Apple", 1], ["apple", 2], ["Pear", 4]]);
    expect(evaluate('SUMIFS(Sheet2!B1:B3,Sheet2!A1:A3,"APPLE")', at, b)).toBe(3);
    expect(evaluate('SUMIFS(Sheet2!B1:B3,Sheet2!A1:A3,"p*")', at, b)).toBe(4);
    expect(evaluate('COUNTIF(Sheet2!B1:B3,">1")', at, b)).toBe(2);
  });

  test('VALUE("ABC") is #VALUE!', () => {
    expect(legacy('VALUE("ABC")')).toEqual({ error: "#VALUE!" });
    expect(legacy('VALUE("1.5")')).toBe(1.5);
  });

  test("SLOPE over two ranges (formulas__test.xlsx STATISTICAL: Excel's value)", () => {
    expect(legacy("SLOPE(B1:B3,A1:A3)")).toBe(1);
  });

  test("names with relative references move with the formula's cell (phpss__NamedFormulae.xlsx: HOURS_PER_DAY = Worksheet!$B1)", () => {
    const b = book();
    b.defineName({ name: "hours", sheet: null, formula: "Sheet1!$B1" });
    b.defineName({ name: "column", sheet: null, formula: "Sheet1!A$1:A$3" });
    expect(evaluate("hours*10", { sheet: "Sheet1", row: 2, col: 2 }, b)).toBe(60);
    expect(evaluate("hours*10", { sheet: "Sheet1", row: 0, col: 2 }, b)).toBe(40);
    expect(evaluate("SUM(column)", { sheet: "Sheet1", row: 5, col: 1 }, b)).toBe(15);
  });

  test("a function the engine lacks is UNSUPPORTED with a reason, never a #NAME? value", () => {
    const v = legacy('INFO("osversion")');
    expect(isUnsupported(v) && v.unsupported).toMatch(/INFO is not implemented/);
    expect(evaluateFormula('INFO("osversion")', at, book())).toEqual({ error: "#NAME?" });
  });

  test("table references where the tables are not known, and 3-D references, are UNSUPPORTED with a reason", () => {
    for (const text of ["SUM(Table1[Col])", "SUM(Sheet1:Sheet3!A1)"]) {
      const v = legacy(text);
      expect(isUnsupported(v) && v.unsupported).toMatch(/Excel Tables are not known here|a 3-D reference/);
    }
  });

  test("numbers as text keep 15 significant digits; a sum that is rounding noise is 0", () => {
    expect(legacy('1/3&""')).toBe("0.333333333333333");
    expect(legacy("0.1+0.2-0.3")).toBe(0);
  });

  test("the 1904 date system: serial 0 is 1904-01-01, 1,462 days after the 1900 system's", () => {
    const in1904 = (text: string) => evaluate(text, at, book(), { date1904: true, now: () => new Date(2024, 0, 1) });
    expect(["YEAR(0)", "MONTH(0)", "DAY(0)", "DAY(1)", "YEAR(-1)"].map(in1904)).toEqual([1904, 1, 1, 2, { error: "#NUM!" }]);
    expect(["DATE(2024,1,1)", "TODAY()", "WORKDAY(43830,5)", "NETWORKDAYS(43830,43836)", "YEARFRAC(43830,44195)", "HOUR(0.5)"].map(in1904)).toEqual([43830, 43830, 43837, 5, 1, 12]);
    expect(['TEXT(43830,"yyyy-mm-dd")', 'TEXT(1.5,"0.0")', "DATE(1903,12,31)"].map(in1904)).toEqual(["2024-01-01", "1.5", { error: "#NUM!" }]);
    // each format of an array reads the serial in the workbook's system: a date code as a 1904 date, "0" as the number
    expect(evaluate('TEXT(43830,{"yyyy","0"})', at, book(), { date1904: true, array: true })).toEqual([["2024", "43830"]]);
    expect(evaluate("YEAR(45292)", at, book())).toBe(2024);
    // day 0 of the 1900 system is Excel's "1900-01-00", not 1899-12-31
    expect(["YEAR(0)", "MONTH(0)", "DAY(0)", "DAY(0.5)", "DAY(1)"].map((f) => evaluate(f, at, book()))).toEqual([1900, 1, 0, 0, 1]);
  });
});
