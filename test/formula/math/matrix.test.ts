/** MMULT, MUNIT and the paired sums: Microsoft's documented examples and the errors. */
import { excel, expectExcel } from "./excel";

test("MMULT and MUNIT", () => {
  expect(excel("=MMULT({1,3;7,2},{2,0;0,2})", {}, true)).toEqual([[2, 6], [14, 4]]);
  expect(excel("=MMULT({1,2},{1,2})", {}, true)).toEqual({ error: "#VALUE!" });
  expect(excel("=MUNIT(3)", {}, true)).toEqual([[1, 0, 0], [0, 1, 0], [0, 0, 1]]);
  expect(excel("=MUNIT(0)", {}, true)).toEqual({ error: "#VALUE!" });
});

test.each([
  ["=SUMX2MY2({2,3,9,1,8,7,5},{6,5,11,7,5,4,4})", -55],
  ["=SUMX2PY2({2,3,9,1,8,7,5},{6,5,11,7,5,4,4})", 521],
  ["=SUMXMY2({2,3,9,1,8,7,5},{6,5,11,7,5,4,4})", 79],
  ["=SUMXMY2({1,2},{1,2,3})", { error: "#N/A" }],
])("%s = %j", (f, v) => expectExcel(f, v));
