/**
 * Which SVC calls sit where an error is turned into a value (IFERROR and IFNA's first argument,
 * ISERROR, ISERR, ISNA, ERROR.TYPE): said before any call, so a hidden error is expected. IFERROR's
 * fallback shows its own errors (Excel's definition: IFERROR(value, value_if_error) returns
 * value_if_error only when value is an error), so a call there hides nothing.
 */
import { svcCallsHiddenBy } from "../../src/formula";

const NAMES = [{ name: "Rev", sheet: null, formula: 'SVC.FINANCIALS("MSFT","revenue","FY")' }, { name: "Plain", sheet: null, formula: "Inputs!$A$1" }];

test.each([
  ['=IFERROR(SVC.FINANCIALS("MSFT","revenue","FY"),0)', ["IFERROR"]],
  ['=IFNA(SVC.FINANCIALS("MSFT","revenue","FY")/1000,"")', ["IFNA"]],
  ['=IF(ISERROR(SVC.COMPANY("MSFT","name")),"?",SVC.COMPANY("MSFT","name"))', ["ISERROR"]],
  ['=IFERROR(Rev,0)', ["IFERROR"]],
  ['=_xlfn.IFNA(_xldudf_SVC_FINANCIALS("MSFT","revenue","FY"),0)', ["IFNA"]],
  ['=IFERROR(1/0,SVC.FINANCIALS("MSFT","revenue","FY"))', []],
  ['=IFERROR(Plain,0)+SVC.FINANCIALS("MSFT","revenue","FY")', []],
  ['=SVC.FINANCIALS("MSFT","revenue","FY")', []],
  ["=IFERROR(A1,0)", []],
])("%s", (formula, by) => {
  expect(svcCallsHiddenBy(formula, "Model", NAMES)).toEqual(by);
});
