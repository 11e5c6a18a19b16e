/**
 * Text functions that cut, pad or change text: LEN, LEFT, RIGHT, MID, REPLACE (and their B forms),
 * REPT, TRIM, CLEAN, UPPER, LOWER, PROPER, EXACT, T, CONCATENATE. Arguments are converted as Excel
 * does (numbers in the General format, TRUE as "TRUE"); counts are truncated to whole numbers.
 */
import { err, isErrorValue, unsupported } from "../kinds";
import { firstError, int, limited, text, type Result } from "./args";
import { firstCell } from "./information";
import type { Arg, PureFamily, PureFunction } from "./types";

const one = (fn: (s: string) => Result): PureFunction => ({ min: 1, max: 1, fn: ([a]) => { const s = text(a); return isErrorValue(s) ? s : fn(s); } });

/** The B forms count bytes in the language Excel runs in; with only single-byte letters that is the character count. */
function singleByte(s: string, name: string): string {
  if (/[^\u0000-\u00ff]/.test(s)) unsupported(`${name} of text with double-byte characters depends on Excel's language setting`);
  return s;
}

function leftRight(side: "left" | "right", name: string): PureFunction {
  return {
    min: 1,
    max: 2,
    fn: ([a, b]) => {
      const s = text(a), n = int(b, 1);
      const bad = firstError(s, n);
      if (bad) return bad;
      const str = singleByteIf(s as string, name), k = n as number;
      if (k < 0) return err("#VALUE!");
      return side === "left" ? str.slice(0, k) : k === 0 ? "" : str.slice(Math.max(0, str.length - k));
    },
  };
}

const singleByteIf = (s: string, name: string) => (name.endsWith("B") ? singleByte(s, name) : s);

function mid(name: string): PureFunction {
  return {
    min: 3,
    max: 3,
    fn: ([a, b, c]) => {
      const s = text(a), start = int(b, 1), n = int(c, 0);
      const bad = firstError(s, start, n);
      if (bad) return bad;
      if ((start as number) < 1 || (n as number) < 0) return err("#VALUE!");
      return singleByteIf(s as string, name).substr((start as number) - 1, n as number);
    },
  };
}

function replace(name: string): PureFunction {
  return {
    min: 4,
    max: 4,
    fn: ([a, b, c, d]) => {
      const s = text(a), start = int(b, 1), n = int(c, 0), add = text(d);
      const bad = firstError(s, start, n, add);
      if (bad) return bad;
      if ((start as number) < 1 || (n as number) < 0) return err("#VALUE!");
      const str = singleByteIf(s as string, name), at = (start as number) - 1;
      return limited(str.slice(0, at) + (add as string) + str.slice(at + (n as number)));
    },
  };
}

const REPT: PureFunction = {
  min: 2,
  max: 2,
  fn: ([a, b]) => {
    const s = text(a), n = int(b, 0);
    const bad = firstError(s, n);
    if (bad) return bad;
    if ((n as number) < 0 || (s as string).length * (n as number) > 32767) return err("#VALUE!");
    return (s as string).repeat(n as number);
  },
};

/** UPPER and LOWER change each character alone; one whose case form has another length (ß -> SS) is not Excel's. */
function caseOf(s: string, to: (c: string) => string, name: string): string {
  let out = "";
  for (const c of s) {
    const t = to(c);
    if (t.length !== c.length) unsupported(`${name} of "${c}" (its case form has another length)`);
    out += t;
  }
  return out;
}

/** PROPER: a letter after a non-letter (or first) is upper case, every other letter lower case. */
function proper(s: string): string {
  let out = "", prevLetter = false;
  for (const c of s) {
    const letter = /\p{L}/u.test(c);
    out += letter ? caseOf(c, prevLetter ? (x) => x.toLowerCase() : (x) => x.toUpperCase(), "PROPER") : c;
    prevLetter = letter;
  }
  return out;
}

const twoTexts = (fn: (x: string, y: string) => Result): PureFunction => ({
  min: 2,
  max: 2,
  fn: ([a, b]) => {
    const x = text(a), y = text(b);
    return firstError(x, y) ?? fn(x as string, y as string);
  },
});

const CONCATENATE: PureFunction = {
  min: 1,
  max: 255,
  fn: (args: Arg[]) => {
    const parts = args.map(text);
    return firstError(...parts) ?? limited(parts.join(""));
  },
};

export const TEXT_SLICE: PureFamily = {
  LEN: one((s) => s.length),
  LENB: one((s) => singleByte(s, "LENB").length),
  LEFT: leftRight("left", "LEFT"),
  LEFTB: leftRight("left", "LEFTB"),
  RIGHT: leftRight("right", "RIGHT"),
  RIGHTB: leftRight("right", "RIGHTB"),
  MID: mid("MID"),
  MIDB: mid("MIDB"),
  REPLACE: replace("REPLACE"),
  REPLACEB: replace("REPLACEB"),
  REPT,
  TRIM: one((s) => s.replace(/ +/g, " ").replace(/^ | $/g, "")),
  CLEAN: one((s) => s.replace(/[\u0000-\u001f]/g, "")),
  UPPER: one((s) => caseOf(s, (c) => c.toUpperCase(), "UPPER")),
  LOWER: one((s) => caseOf(s, (c) => c.toLowerCase(), "LOWER")),
  PROPER: one(proper),
  EXACT: twoTexts((x, y) => x === y),
  T: { min: 1, max: 1, ranges: [0], readsErrors: true, fn: ([a]) => { const v = firstCell(a); return typeof v === "string" || isErrorValue(v) ? v : ""; } },
  CONCATENATE,
};
