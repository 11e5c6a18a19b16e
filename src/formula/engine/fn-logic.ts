/**
 * IF and its family, evaluated lazily as Excel does (the branch not taken is never evaluated) and
 * element by element when the condition is an array. An empty argument (`IF(x,1,)`) is 0; an
 * omitted else-branch is FALSE.
 */
import type { Node } from "../text/ast";
import type { CellValue } from "../types";
import { toBool } from "./coerce";
import { Ctx, evalNode, operand } from "./interp";
import { err, Grid, isErrorValue, isGrid, Value } from "./kinds";
import { map, zip } from "./operators";
import type { ArgumentRules } from "./fns/types";

export type Special = (args: (Node | null)[], ctx: Ctx, arr: boolean) => Value;

/** A function's catalogue entry when the engine evaluates its argument nodes itself (lazily, or reading where a reference points). */
export interface OwnFunction extends ArgumentRules {
  special: Special;
  /** Fewest and most arguments Excel accepts. */
  min: number;
  max: number;
}

export type OwnFamily = Record<string, OwnFunction>;

export const own = (special: Special, min: number, max: number, rules: ArgumentRules = {}): OwnFunction => ({ special, min, max, ...rules });

/** An argument's value; an empty argument (`IF(x,,1)`) is 0 as Excel reads it. */
const arg = (n: Node | null, ctx: Ctx, arr: boolean): Value => (n ? evalNode(n, ctx, arr) : 0);

function branch(args: (Node | null)[], i: number, ctx: Ctx, arr: boolean): CellValue | Grid {
  if (args.length <= i) return i === 2 ? false : 0;
  return operand(arg(args[i], ctx, arr), ctx, arr);
}

const IF: Special = (args, ctx, arr) => {
  if (args.length < 2 || args.length > 3) return err("#VALUE!");
  const cond = operand(arg(args[0], ctx, arr), ctx, arr);
  if (!isGrid(cond)) {
    const b = toBool(cond);
    if (isErrorValue(b)) return b;
    return branch(args, b ? 1 : 2, ctx, arr);
  }
  const yes = branch(args, 1, ctx, arr), no = branch(args, 2, ctx, arr);
  const chosen = zip(cond, yes, (c, y) => {
    const b = toBool(c);
    return isErrorValue(b) ? b : b ? y : { error: "\u0000else" };
  });
  return zip(chosen, no, (c, n) => (isErrorValue(c) && c.error === "\u0000else" ? n : c));
};

function onError(test: (e: { error: string }) => boolean): Special {
  return (args, ctx, arr) => {
    if (args.length !== 2) return err("#VALUE!");
    const v = operand(arg(args[0], ctx, arr), ctx, arr);
    const fallback = () => operand(arg(args[1], ctx, arr), ctx, arr);
    if (!isGrid(v)) return isErrorValue(v) && test(v) ? fallback() : v;
    if (!v.flat().some((x) => isErrorValue(x) && test(x))) return v;
    const f = fallback();
    return zip(v, f, (x, y) => (isErrorValue(x) && test(x) ? y : x));
  };
}

/** Not yet decided, element by element (IFS and SWITCH over arrays). */
const PENDING = { error: "\u0000pending" };
const pending = (v: CellValue) => isErrorValue(v) && v.error === PENDING.error;
/** Each element keeps what it has, or takes `next` while still pending. */
const settle = (out: CellValue | Grid, next: CellValue | Grid) => zip(out, next, (o, n) => (pending(o) ? n : o));
const decided = (out: CellValue | Grid) => map(out, (o) => (pending(o) ? err("#N/A") : o));

/** IFS over arrays: each element takes the value of its first true condition (every pair is evaluated). */
function ifsOverArrays(args: (Node | null)[], ctx: Ctx, arr: boolean): CellValue | Grid {
  let out: CellValue | Grid = PENDING;
  for (let i = 0; i < args.length; i += 2) {
    const c = operand(arg(args[i], ctx, arr), ctx, arr), v = operand(arg(args[i + 1], ctx, arr), ctx, arr);
    out = settle(out, zip(c, v, (x, y) => {
      const b = toBool(x);
      return isErrorValue(b) ? b : b ? y : PENDING;
    }));
  }
  return decided(out);
}

const IFS: Special = (args, ctx, arr) => {
  if (args.length < 2 || args.length % 2) return err("#N/A");
  for (let i = 0; i < args.length; i += 2) {
    const c = operand(arg(args[i], ctx, arr), ctx, arr);
    if (isGrid(c)) return ifsOverArrays(args, ctx, arr);
    const b = toBool(c);
    if (isErrorValue(b)) return b;
    if (b) return operand(arg(args[i + 1], ctx, arr), ctx, arr);
  }
  return err("#N/A");
};

const CHOOSE: Special = (args, ctx, arr) => {
  if (args.length < 2) return err("#VALUE!");
  const k = operand(arg(args[0], ctx, arr), ctx, arr);
  const pickOne = (x: CellValue): Value => {
    if (isErrorValue(x)) return x;
    const n = typeof x === "number" ? Math.trunc(x) : typeof x === "boolean" ? Number(x) : NaN;
    if (!(n >= 1 && n < args.length)) return err("#VALUE!");
    return arg(args[n], ctx, arr);
  };
  if (!isGrid(k)) return pickOne(k);
  return map(k, (x) => {
    const v = operand(pickOne(x), ctx, arr);
    return isGrid(v) ? v[0][0] : v;
  });
};

/** SWITCH reads an empty cell, like an empty argument, as 0. */
const blank0 = (v: CellValue) => (v === null ? 0 : v);
const caseArg = (n: Node | null, ctx: Ctx, arr: boolean): CellValue | Grid => map(operand(arg(n, ctx, arr), ctx, arr), blank0);
const sameCase = (v: CellValue, c: CellValue) => typeof v === typeof c && (typeof v === "string" ? v.toUpperCase() === String(c).toUpperCase() : v === c);

/** SWITCH over arrays: each element of the expression takes the result of its first matching case, else the default. */
function switchOverArrays(args: (Node | null)[], ctx: Ctx, arr: boolean): CellValue | Grid {
  const v = caseArg(args[0], ctx, arr);
  let out = map(v, (x) => (isErrorValue(x) ? x : PENDING));
  for (let i = 1; i + 1 < args.length; i += 2) {
    const c = caseArg(args[i], ctx, arr), r = operand(arg(args[i + 1], ctx, arr), ctx, arr);
    const hit = zip(v, c, (x, y) => (isErrorValue(y) ? y : sameCase(x, y) ? true : PENDING));
    out = settle(out, zip(hit, r, (h, y) => (h === true ? y : h)));
  }
  return args.length % 2 === 0 ? settle(out, operand(arg(args[args.length - 1], ctx, arr), ctx, arr)) : decided(out);
}

const SWITCH: Special = (args, ctx, arr) => {
  if (args.length < 3) return err("#VALUE!");
  const v = caseArg(args[0], ctx, arr);
  if (isGrid(v)) return switchOverArrays(args, ctx, arr);
  if (isErrorValue(v)) return v;
  for (let i = 1; i + 1 < args.length; i += 2) {
    const c = caseArg(args[i], ctx, arr);
    if (isGrid(c)) return switchOverArrays(args, ctx, arr);
    if (isErrorValue(c)) return c;
    if (sameCase(v, c)) return operand(arg(args[i + 1], ctx, arr), ctx, arr);
  }
  return args.length % 2 === 0 ? operand(arg(args[args.length - 1], ctx, arr), ctx, arr) : err("#N/A");
};

export const LOGIC: OwnFamily = {
  IF: own(IF, 2, 3),
  IFERROR: own(onError(() => true), 2, 2),
  IFNA: own(onError((e) => e.error === "#N/A"), 2, 2),
  IFS: own(IFS, 2, 254),
  CHOOSE: own(CHOOSE, 2, 255),
  SWITCH: own(SWITCH, 3, 254),
};
