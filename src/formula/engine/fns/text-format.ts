/**
 * TEXT, FIXED and DOLLAR (a number in a number format, ./number-format.ts), and VALUETOTEXT and
 * ARRAYTOTEXT (values written as `&` writes them; the strict form quotes text).
 */
import type { CellValue, ErrorValue } from "../../types";
import { numberFromText, toText } from "../coerce";
import { err, isErrorValue, isGrid, unsupported } from "../kinds";
import { boolOr, cellsOf, firstError, int, limited, num, text, type Result } from "./args";
import { roundedDigits } from "./format-decimal";
import { formatNumber, formatText } from "./number-format";
import type { Arg, PureFamily, PureFunction } from "./types";

const TEXT_FN: PureFunction = {
  min: 2,
  max: 2,
  fn: ([a, b], opts) => {
    const code = text(b);
    if (isErrorValue(code)) return code;
    const v = a === undefined || isGrid(a) ? null : a;
    if (typeof v === "boolean") return formatText(v ? "TRUE" : "FALSE", code);
    if (typeof v === "string") {
      const n = numberFromText(v);
      return limit(isErrorValue(n) ? formatText(v, code) : formatNumber(n, code, opts.date1904));
    }
    return limit(formatNumber((v as number | null) ?? 0, code, opts.date1904));
  },
};

const limit = (r: string | ErrorValue): Result => (isErrorValue(r) ? r : limited(r));

/** x rounded to `places` decimals (places < 0: to tens, hundreds ...), half away from zero on the decimal digits. */
function roundTo(x: number, places: number): number {
  if (places >= 0) return x;
  const r = roundedDigits(Math.abs(x) / 10 ** -places, 0);
  return Math.sign(x) * Number((r.int || "0") + "0".repeat(-places));
}

function fixedLike(x: number, places: number, grouping: boolean, wrap: (body: string) => string): Result {
  if (places > 127) return err("#VALUE!");
  const body = (grouping ? "#,##0" : "0") + (places > 0 ? "." + "0".repeat(places) : "");
  return limit(formatNumber(roundTo(x, places), wrap(body)));
}

const FIXED: PureFunction = {
  min: 1,
  max: 3,
  fn: ([a, b, c]) => {
    const x = num(a), places = int(b, 2), noCommas = boolOr(c, false);
    const bad = firstError(x, places, noCommas);
    return bad ?? fixedLike(x as number, places as number, !noCommas, (f) => f);
  },
};

/** DOLLAR in Excel's United States settings: $ before the number, a negative amount in parentheses. */
const DOLLAR: PureFunction = {
  min: 1,
  max: 2,
  fn: ([a, b]) => {
    const x = num(a), places = int(b, 2);
    const bad = firstError(x, places);
    return bad ?? fixedLike(x as number, places as number, true, (f) => `$${f};($${f})`);
  },
};

/** A value as VALUETOTEXT and ARRAYTOTEXT write it; strict quotes text. */
function valueText(v: CellValue, strict: boolean): string {
  if (isErrorValue(v)) return v.error;
  if (typeof v === "string") {
    if (!strict) return v;
    if (v.includes('"')) unsupported("VALUETOTEXT of text holding a quote in the strict format");
    return `"${v}"`;
  }
  return toText(v) as string;
}

const strictFlag = (a: Arg): boolean | ErrorValue => {
  const f = int(a, 0);
  return isErrorValue(f) ? f : f === 0 ? false : f === 1 ? true : err("#VALUE!");
};

const VALUETOTEXT: PureFunction = {
  min: 1,
  max: 2,
  readsErrors: true,
  fn: ([a, b]) => {
    const strict = strictFlag(b);
    if (isErrorValue(b) || isErrorValue(strict)) return isErrorValue(b) ? b : strict;
    return limited(valueText(a === undefined || isGrid(a) ? null : a, strict as boolean));
  },
};

const ARRAYTOTEXT: PureFunction = {
  min: 1,
  max: 2,
  ranges: [0],
  readsErrors: true,
  fn: ([a, b]) => {
    const strict = strictFlag(b);
    if (isErrorValue(b) || isErrorValue(strict)) return isErrorValue(b) ? b : strict;
    if (!strict) return limited(cellsOf(a).map((v) => valueText(v, false)).join(", "));
    const rows = a !== undefined && isGrid(a) ? a : [[a ?? null]];
    if (rows.every((r) => r.every((v) => v === null))) unsupported("ARRAYTOTEXT of empty cells only, in the strict format");
    return limited("{" + rows.map((r) => r.map((v) => valueText(v, true)).join(",")).join(";") + "}");
  },
};

export const TEXT_FORMAT: PureFamily = { TEXT: TEXT_FN, FIXED, DOLLAR, VALUETOTEXT, ARRAYTOTEXT };
