/**
 * Cell errors as Office wants them: Office's CustomFunctions.Error where it exists; elsewhere a
 * stand-in with the same `code` and `message`. Which code and message: src/api/cell-outcome.ts.
 */
import type { CellErrorCode } from "../api";
import { CellError } from "../functions";

export function officeError(code: CellErrorCode, message?: string): Error {
  const cf = (globalThis as { CustomFunctions?: typeof CustomFunctions }).CustomFunctions;
  if (cf?.Error && cf.ErrorCode) {
    // Excel shows #NAME? for a name it does not know without running any code: no message there.
    if (code === "#NAME?") return new cf.Error(cf.ErrorCode.invalidName) as unknown as Error;
    const ec = code === "#VALUE!" ? cf.ErrorCode.invalidValue : cf.ErrorCode.notAvailable;
    return new cf.Error(ec, message) as unknown as Error;
  }
  return new CellError(code, message);
}
