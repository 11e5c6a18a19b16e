/** Sign-in failures, each with a code the pane maps to a message and a retry button. */

export type SignInErrorCode =
  /** No usable authorization server metadata (or its issuer did not match). */
  | "discovery_failed"
  /** Dynamic client registration refused or failed (e.g. 10 an hour per address). */
  | "registration_failed"
  /** The callback's state is not the one this sign-in sent: rejected, nothing exchanged. */
  | "state_mismatch"
  /** The callback came from another issuer (iss parameter). */
  | "issuer_mismatch"
  /** The callback is not a URL on the expected redirect URI, or is malformed. */
  | "invalid_callback"
  /** The user chose Deny, or the server answered the authorization with an error. */
  | "access_denied"
  /** The server refused the code exchange (invalid_grant, ...). Not retried. */
  | "exchange_failed"
  /** The code exchange was sent and no answer came back. Not retried: start over. */
  | "exchange_ambiguous"
  /** This pending sign-in was already completed or abandoned (a code is exchanged at most once). */
  | "already_used"
  /** The server does not know our client (invalid_client): the registration was dropped. */
  | "invalid_client"
  /** The office dialog could not be opened: pop-up blocked, prompt ignored (12009, 12011). */
  | "dialog_blocked"
  /** The user closed the dialog (12006) before finishing. */
  | "dialog_closed"
  /** The dialog failed: bad URL, HTTP redirect (12002, 12003, 12004, 12005), another dialog open (12007). */
  | "dialog_error"
  /** Nothing happened for too long. */
  | "timeout";

export class SignInError extends Error {
  readonly code: SignInErrorCode;
  constructor(code: SignInErrorCode, message: string, opts: { cause?: unknown } = {}) {
    super(message);
    this.name = "SignInError";
    this.code = code;
    if (opts.cause !== undefined) (this as { cause?: unknown }).cause = opts.cause;
  }
}

export function isSignInError(e: unknown): e is SignInError {
  return e instanceof SignInError;
}

import { SvcError } from "../api";

/**
 * Every "sign in again" from the auth layer is an SvcError of kind "signed_out" whose
 * detail says why (the engine never retries it, the cell shows the reason). `reason` is the why alone.
 */
export class SignedOutError extends SvcError {
  readonly reason: string;
  constructor(reason: string, detail: string = reason) {
    super("signed_out", detail);
    this.reason = reason;
  }
}
