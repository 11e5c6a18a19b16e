/**
 * How Excel takes the arguments of the functions the engine calls in the libraries (fast-formula-parser,
 * formulajs): which parameters take a range whole, which Excel evaluates as arrays in any formula,
 * which functions look at an error argument themselves, which parameters hold dates, which functions
 * are volatile. A function the libraries compute is one entry here; the libraries check the arity.
 */
import type { ArgumentRules } from "../fns/types";

type Rules = Record<string, ArgumentRules>;

/** Every parameter from `first` to Excel's 255th argument. */
const from = (first: number): number[] => Array.from({ length: 255 - first }, (_, i) => first + i);

function rangeRules(add: (names: string, rules: ArgumentRules) => void): void {
  add("SUM SUMSQ PRODUCT AVERAGE AVERAGEA COUNT COUNTA COUNTBLANK MAX MAXA MIN MINA MEDIAN MODE MODE.SNGL MODE.MULT STDEV STDEV.S STDEV.P STDEVA STDEVP STDEVPA VAR VAR.S VAR.P VARA VARP VARPA DEVSQ AVEDEV GEOMEAN HARMEAN KURT SKEW SKEW.P", { ranges: "all" });
  add("CORREL PEARSON RSQ SLOPE INTERCEPT STEYX COVAR COVARIANCE.P COVARIANCE.S SUMX2MY2 SUMX2PY2 SUMXMY2 MMULT TRANSPOSE MDETERM MINVERSE FREQUENCY LINEST LOGEST TREND GROWTH", { ranges: "all" });
  add("CONCAT AND OR XOR GCD LCM MULTINOMIAL IMSUM IMPRODUCT", { ranges: "all" });
  add("LARGE SMALL PERCENTILE PERCENTILE.INC PERCENTILE.EXC QUARTILE QUARTILE.INC QUARTILE.EXC PERCENTRANK PERCENTRANK.INC PERCENTRANK.EXC TRIMMEAN MIRR IRR Z.TEST ZTEST", { ranges: [0] });
  add("RANK RANK.EQ RANK.AVG", { ranges: [1] });
  add("FORECAST FORECAST.LINEAR XNPV", { ranges: [1, 2] });
  add("XIRR PROB T.TEST TTEST CHISQ.TEST CHITEST F.TEST FTEST", { ranges: [0, 1] });
  add("SERIESSUM", { ranges: [3] });
  add("TEXTJOIN", { ranges: from(2).slice(0, 28) });
  add("NPV", { ranges: from(1).slice(0, 28) });
  add("MATCH VLOOKUP HLOOKUP", { ranges: [1] });
  add("LOOKUP", { ranges: [1, 2] });
  add("DAVERAGE DCOUNT DCOUNTA DGET DMAX DMIN DPRODUCT DSTDEV DSTDEVP DSUM DVAR DVARP", { ranges: [0, 2] });
  add("NETWORKDAYS NETWORKDAYS.INTL WORKDAY WORKDAY.INTL", { ranges: [2, 3] });
}

/** Array-type parameters: evaluated as arrays even in a legacy formula. */
function arrayRules(add: (names: string, rules: ArgumentRules) => void): void {
  add("SUMPRODUCT MMULT MDETERM MINVERSE FREQUENCY LINEST LOGEST TREND GROWTH SUMX2MY2 SUMX2PY2 SUMXMY2 CORREL PEARSON RSQ SLOPE INTERCEPT STEYX COVAR COVARIANCE.P COVARIANCE.S PROB T.TEST TTEST CHISQ.TEST CHITEST F.TEST FTEST", { arrays: "all" });
  add("LARGE SMALL PERCENTILE PERCENTILE.INC PERCENTILE.EXC QUARTILE QUARTILE.INC QUARTILE.EXC PERCENTRANK PERCENTRANK.INC PERCENTRANK.EXC TRIMMEAN IRR MIRR", { arrays: [0] });
  add("MATCH", { arrays: [1] });
  add("LOOKUP", { arrays: [1, 2] });
  add("FORECAST FORECAST.LINEAR", { arrays: [1, 2] });
}

/** Date parameters and date results (the 1904 date system moves them). */
function dateRules(add: (names: string, rules: ArgumentRules) => void): void {
  add("DATE DATEVALUE", { dates: [], dateResult: true });
  add("DAY MONTH YEAR WEEKDAY WEEKNUM ISOWEEKNUM", { dates: [0] });
  add("DAYS DAYS360 DATEDIF YEARFRAC", { dates: [0, 1] });
  add("EDATE EOMONTH", { dates: [0], dateResult: true });
  add("NETWORKDAYS", { dates: [0, 1, 2] });
  add("NETWORKDAYS.INTL", { dates: [0, 1, 3] });
  add("WORKDAY", { dates: [0, 2], dateResult: true });
  add("WORKDAY.INTL", { dates: [0, 3], dateResult: true });
  // securities: settlement, maturity, issue and coupon dates
  add("ACCRINT", { dates: [0, 1, 2] });
  add("ACCRINTM DISC INTRATE RECEIVED TBILLEQ TBILLPRICE TBILLYIELD COUPDAYBS COUPDAYS COUPDAYSNC COUPNUM DURATION MDURATION PRICE PRICEDISC YIELD YIELDDISC", { dates: [0, 1] });
  add("COUPNCD COUPPCD", { dates: [0, 1], dateResult: true });
  add("PRICEMAT YIELDMAT ODDLPRICE ODDLYIELD", { dates: [0, 1, 2] });
  add("ODDFPRICE ODDFYIELD", { dates: [0, 1, 2, 3] });
  add("AMORDEGRC AMORLINC", { dates: [1, 2] });
  add("XNPV", { dates: [2] });
  add("XIRR", { dates: [1] });
}

function libraryRules(): Rules {
  const out: Rules = {};
  const add = (names: string, rules: ArgumentRules) => names.split(" ").forEach((n) => (out[n] = { ...out[n], ...rules }));
  rangeRules(add);
  arrayRules(add);
  dateRules(add);
  add("ISERROR ISERR ISNA ERROR.TYPE TYPE ISBLANK ISTEXT ISNONTEXT ISNUMBER ISLOGICAL ISEVEN ISODD ISFORMULA N T NA", { readsErrors: true });
  add("RAND RANDBETWEEN", { volatile: "random" });
  return out;
}

export const LIBRARY_RULES: Readonly<Rules> = libraryRules();
