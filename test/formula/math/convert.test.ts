/** CONVERT: Microsoft's documented examples, prefixes (decimal, binary, squared and cubed) and the errors. */
import { excel, expectExcel } from "./excel";

const NA = { error: "#N/A" };

test.each([
  ['=CONVERT(1,"lbm","kg")', 0.45359237],
  ['=CONVERT(68,"F","C")', 20],
  ['=CONVERT(2.5,"ft","sec")', NA],
  ['=CONVERT(CONVERT(100,"ft","m"),"ft","m")', 9.290304],
  ['=CONVERT(6,"tsp","tbs")', 2],
  ['=CONVERT(6,"gal","l")', 22.712470704],
  ['=CONVERT(6,"mi","km")', 9.656064],
  ['=CONVERT(6,"in","ft")', 0.5],
  ['=CONVERT(6,"cm","in")', 2.362204724409449],
  ['=CONVERT(1,"kibyte","byte")', 1024],
  ['=CONVERT(1,"km2","m2")', 1e6],
  ['=CONVERT(1,"dm^3","l")', 1],
  ['=CONVERT(0,"C","K")', 273.15],
  ['=CONVERT(1,"kbit","ft")', NA],
  ['=CONVERT(1,"klbm","g")', NA],
  ['=CONVERT(1,"LBM","g")', NA],
])("%s = %j", (f, v) => expectExcel(f, v));

test("ToolPak rules: TRUE is #VALUE!, an error unit is the result", () => {
  expect(excel('=CONVERT(TRUE,"m","ft")')).toEqual({ error: "#VALUE!" });
  expect(excel('=CONVERT(1,NA(),"ft")')).toEqual(NA);
  expect(excel('=CONVERT(1,"m",1/0)')).toEqual({ error: "#DIV/0!" });
});
