/**
 * Discounted and interest-at-maturity securities, Treasury bills and bond prices, to Excel's
 * definitions: ACCRINTM, DISC, INTRATE, RECEIVED, PRICEDISC, YIELDDISC, PRICEMAT, YIELDMAT,
 * TBILLEQ, TBILLPRICE, TBILLYIELD, PRICE, DURATION, MDURATION. Settlement must come before maturity
 * (and after issue), basis 0-4 and frequency 1, 2 or 4, else #NUM!.
 */
import { DIV0, NUM, numeric, type Num } from "./fin-args";
import { yearfrac } from "./date-count";
import { ymd } from "./date-serial";
import { badTerms, couponCount, couponDays, daysBetween, pcdNcd } from "./fin-coupons";
import type { PureFamily } from "./types";

const badBasis = (b: number) => b < 0 || b > 4;

/** A function of (settlement, maturity, x, y, [basis]) over the year fraction between the dates. */
function discounted(f: (x: number, y: number, years: number) => Num, bad: (x: number, y: number) => boolean) {
  return numeric(4, "DDNNI", ([s, m, x, y, basis]) => (bad(x, y) || badBasis(basis) || s >= m ? NUM() : f(x, y, yearfrac(s, m, basis))));
}

const perYears = (v: number, years: number): Num => (years === 0 ? DIV0() : v / years);

/** The year fractions issue→settlement, issue→maturity and settlement→maturity of PRICEMAT and YIELDMAT. */
function matFactors(issue: number, s: number, m: number, basis: number): [number, number, number] {
  const a = yearfrac(issue, s, basis);
  const dim = basis === 1 ? ((m - issue) * a) / (s - issue) : yearfrac(issue, m, basis);
  return [a, dim, dim - a];
}

function atMaturity(f: (rate: number, x: number, a: number, dim: number, dsm: number) => Num, bad: (rate: number, x: number) => boolean) {
  return numeric(5, "DDDNNI", ([s, m, issue, rate, x, basis]) => {
    if (bad(rate, x) || badBasis(basis) || s >= m || issue >= s) return NUM();
    const [a, dim, dsm] = matFactors(issue, s, m, basis);
    return f(rate, x, a, dim, dsm);
  });
}

/** Is maturity within a year of settlement (Treasury bills)? */
function withinYear(s: number, m: number): boolean {
  if (m - s < 365) return true;
  const [sy, sm, sd] = ymd(s), [my, mm, md] = ymd(m);
  if (my === sy) return true;
  if (my !== sy + 1) return false;
  return mm < sm || (mm === sm && md <= sd);
}

function tbill(f: (days: number, x: number) => Num) {
  return numeric(3, "DDN", ([s, m, x]) => (s > m || !withinYear(s, m) || x <= 0 ? NUM() : f(m - s, x)));
}

/** TBILLEQ: the bond-equivalent yield; past half a year it solves Excel's quadratic. */
function tbilleq(days: number, discount: number): Num {
  if (days < 183) return (365 * discount) / (360 - discount * days);
  const year = days === 366 ? 366 : 365;
  const extra = days - year / 2, alpha = 1 - (days * discount) / 360, beta = 0.5 + extra / year;
  const [a, b, c] = [(extra * alpha) / (year * 2), alpha * beta, alpha - 1];
  return (-b + Math.sqrt(b * b - 4 * a * c)) / (2 * a);
}

/** A coupon bond's clean price per 100 (a single remaining coupon discounted simply). */
export function bondPrice(s: number, m: number, rate: number, yld: number, redemption: number, freq: number, basis: number): number {
  const n = couponCount(s, m, freq), e = couponDays(s, m, freq, basis);
  const a = daysBetween(pcdNcd(s, m, freq)[0], s, basis);
  const dsc = (e - a) / e, coupon = (100 * rate) / freq;
  if (n === 1) return (redemption + coupon) / (1 + (dsc * yld) / freq) - coupon * (a / e);
  const v = 1 + yld / freq;
  let sum = redemption / Math.pow(v, dsc + n - 1);
  for (let k = 1; k <= n; k++) sum += coupon / Math.pow(v, dsc + k - 1);
  return sum - coupon * (a / e);
}

/** Macaulay duration of a coupon bond, in years. */
function duration(s: number, m: number, coupon: number, yld: number, freq: number, basis: number): number {
  const n = couponCount(s, m, freq), e = couponDays(s, m, freq, basis);
  const dsc = (e - daysBetween(pcdNcd(s, m, freq)[0], s, basis)) / e;
  const c = (100 * coupon) / freq, v = 1 + yld / freq;
  let weighted = 0, total = 0;
  for (let k = 1; k <= n; k++) {
    const t = dsc + k - 1, cash = k === n ? c + 100 : c;
    weighted += (t * cash) / Math.pow(v, t);
    total += cash / Math.pow(v, t);
  }
  return weighted / total / freq;
}

const DURATION_READ = "DDNNII";
const durationOf = (modified: boolean) =>
  numeric(5, DURATION_READ, ([s, m, coupon, yld, freq, basis]) => {
    if (coupon < 0 || yld < 0 || badTerms(freq, basis) || s >= m) return NUM();
    const d = duration(s, m, coupon, yld, freq, basis);
    return modified ? d / (1 + yld / freq) : d;
  });

export const SECURITIES: PureFamily = {
  ACCRINTM: numeric(3, "DDNNI", ([issue, s, rate, par, basis]) => (rate <= 0 || par <= 0 || badBasis(basis) || issue >= s ? NUM() : par * rate * yearfrac(issue, s, basis)), [undefined, undefined, undefined, 1000, 0]),
  DISC: discounted((pr, red, years) => perYears(1 - pr / red, years), (pr, red) => pr <= 0 || red <= 0),
  INTRATE: discounted((inv, red, years) => perYears(red / inv - 1, years), (inv, red) => inv <= 0 || red <= 0),
  RECEIVED: discounted((inv, disc, years) => (1 - disc * years <= 0 ? NUM() : inv / (1 - disc * years)), (inv, disc) => inv <= 0 || disc <= 0),
  PRICEDISC: discounted((disc, red, years) => red * (1 - disc * years), (disc, red) => disc <= 0 || red <= 0),
  YIELDDISC: discounted((pr, red, years) => perYears(red / pr - 1, years), (pr, red) => pr <= 0 || red <= 0),
  PRICEMAT: atMaturity((rate, yld, a, dim, dsm) => (1 + yld * dsm === 0 ? DIV0() : 100 * ((1 + rate * dim) / (1 + yld * dsm) - rate * a)), (rate, yld) => rate < 0 || yld < 0),
  YIELDMAT: atMaturity((rate, pr, a, dim, dsm) => (pr / 100 + rate * a === 0 || dsm === 0 ? DIV0() : ((1 + rate * dim) / (pr / 100 + rate * a) - 1) / dsm), (rate, pr) => pr <= 0 || rate < 0),
  TBILLEQ: tbill(tbilleq),
  TBILLPRICE: tbill((days, disc) => {
    const p = 100 * (1 - (disc * days) / 360);
    return p < 0 ? NUM() : p;
  }),
  TBILLYIELD: tbill((days, pr) => ((100 - pr) * 360) / (pr * days)),
  PRICE: numeric(6, "DDNNNII", ([s, m, rate, yld, red, freq, basis]) => (rate < 0 || yld < 0 || red <= 0 || badTerms(freq, basis) || s >= m ? NUM() : bondPrice(s, m, rate, yld, red, freq, basis))),
  DURATION: durationOf(false),
  MDURATION: durationOf(true),
};
