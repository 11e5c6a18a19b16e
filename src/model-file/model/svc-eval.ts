/**
 * Computing formulas that call SVC functions. A formula that is one SVC call has its arguments
 * worked out by the resolver (src/formula resolveCalls, through a CellReader over the workbook): an
 * argument that cannot be right is #VALUE! with a message naming it, and costs no call. Any other
 * formula (an SVC call inside IFERROR, arithmetic on a result, a nested call) runs through the
 * plain-formula engine's SVC hook: calls not yet answered are collected, sent at once, and the
 * formula computed again (a call whose arguments need another call's answer takes one more pass).
 */
import { ArgValue, CellReader, CellSource, CellValue, DefinedName, EngineValue, evaluateFormula, isErrorValue, ParamInfo, Resolved, resolveCalls } from "../../formula";
import { engineSpelling } from "./file-text";
import { FormulaNode } from "./graph";
import type { FilingRef, SourceValue } from "../parts/sources-part";

export interface SvcCall {
  /** Upper-case function name without the namespace ("FINANCIALS"). */
  fn: string;
  args: ArgValue[];
  /** Where it is called from ("Model!B3"), for the engine's per-cell records. */
  address: string;
}

/** Where an answer's values came from (FINANCIALS: each value's period, metric and filing) and how the add-in formats them. */
export interface AnswerSources {
  values: SourceValue[];
  filings: FilingRef[];
  /** The number format the function gave each value (a data type's), null where none. */
  formats: (string | null)[][];
}

export type CallAnswer = { value: CellValue[][]; sources?: AnswerSources } | { error: { code: string; message: string } };

export interface SvcOutcome {
  value: EngineValue;
  /** The message of the failed call (or the invalid argument) behind an error value. */
  message: string | null;
  /** A call of the formula failed and the formula hides it (IFERROR): that call's error. */
  hidden?: { code: string; message: string };
  /** The call whose answer the formula shows (the formula's only call), with its answer's sources when the formula shows the answer as it came. */
  call?: { fn: string; args: ArgValue[]; sources: AnswerSources | null };
}

export interface SvcContext {
  src: CellSource;
  sheets: readonly string[];
  /** Send one batch of distinct calls; each settles. */
  call: (calls: SvcCall[]) => Promise<CallAnswer[]>;
  addressOf: (n: FormulaNode) => string;
  /** Answers so far (kept across waves: a call asked again is answered from here). */
  answers: Map<string, CallAnswer>;
  now?: () => Date;
  /** The workbook's date system (the formula around a call may count dates). */
  date1904?: boolean;
  params?: (fn: string) => readonly ParamInfo[];
}

const MAX_PASSES = 4;

export const keyOf = (fn: string, args: readonly ArgValue[]) => fn + "\u0000" + JSON.stringify(args);

function answerValue(a: CellValue[][]): CellValue | CellValue[][] {
  return a.length === 1 && a[0].length === 1 ? a[0][0] : a;
}

/** The resolver's port over the workbook as written so far (a sheet that does not exist reads as null, as the resolver's port says). */
export function readerOf(src: CellSource, sheets: readonly string[]): CellReader {
  const known = new Set(sheets.map((s) => s.toUpperCase()));
  const values = (ref: { sheet: string; row: number; col: number }) => (known.has(ref.sheet.toUpperCase()) ? src.value(ref) : null);
  return { read: async () => ({ values, spill: (a) => src.spill(a), names: src.names() as DefinedName[], tables: src.tables?.(), sheets }) };
}

interface Pass {
  wanted: Map<string, SvcCall>;
  finished: Map<FormulaNode, SvcOutcome>;
}

const dims = (v: EngineValue | CellValue[][]) => (Array.isArray(v) ? `${v.length}x${v[0]?.length ?? 0}` : "1x1");

/** The formula's one call with its answer's sources (those only when the formula's value has the answer's shape). */
function onlyCall(made: Map<string, { fn: string; args: ArgValue[] }>, ctx: SvcContext, value: EngineValue): SvcOutcome["call"] {
  if (made.size !== 1) return undefined;
  const [[key, c]] = [...made];
  const a = ctx.answers.get(key);
  const sources = a && "value" in a && a.sources && dims(value) === dims(a.value) ? a.sources : null;
  return { fn: c.fn, args: c.args, sources };
}

/** One formula through the engine; the hook answers known calls and records the others. */
function viaEngine(n: FormulaNode, ctx: SvcContext, wanted: Map<string, SvcCall>): SvcOutcome | null {
  let missing = false;
  let message: string | null = null;
  let failed: { code: string; message: string } | undefined;
  const made = new Map<string, { fn: string; args: ArgValue[] }>();
  const svc = (fn: string, args: ArgValue[]): CellValue | CellValue[][] => {
    const bad = args.find((a): a is { error: string } => isErrorValue(a));
    if (bad) return bad; // Excel does not call a custom function with an error argument
    made.set(keyOf(fn, args), { fn, args });
    const a = ctx.answers.get(keyOf(fn, args));
    if (a && "value" in a) return answerValue(a.value);
    if (a) return (failed ??= a.error), (message ??= a.error.message), { error: a.error.code };
    wanted.set(keyOf(fn, args), { fn, args, address: ctx.addressOf(n) });
    missing = true;
    return { error: "#N/A" };
  };
  const value = evaluateFormula(engineSpelling(n.text), n, ctx.src, { now: ctx.now, date1904: ctx.date1904, svc });
  if (missing) return null;
  const hidden = !isErrorValue(value) && failed ? { hidden: failed } : {};
  return { value, message: isErrorValue(value) ? message : null, call: onlyCall(made, ctx, value), ...hidden };
}

function runPass(nodes: FormulaNode[], resolved: Map<FormulaNode, Resolved>, ctx: SvcContext): Pass {
  const wanted = new Map<string, SvcCall>();
  const finished = new Map<FormulaNode, SvcOutcome>();
  for (const n of nodes) {
    const r = resolved.get(n);
    if (r?.status === "invalid") finished.set(n, { value: { error: "#VALUE!" }, message: r.message });
    else if (r?.status === "resolved") {
      const key = keyOf(r.fn, r.args);
      const a = ctx.answers.get(key);
      if (!a) wanted.set(key, { fn: r.fn, args: r.args, address: ctx.addressOf(n) });
      else {
        const call = { fn: r.fn, args: r.args, sources: "value" in a ? a.sources ?? null : null };
        finished.set(n, "value" in a ? { value: answerValue(a.value), message: null, call } : { value: { error: a.error.code }, message: a.error.message, call });
      }
    } else {
      const out = viaEngine(n, ctx, wanted);
      if (out) finished.set(n, out);
    }
  }
  return { wanted, finished };
}

/** Compute SVC formulas, sending the calls they need in as few batches as their dependencies allow. */
export async function evaluateSvc(nodes: FormulaNode[], ctx: SvcContext): Promise<Map<FormulaNode, SvcOutcome>> {
  const sites = nodes.map((n) => ({ address: ctx.addressOf(n), formula: n.text }));
  const statuses = await resolveCalls(sites, readerOf(ctx.src, ctx.sheets), { now: ctx.now, params: ctx.params });
  const resolved = new Map(nodes.map((n, i) => [n, statuses[i]]));
  const out = new Map<FormulaNode, SvcOutcome>();
  let pending = nodes;
  for (let pass = 0; pending.length > 0; pass++) {
    const { wanted, finished } = runPass(pending, resolved, ctx);
    for (const [n, o] of finished) out.set(n, o);
    pending = pending.filter((n) => !finished.has(n));
    if (wanted.size === 0 || pass === MAX_PASSES) break;
    const calls = [...wanted.entries()];
    const got = await ctx.call(calls.map(([, c]) => c));
    calls.forEach(([key], i) => ctx.answers.set(key, got[i]));
  }
  for (const n of pending) out.set(n, { value: { error: "#N/A" }, message: "the SVC calls depend on each other more than 4 levels deep inside one formula" });
  return out;
}
