/** ROMAN and ARABIC: Microsoft's documented examples and the argument rules. */
import { expectExcel } from "./excel";

const VALUE = { error: "#VALUE!" };

describe("ROMAN", () => {
  test.each([
    ["=ROMAN(499,0)", "CDXCIX"],
    ["=ROMAN(499,1)", "LDVLIV"],
    ["=ROMAN(499,2)", "XDIX"],
    ["=ROMAN(499,3)", "VDIV"],
    ["=ROMAN(499,4)", "ID"],
    ["=ROMAN(499)", "CDXCIX"],
    ["=ROMAN(499,TRUE)", "CDXCIX"],
    ["=ROMAN(499,FALSE)", "ID"],
    ["=ROMAN(999.9)", "CMXCIX"],
    ["=ROMAN(0)", ""],
    ["=ROMAN(3999)", "MMMCMXCIX"],
    ["=ROMAN(4000)", VALUE],
    ["=ROMAN(-1)", VALUE],
    ["=ROMAN(1,5)", VALUE],
    ['=ROMAN(1,"x")', VALUE],
    ['=ROMAN("12",2)', "XII"],
    ["=ROMAN(1/0)", { error: "#DIV/0!" }],
  ])("%s = %j", (f, v) => expectExcel(f, v));
});

describe("ARABIC", () => {
  test.each([
    ['=ARABIC("LVII")', 57],
    ['=ARABIC("mcmxii")', 1912],
    ['=ARABIC("")', 0],
    ['=ARABIC("-MMXI")', -2011],
    ['=ARABIC("  XIV  ")', 14],
    ['=ARABIC("IIIIIIV")', -1],
    ['=ARABIC("IM")', 999],
    ['=ARABIC("ABC")', VALUE],
    ["=ARABIC(12)", VALUE],
    ["=ARABIC(TRUE)", VALUE],
    ["=ARABIC(A1)", 0],
  ])("%s = %j", (f, v) => expectExcel(f, v));
});
