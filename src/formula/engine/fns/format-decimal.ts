/**
 * Decimal digits of a number as Excel shows them: first rounded to 15 significant digits (Excel
 * keeps no more), then rounded half away from zero at the place the format asks for, on the
 * decimal digits (so 2.675 to two places is 2.68, as Excel shows it, not JavaScript's 2.67).
 */

/** The 15 significant digits of x >= 0 and the position of the decimal point in them (digits "123", point 1: 1.23). */
function significant(x: number): { digits: number[]; point: number } {
  if (x === 0) return { digits: [0], point: 1 };
  const [mant, exp] = x.toExponential(14).split("e");
  return { digits: mant.replace(".", "").split("").map(Number), point: Number(exp) + 1 };
}

/** x >= 0 rounded to `places` decimals: its integer digits ("" for 0) and exactly `places` fraction digits. */
export function roundedDigits(x: number, places: number): { int: string; frac: string } {
  const { digits, point } = significant(x);
  // all the digits from 10^(max(point,1)-1) down to 10^-places
  const lead = Math.max(0, -point + 1);
  const all = [...Array<number>(lead).fill(0), ...digits];
  const p = point + lead; // the point's position in `all`
  const keep = p + places;
  while (all.length < keep + 1) all.push(0);
  const out = all.slice(0, keep);
  if (all[keep] >= 5) {
    let i = keep - 1;
    while (i >= 0 && out[i] === 9) out[i--] = 0;
    if (i >= 0) out[i]++;
    else {
      out.unshift(1);
      return split(out, p + 1, places);
    }
  }
  return split(out, p, places);
}

function split(ds: number[], p: number, places: number): { int: string; frac: string } {
  const int = ds.slice(0, p).join("").replace(/^0+/, "");
  return { int, frac: ds.slice(p, p + places).join("") };
}

/** x >= 0 as a mantissa of one integer digit and `places` decimals, and its power of ten. */
export function scientificDigits(x: number, places: number): { int: string; frac: string; exp: number } {
  if (x === 0) return { int: "0", frac: "0".repeat(places), exp: 0 };
  const [mant, e] = x.toExponential(14).split("e");
  const exp = Number(e);
  const r = roundedDigits(Number(mant), places);
  if (r.int.length > 1) return { int: "1", frac: "0".repeat(places), exp: exp + 1 };
  return { int: r.int || "0", frac: r.frac, exp };
}
