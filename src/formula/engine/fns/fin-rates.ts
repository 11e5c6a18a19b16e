/**
 * Rates and prices in other forms: EFFECT, NOMINAL (periods per year truncated, at least 1),
 * PDURATION, RRI, DOLLARDE and DOLLARFR (the fraction truncated; 0 is #DIV/0!).
 */
import { DIV0, NUM, numeric, type Num } from "./fin-args";
import type { PureFamily } from "./types";

const rri = ([n, pv, fv]: number[]): Num => {
  if (n <= 0) return NUM();
  if (fv === pv) return 0;
  return pv === 0 ? NUM() : Math.pow(fv / pv, 1 / n) - 1;
};

const pduration = ([r, pv, fv]: number[]): Num => (r <= 0 || pv <= 0 || fv <= 0 ? NUM() : (Math.log(fv) - Math.log(pv)) / Math.log(1 + r));

/** DOLLARDE and DOLLARFR: the fractional part read in (or written to) 1/fraction units. */
function dollar(toDecimal: boolean) {
  return numeric(2, "NN", ([x, fraction]) => {
    if (fraction < 0) return NUM();
    const base = Math.trunc(fraction);
    if (base < 1) return DIV0();
    const whole = Math.trunc(x), digits = Math.pow(10, Math.ceil(Math.log10(base)));
    return toDecimal ? ((x - whole) * digits) / base + whole : ((x - whole) * base) / digits + whole;
  });
}

export const RATES: PureFamily = {
  EFFECT: numeric(2, "NI", ([r, n]) => (r <= 0 || n < 1 ? NUM() : Math.pow(1 + r / n, n) - 1)),
  NOMINAL: numeric(2, "NI", ([r, n]) => (r <= 0 || n < 1 ? NUM() : (Math.pow(1 + r, 1 / n) - 1) * n)),
  PDURATION: numeric(3, "nnn", pduration),
  RRI: numeric(3, "nnn", rri),
  DOLLARDE: dollar(true),
  DOLLARFR: dollar(false),
};
