/**
 * What the pane needs from the page. The page's bootstrap (src/taskpane/index.ts) supplies the
 * real engine, sign-in controller and Office wrappers; tests supply stubs.
 */
import type { SvcEngine } from "../../engine";
import type { CellSource } from "../../functions/sources";

export type AuthState = "signed_out" | "signing_in" | "signed_in" | "reauth_required" | "error";

export interface PaneAuthStatus {
  state: AuthState;
  /** Why (shown as text): e.g. "The connection was revoked; sign in again". */
  message?: string;
  /** For state "error": whether a Retry button makes sense. */
  canRetry?: boolean;
}

/**
 * The sign-in controller as the pane sees it. OAuthClient's status()/onStatusChange() fit as they
 * are (status may be async); signIn() runs the dialog flow and rejects with a SignInError (its
 * `code`: dialog_blocked, dialog_closed, access_denied, ...) when sign-in did not complete.
 */
export interface AuthPort {
  status(): PaneAuthStatus | Promise<PaneAuthStatus>;
  onStatusChange(listener: (s: PaneAuthStatus) => void): () => void;
  signIn(): Promise<unknown>;
  signOut(): Promise<unknown>;
}

/** Where the results on the sheet came from (src/functions/sources.ts by default). */
export interface SourcesPort {
  list(): CellSource[];
  onChange(listener: () => void): () => void;
}

export interface PaneDeps {
  engine: SvcEngine;
  /** Absent when the page uses a development API key (no sign-in). */
  auth?: AuthPort;
  /** Excel.run + application.calculate(full) (src/office/calculate.ts). */
  calculateFull: () => Promise<void>;
  /** Open an external http(s) link (src/office/links.ts openExternalLink). */
  openLink: (url: string) => void;
  config: { baseUrl: string; appUrl: string };
  /** Write a formula into the active cell (src/office/calculate.ts); the Insert button is hidden without it. */
  insertFormula?: (formula: string) => Promise<unknown>;
  /** Defaults to the sheet's source registry (src/functions/sources.ts). */
  sources?: SourcesPort;
  /** Copy text; defaults to navigator.clipboard with a select-and-copy fallback. */
  copyText?: (text: string) => Promise<void>;
  /** Longest any pane action may take before it reports a timeout (default 60 s). */
  actionTimeoutMs?: number;
}

/** Resolved deps passed to each section. */
export interface PaneContext extends PaneDeps {
  sources: SourcesPort;
  actionTimeoutMs: number;
  /** Register a cleanup to run on unmount. */
  onDispose(fn: () => void): void;
  /** Open a URL only when it is http(s); returns whether it was handed to openLink. */
  open(url: unknown): boolean;
}
