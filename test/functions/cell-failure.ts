/** The error a cell shows when `fn(...args)` is evaluated as Excel does (the test fails if it gives a value). */
import { readCellError } from "../../src/api/cell-outcome";
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
