/** The complex-number functions: Microsoft's documented examples and Excel's text form. */
import { evaluate } from "../../../src/formula/engine/evaluate";
import { fakeBook } from "../fake-cells";
import { expectExcel } from "./excel";

test.each([
  ["=COMPLEX(3,4)", "3+4i"], ['=COMPLEX(3,4,"j")', "3+4j"], ["=COMPLEX(0,1)", "i"], ["=COMPLEX(1,0)", "1"],
  ['=COMPLEX(1,2,"k")', { error: "#VALUE!" }],
  ['=IMABS("5+12i")', 13], ['=IMAGINARY("3+4i")', 4], ['=IMAGINARY("0-j")', -1], ["=IMAGINARY(4)", 0], ['=IMREAL("6-9i")', 6],
  ['=IMCONJUGATE("3+4i")', "3-4i"], ['=IMSUM("3+4i","5-3i")', "8+i"], ['=IMSUB("13+4i","5+3i")', "8+i"],
  ['=IMPRODUCT("3+4i","5-3i")', "27+11i"], ['=IMPRODUCT("1+2i",30)', "30+60i"], ['=IMDIV("-238+240i","10+24i")', "5+12i"],
  ['=IMSQRT("1+i")', "1.09868411346781+0.455089860562227i"],
  ['=IMLN("3+4i")', "1.6094379124341+0.927295218001612i"], ['=IMLOG10("3+4i")', "0.698970004336019+0.402719196273373i"],
  ['=IMLOG2("3+4i")', "2.32192809488736+1.33780421245098i"], ['=IMSIN("4+3i")', "-7.61923172032141-6.548120040911i"],
  ['=IMCOS("1+i")', "0.833730025131149-0.988897705762865i"], ['=IMSINH("4+3i")', "-27.0168132580039+3.85373803791938i"],
  ['=IMCOSH("4+3i")', "-27.0349456030742+3.85115333481178i"],
  ['=IMSUM("1+i","1+j")', { error: "#VALUE!" }], ['=IMABS("x")', { error: "#NUM!" }], ["=IMABS(TRUE)", { error: "#VALUE!" }],
  ['=IMLN("0")', { error: "#NUM!" }], ['=IMARGUMENT("0")', { error: "#DIV/0!" }],
])("%s = %j", (f, v) => expectExcel(f, v));

test("IMARGUMENT to the documented digits", () => expectExcel('=IMARGUMENT("3+4i")', 0.92729522, {}, 8));

test("a part near a rounding tie in its 15th digit is UNSUPPORTED, not a guess", () => {
  expect(evaluate('=IMLOG2("3.1+2j")', { sheet: "Sheet1", row: 0, col: 0 }, fakeBook())).toEqual({ unsupported: expect.stringContaining("15th digit") });
});
