/**
 * SvcError → the cell error design.md's table prescribes. Only #VALUE! and #N/A carry a message
 * (shown on hover), so every outcome maps to one of those two. Uses Office's CustomFunctions.Error
 * where it exists; elsewhere (CLI, jest) a stand-in with the same `code` and `message`.
 */
import { SIGN_IN_MESSAGE, SvcError, isSvcError } from "../api/errors";

export type CellErrorCode = "#VALUE!" | "#N/A";

/** Stand-in for CustomFunctions.Error outside Office. */
export class CellError extends Error {
  constructor(public readonly code: CellErrorCode, message?: string) {
    super(message ?? "");
    this.name = "CellError";
  }
}

const MAX_MESSAGE = 250;

function officeError(code: CellErrorCode, message?: string): Error {
  const cf = (globalThis as { CustomFunctions?: typeof CustomFunctions }).CustomFunctions;
  if (cf?.Error && cf.ErrorCode) {
    const ec = code === "#VALUE!" ? cf.ErrorCode.invalidValue : cf.ErrorCode.notAvailable;
    return new cf.Error(ec, message) as unknown as Error;
  }
  return new CellError(code, message);
}

function short(s: string): string {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > MAX_MESSAGE ? one.slice(0, MAX_MESSAGE - 1) + "…" : one;
}

/** The code and message a failure shows in a cell. */
export function describeFailure(e: unknown): { code: CellErrorCode; message: string } {
  if (!isSvcError(e)) return { code: "#N/A", message: short(`Unexpected error: ${(e as Error)?.message ?? String(e)}`) };
  const err = e as SvcError;
  switch (err.kind) {
    case "invalid_argument":
    case "bad_request":
    case "unprocessable":
      return { code: "#VALUE!", message: short(err.detail) };
    case "not_found":
      return { code: "#N/A", message: short(err.detail) };
    case "unauthorized":
    case "signed_out":
      return { code: "#N/A", message: err.kind === "signed_out" && err.detail !== SIGN_IN_MESSAGE ? short(`${SIGN_IN_MESSAGE}: ${err.detail}`) : SIGN_IN_MESSAGE };
    case "payment_required":
      return { code: "#N/A", message: "No active plan or trial" };
    case "quota_exhausted":
      return { code: "#N/A", message: "Daily quota used up; resets 00:00 UTC" };
    case "busy":
      return { code: "#N/A", message: "The API stayed busy with another call; recalculate to retry" };
    case "unavailable":
      return { code: "#N/A", message: short(`API unavailable: ${err.detail}`) };
    case "network":
      return { code: "#N/A", message: short(err.detail) };
    case "timeout":
      return { code: "#N/A", message: short(`Timed out: ${err.detail}`) };
    case "malformed":
      return { code: "#N/A", message: short(`Malformed answer: ${err.detail}`) };
    case "cancelled":
      return { code: "#N/A", message: "Cancelled" };
  }
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

/** Read code and message back from whatever error object a function threw (Office's or ours). */
export function readCellError(e: unknown): { code: string; message: string } | null {
  if (!e || typeof e !== "object") return null;
  const o = e as { code?: unknown; message?: unknown };
  if (o.code === "#VALUE!" || o.code === "#N/A" || o.code === "#NUM!" || o.code === "#DIV/0!" || o.code === "#NULL!")
    return { code: o.code, message: typeof o.message === "string" ? o.message : "" };
  return null;
}
