/**
 * SUMIF, COUNTIF, AVERAGEIF and their -IFS forms, MAXIFS, MINIFS with Excel's criteria: an optional
 * comparison (`>5`, `<>x`, `=`), numbers compared as numbers (number text in cells too), text
 * ignoring case with the wildcards `*`, `?` and `~`, `""` matching empty cells.
 */
import type { Node } from "../text/ast";
import type { AreaRef, CellValue } from "../types";
import { compareValues, numberFromText } from "./coerce";
import { own, type OwnFamily, type Special } from "./fn-logic";
import { Ctx, evalNode, operand, readArea } from "./interp";
import { err, Grid, isErrorValue, isGrid, isRef, NotSupported } from "./kinds";
import { map } from "./operators";

type Test = (v: CellValue) => boolean;

const asNumber = (s: string): number | null => {
  try {
    const n = numberFromText(s);
    return typeof n === "number" ? n : null;
  } catch (e) {
    if (e instanceof NotSupported) return null;
    throw e;
  }
};

function wildcard(pattern: string): RegExp {
  let re = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "~" && i + 1 < pattern.length && "*?~".includes(pattern[i + 1])) re += "\\" + pattern[++i];
    else if (ch === "*") re += "[\\s\\S]*";
    else if (ch === "?") re += "[\\s\\S]";
    else re += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`, "i");
}

/** The test a criterion stands for. */
export function criterion(c: CellValue): Test {
  if (isErrorValue(c)) return (v) => isErrorValue(v) && v.error === c.error;
  if (typeof c === "number") return (v) => (typeof v === "number" ? v === c : typeof v === "string" && asNumber(v) === c);
  if (typeof c === "boolean") return (v) => v === c;
  if (c === null) return (v) => v === 0 || (typeof v === "string" && asNumber(v) === 0);
  const m = /^(<=|>=|<>|<|>|=)?([\s\S]*)$/.exec(c) ?? ["", "", c];
  const op = m[1] ?? "", rest = m[2];
  const num = asNumber(rest);
  const bool = /^(TRUE|FALSE)$/i.test(rest) ? rest.toUpperCase() === "TRUE" : null;
  if (op === "" || op === "=" || op === "<>") {
    let eq: Test;
    if (rest === "") eq = op === "" ? (v) => v === null || v === "" : op === "=" ? (v) => v === null : (v) => v !== null;
    else if (num !== null) eq = (v) => (typeof v === "number" ? v === num : typeof v === "string" && asNumber(v) === num);
    else if (bool !== null) eq = (v) => v === bool;
    else {
      const re = wildcard(rest);
      eq = (v) => typeof v === "string" && re.test(v);
    }
    // "<>5" leaves out the number 5 only: number text is not 5 here (though "=5" counts it)
    if (op === "<>" && num !== null) return (v) => !(typeof v === "number" && v === num);
    if (op === "<>" && rest !== "") return (v) => !eq(v);
    return eq;
  }
  if (rest === "") return () => false; // "<" or ">=" with nothing after matches no cell
  const target: CellValue = num ?? bool ?? rest;
  const ok = (d: number) => (op === "<" ? d < 0 : op === ">" ? d > 0 : op === "<=" ? d <= 0 : d >= 0);
  return (v) => v !== null && !isErrorValue(v) && typeof v === typeof target && ok(compareValues(v, target));
}

/** A criteria range: the cells of a reference (or an array), with its shape. */
function rangeArg(n: Node | null, ctx: Ctx): { grid: Grid; area: AreaRef | null } | null {
  if (!n) return null;
  const v = evalNode(n, ctx, true);
  if (isRef(v) && v.areas.length === 1) return { grid: readArea(v.areas[0], ctx), area: v.areas[0] };
  return isGrid(v) ? { grid: v, area: null } : null;
}

/** The cells of `area` resized to `rows` × `cols` from its top-left cell, as SUMIF reads its sum range. */
function sized(r: { grid: Grid; area: AreaRef | null }, rows: number, cols: number, ctx: Ctx): Grid {
  if (!r.area) return r.grid;
  return readArea({ ...r.area, r1: r.area.r0 + rows - 1, c1: r.area.c0 + cols - 1 }, ctx);
}

const outside = (a: AreaRef, rows: number, cols: number) => (a.r1 - a.r0 + 1) * (a.c1 - a.c0 + 1) - rows * cols;

type Reduce = (values: CellValue[]) => CellValue;

function conditional(pairsFrom: number, valuesAt: number | null, reduce: Reduce, single: boolean): Special {
  return (args, ctx, arr) => {
    const pairs: [Node | null, Node | null][] = single ? [[args[0], args[1] ?? null]] : [];
    if (!single) for (let i = pairsFrom; i < args.length; i += 2) pairs.push([args[i], args[i + 1] ?? null]);
    if (args.length < 2 || (single && args.length > 3) || (!single && (args.length - pairsFrom) % 2)) return err("#VALUE!");
    const ranges = pairs.map(([r]) => rangeArg(r, ctx));
    const first = ranges[0];
    if (!first || ranges.some((r) => !r)) return err("#VALUE!");
    const rows = first.grid.length, cols = first.grid[0]?.length ?? 0;
    if (!single && ranges.some((r) => r && (r.grid.length !== rows || r.grid[0].length !== cols))) return err("#VALUE!");
    let values: Grid | null = null;
    if (valuesAt !== null) {
      const vr = args[valuesAt] === undefined && single ? first : rangeArg(args[valuesAt] ?? null, ctx);
      if (!vr) return err("#VALUE!");
      values = single ? sized(vr, rows, cols, ctx) : vr.grid;
      if (!single && (values.length !== rows || values[0].length !== cols)) return err("#VALUE!");
    }
    const crit = pairs.map(([, c]) => operand(c ? evalNode(c, ctx, arr) : null, ctx, arr));
    const once = (cs: CellValue[]): CellValue => {
      const tests = cs.map(criterion);
      const picked: CellValue[] = [];
      for (let r = 0; r < rows; r++)
        for (let c = 0; c < cols; c++) if (tests.every((t, k) => t((ranges[k] as { grid: Grid }).grid[r][c]))) picked.push(values ? (values[r]?.[c] ?? null) : 1);
      // cells of a whole column or row beyond the used area are empty: COUNTIF(A:A,"<>x") counts them
      if (!values && first.area && tests.every((t) => t(null))) return picked.length + outside(first.area, rows, cols);
      return reduce(picked);
    };
    const arrayAt = crit.findIndex(isGrid);
    if (arrayAt < 0) return once(crit as CellValue[]);
    return map(crit[arrayAt], (x) => once(crit.map((c, k) => (k === arrayAt ? x : isGrid(c) ? c[0][0] : c))));
  };
}

const numbers = (vs: CellValue[]) => vs.filter((v): v is number => typeof v === "number");
const firstErr = (vs: CellValue[]) => vs.find(isErrorValue);
const total: Reduce = (vs) => firstErr(vs) ?? numbers(vs).reduce((a, b) => a + b, 0);
const mean: Reduce = (vs) => firstErr(vs) ?? (numbers(vs).length ? (total(vs) as number) / numbers(vs).length : err("#DIV/0!"));
const extreme = (f: (a: number, b: number) => number): Reduce => (vs) => firstErr(vs) ?? (numbers(vs).length ? numbers(vs).reduce(f) : 0);

/** The ranges of a criteria function (references in Excel): the value range, then every criteria range from `first` on. */
const ranges = (values: number | null, first: number) => [...(values === null ? [] : [values]), ...Array.from({ length: 127 }, (_, i) => first + 2 * i)];
/** A *IFS function with a value range first: 3 to 255 arguments. */
const ifs = (reduce: Reduce) => own(conditional(1, 0, reduce, false), 3, 255, { refs: ranges(0, 1) });

export const CRITERIA: OwnFamily = {
  SUMIF: own(conditional(0, 2, total, true), 2, 3, { refs: [0, 2] }),
  COUNTIF: own(conditional(0, null, (vs) => vs.length, true), 2, 2, { refs: [0] }),
  AVERAGEIF: own(conditional(0, 2, mean, true), 2, 3, { refs: [0, 2] }),
  SUMIFS: ifs(total),
  COUNTIFS: own(conditional(0, null, (vs) => vs.length, false), 2, 254, { refs: ranges(null, 0) }),
  AVERAGEIFS: ifs(mean),
  MAXIFS: ifs(extreme(Math.max)),
  MINIFS: ifs(extreme(Math.min)),
};
