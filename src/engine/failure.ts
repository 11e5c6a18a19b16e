/**
 * How the engine reads a failure: as an SvcError (an unknown exception is never
 * turned into the retryable `network` kind), which way it failed for the circuit breaker, and the
 * server's Retry-After.
 */
import { SvcError, isSvcError } from "../api";

/** Any thrown value as an SvcError. Unknown exceptions become `malformed`: not retried, no breaker. */
export function toSvcError(e: unknown): SvcError {
  if (isSvcError(e)) return e;
  const msg = (e as Error)?.message ?? String(e);
  const err = new SvcError("malformed", `Unexpected failure: ${msg}`);
  (err as { unexpected?: boolean }).unexpected = true;
  return err;
}

/** "Another call with this key is still running": the API's own busy 429. */
const OWN_BUSY = /still running|another call|concurren|in progress/i;

/**
 * The ways an outage repeats itself. Failures of one class in a row open the breaker; anything
 * else (an answer, a 404, a 400...) proves the API is answering.
 */
export type FailureClass = "busy" | "rate_limited" | "server" | "timeout" | "network";

export function failureClass(err: SvcError): FailureClass | null {
  if ((err as { unexpected?: boolean }).unexpected) return null;
  switch (err.kind) {
    case "busy":
      return OWN_BUSY.test(err.detail) ? "busy" : "rate_limited";
    case "unavailable":
      return "server";
    case "timeout":
      return "timeout";
    case "network":
      return "network";
    case "malformed":
      // A gateway answering with a page instead of the API is an outage too (5xx/HTML 200).
      return err.status !== undefined && err.status >= 500 ? "server" : null;
    default:
      return null;
  }
}

/** The server's Retry-After in ms, when the client attached it to the error. */
export function retryAfterMs(err: SvcError): number | null {
  const v = (err as { retryAfterMs?: unknown }).retryAfterMs;
  return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null;
}
