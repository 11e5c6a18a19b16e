/**
 * Excel's General format as a cell shows it and TEXT(x,"General") writes it: at most 11
 * characters besides the sign, decimals rounded to fit, scientific notation (two-digit exponent)
 * when the number does not fit.
 */

const strip = (s: string) => (s.includes(".") ? s.replace(/0+$/, "").replace(/\.$/, "") : s);

function scientific(v: number): string {
  const [m, e] = v.toExponential(5).split("e");
  const exp = Number(e);
  return `${strip(m)}E${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
}

/** General of x (its sign included). */
export function generalText(v: number): string {
  if (v === 0) return "0";
  const width = v < 0 ? 12 : 11;
  const mag = Math.floor(Math.log10(Math.abs(v)));
  if (mag >= -4 && mag <= -1) return strip(v.toPrecision(10 + mag));
  if (mag === 10) return strip(v.toFixed(10).slice(0, width + 1));
  if (Math.abs(mag) > 9) return scientific(v);
  const fixed = strip(v.toFixed(12));
  if (fixed.length <= width) return fixed;
  const prec = v.toPrecision(10);
  if (!prec.includes("e") && strip(prec).length <= width) return strip(prec);
  return scientific(v);
}
