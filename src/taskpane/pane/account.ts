/** Section 1: the account — who is signed in, Sign in / Sign out / Retry, and why sign-in stopped. */
import { Btn, StatusLine, append, button, clear, el, section, setDisabled } from "./dom";
import { act } from "./common";
import { canRetrySignIn, signInFailureText, withTimeout } from "./failure";

/** The sign-in window waits for a person: allow them time, but never leave the pane waiting forever. */
const SIGN_IN_TIMEOUT_MS = 10 * 60_000;
import { PaneAuthStatus, PaneContext } from "./types";

const STATE_TEXT: Readonly<Record<PaneAuthStatus["state"], string>> = {
  signed_out: "Not signed in. Sign in to use the SVC functions.",
  signing_in: "Signing in: finish in the sign-in window.",
  signed_in: "Signed in.",
  reauth_required: "Sign in again: your connection ended.",
  error: "Sign-in failed.",
};

export function accountSection(ctx: PaneContext): HTMLElement {
  const { root, body } = section("svc-account", "Account");
  const state = el("p", { className: "svc-account-state", attrs: { "data-state": "unknown" } });
  const detail = el("p", "svc-account-detail");
  const actions = el("div", "svc-buttons");
  const status = new StatusLine();
  const rule = el("p", {
    className: "svc-hint",
    text: "Signing out clears the answers cached on this computer: SVC cells show “Sign in from the SVC pane” at their next calculation. Frozen values stay as they are.",
    attrs: { "data-field": "sign-out-rule" },
  });
  append(body, [state, detail, actions, status.node, rule]);

  const auth = ctx.auth;
  if (!auth) {
    state.textContent = "Using a development API key: no sign-in needed.";
    state.setAttribute("data-state", "dev_key");
    return root;
  }

  let busy = false;
  /** The last sign-in attempt's failure, until the next attempt: the button then reads Retry. */
  let lastFailure: { canRetry: boolean } | null = null;
  const render = (s: PaneAuthStatus): void => {
    state.setAttribute("data-state", s.state);
    state.textContent = STATE_TEXT[s.state] ?? String(s.state);
    detail.textContent = s.message ?? "";
    detail.hidden = !s.message;
    clear(actions);
    if (s.state === "signed_in") actions.appendChild(button("Sign out", signOut));
    else if (s.state === "signed_out")
      actions.appendChild(button(lastFailure && lastFailure.canRetry ? "Retry" : "Sign in", signIn, "svc-button svc-primary"));
    else if (s.state === "reauth_required") actions.appendChild(button("Sign in again", signIn, "svc-button svc-primary"));
    else if (s.state === "error") {
      actions.appendChild(button(s.canRetry === false ? "Sign in" : "Retry", signIn, "svc-button svc-primary"));
    }
    for (const b of Array.from(actions.querySelectorAll<Btn>("fluent-button"))) setDisabled(b, busy);
  };

  const refresh = (): void => {
    Promise.resolve()
      .then(() => auth.status())
      .then(render, (e) => render({ state: "error", message: signInFailureText(e), canRetry: true }));
  };

  function signIn(): void {
    if (busy) return;
    busy = true;
    lastFailure = null;
    status.show("busy", "Opening the sign-in window…");
    Promise.resolve()
      .then(() => withTimeout("Sign-in", Math.max(ctx.actionTimeoutMs, SIGN_IN_TIMEOUT_MS), () => auth!.signIn()))
      .then(
        async () => {
          // The user just signed in: cells showing "Sign in from the SVC pane" should fill now. A full
          // calculation keeps the cache, so results already cached cost no call.
          status.show("busy", "Signed in. Recalculating SVC cells (cached results cost no calls)…");
          try {
            await withTimeout("Recalculation", ctx.actionTimeoutMs, () => ctx.calculateFull());
            status.show("ok", "Signed in. SVC cells were recalculated.");
          } catch (e) {
            status.show("ok", `Signed in. Recalculate to fill the cells (${(e as Error)?.message ?? e}).`);
          }
        },
        (e) => {
          lastFailure = { canRetry: canRetrySignIn(e) };
          status.show("error", signInFailureText(e));
        }
      )
      .finally(() => {
        busy = false;
        refresh();
      });
    refresh();
  }

  function signOut(): void {
    if (busy) return;
    busy = true;
    const b = Array.from(actions.querySelectorAll<Btn>("fluent-button"));
    void act(
      ctx,
      status,
      { busy: "Signing out…", label: "Signing out" },
      // The host clears this connection's cached answers on sign-out (src/host/runtime.ts onSignedOut →
      // engine.forgetConnection): the rule stated above, enforced in one place.
      () => auth!.signOut(),
      (r) => {
        const o = (r ?? {}) as { revoked?: boolean; error?: string };
        return o.revoked === false && o.error
          ? `Signed out on this computer; the server could not confirm the connection was revoked (${o.error}).`
          : "Signed out.";
      },
      b
    ).finally(() => {
      busy = false;
      refresh();
    });
  }

  ctx.onDispose(auth.onStatusChange((s) => render(s)));
  refresh();
  return root;
}
