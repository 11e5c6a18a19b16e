/**
 * The statistical functions the engine computes itself, against the worked examples of Microsoft's
 * function reference (each to the digits the page shows) and the edge cases it documents.
 */
import { evaluate, evaluateFormula, isUnsupported } from "../../src/formula/engine/evaluate";
import { fakeBook } from "./fake-cells";

const at = { sheet: "Sheet1", row: 20, col: 20 };

function book() {
  const b = fakeBook(["Sheet1"]);
  b.fill("Sheet1!A1", [[1345], [1301], [1368], [1322], [1310], [1370], [1318], [1350], [1303], [1299]]);
  b.fill("Sheet1!B1", [[10], [7], [9], [2], ["Not available"]]);
  b.fill("Sheet1!C1", [[0], [0.2], [0.5], [0.4], [true]]);
  b.fill("Sheet1!D1", [[7], [3.5], [3.5], [1], [2]]);
  b.fill("Sheet1!E1", [[1], [2], [3], [4], [3], [2], [1], [2], [3], [5], [6], [1]]);
  return b;
}
const ev = (text: string) => evaluateFormula(text, at, book(), {});
const num = (text: string): number => {
  const v = ev(text);
  if (typeof v !== "number") throw new Error(`${text} gave ${JSON.stringify(v)}`);
  return v;
};

describe("descriptive statistics: Microsoft's examples", () => {
  test.each([
    ["=STDEV.S(A1:A10)", 27.46391572, 8],
    ["=STDEV(A1:A10)", 27.46391572, 8],
    ["=STDEVA(A1:A10)", 27.46391572, 8],
    ["=STDEV.P(A1:A10)", 26.05455814, 8],
    ["=STDEVP(A1:A10)", 26.05455814, 8],
    ["=VAR.S(A1:A10)", 754.2666667, 7],
    ["=VAR.P(A1:A10)", 678.84, 10],
    ["=VARA(A1:A10)", 754.2666667, 7],
    ["=MEDIAN(1,2,3,4,5)", 3, 12],
    ["=MEDIAN(1,2,3,4,5,6)", 3.5, 12],
    ["=MODE.SNGL({5.6,4,4,3,2,4})", 4, 12],
    ["=AVEDEV(4,5,6,7,5,4,3)", 1.020408163, 9],
    ["=DEVSQ(4,5,8,7,11,4,3)", 48, 10],
    ["=HARMEAN(4,5,8,7,11,4,3)", 5.028376, 6],
    ["=TRIMMEAN({4,5,6,7,2,3,4,5,1,2,3},0.2)", 3.777778, 6],
    ["=KURT(3,4,5,2,3,4,5,6,4,7)", -0.151799637, 9],
    ["=SKEW(3,4,5,2,3,4,5,6,4,7)", 0.359543071, 9],
    ["=SKEW.P(3,4,5,2,3,4,5,6,4,7)", 0.303193339, 9],
    ["=STANDARDIZE(42,40,1.5)", 1.33333333, 8],
    ["=AVERAGEA(B1:B5)", 5.6, 12],
    ["=MAXA(C1:C5)", 1, 12],
  ])("%s = %d", (text, want, digits) => expect(num(text)).toBeCloseTo(want, digits));

  test("MODE.MULT lists every most frequent value, vertically, in the order they first appear", () => {
    expect(ev("=MODE.MULT(E1:E12)")).toEqual([[1], [2], [3]]);
  });
  test("empty sets: MEDIAN #NUM!, VAR.S of one value #DIV/0!, AVERAGEA #DIV/0!", () => {
    expect(ev("=MEDIAN(Z1:Z3)")).toEqual({ error: "#NUM!" });
    expect(ev("=VAR.S(5)")).toEqual({ error: "#DIV/0!" });
    expect(ev("=AVERAGEA(Z1:Z3)")).toEqual({ error: "#DIV/0!" });
    expect(ev("=STANDARDIZE(42,40,0)")).toEqual({ error: "#NUM!" });
  });
  test("the aggregates' rule: text in a range is skipped, typed number text counts, typed other text is #VALUE!", () => {
    expect(num('=STDEV.S(B1:B5)')).toBeCloseTo(num("=STDEV.S(10,7,9,2)"), 12);
    expect(num('=STDEV.S(10,7,9,"2")')).toBeCloseTo(num("=STDEV.S(10,7,9,2)"), 12);
    expect(ev('=STDEV.S(10,7,"two")')).toEqual({ error: "#VALUE!" });
  });
});

describe("order statistics: Microsoft's examples", () => {
  test.each([
    ["=LARGE({3,5,3,5,4;4,2,4,6,7},3)", 5],
    ["=LARGE({3,5,3,5,4;4,2,4,6,7},7)", 4],
    ["=SMALL({3,4,5,2,3,4,6,4,7},4)", 4],
    ["=SMALL({1,4,8,3,7,12,54,8,23},2)", 3],
    ["=PERCENTILE.INC({1,3,2,4},0.3)", 1.9],
    ["=PERCENTILE.EXC({1,2,3,6,6,6,7,8,9},0.25)", 2.5],
    ["=QUARTILE.INC({1,2,4,7,8,9,10,12},1)", 3.5],
    ["=QUARTILE.EXC({6,7,15,36,39,40,41,42,43,47,49},1)", 15],
    ["=QUARTILE.EXC({6,7,15,36,39,40,41,42,43,47,49},3)", 43],
    ["=PERCENTRANK.INC({13,12,11,8,4,3,2,1,1,1},2)", 0.333],
    ["=PERCENTRANK.INC({13,12,11,8,4,3,2,1,1,1},4)", 0.555],
    ["=PERCENTRANK.INC({13,12,11,8,4,3,2,1,1,1},8)", 0.666],
    ["=PERCENTRANK.INC({13,12,11,8,4,3,2,1,1,1},5)", 0.583],
    ["=PERCENTRANK.EXC({1,2,3,6,6,6,7,8,9},7)", 0.7],
    ["=PERCENTRANK.EXC({1,2,3,6,6,6,7,8,9},5.43)", 0.381],
    ["=PERCENTRANK.EXC({1,2,3,6,6,6,7,8,9},5.43,1)", 0.3],
    ["=RANK.EQ(D1,D1:D5,1)", 5],
    ["=RANK.EQ(D5,D1:D5)", 4],
    ["=RANK.EQ(D2,D1:D5,1)", 3],
    ["=RANK.AVG(D2,D1:D5)", 2.5],
  ])("%s = %d", (text, want) => expect(num(text)).toBeCloseTo(want, 12));

  test("out of range: PERCENTILE.EXC at 0 or beyond its points, LARGE past n", () => {
    expect(ev("=PERCENTILE.EXC({1,2,3,6,6,6,7,8,9},0)")).toEqual({ error: "#NUM!" });
    expect(ev("=PERCENTILE.EXC({1,2,3,6,6,6,7,8,9},0.01)")).toEqual({ error: "#NUM!" });
    expect(ev("=LARGE({1,2},3)")).toEqual({ error: "#NUM!" });
    expect(ev("=RANK.EQ(8,D1:D5)")).toEqual({ error: "#N/A" });
  });
  test("FREQUENCY counts per bin and one more for the values above the last", () => {
    expect(ev("=FREQUENCY({79,85,78,85,50,81,95,88,97},{70,79,89})")).toEqual([[1], [2], [4], [2]]);
  });
});

describe("pairs and regression: Microsoft's examples", () => {
  test.each([
    ["=CORREL({3,2,4,5,6},{9,7,12,15,17})", 0.997054486, 9],
    ["=PEARSON({9,7,5,3,1},{10,6,1,5,3})", 0.699379, 6],
    ["=RSQ({2,3,9,1,8,7,5},{6,5,11,7,5,4,4})", 0.05795, 5],
    ["=STEYX({2,3,9,1,8,7,5},{6,5,11,7,5,4,4})", 3.305719, 6],
    ["=COVARIANCE.P({3,2,4,5,6},{9,7,12,15,17})", 5.2, 12],
    ["=COVARIANCE.S({2,4,8},{5,11,12})", 9.666666667, 9],
    ["=FORECAST.LINEAR(30,{6,7,9,15,21},{20,28,31,38,40})", 10.607253, 6],
    ["=INDEX(LOGEST({33100,47300,69000,102000,150000,220000},{11,12,13,14,15,16}),1)", 1.463275628, 9],
    ["=INDEX(LOGEST({33100,47300,69000,102000,150000,220000},{11,12,13,14,15,16}),2)", 495.3047702, 7],
    ["=GROWTH({33100,47300,69000,102000,150000,220000},{11,12,13,14,15,16},17)", 320196.7184, 4],
  ])("%s = %d", (text, want, digits) => expect(num(text)).toBeCloseTo(want, digits));

  test("LINEST: slope then intercept; arrays of different sizes are #N/A for CORREL", () => {
    const r = ev("=LINEST({1,9,5,7},{0,4,2,3})") as number[][];
    expect(r[0][0]).toBeCloseTo(2, 12);
    expect(r[0][1]).toBeCloseTo(1, 12);
    expect(ev("=CORREL({1,2,3},{1,2})")).toEqual({ error: "#N/A" });
  });
});

describe("distributions: Microsoft's examples", () => {
  test.each([
    ["=NORM.DIST(42,40,1.5,TRUE)", 0.9087888, 7],
    ["=NORM.DIST(42,40,1.5,FALSE)", 0.10934005, 8],
    ["=NORM.INV(0.908789,40,1.5)", 42.000002, 6],
    ["=NORM.S.DIST(1.333333,TRUE)", 0.908788726, 9],
    ["=NORM.S.DIST(1.333333,FALSE)", 0.164010148, 9],
    ["=NORM.S.INV(0.908789)", 1.3333347, 7],
    ["=LOGNORM.DIST(4,3.5,1.2,TRUE)", 0.0390836, 7],
    ["=LOGNORM.DIST(4,3.5,1.2,FALSE)", 0.0176176, 7],
    ["=LOGNORM.INV(0.039084,3.5,1.2)", 4.0000252, 7],
    ["=GAMMA(2.5)", 1.329, 3],
    ["=GAMMA(-3.75)", 0.268, 3],
    ["=GAMMALN(4)", 1.791759469, 9],
    ["=GAMMA.DIST(10.00001131,9,2,FALSE)", 0.032639, 6],
    ["=BETA.DIST(2,8,10,TRUE,1,3)", 0.6854706, 7],
    ["=BETA.DIST(2,8,10,FALSE,1,3)", 1.4837646, 7],
    ["=BETA.INV(0.685470581,8,10,1,3)", 2, 7],
    ["=BINOM.DIST(6,10,0.5,FALSE)", 0.2050781, 7],
    ["=BINOM.INV(6,0.5,0.75)", 4, 12],
    ["=BINOM.DIST.RANGE(60,0.75,48)", 0.084, 3],
    ["=BINOM.DIST.RANGE(60,0.75,45,50)", 0.524, 3],
    ["=NEGBINOM.DIST(10,5,0.25,TRUE)", 0.3135141, 7],
    ["=POISSON.DIST(2,5,TRUE)", 0.124652, 6],
    ["=POISSON.DIST(2,5,FALSE)", 0.084224, 6],
    ["=EXPON.DIST(0.2,10,TRUE)", 0.86466472, 8],
    ["=EXPON.DIST(0.2,10,FALSE)", 1.35335283, 8],
    ["=WEIBULL.DIST(105,20,100,TRUE)", 0.929581, 6],
    ["=WEIBULL.DIST(105,20,100,FALSE)", 0.035589, 6],
    ["=HYPGEOM.DIST(1,4,8,20,TRUE)", 0.4654, 4],
    ["=HYPGEOM.DIST(1,4,8,20,FALSE)", 0.3633, 4],
    ["=CHISQ.DIST(0.5,1,TRUE)", 0.52049988, 8],
    ["=CHISQ.DIST(2,3,FALSE)", 0.20755375, 8],
    ["=CHISQ.DIST.RT(18.307,10)", 0.0500006, 7],
    ["=CHISQ.INV(0.93,1)", 3.283020287, 9],
    ["=CHISQ.INV(0.6,2)", 1.832581464, 9],
    ["=CHISQ.INV.RT(0.050001,10)", 18.306973, 6],
    ["=F.DIST(15.2069,6,4,TRUE)", 0.99, 6],
    ["=F.DIST(15.2069,6,4,FALSE)", 0.0012238, 7],
    ["=F.DIST.RT(15.2069,6,4)", 0.01, 6],
    ["=F.INV(0.01,6,4)", 0.10930991, 8],
    ["=T.DIST(60,1,TRUE)", 0.99469533, 8],
    ["=T.DIST(8,3,FALSE)", 0.00073691, 8],
    ["=T.DIST.2T(1.959999998,60)", 0.05464493, 8],
    ["=T.DIST.RT(1.959999998,60)", 0.027322465, 9],
    ["=T.INV(0.75,2)", 0.8164966, 7],
    ["=T.INV.2T(0.546449,60)", 0.606533, 6],
    ["=CONFIDENCE.NORM(0.05,2.5,50)", 0.692952, 6],
    ["=CONFIDENCE.T(0.05,1,50)", 0.284196855, 9],
    ["=FISHER(0.75)", 0.972955, 6],
    ["=FISHERINV(0.972955)", 0.75, 6],
    ["=GAUSS(2)", 0.47725, 5],
    ["=PHI(0.75)", 0.301137432, 9],
    ["=PERMUT(100,3)", 970200, 12],
    ["=PERMUTATIONA(3,2)", 9, 12],
  ])("%s = %d", (text, want, digits) => expect(num(text)).toBeCloseTo(want, digits));

  test("documented errors: σ ≤ 0, probabilities outside (0, 1), Γ at its poles", () => {
    expect(ev("=NORM.DIST(42,40,0,TRUE)")).toEqual({ error: "#NUM!" });
    expect(ev("=NORM.INV(0,40,1.5)")).toEqual({ error: "#NUM!" });
    expect(ev("=GAMMA(0)")).toEqual({ error: "#NUM!" });
    expect(ev("=GAMMA(-2)")).toEqual({ error: "#NUM!" });
    expect(ev("=BINOM.DIST(11,10,0.5,FALSE)")).toEqual({ error: "#NUM!" });
    expect(ev("=FISHER(1)")).toEqual({ error: "#NUM!" });
    expect(ev('=NORM.DIST(42,40,1.5,"x")')).toEqual({ error: "#VALUE!" });
  });
});

describe("tests: Microsoft's examples", () => {
  test.each([
    ["=PROB({0,1,2,3},{0.2,0.3,0.1,0.4},2)", 0.1, 12],
    ["=PROB({0,1,2,3},{0.2,0.3,0.1,0.4},1,3)", 0.8, 12],
    ["=Z.TEST({3,6,7,8,6,5,4,2,1,9},4)", 0.090574, 6],
    ["=Z.TEST({3,6,7,8,6,5,4,2,1,9},6)", 0.863043, 6],
    ["=T.TEST({3,4,5,8,9,1,2,4,5},{6,19,3,2,14,4,5,17,1},2,1)", 0.196016, 6],
  ])("%s = %d", (text, want, digits) => expect(num(text)).toBeCloseTo(want, digits));

  test("PROB's probabilities must sum to 1", () => {
    expect(ev("=PROB({0,1},{0.2,0.3},1)")).toEqual({ error: "#NUM!" });
  });
});

describe("forms whose last digits are not Excel's are refused, never guessed", () => {
  test.each([
    "=GAMMA.DIST(10.00001131,9,2,TRUE)",
    "=GAMMA.INV(0.068094,9,2)",
    "=NEGBINOM.DIST(10,5,0.25,FALSE)",
    "=F.INV.RT(0.01,6,4)",
    "=F.TEST({6,7,9,15,21},{20,28,31,38,40})",
    "=CHISQ.TEST({58,35;11,25;10,23},{45.35,47.65;17.56,18.44;16.09,16.91})",
    "=LINEST({1,9,5,8},{0,4,2,3},TRUE,TRUE)",
  ])("%s is UNSUPPORTED", (text) => {
    const v = evaluate(text.slice(1), at, book(), {});
    expect(isUnsupported(v) && v.unsupported).toMatch(/last digits differ from Excel's/);
  });
  test("their other forms are computed", () => {
    expect(num("=GAMMA.DIST(10.00001131,9,2,FALSE)")).toBeCloseTo(0.032639, 6);
    expect(num("=NEGBINOM.DIST(10,5,0.25,TRUE)")).toBeCloseTo(0.3135141, 7);
  });
});
