/**
 * Computing formulas that call SVC functions, through the plain-formula engine's SVC hook: the
 * engine resolves the arguments from the workbook (references, ranges, names, spills) and hands
 * each call to the hook; calls not yet answered are collected, sent all at once, and the formulas
 * computed again (a call whose arguments depend on another call's answer takes one more pass).
 */
import { ArgValue, CellSource, CellValue, EngineValue, evaluateFormula, isErrorValue } from "../formula";
import { engineSpelling } from "./file-text";
import { FormulaNode } from "./graph";

export interface SvcCall {
  /** Upper-case function name without the namespace ("FINANCIALS"). */
  fn: string;
  args: ArgValue[];
  /** Where it is called from ("Model!B3"), for the engine's per-cell records. */
  address: string;
}

export type CallAnswer = { value: CellValue[][] } | { error: { code: string; message: string } };

export interface SvcOutcome {
  value: EngineValue;
  /** The message of the failed call behind an error value. */
  message: string | null;
}

const MAX_PASSES = 4;

const keyOf = (fn: string, args: ArgValue[]) => fn + "\u0000" + JSON.stringify(args);

function answerValue(a: CellValue[][]): CellValue | CellValue[][] {
  return a.length === 1 && a[0].length === 1 ? a[0][0] : a;
}

interface Pass {
  wanted: Map<string, SvcCall>;
  finished: Map<FormulaNode, SvcOutcome>;
}

function runPass(nodes: FormulaNode[], src: CellSource, answers: Map<string, CallAnswer>, addressOf: (n: FormulaNode) => string, now?: () => Date): Pass {
  const wanted = new Map<string, SvcCall>();
  const finished = new Map<FormulaNode, SvcOutcome>();
  for (const n of nodes) {
    let missing = false;
    let message: string | null = null;
    const svc = (fn: string, args: ArgValue[]): CellValue | CellValue[][] => {
      const bad = args.find((a): a is { error: string } => isErrorValue(a));
      if (bad) return bad; // Excel does not call a custom function with an error argument
      const key = keyOf(fn, args);
      const a = answers.get(key);
      if (a && "value" in a) return answerValue(a.value);
      if (a && "error" in a) {
        message ??= a.error.message;
        return { error: a.error.code };
      }
      wanted.set(key, { fn, args, address: addressOf(n) });
      missing = true;
      return { error: "#N/A" };
    };
    const value = evaluateFormula(engineSpelling(n.text), n, src, { now, svc });
    if (!missing) finished.set(n, { value, message: isErrorValue(value) ? message : null });
  }
  return { wanted, finished };
}

export interface SvcContext {
  src: CellSource;
  /** Send one batch of distinct calls; each settles. */
  call: (calls: SvcCall[]) => Promise<CallAnswer[]>;
  addressOf: (n: FormulaNode) => string;
  /** Answers so far (kept across waves: a call asked again is answered from here). */
  answers: Map<string, CallAnswer>;
  now?: () => Date;
}

/** Compute SVC formulas, sending the calls they need in as few batches as their dependencies allow. */
export async function evaluateSvc(nodes: FormulaNode[], ctx: SvcContext): Promise<Map<FormulaNode, SvcOutcome>> {
  const { src, call, addressOf, answers, now } = ctx;
  const out = new Map<FormulaNode, SvcOutcome>();
  let pending = nodes;
  for (let pass = 0; pending.length > 0; pass++) {
    const { wanted, finished } = runPass(pending, src, answers, addressOf, now);
    for (const [n, o] of finished) out.set(n, o);
    pending = pending.filter((n) => !finished.has(n));
    if (wanted.size === 0 || pass === MAX_PASSES) break;
    const calls = [...wanted.entries()];
    const got = await call(calls.map(([, c]) => c));
    calls.forEach(([key], i) => answers.set(key, got[i]));
  }
  for (const n of pending) out.set(n, { value: { error: "#N/A" }, message: "the SVC calls depend on each other more than 4 levels deep inside one formula" });
  return out;
}
