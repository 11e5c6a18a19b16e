/** Base conversions: Microsoft's documented examples, two's complement, `places`, and the ToolPak's argument rules. */
import { excel, expectExcel } from "./excel";

const NUM = { error: "#NUM!" };
const VALUE = { error: "#VALUE!" };

test.each([
  ["=BIN2DEC(1100100)", 100], ["=BIN2DEC(1111111111)", -1],
  ["=BIN2HEX(11111011,4)", "00FB"], ["=BIN2HEX(1110)", "E"], ["=BIN2HEX(1111111111)", "FFFFFFFFFF"],
  ["=BIN2OCT(1001,3)", "011"], ["=BIN2OCT(1100100)", "144"], ["=BIN2OCT(1111111111)", "7777777777"],
  ["=DEC2BIN(9,4)", "1001"], ["=DEC2BIN(-100)", "1110011100"],
  ["=DEC2HEX(100,4)", "0064"], ["=DEC2HEX(-54)", "FFFFFFFFCA"], ["=DEC2HEX(28)", "1C"], ["=DEC2HEX(64,1)", NUM],
  ["=DEC2OCT(58,3)", "072"], ["=DEC2OCT(-100)", "7777777634"],
  ['=HEX2BIN("F",8)', "00001111"], ['=HEX2BIN("B7")', "10110111"], ['=HEX2BIN("FFFFFFFFFF")', "1111111111"],
  ['=HEX2DEC("A5")', 165], ['=HEX2DEC("FFFFFFFF5B")', -165], ['=HEX2DEC("3DA408B9")', 1034160313],
  ['=HEX2OCT("F",3)', "017"], ['=HEX2OCT("3B4E")', "35516"], ['=HEX2OCT("FFFFFFFF00")', "7777777400"],
  ["=OCT2BIN(3,3)", "011"], ["=OCT2BIN(7777777000)", "1000000000"],
  ["=OCT2DEC(54)", 44], ["=OCT2DEC(7777777533)", -165],
  ["=OCT2HEX(100,4)", "0040"], ["=OCT2HEX(7777777533)", "FFFFFFFF5B"],
  ["=BASE(7,2)", "111"], ["=BASE(100,16)", "64"], ["=BASE(15,2,10)", "0000001111"],
  ['=DECIMAL("FF",16)', 255], ["=DECIMAL(111,2)", 7], ['=DECIMAL("zap",36)', 45745],
])("%s = %j", (f, v) => expectExcel(f, v));

test("out of range, too many digits, bad places, TRUE/FALSE and ranges", () => {
  expect(excel("=DEC2BIN(512)")).toEqual(NUM);
  expect(excel("=DEC2BIN(-513)")).toEqual(NUM);
  expect(excel("=BIN2DEC(10000000000)")).toEqual(NUM);
  expect(excel("=BIN2DEC(102)")).toEqual(NUM);
  expect(excel("=DEC2BIN(-1,11)")).toEqual(NUM);
  expect(excel("=DEC2BIN(-1,10)")).toEqual("1111111111");
  expect(excel("=DEC2BIN(3,0)")).toEqual(NUM);
  expect(excel("=DEC2BIN(TRUE)")).toEqual(VALUE);
  expect(excel("=DEC2BIN(1,)")).toEqual({ error: "#N/A" });
  expect(excel("=DEC2BIN(A1:A2)", { A1: 1, A2: 2 }, true)).toEqual(VALUE);
});
