/**
 * BESSELI, BESSELJ, BESSELK, BESSELY(x, n): Excel's rules are computed exactly (n truncated, n < 0
 * #NUM!, x <= 0 #NUM! for K and Y, TRUE/FALSE or a range for a number #VALUE!, the first error
 * argument the result), and so are the values Excel's arithmetic fixes whatever its method: J and I
 * at x = 0, I past e^x's overflow (#NUM!), K past e^-x's underflow (0). Excel computes the other
 * values with polynomial approximations good to about 8 digits (its BESSELI(1, 0) is
 * 1.2660658480342601, where I0(1) is 1.2660658777520084), which the engine does not reproduce:
 * UNSUPPORTED.
 */
import type { CellValue } from "../../types";
import { err, isErrorValue, unsupported } from "../kinds";
import { tpNum, TOOLPAK } from "./math-args";
import type { PureFamily, PureFunction } from "./types";

type Kind = "I" | "J" | "K" | "Y";

/** The largest x whose e^x is a double. */
const EXP_LIMIT = 709.78;

function exactValue(kind: Kind, x: number, n: number): CellValue {
  if ((kind === "K" || kind === "Y") && x <= 0) return err("#NUM!");
  if ((kind === "I" || kind === "J") && x === 0) return n === 0 ? 1 : 0;
  if (kind === "I" && Math.abs(x) > EXP_LIMIT) return err("#NUM!");
  if (kind === "K" && x > 746) return 0;
  return unsupported(`BESSEL${kind}: Excel's values come from its own approximations (about 8 digits), which the engine does not reproduce`);
}

const bessel = (kind: Kind): PureFunction => ({ ...TOOLPAK, min: 2, max: 2, fn: ([a, b]) => {
  const x = tpNum(a);
  if (isErrorValue(x)) return x;
  const order = tpNum(b);
  if (isErrorValue(order)) return order;
  const n = Math.trunc(order);
  return n < 0 ? err("#NUM!") : exactValue(kind, x, n);
} });

export const BESSEL: PureFamily = { BESSELI: bessel("I"), BESSELJ: bessel("J"), BESSELK: bessel("K"), BESSELY: bessel("Y") };
