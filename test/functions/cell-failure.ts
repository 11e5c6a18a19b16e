/** The error a cell shows when `fn(...args)` is evaluated as Excel does (the test fails if it gives a value). */
import { callFunction } from "../../src/functions/call";
import type { CellRuntime } from "../../src/functions/runtime";

export async function failure(rt: CellRuntime, fn: string, ...args: unknown[]): Promise<{ code: string; message: string }> {
  try {
    await callFunction(rt, fn, args, { address: "Sheet1!A1" });
  } catch (e) {
    const err = readCellError(e);
    if (err) return err;
    throw e;
  }
  throw new Error(`${fn} did not fail`);
}

/** Read code and message back from whatever error object a function threw (Office's or ours); null when it is no cell error. */
export function readCellError(e: unknown): { code: string; message: string } | null {
  if (!e || typeof e !== "object") return null;
  const o = e as { code?: unknown; message?: unknown };
  if (o.code === "#VALUE!" || o.code === "#N/A" || o.code === "#NUM!" || o.code === "#DIV/0!" || o.code === "#NULL!" || o.code === "#NAME?")
    return { code: o.code, message: typeof o.message === "string" ? o.message : "" };
  return null;
}
