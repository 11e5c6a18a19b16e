/**
 * TEXTBEFORE, TEXTAFTER and TEXTSPLIT: text cut at delimiters (one text, or an array or range of
 * them, any of which matches), case-sensitive unless match_mode is 1.
 */
import type { CellValue, ErrorValue } from "../../types";
import { toText } from "../coerce";
import { err, isErrorValue, isGrid, unsupported, type Grid } from "../kinds";
import { boolOr, cellsOf, firstError, int, num, text } from "./args";
import type { Arg, PureFamily, PureFunction } from "./types";

/** The delimiters of a delimiter argument (null: none given); an error cell's error. */
function delimiters(a: Arg): string[] | ErrorValue {
  if (a === null) return [];
  const out: string[] = [];
  for (const v of cellsOf(a)) {
    if (isErrorValue(v)) return v;
    out.push(toText(v) as string);
  }
  return out;
}

interface Match {
  at: number;
  len: number;
}

/** Where the delimiters occur, left to right, without overlaps. */
function matches(s: string, delims: string[], fold: boolean): Match[] {
  const hay = fold ? s.toLowerCase() : s;
  const ds = delims.map((d) => (fold ? d.toLowerCase() : d)).filter((d) => d !== "");
  const out: Match[] = [];
  for (let i = 0; i < hay.length; ) {
    const hit = ds.filter((d) => hay.startsWith(d, i));
    if (hit.length === 0) {
      i++;
      continue;
    }
    if (new Set(hit.map((d) => d.length)).size > 1) unsupported("delimiters of different lengths that match at the same place");
    out.push({ at: i, len: hit[0].length });
    i += hit[0].length;
  }
  return out;
}

const flag = (a: Arg): number | ErrorValue => {
  if (a === undefined || a === null) return 0;
  const b = typeof a === "boolean" ? (a ? 1 : 0) : int(a, 0);
  return isErrorValue(b) ? b : b === 0 || b === 1 ? b : err("#VALUE!");
};

/** The place to cut at for TEXTBEFORE/TEXTAFTER: [end of the part before, start of the part after], or null when not found. */
function cut(s: string, delims: string[], n: number, fold: boolean, matchEnd: boolean): [number, number] | null {
  if (delims.some((d) => d === "")) return n > 0 ? [0, 0] : [s.length, s.length];
  const ms = matches(s, delims, fold);
  const k = n > 0 ? n - 1 : ms.length + n;
  if (k >= 0 && k < ms.length) return [ms[k].at, ms[k].at + ms[k].len];
  if (!matchEnd) return null;
  if (n > 0 && k === ms.length) return [s.length, s.length];
  if (n < 0 && k === -1) return [0, 0];
  return null;
}

/** instance_num is rounded down (-1.2 is the second from the end); an empty cell is 0. */
const instance = (a: Arg): number | ErrorValue => {
  if (a === undefined) return 1;
  const n = num(a);
  return isErrorValue(n) ? n : Math.floor(n);
};

function beforeAfter(after: boolean): PureFunction {
  return {
    min: 2,
    max: 6,
    ranges: [1],
    emptyIsOmitted: [2, 3, 4, 5],
    readsErrors: true, // if_not_found may be an error, returned only when nothing is found
    fn: ([a, d, inst, mode, end, notFound]) => {
      const s = text(a), ds = delimiters(d), n = instance(inst), m = flag(mode), e = flag(end);
      const bad = firstError(a, s, ds, inst, n, mode, m, end, e);
      if (bad) return bad;
      const str = s as string, list = ds as string[], k = n as number;
      if (k === 0 || Math.abs(k) > str.length) return err("#VALUE!");
      if (inst !== undefined && list.length && list.every((x) => x.length > str.length)) return err("#VALUE!");
      const at = cut(str, list, k, m === 1, e === 1);
      if (!at) return notFound === undefined ? err("#N/A") : notFound ?? "";
      return after ? str.slice(at[1]) : str.slice(0, at[0]);
    },
  };
}

/** Split at the delimiters; empty parts dropped when asked. */
function split(s: string, delims: string[], fold: boolean, ignoreEmpty: boolean): string[] {
  if (!delims.length) return [s];
  const parts: string[] = [];
  let from = 0;
  for (const m of matches(s, delims, fold)) {
    parts.push(s.slice(from, m.at));
    from = m.at + m.len;
  }
  parts.push(s.slice(from));
  return ignoreEmpty ? parts.filter((p) => p !== "") : parts;
}

const TEXTSPLIT: PureFunction = {
  min: 2,
  max: 6,
  ranges: [1, 2],
  emptyIsOmitted: [2, 3, 4, 5],
  fn: ([a, c, r, ignore, mode, pad]) => {
    const s = text(a), cols = delimiters(c), rows = r === undefined ? [] : delimiters(r), skip = boolOr(ignore, false), m = flag(mode);
    const bad = firstError(s, cols, rows, skip, m);
    if (bad) return bad;
    const cd = cols as string[], rd = rows as string[];
    if ((!cd.length && !rd.length) || cd.includes("") || rd.includes("")) return err("#VALUE!");
    if (s === "") unsupported("TEXTSPLIT of empty text");
    const lines = split(s as string, rd, m === 1, skip as boolean).map((line) => split(line, cd, m === 1, skip as boolean));
    const width = Math.max(0, ...lines.map((l) => l.length));
    if (width === 0) return err("#CALC!");
    const filler: CellValue = pad === undefined ? err("#N/A") : isGrid(pad) ? pad[0][0] : pad ?? "";
    const grid: Grid = lines.map((l) => [...l, ...Array<CellValue>(width - l.length).fill(filler)]);
    return grid;
  },
};

export const TEXT_SPLIT: PureFamily = { TEXTBEFORE: beforeAfter(false), TEXTAFTER: beforeAfter(true), TEXTSPLIT };
