/** Counting, bitwise and step functions: Microsoft's documented examples and the errors. */
import { expectExcel } from "./excel";

const NUM = { error: "#NUM!" };

test.each([
  ["=FACT(5)", 120], ["=FACT(1.9)", 1], ["=FACT(0)", 1], ["=FACT(-1)", NUM], ["=FACT(1)", 1],
  ["=FACTDOUBLE(6)", 48], ["=FACTDOUBLE(7)", 105], ["=FACTDOUBLE(-2)", NUM],
  ["=COMBIN(8,2)", 28], ["=COMBIN(2,8)", NUM], ["=COMBINA(4,3)", 20], ["=COMBINA(10,3)", 220],
  ["=PERMUT(100,3)", 970200], ["=PERMUT(3,2)", 6], ["=PERMUTATIONA(3,2)", 9], ["=PERMUTATIONA(2,2)", 4],
  ["=MULTINOMIAL(2,3,4)", 1260],
  ["=GCD(5,2)", 1], ["=GCD(24,36)", 12], ["=GCD(7,1)", 1], ["=GCD(5,0)", 5], ["=GCD(-1,2)", NUM],
  ["=LCM(5,2)", 10], ["=LCM(24,36)", 72], ["=LCM(TRUE,2)", { error: "#VALUE!" }],
  ["=BITAND(1,5)", 1], ["=BITAND(13,25)", 9], ["=BITOR(23,10)", 31], ["=BITXOR(5,3)", 6],
  ["=BITLSHIFT(4,2)", 16], ["=BITRSHIFT(13,2)", 3], ["=BITAND(2^48,1)", NUM], ["=BITAND(1.5,1)", NUM],
  ["=DELTA(5,4)", 0], ["=DELTA(5,5)", 1], ["=DELTA(0.5,0)", 0],
  ["=GESTEP(5,4)", 1], ["=GESTEP(5,5)", 1], ["=GESTEP(-4,-5)", 1], ["=GESTEP(-1)", 0],
])("%s = %j", (f, v) => expectExcel(f, v));

test("SERIESSUM approximates cos(π/4) as documented", () => expectExcel("=SERIESSUM(PI()/4,0,2,{1,-0.5,0.041666667,-0.001388889})", 0.707103, {}, 6));
