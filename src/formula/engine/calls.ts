/**
 * Calling a function: SVC functions through the caller's hook, every other name as the catalogue
 * says (catalogue/): the engine's own evaluation of the argument nodes, a pure function of the
 * evaluated arguments, or the library's, with Excel's argument rules. A function the engine does not
 * compute is UNSUPPORTED with the catalogue's reason, never #NAME?.
 */
import type { Node } from "../text/ast";
import { svcName } from "../../api";
import type { ArgValue, CellValue, Scalar } from "../types";
import { entryOf } from "./catalogue";
import { Ctx, evalNode, readRef } from "./interp";
import { err, Grid, isErrorValue, isGrid, isRef, unsupported, Value } from "./kinds";
import { callLibrary, callPure } from "./library";
import { invokeWith, namedLambda } from "./fn-lambda";

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

export function call(name: string, args: (Node | null)[], ctx: Ctx, arr: boolean): Value {
  const svc = svcName(name);
  if (svc) return callSvc(svc, args, ctx);
  // "": a call of what an expression gives (its first argument), `LAMBDA(x,x+1)(2)`; _xlpm.: a LET name
  if (name === "") return args[0] ? invokeWith(evalNode(args[0], ctx, arr), args.slice(1), ctx, arr) : err("#VALUE!");
  if (name.startsWith("_XLPM.")) return invokeWith(namedLambda(name, ctx) ?? err("#NAME?"), args, ctx, arr);
  const how = entryOf(name).implementation;
  if (how.kind === "own") return how.own.special(args, ctx, arr);
  if (how.kind === "pure") return callPure(name, how.pure, args, ctx, arr);
  if (how.kind === "refused") {
    // a LAMBDA kept in a defined name, called by its name (`PAYOUT(a,b)`)
    const named = namedLambda(name, ctx);
    if (named !== undefined) return invokeWith(named, args, ctx, arr);
    unsupported(how.reason);
  }
  if (args.some((a) => a === null)) unsupported(`an empty argument to ${name}`);
  return callLibrary(name, args, ctx, arr);
}

