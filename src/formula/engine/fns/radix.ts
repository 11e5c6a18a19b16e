/**
 * Numbers written in base 2, 8 and 16 (BIN2DEC ... HEX2OCT, DEC2BIN ...): at most 10 digits, a
 * negative number in two's complement over all 10 (so `places` is checked but not used), out of
 * range #NUM!. BASE and DECIMAL: any base from 2 to 36, non-negative numbers below 2^53.
 */
import type { CellValue, ErrorValue } from "../../types";
import { err, isErrorValue } from "../kinds";
import { IN_ORDER, text, TOOLPAK, tpNum, whole } from "./math-args";
import type { Arg, PureFamily, PureFunction } from "./types";

const BASES = { BIN: 2, OCT: 8, DEC: 10, HEX: 16 } as const;
type Base = keyof typeof BASES;

/** A ToolPak digit string: a number argument is read as its digits, TRUE/FALSE is #VALUE!. */
function digitsOf(a: Arg): string | ErrorValue {
  if (typeof a === "boolean") return err("#VALUE!");
  return text(a);
}

/** The value of up to 10 digits in `radix`; 10 digits starting at half the range are negative. */
function readDigits(s: string, radix: number): number | ErrorValue {
  if (s.length > 10) return err("#NUM!");
  if (s === "") return 0;
  const valid = "0123456789ABCDEF".slice(0, radix);
  const u = s.toUpperCase();
  if ([...u].some((ch) => !valid.includes(ch))) return err("#NUM!");
  const v = parseInt(u, radix), full = radix ** 10;
  return u.length === 10 && v >= full / 2 ? v - full : v;
}

/** `places`: omitted, or 1 to 10 (a fraction truncated); TRUE/FALSE is #VALUE!. */
function placesOf(a: Arg): number | undefined | ErrorValue {
  if (a === undefined) return undefined;
  const p = tpNum(a);
  if (typeof p !== "number") return p;
  const t = Math.trunc(p);
  return t >= 1 && t <= 10 ? t : err("#NUM!");
}

/** The limits of a 10-digit two's complement number in `radix`. */
const limit = (radix: number) => (radix === 10 ? Infinity : radix ** 10 / 2);

function writeDigits(v: number, radix: number, places: number | undefined): CellValue {
  const half = limit(radix);
  if (v < -half || v >= half) return err("#NUM!");
  if (v < 0) return (radix ** 10 + v).toString(radix).toUpperCase();
  const s = v.toString(radix).toUpperCase();
  if (places === undefined) return s;
  return s.length > places ? err("#NUM!") : s.padStart(places, "0");
}

function convert(from: Base, to: Base): PureFunction {
  const withPlaces = to !== "DEC";
  return {
    ...TOOLPAK,
    min: 1,
    max: withPlaces ? 2 : 1,
    fn: ([a, b]) => {
      // Excel checks `places` before the number: DEC2BIN("E",0) is #NUM!
      const places = placesOf(b);
      if (isErrorValue(places)) return places;
      let v: number | ErrorValue;
      if (from === "DEC") {
        const n = tpNum(a);
        v = typeof n === "number" ? Math.trunc(n) : n;
      } else {
        const s = digitsOf(a);
        v = typeof s === "string" ? readDigits(s, BASES[from]) : s;
      }
      if (isErrorValue(v)) return v;
      return to === "DEC" ? v : writeDigits(v, BASES[to], places);
    },
  };
}

const NAMES = Object.keys(BASES) as Base[];

/** BASE(number, radix, [min_length]): upper-case digits, padded with zeros to min_length. */
function BASE([a, b, c]: Arg[]): CellValue {
  const n = whole(a), r = whole(b), len = whole(c);
  for (const x of [n, r, len]) if (typeof x !== "number") return x;
  const [v, radix, pad] = [n, r, len] as number[];
  if (v < 0 || v >= 2 ** 53 || radix < 2 || radix > 36 || pad < 0 || pad > 255) return err("#NUM!");
  return v.toString(radix).toUpperCase().padStart(pad, "0");
}

/** DECIMAL(text, radix): the value of the digits (either case) in `radix`. */
function DECIMAL([a, b]: Arg[]): CellValue {
  const s = text(a), r = whole(b);
  if (typeof s !== "string") return s;
  if (typeof r !== "number") return r;
  if (r < 2 || r > 36 || s.length > 255) return err("#NUM!");
  let v = 0;
  for (const ch of s.toUpperCase()) {
    const d = parseInt(ch, 36);
    if (Number.isNaN(d) || d >= r) return err("#NUM!");
    v = v * r + d;
  }
  return v >= 2 ** 53 ? err("#NUM!") : v;
}

const pairs: PureFamily = Object.fromEntries(NAMES.flatMap((from) => NAMES.filter((to) => to !== from).map((to) => [`${from}2${to}`, convert(from, to)])));

export const RADIX: PureFamily = {
  ...pairs,
  BASE: { ...IN_ORDER, min: 2, max: 3, fn: BASE },
  DECIMAL: { ...IN_ORDER, min: 2, max: 2, fn: DECIMAL },
};

