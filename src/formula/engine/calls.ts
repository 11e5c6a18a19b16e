/**
 * Calling a function: the engine's own implementations (the IF family, reference functions,
 * aggregates, criteria functions), SVC functions through the caller's hook, and the libraries'
 * functions for the rest. A function the engine has in none of these is UNSUPPORTED, never #NAME?.
 */
import type { Node } from "../text/ast";
import { svcName } from "../text/fn-names";
import type { ArgValue, CellValue, Scalar } from "../types";
import { numberFromText } from "./coerce";
import { AGGREGATES } from "./fn-aggregate";
import { CRITERIA } from "./fn-criteria";
import { LOGIC, Special } from "./fn-logic";
import { invokeWith, LAMBDAS, namedLambda } from "./fn-lambda";
import { LAMBDA_HELPERS } from "./fn-lambda-helpers";
import { WORKBOOK } from "./fn-workbook";
import { SPILL } from "./fn-spill";
import { INDIRECTION } from "./fn-indirect";
import { LOOKUP } from "./fn-lookup";
import { REFERENCE } from "./fn-ref";
import { Ctx, evalNode, operand, readRef, setCallFunction } from "./interp";
import { err, Grid, isErrorValue, isGrid, isRef, unsupported, Value } from "./kinds";
import { arrayParam, callLibrary, callPure, libraryHas } from "./library";
import { PURE } from "./fns";
import { measuredDifference } from "./measured";
import { map } from "./operators";
import { DAYS_1900_TO_1904 } from "./date1904";
import { serialOfLocal } from "./values";

const VALUE: Special = (args, ctx, arr) => {
  if (args.length !== 1 || !args[0]) return err("#VALUE!");
  return map(operand(evalNode(args[0], ctx, arr), ctx, arr), (v) => (typeof v === "string" ? numberFromText(v) : typeof v === "boolean" ? err("#VALUE!") : v === null ? 0 : v));
};

const clock = (withTime: boolean): Special => (args, ctx) => {
  if (args.length) return err("#VALUE!");
  const serial = serialOfLocal((ctx.opts.now ?? (() => new Date()))(), withTime);
  return ctx.opts.date1904 ? serial - DAYS_1900_TO_1904 : serial;
};

const OWN: Record<string, Special> = { ...LOGIC, ...LOOKUP, ...REFERENCE, ...AGGREGATES, ...CRITERIA, ...LAMBDAS, ...LAMBDA_HELPERS, ...WORKBOOK, ...SPILL, ...INDIRECTION, VALUE, TODAY: clock(false), NOW: clock(true) };

/** What the libraries compute differently from Excel, measured on the conformance corpus. */
const NOT_LIKE_EXCEL: Record<string, string> = {
  WEBSERVICE: "WEBSERVICE is not offered (no network from a formula)",
};

function svcArg(v: Value, ctx: Ctx): ArgValue {
  const o = isRef(v) ? readRef(v, ctx) : v;
  if (!isGrid(o)) return o;
  if (o.length === 1 && o[0].length === 1) return o[0][0]; // one cell: its value, an error included
  return o.map((row) => row.map((c): Scalar => (isErrorValue(c) ? null : c)));
}

function callSvc(fn: string, args: (Node | null)[], ctx: Ctx): Value {
  const hook = ctx.opts.svc;
  if (!hook) return err("#NAME?"); // as in Excel without the add-in
  const out = hook(fn, args.map((a) => (a ? svcArg(evalNode(a, ctx, false), ctx) : null)));
  return Array.isArray(out) ? (out as Grid) : (out as CellValue);
}

function call(name: string, args: (Node | null)[], ctx: Ctx, arr: boolean): Value {
  const svc = svcName(name);
  if (svc) return callSvc(svc, args, ctx);
  // "": a call of what an expression gives (its first argument), `LAMBDA(x,x+1)(2)`; _xlpm.: a LET name
  if (name === "") return args[0] ? invokeWith(evalNode(args[0], ctx, arr), args.slice(1), ctx, arr) : err("#VALUE!");
  if (name.startsWith("_XLPM.")) return invokeWith(namedLambda(name, ctx) ?? err("#NAME?"), args, ctx, arr);
  const own = OWN[name];
  if (own) return own(args, ctx, arr);
  const pure = PURE[name];
  if (pure) return callPure(name, pure, args, ctx, arr);
  if (NOT_LIKE_EXCEL[name]) unsupported(NOT_LIKE_EXCEL[name]);
  const differs = measuredDifference(name);
  if (differs) unsupported(differs);
  if (!libraryHas(name)) {
    const named = namedLambda(name, ctx);
    if (named !== undefined) return invokeWith(named, args, ctx, arr);
    unsupported(`${name} is not implemented`);
  }
  if (args.some((a) => a === null)) unsupported(`an empty argument to ${name}`);
  const values = args.map((a, i) => (a ? evalNode(a, ctx, arr || arrayParam(name, i)) : undefined));
  return callLibrary(name, values, ctx, arr);
}

setCallFunction(call);

/** True when the engine implements `name` (upper case, without `_xlfn.`). */
export const implemented = (name: string): boolean => name in OWN || name in PURE || (libraryHas(name) && !NOT_LIKE_EXCEL[name] && !measuredDifference(name));
