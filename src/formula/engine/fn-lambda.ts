/**
 * LET and LAMBDA: names scoped to the formula (each value evaluated once), LAMBDA values called
 * inline (`LAMBDA(x,x+1)(2)`), through a LET name or through a defined name (`PAYOUT(a,b)`), an
 * argument left empty as omitted (ISOMITTED), recursion bounded. A LAMBDA never called is #CALC!.
 */
import type { Node } from "../text/ast";
import { lookupName } from "../text/names";
import type { CellValue } from "../types";
import type { Special } from "./fn-logic";
import { Ctx, evalNode, OMITTED, operand, Scope, scopeKey } from "./interp";
import { err, isGrid, isLambda, isRef, LambdaValue, unsupported, Value } from "./kinds";

/** Nested LAMBDA calls the engine follows; deeper recursion is UNSUPPORTED (Excel's own limit depends on the stack). */
const MAX_CALLS = 1000;

export type Bound = Value | typeof OMITTED;

const paramName = (n: Node | null): string | null => (n?.kind === "name" && !n.prefix ? scopeKey(n.name) : null);

function extend(ctx: Ctx, names: string[], values: Bound[]): Ctx {
  const scope = new Map(ctx.scope ?? []);
  names.forEach((n, i) => scope.set(n, values[i]));
  return { ...ctx, scope: scope as Scope };
}

const LET: Special = (args, ctx, arr) => {
  if (args.length < 3 || args.length % 2 === 0) return err("#VALUE!");
  let inner = ctx;
  for (let i = 0; i + 1 < args.length; i += 2) {
    const name = paramName(args[i]);
    const value = args[i + 1];
    if (!name || !value) return err("#VALUE!");
    inner = extend(inner, [name], [evalNode(value, inner, arr)]);
  }
  const body = args[args.length - 1];
  return body ? evalNode(body, inner, arr) : err("#VALUE!");
};

const LAMBDA: Special = (args, ctx) => {
  const body = args[args.length - 1];
  const params = args.slice(0, -1).map(paramName);
  if (!body || params.some((p) => p === null) || new Set(params).size !== params.length) return err("#VALUE!");
  const optional = args.slice(0, -1).filter((a) => a?.kind === "name" && /^_xlop\./i.test(a.name)).length;
  const fn: LambdaValue = { error: "#CALC!", lambda: { params: params as string[], optional, body, closure: ctx } };
  return fn;
};

const ISOMITTED: Special = (args, ctx) => {
  if (args.length !== 1 || !args[0]) return err("#VALUE!");
  const name = paramName(args[0]);
  return name !== null && ctx.scope?.get(name) === OMITTED;
};

/** Call a LAMBDA with evaluated arguments (OMITTED for an empty one). */
export function invoke(fn: LambdaValue, given: Bound[], ctx: Ctx, arr: boolean): Value {
  let values = given;
  const { params, body, closure, optional } = fn.lambda;
  // Excel: a wrong number of arguments is #VALUE!; optional parameters ([x], the last ones) may be left out
  if (values.length > params.length || values.length < params.length - (optional ?? 0)) return err("#VALUE!");
  values = [...values, ...Array<Bound>(params.length - values.length).fill(OMITTED)];
  const calls = (ctx.calls ?? 0) + 1;
  if (calls > MAX_CALLS) unsupported(`LAMBDA calls nested more than ${MAX_CALLS} deep`);
  const inner = extend({ ...(closure as Ctx), calls }, params, values);
  return evalNode(body, inner, arr);
}

/** Call a LAMBDA with the arguments of a call node, evaluated in the caller's evaluation. */
export function invokeWith(fn: Value, args: (Node | null)[], ctx: Ctx, arr: boolean): Value {
  if (!isLambda(fn)) return isRef(fn) || isGrid(fn) ? err("#VALUE!") : (fn as CellValue) ?? err("#VALUE!");
  return invoke(fn, args.map((a) => (a ? evalNode(a, ctx, arr) : OMITTED)), ctx, arr);
}

/**
 * The LAMBDA a call names when it is no function: a LET name (`_xlpm.area(2,3)`) or a defined name
 * holding a LAMBDA (`PAYOUT(a,b)`); undefined when neither.
 */
export function namedLambda(name: string, ctx: Ctx): Value | undefined {
  const bound = ctx.scope?.get(scopeKey(name));
  if (bound === OMITTED) unsupported("an omitted LAMBDA parameter called as a function");
  if (bound !== undefined) return bound;
  const def = lookupName(ctx.cells.names(), name.replace(/^_xludf\./i, ""), ctx.sheet);
  if (!def) return undefined;
  return evalNode({ kind: "name", prefix: null, name: def.name, span: { start: 0, end: 0 } }, { ...ctx, scope: undefined, depth: 0 }, false); // its recursion is bounded by MAX_CALLS, not by name nesting
}

/** One value of a LAMBDA's result where a helper wants one (a one-cell reference or array read). */
export function oneResult(v: Value, ctx: Ctx): CellValue {
  const o = operand(v, ctx, true);
  if (!isGrid(o)) return o;
  if (o.length === 1 && o[0].length === 1) return o[0][0];
  return unsupported("a LAMBDA giving an array where a helper function wants one value");
}

/** `_xleta.SUM` (a function's name given as the LAMBDA, `BYROW(r, SUM)`): LAMBDA(p1..pk, SUM(p1..pk)). */
function etaLambda(name: string, params: number, ctx: Ctx): LambdaValue {
  const span = { start: 0, end: 0 };
  const ps = Array.from({ length: params }, (_, i) => `\u0000${i}`);
  const body: Node = { kind: "call", prefix: null, name, args: ps.map((p): Node => ({ kind: "name", prefix: null, name: p, span })), span };
  return { error: "#CALC!", lambda: { params: ps, body, closure: ctx } };
}

/** The LAMBDA argument of a helper function, with the number of parameters it must take. */
export function lambdaArg(n: Node | null, ctx: Ctx, params: number): LambdaValue | CellValue {
  if (n?.kind === "name" && /^_xleta\./i.test(n.name)) return etaLambda(n.name.slice(7), params, ctx);
  const v = n ? evalNode(n, ctx, true) : null;
  if (!isLambda(v)) return err("#VALUE!");
  return v.lambda.params.length === params ? v : err("#VALUE!");
}

export const LAMBDAS: Record<string, Special> = { LET, LAMBDA, ISOMITTED };
