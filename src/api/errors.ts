/**
 * Typed failures. Every way a request can end badly is one of these kinds; src/office maps a kind
 * to the cell error (#VALUE! or #N/A plus message) that the error table (src/api/cell-outcome.ts) prescribes.
 */

/** What a cell shows when there is no usable sign-in (the error table); one text everywhere. */
export const SIGN_IN_MESSAGE = "Sign in from the SVC pane";

export type ErrorKind =
  /** Rejected locally before any call: the message names the argument and what is allowed. */
  | "invalid_argument"
  /** 400 from the API. */
  | "bad_request"
  /** 422 from the API (validation-error body). */
  | "unprocessable"
  /** 401, or no credential at all. */
  | "unauthorized"
  /** Not signed in / connection revoked / sign in again (never sent). */
  | "signed_out"
  /** 402. */
  | "payment_required"
  /** 404: unknown ticker, series, tool, or a source switched off. */
  | "not_found"
  /** 429 with the daily quota used up (also: governor refusing to send until 00:00 UTC). */
  | "quota_exhausted"
  /** 429 because another call of the same credential is still running. */
  | "busy"
  /** 503. */
  | "unavailable"
  /** The request could not be sent or the connection dropped. */
  | "network"
  /** No answer within the per-call timeout. */
  | "timeout"
  /** A body that is not the JSON envelope we expect. */
  | "malformed"
  /** The request was cancelled before it was sent. */
  | "cancelled"
  /** Not one SVC function: the message says which one was probably meant (Excel shows #NAME?). */
  | "unknown_function"
  /** Asked from the cache only (Excel's value preview) and not there: nothing was sent. */
  | "not_fetched"
  /** A fault of the add-in itself (an exception no rule expected); the message says what it was. */
  | "unexpected";

export class SvcError extends Error {
  readonly kind: ErrorKind;
  readonly status?: number;
  /** The API's `detail`, or our own explanation. */
  readonly detail: string;
  /** For invalid_argument: the argument at fault. */
  readonly param?: string;
  /** A 404 answered from the engine's memory of it: no call was made (a hint about it comes from the cache only). */
  readonly remembered?: boolean;

  constructor(kind: ErrorKind, detail: string, opts: { status?: number; param?: string; remembered?: boolean } = {}) {
    super(detail);
    this.name = "SvcError";
    this.kind = kind;
    this.detail = detail;
    this.status = opts.status;
    this.param = opts.param;
    if (opts.remembered) this.remembered = true;
  }
}

export function isSvcError(e: unknown): e is SvcError {
  return e instanceof SvcError;
}

/** Kinds after which serving a stale cached answer is better than an error. */
export const STALE_OK: ReadonlySet<ErrorKind> = new Set<ErrorKind>([
  "unavailable",
  "network",
  "timeout",
  "malformed",
  "quota_exhausted",
  "busy",
]);

/** Any thrown value as an SvcError: an exception that is not one keeps its message as `unexpected`. */
export function asSvcError(e: unknown): SvcError {
  return isSvcError(e) ? e : new SvcError("unexpected", (e as Error)?.message ?? String(e));
}

export function invalidArgument(param: string, message: string): SvcError {
  return new SvcError("invalid_argument", message, { param });
}
