/**
 * Evaluating one formula cell. A plain formula goes to the formula engine (evaluateFormula) over the
 * host's cells. A formula with SVC calls is resolved through the argument resolver (resolveCalls) with the
 * host's cells behind the CellReader port: `resolved` -> the registered function is invoked with
 * those arguments (only when they differ from its last invocation, or the cell is forced: entered,
 * calculate(full), Range.calculate); `invalid` -> #VALUE! with the resolver's message and no call;
 * a nested SVC call (`needs-run`) is evaluated first and its result put in its place, as Excel
 * evaluates arguments before the function; SVC calls inside a plain formula likewise.
 */
import { Cell, addressOf } from "./model";
import { lambdaHelper } from "./lambda";
import { parseCell } from "../formula";
import { ArgValue, CellReader, CellSource, Resolved, resolveCalls } from "../formula";
import { Functions, invokeResult } from "./functions";
import { engineResult, plainResult } from "./plain";
import { innermost, isTopLevelCall, svcSpans } from "./svc-calls";
import { inlineSvcNames } from "./svc-names";
import { Result, literal, sameArgs } from "./values";
import type { Platform } from "./platform";

export interface EvalContext {
  readonly source: CellSource;
  readonly reader: CellReader;
  readonly fns: Functions;
  /** Which Excel is played: how an empty referenced cell reaches a function. */
  readonly platform: Pick<Platform, "emptyCellAs">;
  /** Store a result: spill it, redraw it, make its readers dirty. */
  apply(cell: Cell, result: Result): void;
  /** A custom function of the cell starts (true) or ends (false) running. */
  invoking(cell: Cell, on: boolean): void;
  count(cell: Cell, what: "evaluations" | "invocations"): void;
}

const MAX_NESTING = 32;

function at(cell: Cell) {
  return { sheet: cell.sheet.name, row: cell.r, col: cell.c };
}

export function evaluatePlain(ctx: EvalContext, cell: Cell): void {
  const f = cell.f;
  if (!f) return;
  f.gen++;
  ctx.count(cell, "evaluations");
  ctx.apply(cell, plainResult(cell, f.text, ctx.source));
}

async function resolveOne(ctx: EvalContext, address: string, formula: string): Promise<Resolved> {
  const meta = await ctx.fns.metadata();
  const params = (fn: string) =>
    (meta.functions.find((x) => String(x.id).toUpperCase() === fn.toUpperCase())?.parameters ?? []).map((p) => ({ name: p.name, optional: !!p.optional }));
  // An empty referenced cell arrives as the build passes it (the platform profile's emptyCellAs).
  const [r] = await resolveCalls([{ address, formula }], ctx.reader, { params, emptyCellAs: ctx.platform.emptyCellAs });
  return r;
}

const SUPERSEDED = Symbol("superseded");

async function call(ctx: EvalContext, cell: Cell, gen: number, index: number, fn: string, args: ArgValue[], force: boolean): Promise<Result | typeof SUPERSEDED> {
  const f = cell.f;
  if (!f) return SUPERSEDED;
  const last = f.calls.get(index);
  if (!force && last && last.fn === fn && sameArgs(last.args, args)) return last.result;
  const ctrl = new AbortController();
  f.ctrl = ctrl;
  ctx.invoking(cell, true);
  ctx.count(cell, "invocations");
  const r = await ctx.fns.invoke(fn, args, { address: addressOf(cell), signal: ctrl.signal });
  if (f.gen !== gen || cell.f !== f) return SUPERSEDED;
  f.ctrl = null;
  ctx.invoking(cell, false);
  const result = invokeResult(r);
  f.calls.set(index, { fn, args, result });
  return result;
}

function asLiteral(r: Result): string {
  return "error" in r ? r.error : literal(r.value);
}

/** Evaluate a formula holding SVC calls; settles when the cell has its result (or was superseded). Every cell settles. */
export async function evaluateSvc(ctx: EvalContext, cell: Cell, force: boolean): Promise<void> {
  const f = cell.f;
  if (!f) return;
  const gen = f.gen + 1;
  try {
    await runSvc(ctx, cell, force);
  } catch (e) {
    if (f.gen !== gen || cell.f !== f) return;
    f.ctrl = null;
    ctx.invoking(cell, false);
    ctx.apply(cell, { error: "#VALUE!", message: `the workbench host failed: ${(e as Error)?.message ?? e}` });
  }
}

async function runSvc(ctx: EvalContext, cell: Cell, force: boolean): Promise<void> {
  const f = cell.f;
  if (!f) return;
  const gen = ++f.gen;
  ctx.count(cell, "evaluations");
  if (f.ctrl) {
    f.ctrl.abort(); // Excel cancels the invocation it runs again
    f.ctrl = null;
    ctx.invoking(cell, false);
  }
  const invoke: Invoker = (index, fn, args) => call(ctx, cell, gen, index, fn, args, force);
  const live = () => f.gen === gen && cell.f === f;
  const lambda = lambdaHelper(f.text);
  const res = lambda ? await lambda.run(ctx.source, at(cell), (text, i) => svcValue(ctx, addressOf(cell), text, (i + 1) * MAX_NESTING, invoke, live)) : await svcValue(ctx, addressOf(cell), f.text, 0, invoke, live);
  if (res !== SUPERSEDED) ctx.apply(cell, res);
}

/** Calls one SVC function of a formula (`index`: which call, for "same arguments, no new call"). */
type Invoker = (index: number, fn: string, args: ArgValue[]) => Promise<Result | typeof SUPERSEDED>;

/**
 * The value of a formula holding SVC calls at `address`: a top-level call with resolved arguments
 * is invoked; a nested call is invoked first and its result put in its place. `invoke` makes the
 * call (a cell's recalculation, or Excel's value preview).
 */
async function svcValue(ctx: EvalContext, address: string, text: string, base: number, invoke: Invoker, live: () => boolean): Promise<Result | typeof SUPERSEDED> {
  const here = parseCell(address);
  let work = inlineSvcNames(text, here.sheet, ctx.source.names());
  for (let index = base; index < base + MAX_NESTING; ) {
    const spans = svcSpans(work);
    if (spans.length === 0) return engineResult(work, here, ctx.source);
    let reason = "";
    if (isTopLevelCall(work, spans)) {
      const r = await resolveOne(ctx, address, work);
      if (!live()) return SUPERSEDED;
      if (r.status === "invalid") return { error: "#VALUE!", message: r.message };
      if (r.status === "resolved") return invoke(index, r.fn, r.args);
      if (r.status === "needs-run") reason = r.reason;
    }
    const inner = spans.length > 1 || !isTopLevelCall(work, spans) ? innermost(spans) : null;
    if (!inner) return { error: "#VALUE!", message: `not modelled by the workbench host: ${reason || "this formula"}` };
    const r = await resolveOne(ctx, address, `=${inner.text}`);
    if (!live()) return SUPERSEDED;
    let res: Result | typeof SUPERSEDED;
    if (r.status === "resolved") res = await invoke(index++, r.fn, r.args);
    else if (r.status === "invalid") res = { error: "#VALUE!", message: r.message };
    else return { error: "#VALUE!", message: `not modelled by the workbench host: ${r.status === "needs-run" ? r.reason : inner.text}` };
    if (res === SUPERSEDED) return res;
    work = `${work.slice(0, inner.start)}${asLiteral(res)}${work.slice(inner.end)}`;
  }
  return { error: "#VALUE!", message: "too many nested SVC calls" };
}

/**
 * Excel's value preview of a formula being edited at `address`: every SVC call is invoked with
 * `isInValuePreview` (the function answers from its cache, never a call); nothing is written.
 */
export async function previewSvc(ctx: EvalContext, address: string, text: string): Promise<Result> {
  const invoke: Invoker = async (_index, fn, args) => invokeResult(await ctx.fns.invoke(fn, args, { address, preview: true }));
  const lambda = lambdaHelper(text);
  const res = lambda ? await lambda.run(ctx.source, parseCell(address), (t, i) => svcValue(ctx, address, t, i, invoke, () => true)) : await svcValue(ctx, address, text, 0, invoke, () => true);
  return res === SUPERSEDED ? { error: "#BUSY!", message: null } : res;
}
