/**
 * Failures as text the pane shows. API and engine failures (SvcError) read exactly as they do in
 * cells (describeFailure); sign-in failures (SignInError codes) get a sentence saying what to do.
 */
import { isSvcError } from "../../api";
import { describeFailure } from "../../api";

const SIGN_IN_TEXT: Readonly<Record<string, string>> = {
  dialog_blocked:
    "The sign-in window was blocked. Choose Allow when Office asks to open a window (or allow pop-ups for Office), then sign in again.",
  dialog_closed: "The sign-in window was closed before sign-in finished. Sign in again when you are ready.",
  dialog_error: "The sign-in window could not be opened. Close any other SVC window and sign in again.",
  access_denied: "Access was not granted. Sign in again and choose Allow to connect SVC.",
  exchange_ambiguous: "Sign-in did not complete: the server did not answer in time. Sign in again.",
  exchange_failed: "The sign-in server refused the sign-in. Sign in again.",
  already_used: "That sign-in attempt was already used. Sign in again.",
  state_mismatch: "The sign-in answer did not match this window's request. Sign in again.",
  issuer_mismatch: "The sign-in answer came from an unexpected server. Sign in again.",
  invalid_callback: "The sign-in answer was not understood. Sign in again.",
  invalid_client: "This add-in's registration with the sign-in server expired. Sign in again.",
  discovery_failed: "The sign-in server could not be reached. Check your connection and try again.",
  registration_failed: "The add-in could not register with the sign-in server (too many attempts?). Try again later.",
  timeout: "Sign-in took too long. Sign in again.",
};

function codeOf(e: unknown): string | undefined {
  if (!e || typeof e !== "object") return undefined;
  const c = (e as { code?: unknown }).code;
  return typeof c === "string" ? c : undefined;
}

/** A sign-in failure as a sentence. */
export function signInFailureText(e: unknown): string {
  const code = codeOf(e);
  if (code && SIGN_IN_TEXT[code]) return SIGN_IN_TEXT[code];
  return failureText(e);
}

/** Whether trying again can help (not after a refused registration, which is rate-limited). */
export function canRetrySignIn(e: unknown): boolean {
  const code = codeOf(e);
  return code !== "registration_failed";
}

/** Any failure as a sentence (never throws). */
export function failureText(e: unknown): string {
  try {
    if (isSvcError(e)) return describeFailure(e).message;
    if (e instanceof PaneTimeout) return e.message;
    // Our own sentences (e.g. "No cell is selected…") read as they are.
    if (e instanceof Error && e.name === "NoActiveCellError") return e.message;
    const msg = e instanceof Error ? e.message : typeof e === "string" ? e : "";
    return msg ? `Failed: ${msg}` : "Failed for an unknown reason";
  } catch {
    return "Failed for an unknown reason";
  }
}

export class PaneTimeout extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not finish within ${Math.round(ms / 1000)} seconds`);
    this.name = "PaneTimeout";
  }
}

/** Settle within `ms`: the action's outcome, or a PaneTimeout. */
export function withTimeout<T>(what: string, ms: number, work: () => Promise<T> | T): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new PaneTimeout(what, ms)), ms);
    let p: Promise<T>;
    try {
      p = Promise.resolve(work());
    } catch (e) {
      p = Promise.reject(e);
    }
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      }
    );
  });
}
