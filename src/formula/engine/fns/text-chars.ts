/**
 * CHAR and CODE read the code page of the computer Excel runs on: the same for 1-127 everywhere,
 * but 128-255 are Windows-1252 on Windows and Mac Roman on a Mac, and a workbook does not say
 * which computed it: those are UNSUPPORTED. UNICHAR and UNICODE read Unicode code points.
 */
import { err, isErrorValue, unsupported } from "../kinds";
import { firstError, int, text } from "./args";
import type { PureFamily, PureFunction } from "./types";

const PLATFORM = "depends on the computer's code page (Windows-1252 on Windows, Mac Roman on a Mac)";

const codeOf = (c: string): number => {
  const u = c.charCodeAt(0);
  if (u >= 128) unsupported(`CODE of "${c[0]}" ${PLATFORM}`);
  return u;
};

const CHAR: PureFunction = {
  min: 1,
  max: 1,
  fn: ([a]) => {
    const n = int(a, 0);
    if (isErrorValue(n)) return n;
    if (n < 1 || n > 255) return err("#VALUE!");
    if (n >= 128) unsupported(`CHAR(${n}) ${PLATFORM}`);
    return String.fromCharCode(n);
  },
};

const firstChar = (fn: (s: string) => number): PureFunction => ({
  min: 1,
  max: 1,
  fn: ([a]) => {
    const s = text(a);
    if (isErrorValue(s)) return s;
    return s === "" ? err("#VALUE!") : fn(s);
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
