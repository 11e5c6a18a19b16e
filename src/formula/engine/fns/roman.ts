/** ROMAN and ARABIC: Roman numerals in Excel's five forms (classic to simplified) and back. */
import type { CellValue } from "../../types";
import { err } from "../kinds";
import { IN_ORDER, whole } from "./math-args";
import type { Arg, PureFamily } from "./types";

const LETTERS = ["M", "D", "C", "L", "X", "V", "I"];
const VALUES = [1000, 500, 100, 50, 10, 5, 1];

/**
 * Form 0 is the classic notation (499 = CDXCIX); each higher form lets a subtraction reach one more
 * letter down (form 4: ID). A digit of 4 or 9 is written as the smallest letter pair that the form
 * allows, the rest as additions.
 */
function roman(value: number, form: number): string {
  let out = "";
  let n = value;
  for (let i = 0; i < LETTERS.length; i += 2) {
    const digit = Math.floor(n / VALUES[i]);
    if (digit % 5 === 4) {
      const big = digit === 4 ? i - 1 : i - 2;
      let small = i;
      for (let step = 0; step < form && small < LETTERS.length - 1; step++) {
        if (VALUES[big] - VALUES[small + 1] <= n) small++;
        else break;
      }
      out += LETTERS[small] + LETTERS[big];
      n = n + VALUES[small] - VALUES[big];
    } else {
      if (digit > 4) out += LETTERS[i - 1];
      out += LETTERS[i].repeat(digit % 5);
      n %= VALUES[i];
    }
  }
  return out;
}

/** ROMAN's form: omitted or TRUE is 0 (classic), FALSE is 4 (simplified), 0 to 4 otherwise. */
function formOf(a: Arg): number | CellValue {
  if (a === undefined || a === null) return 0;
  if (typeof a === "boolean") return a ? 0 : 4;
  const f = whole(a);
  if (typeof f !== "number") return f;
  return f >= 0 && f <= 4 ? f : err("#VALUE!");
}

function ROMAN([a, b]: Arg[]): CellValue {
  const n = whole(a);
  if (typeof n !== "number") return n;
  const form = formOf(b);
  if (typeof form !== "number") return form;
  if (n < 0 || n > 3999) return err("#VALUE!");
  return roman(n, form);
}

const LETTER_VALUE: Record<string, number> = { M: 1000, D: 500, C: 100, L: 50, X: 10, V: 5, I: 1 };

/**
 * Read right to left: a letter smaller than the largest one to its right is subtracted, any other
 * added, so non-standard numerals read as Excel reads them ("IIIIIIV" is -1, "IM" 999).
 */
function ARABIC([a]: Arg[]): CellValue {
  if (a === undefined || a === null) return 0;
  if (typeof a !== "string") return typeof a === "object" && !Array.isArray(a) ? a : err("#VALUE!");
  let s = a.trim().toUpperCase();
  if (s.length > 255) return err("#VALUE!");
  const sign = s.startsWith("-") ? -1 : 1;
  if (sign < 0) s = s.slice(1);
  let total = 0, largest = 0;
  for (let i = s.length - 1; i >= 0; i--) {
    const v = LETTER_VALUE[s[i]];
    if (!v) return err("#VALUE!");
    if (v < largest) total -= v;
    else (total += v), (largest = v);
  }
  return sign * total;
}

export const ROMAN_FNS: PureFamily = {
  ROMAN: { ...IN_ORDER, min: 1, max: 2, fn: ROMAN },
  ARABIC: { min: 1, max: 1, fn: ARABIC },
};
