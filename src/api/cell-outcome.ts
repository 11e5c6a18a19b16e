/**
 * The cell outcome of a failure, as the product's error table prescribes: SvcError kind -> the code and
 * message a cell shows. Only #VALUE! and #N/A carry a message (shown on hover), so every outcome maps
 * to one of those two. Pure, so the CLI, the pane and the functions share it; turning it into Office's
 * CustomFunctions.Error is src/office/cell-host.ts.
 */
import { SIGN_IN_MESSAGE, SvcError, asSvcError } from "./errors";

export type CellErrorCode = "#VALUE!" | "#N/A" | "#NAME?";

const MAX_MESSAGE = 250;

function short(s: string): string {
  const one = s.replace(/\s+/g, " ").trim();
  return one.length > MAX_MESSAGE ? one.slice(0, MAX_MESSAGE - 1) + "…" : one;
}

/** The code and message a failure shows in a cell. */
export function describeFailure(e: unknown): { code: CellErrorCode; message: string } {
  const err: SvcError = asSvcError(e);
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
    case "not_fetched":
      return { code: "#N/A", message: short(err.detail) };
    case "unknown_function":
      return { code: "#NAME?", message: short(err.detail) };
    case "unexpected":
      return { code: "#N/A", message: short(`Unexpected error: ${err.detail}`) };
  }
}
