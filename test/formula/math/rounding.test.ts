/** Rounding functions: Microsoft's documented examples, and Excel's 15-digit reading of the quotient. */
import { expectExcel } from "./excel";

const NUM = { error: "#NUM!" };
const VALUE = { error: "#VALUE!" };

describe("rounding to digits", () => {
  test.each([
    ["=ROUND(2.15,1)", 2.2], ["=ROUND(2.149,1)", 2.1], ["=ROUND(-1.475,2)", -1.48], ["=ROUND(21.5,-1)", 20],
    ["=ROUND(626.3,-3)", 1000], ["=ROUND(1.98,-1)", 0], ["=ROUND(-50.55,-2)", -100], ["=ROUND(1.005,2)", 1.01],
    ["=ROUNDUP(3.2,0)", 4], ["=ROUNDUP(76.9,0)", 77], ["=ROUNDUP(3.14159,3)", 3.142], ["=ROUNDUP(-3.14159,1)", -3.2],
    ["=ROUNDUP(31415.92654,-2)", 31500],
    ["=ROUNDDOWN(3.2,0)", 3], ["=ROUNDDOWN(76.9,0)", 76], ["=ROUNDDOWN(3.14159,3)", 3.141], ["=ROUNDDOWN(-3.14159,1)", -3.1],
    ["=ROUNDDOWN(31415.92654,-2)", 31400],
    ["=TRUNC(8.9)", 8], ["=TRUNC(-8.9)", -8], ["=TRUNC(0.45)", 0],
    ["=INT(8.9)", 8], ["=INT(-8.9)", -9],
    ["=EVEN(1.5)", 2], ["=EVEN(3)", 4], ["=EVEN(2)", 2], ["=EVEN(-1)", -2],
    ["=ODD(1.5)", 3], ["=ODD(3)", 3], ["=ODD(2)", 3], ["=ODD(-1)", -1], ["=ODD(-2)", -3],
    ['=ROUND("x",1)', VALUE],
  ])("%s = %j", (f, v) => expectExcel(f, v));
});

describe("rounding to multiples", () => {
  test.each([
    ["=MROUND(10,3)", 9], ["=MROUND(-10,-3)", -9], ["=MROUND(1.3,0.2)", 1.4], ["=MROUND(5,-2)", NUM],
    ["=MROUND(TRUE,2)", VALUE], ["=MROUND(,2)", { error: "#N/A" }],
    ["=CEILING(2.5,1)", 3], ["=CEILING(-2.5,-2)", -4], ["=CEILING(-2.5,2)", -2], ["=CEILING(1.5,0.1)", 1.5], ["=CEILING(0.234,0.01)", 0.24],
    ["=FLOOR(3.7,2)", 2], ["=FLOOR(-2.5,-2)", -2], ["=FLOOR(2.5,-2)", NUM], ["=FLOOR(1.58,0.1)", 1.5], ["=FLOOR(0.234,0.01)", 0.23],
    ["=FLOOR(5,0)", { error: "#DIV/0!" }], ["=FLOOR(0,0)", 0], ["=CEILING(5,0)", 0],
    ["=CEILING.MATH(24.3,5)", 25], ["=CEILING.MATH(6.7)", 7], ["=CEILING.MATH(-8.1,2)", -8], ["=CEILING.MATH(-5.5,2,-1)", -6],
    ["=FLOOR.MATH(24.3,5)", 20], ["=FLOOR.MATH(6.7)", 6], ["=FLOOR.MATH(-8.1,2)", -10], ["=FLOOR.MATH(-5.5,2,-1)", -4],
    ["=CEILING.PRECISE(4.3)", 5], ["=CEILING.PRECISE(-4.3)", -4], ["=CEILING.PRECISE(4.3,2)", 6], ["=CEILING.PRECISE(4.3,-2)", 6],
    ["=CEILING.PRECISE(-4.3,2)", -4], ["=CEILING.PRECISE(-4.3,-2)", -4],
    ["=FLOOR.PRECISE(-3.2,-1)", -4], ["=FLOOR.PRECISE(3.2,1)", 3], ["=FLOOR.PRECISE(-3.2,1)", -4], ["=FLOOR.PRECISE(3.2,-1)", 3], ["=FLOOR.PRECISE(3.2)", 3],
    ["=ISO.CEILING(4.3)", 5], ["=ISO.CEILING(-4.3)", -4], ["=ISO.CEILING(4.3,2)", 6], ["=ISO.CEILING(4.3,-2)", 6],
    ["=ISO.CEILING(-4.3,2)", -4], ["=ISO.CEILING(-4.3,-2)", -4],
    ['=FLOOR("eight",NA())', VALUE],
  ])("%s = %j", (f, v) => expectExcel(f, v));
});
