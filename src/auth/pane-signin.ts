/**
 * The shared runtime's side of sign-in through the Office dialog:
 *
 *   pane: beginSignIn -> open <addin>/auth/start.html?to=<authorize URL> in the dialog
 *   dialog: start.html checks `to` and navigates to the sign-in page; the server redirects to
 *           <addin>/auth/callback.html?code&state&iss, which sends
 *           {"type":"oauth-callback","url":location.href} with messageParent and does nothing else
 *   pane: checks the envelope (and its origin where Office gives one), closes the dialog, and
 *         completeSignIn exchanges the code here, where the PKCE verifier lives — exactly once.
 *
 * Every failure ends in a SignInError whose code the pane shows with a retry button.
 */
import type { DialogHandle, DialogHost, DialogOpenOptions } from "../platform";
import { dialogStartUrl, redirectUriFor } from "./dialog-urls";
import { SignInError, SignInErrorCode, isSignInError } from "./errors";
import type { AuthStatus, OAuthClient, PendingSignIn } from "./oauth-client";

export type PaneSignInPhase = "preparing" | "dialog_open" | "exchanging" | "signed_in" | "failed";

export interface PaneSignInState {
  phase: PaneSignInPhase;
  /** Set when phase is "failed". */
  error?: { code: SignInErrorCode; message: string };
  /** The pane shows a retry button when true. */
  canRetry: boolean;
}

export interface PaneSignInOptions {
  client: OAuthClient;
  dialog: DialogHost;
  /** Where the add-in is hosted, sub-path included (e.g. https://localhost:3000, https://host/excel). */
  addinUrl: string;
  /** Progress for the pane. */
  onState?: (s: PaneSignInState) => void;
  /** Give up waiting for the dialog after this long (default 10 minutes). */
  timeoutMs?: number;
  dialogOptions?: DialogOpenOptions;
  /** A WWW-Authenticate header from a 401, if the pane has one (saves the discovery probe). */
  wwwAuthenticate?: string | null;
}

/** Office dialog error codes -> a sign-in failure the pane can explain. */
export function dialogError(code: number, detail?: string): SignInError {
  switch (code) {
    case 12006:
      return new SignInError("dialog_closed", "The sign-in window was closed before sign-in finished");
    case 12009:
      return new SignInError("dialog_blocked", "The sign-in window was not allowed to open (the prompt was dismissed)");
    case 12011:
      return new SignInError("dialog_blocked", "The browser blocked the sign-in window; allow pop-ups for Office and try again");
    case 12007:
      return new SignInError("dialog_error", "Another dialog is already open; close it and try again");
    case 12002:
      return new SignInError("dialog_error", "The sign-in page could not be loaded");
    case 12003:
      return new SignInError("dialog_error", "The sign-in page redirected to an insecure (http) address");
    case 12004:
    case 12005:
      return new SignInError("dialog_error", "The sign-in window must open on the add-in's own https address");
    default:
      return new SignInError("dialog_error", `The sign-in window failed (${code}${detail ? `: ${detail}` : ""})`);
  }
}

/** Parse the dialog's message; null when it is not our envelope. */
export function parseCallbackMessage(message: string): { url: string } | null {
  try {
    const v = JSON.parse(message) as { type?: unknown; url?: unknown };
    if (v && v.type === "oauth-callback" && typeof v.url === "string") return { url: v.url };
  } catch {
    /* not JSON */
  }
  return null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function openWithRetry(dialog: DialogHost, url: string, options: DialogOpenOptions, events: Parameters<DialogHost["open"]>[2]): Promise<DialogHandle> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await dialog.open(url, options, events);
    } catch (e) {
      const code = (e as { code?: unknown })?.code;
      // close() is not awaitable: a dialog closing a moment ago still counts as open (12007).
      if (code === 12007 && attempt < 3) {
        await sleep(400 * (attempt + 1));
        continue;
      }
      throw typeof code === "number" ? dialogError(code, (e as Error).message) : new SignInError("dialog_blocked", `The sign-in window could not be opened: ${(e as Error)?.message ?? e}`);
    }
  }
}

/**
 * Run one sign-in through the Office dialog. Resolves with the new status; rejects with a
 * SignInError (the pane shows `error.message` and a retry button).
 */
export async function signInWithDialog(opts: PaneSignInOptions): Promise<AuthStatus> {
  const emit = (s: PaneSignInState) => {
    try {
      opts.onState?.(s);
    } catch {
      /* the pane's problem */
    }
  };
  const addinOrigin = new URL(opts.addinUrl).origin;
  try {
    emit({ phase: "preparing", canRetry: false });
    const { authorizeUrl, pending } = await opts.client.beginSignIn({
      redirectUri: redirectUriFor(opts.addinUrl),
      wwwAuthenticate: opts.wwwAuthenticate,
    });
    const callbackUrl = await waitForCallback(opts, authorizeUrl, addinOrigin, () => emit({ phase: "dialog_open", canRetry: false }));
    emit({ phase: "exchanging", canRetry: false });
    const status = await opts.client.completeSignIn(callbackUrl, pending as PendingSignIn);
    emit({ phase: "signed_in", canRetry: false });
    return status;
  } catch (e) {
    const err = isSignInError(e) ? e : new SignInError("dialog_error", `Sign-in failed: ${(e as Error)?.message ?? e}`, { cause: e });
    emit({ phase: "failed", error: { code: err.code, message: err.message }, canRetry: true });
    throw err;
  }
}

function waitForCallback(opts: PaneSignInOptions, authorizeUrl: string, addinOrigin: string, opened: () => void): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let handle: DialogHandle | null = null;
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      handle?.close();
      fn();
    };
    const timer = setTimeout(
      () => finish(() => reject(new SignInError("timeout", "Sign-in took too long; try again"))),
      opts.timeoutMs ?? 10 * 60_000
    );
    const events = {
      onMessage(message: string, origin: string | undefined) {
        // With DialogOrigin 1.1 Office tells us which page spoke: only our callback page may.
        if (origin !== undefined && origin !== "" && origin !== addinOrigin) return;
        const parsed = parseCallbackMessage(message);
        if (!parsed) {
          finish(() => reject(new SignInError("invalid_callback", "The sign-in window sent an unexpected message")));
          return;
        }
        finish(() => resolve(parsed.url));
      },
      onEvent(code: number) {
        finish(() => reject(dialogError(code)));
      },
    };
    openWithRetry(opts.dialog, dialogStartUrl(opts.addinUrl, authorizeUrl), opts.dialogOptions ?? { height: 60, width: 30 }, events).then(
      (h) => {
        handle = h;
        if (done) h.close();
        else opened();
      },
      (e) => finish(() => reject(e))
    );
  });
}

