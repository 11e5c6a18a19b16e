/**
 * IF and its family, evaluated lazily as Excel does (the branch not taken is never evaluated) and
 * element by element when the condition is an array. An empty argument (`IF(x,1,)`) is 0; an
 * omitted else-branch is FALSE.
 */
import type { Node } from "../text/ast";
import type { CellValue } from "../types";
import { toBool } from "./coerce";
import { Ctx, evalNode, operand } from "./interp";
import { err, Grid, isErrorValue, isGrid, unsupported, Value } from "./kinds";
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

const IFS: Special = (args, ctx, arr) => {
  if (args.length < 2 || args.length % 2) return err("#N/A");
  for (let i = 0; i < args.length; i += 2) {
    const c = operand(arg(args[i], ctx, arr), ctx, arr);
    if (isGrid(c)) return unsupported("IFS or SWITCH over an array");
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

const SWITCH: Special = (args, ctx, arr) => {
  if (args.length < 3) return err("#VALUE!");
  const v = operand(arg(args[0], ctx, arr), ctx, arr);
  if (isGrid(v)) return unsupported("IFS or SWITCH over an array");
  if (isErrorValue(v)) return v;
  for (let i = 1; i + 1 < args.length; i += 2) {
    const c = operand(arg(args[i], ctx, arr), ctx, arr);
    if (isGrid(c)) return unsupported("IFS or SWITCH over an array");
    if (isErrorValue(c)) return c;
    const same = typeof v === typeof c && (typeof v === "string" ? v.toUpperCase() === String(c).toUpperCase() : v === c);
    if (same) return operand(arg(args[i + 1], ctx, arr), ctx, arr);
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
