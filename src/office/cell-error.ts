/**
 * Cell errors as Office wants them: Office's CustomFunctions.Error where it exists; elsewhere (CLI,
 * jest) a stand-in with the same `code` and `message`. Which code and message: src/api/cell-outcome.ts.
 */
import { CellErrorCode, describeFailure } from "../api/cell-outcome";

/** Stand-in for CustomFunctions.Error outside Office. */
export class CellError extends Error {
  constructor(public readonly code: CellErrorCode, message?: string) {
    super(message ?? "");
    this.name = "CellError";
  }
}

function officeError(code: CellErrorCode, message?: string): Error {
  const cf = (globalThis as { CustomFunctions?: typeof CustomFunctions }).CustomFunctions;
  if (cf?.Error && cf.ErrorCode) {
    // Excel shows #NAME? for a name it does not know without running any code: no message there.
    if (code === "#NAME?") return new cf.Error(cf.ErrorCode.invalidName) as unknown as Error;
    const ec = code === "#VALUE!" ? cf.ErrorCode.invalidValue : cf.ErrorCode.notAvailable;
    return new cf.Error(ec, message) as unknown as Error;
  }
  return new CellError(code, message);
}

/** The error object to throw from a custom function. */
export function cellErrorFor(e: unknown): Error {
  const { code, message } = describeFailure(e);
  return officeError(code, message);
}

/** A #N/A value inside a spilled array (na=na) for a value the API did not give. */
export function missingValue(): Error {
  return officeError("#N/A");
}
