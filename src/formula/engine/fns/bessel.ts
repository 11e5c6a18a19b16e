/**
 * BESSELI, BESSELJ, BESSELK, BESSELY(x, n) as Excel computes them (bessel-nr.ts: its approximations,
 * about 8 correct digits, reproduced to the last digit). Excel's rules: n truncated, n < 0 #NUM!,
 * x <= 0 #NUM! for K and Y, TRUE/FALSE or a range for a number #VALUE! (Analysis ToolPak), the first
 * error argument the result, a result past a double's range #NUM!. BESSELJ where Excel's J0 and J1
 * past x = 8 enter is UNSUPPORTED: the corpus shows another approximation there.
 */
import type { CellValue } from "../../types";
import { err, isErrorValue, unsupported } from "../kinds";
import { besselI, besselJ, besselK, besselY } from "./bessel-nr";
import { finite, tpNum, TOOLPAK } from "./math-args";
import type { PureFamily, PureFunction } from "./types";

type Kind = "I" | "J" | "K" | "Y";

function value(kind: Kind, x: number, n: number): CellValue {
  if ((kind === "K" || kind === "Y") && x <= 0) return err("#NUM!");
  if (kind === "I") return finite(besselI(n, x));
  if (kind === "K") return finite(besselK(n, x));
  if (kind === "Y") return finite(besselY(n, x));
  const j = besselJ(n, x);
  return j === undefined ? unsupported("BESSELJ with |x| of 8 or more above the order (Excel's approximation there is not known)") : finite(j);
}

const bessel = (kind: Kind): PureFunction => ({ ...TOOLPAK, min: 2, max: 2, fn: ([a, b]) => {
  const x = tpNum(a);
  if (isErrorValue(x)) return x;
  const order = tpNum(b);
  if (isErrorValue(order)) return order;
  const n = Math.trunc(order);
  return n < 0 ? err("#NUM!") : value(kind, x, n);
} });

export const BESSEL: PureFamily = { BESSELI: bessel("I"), BESSELJ: bessel("J"), BESSELK: bessel("K"), BESSELY: bessel("Y") };
