/**
 * CHAR and CODE read the code page of the computer Excel runs on: the same for 1-127 everywhere,
 * but 128-255 are Windows-1252 on Windows (its five unassigned bytes map to the same code points, as
 * Windows converts them) and Mac Roman on a Mac. The options say which computer computed the
 * workbook; without that, 128-255 are UNSUPPORTED. UNICHAR and UNICODE read Unicode code points.
 */
import { err, isErrorValue, unsupported } from "../kinds";
import type { EvaluateOptions, Platform } from "../source";
import { firstError, int, text } from "./args";
import type { PureFamily, PureFunction } from "./types";

const PLATFORM = "depends on the computer's code page (Windows-1252 on Windows, Mac Roman on a Mac)";

/** Bytes 128-255 of each code page, as Unicode (Windows-1252 is Latin-1 from 160 on). */
const HIGH: Record<Platform, string> = {
  windows:
    "\u20ac\x81\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\x8d\u017d\x8f\x90\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\x9d\u017e\u0178" +
    Array.from({ length: 96 }, (_, i) => String.fromCharCode(160 + i)).join(""),
  mac:
    "\xc4\xc5\xc7\xc9\xd1\xd6\xdc\xe1\xe0\xe2\xe4\xe3\xe5\xe7\xe9\xe8\xea\xeb\xed\xec\xee\xef\xf1\xf3\xf2\xf4\xf6\xf5\xfa\xf9\xfb\xfc" +
    "\u2020\xb0\xa2\xa3\xa7\u2022\xb6\xdf\xae\xa9\u2122\xb4\xa8\u2260\xc6\xd8\u221e\xb1\u2264\u2265\xa5\xb5\u2202\u2211\u220f\u03c0\u222b\xaa\xba\u03a9\xe6\xf8" +
    "\xbf\xa1\xac\u221a\u0192\u2248\u2206\xab\xbb\u2026\xa0\xc0\xc3\xd5\u0152\u0153\u2013\u2014\u201c\u201d\u2018\u2019\xf7\u25ca\xff\u0178\u2044\u20ac\u2039\u203a\ufb01\ufb02" +
    "\u2021\xb7\u201a\u201e\u2030\xc2\xca\xc1\xcb\xc8\xcd\xce\xcf\xcc\xd3\xd4\uf8ff\xd2\xda\xdb\xd9\u0131\u02c6\u02dc\xaf\u02d8\u02d9\u02da\xb8\u02dd\u02db\u02c7",
};

/** The code page of the computer that computed the workbook, or UNSUPPORTED with `what` when unknown. */
function highPage(opts: EvaluateOptions, what: string): string {
  if (!opts.platform) unsupported(`${what} ${PLATFORM}`);
  return HIGH[opts.platform];
}

const codeOf = (c: string, opts: EvaluateOptions): number => {
  const u = c.charCodeAt(0);
  if (u < 128) return u;
  const at = highPage(opts, `CODE of "${c[0]}"`).indexOf(c[0]);
  // a character outside the code page: Windows and the Mac substitute each their own way
  if (at < 0) unsupported(`CODE of "${c[0]}", a character outside the computer's code page`);
  return 128 + at;
};

const CHAR: PureFunction = {
  min: 1,
  max: 1,
  fn: ([a], opts) => {
    const n = int(a, 0);
    if (isErrorValue(n)) return n;
    if (n < 1 || n > 255) return err("#VALUE!");
    return n < 128 ? String.fromCharCode(n) : highPage(opts, `CHAR(${n})`)[n - 128];
  },
};

const firstChar = (fn: (s: string, opts: EvaluateOptions) => number): PureFunction => ({
  min: 1,
  max: 1,
  fn: ([a], opts) => {
    const s = text(a);
    if (isErrorValue(s)) return s;
    return s === "" ? err("#VALUE!") : fn(s, opts);
  },
});

const UNICHAR: PureFunction = {
  min: 1,
  max: 1,
  fn: ([a]) => {
    const n = int(a, 0);
    const bad = firstError(n);
    if (bad) return bad;
    const k = n as number;
    if (k < 1 || k > 0x10ffff) return err("#VALUE!");
    if (k >= 0xd800 && k <= 0xdfff) return err("#N/A");
    return String.fromCodePoint(k);
  },
};

export const TEXT_CHARS: PureFamily = {
  CHAR,
  CODE: firstChar(codeOf),
  UNICHAR,
  UNICODE: firstChar((s) => s.codePointAt(0) ?? 0),
};
