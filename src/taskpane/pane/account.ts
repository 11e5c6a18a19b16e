/** Section 1: the account — who is signed in, Sign in / Sign out / Retry, and why sign-in stopped. */
import { SIGN_IN_MESSAGE } from "../../api";
import { Btn, StatusLine, append, button, clear, el, section, setDisabled } from "./dom";
import { act } from "./common";
import { canRetrySignIn, signInFailureText, withTimeout } from "./failure";
import { AuthPort, PaneAuthStatus, PaneContext } from "./types";

/** The sign-in window waits for a person: allow them time, but never leave the pane waiting forever. */
const SIGN_IN_TIMEOUT_MS = 10 * 60_000;

const STATE_TEXT: Readonly<Record<PaneAuthStatus["state"], string>> = {
  signed_out: "Not signed in. Sign in to use the SVC functions.",
  signing_in: "Signing in: finish in the sign-in window.",
  signed_in: "Signed in.",
  reauth_required: "Sign in again: your connection ended.",
  error: "Sign-in failed.",
};

/** The nodes the account section draws into. */
interface AccountView {
  state: HTMLElement;
  detail: HTMLElement;
  actions: HTMLElement;
  status: StatusLine;
}

/** The button each state offers: its text, what it does, and whether it is the primary action. */
function actionOf(s: PaneAuthStatus, lastFailure: { canRetry: boolean } | null): [string, "signIn" | "signOut", boolean] | null {
  if (s.state === "signed_in") return ["Sign out", "signOut", false];
  if (s.state === "signed_out") return [lastFailure && lastFailure.canRetry ? "Retry" : "Sign in", "signIn", true];
  if (s.state === "reauth_required") return ["Sign in again", "signIn", true];
  if (s.state === "error") return [s.canRetry === false ? "Sign in" : "Retry", "signIn", true];
  return null;
}

/** Sign in, sign out and the state shown, for a page with a sign-in (an AuthPort). */
class AccountControls {
  private busy = false;
  /** The last sign-in attempt's failure, until the next attempt: the button then reads Retry. */
  private lastFailure: { canRetry: boolean } | null = null;

  constructor(private readonly ctx: PaneContext, private readonly auth: AuthPort, private readonly v: AccountView) {}

  readonly render = (s: PaneAuthStatus): void => {
    const { state, detail, actions } = this.v;
    state.setAttribute("data-state", s.state);
    state.textContent = STATE_TEXT[s.state] ?? String(s.state);
    detail.textContent = s.message ?? "";
    detail.hidden = !s.message;
    clear(actions);
    const action = actionOf(s, this.lastFailure);
    if (action) actions.appendChild(button(action[0], action[1] === "signIn" ? this.signIn : this.signOut, action[2] ? "svc-button svc-primary" : undefined));
    for (const b of this.buttons()) setDisabled(b, this.busy);
  };

  readonly refresh = (): void => {
    Promise.resolve()
      .then(() => this.auth.status())
      .then(this.render, (e) => this.render({ state: "error", message: signInFailureText(e), canRetry: true }));
  };

  private buttons(): Btn[] {
    return Array.from(this.v.actions.querySelectorAll<Btn>("fluent-button"));
  }

  private readonly signIn = (): void => {
    if (this.busy) return;
    this.busy = true;
    this.lastFailure = null;
    const { status } = this.v;
    status.show("busy", "Opening the sign-in window…");
    Promise.resolve()
      .then(() => withTimeout("Sign-in", Math.max(this.ctx.actionTimeoutMs, SIGN_IN_TIMEOUT_MS), () => this.auth.signIn()))
      .then(
        () => this.recalculate(),
        (e) => {
          this.lastFailure = { canRetry: canRetrySignIn(e) };
          status.show("error", signInFailureText(e));
        }
      )
      .finally(() => {
        this.busy = false;
        this.refresh();
      });
    this.refresh();
  };

  /**
   * The user just signed in: cells showing "Sign in from the SVC pane" should fill now. A full
   * calculation keeps the cache, so results already cached cost no call.
   */
  private async recalculate(): Promise<void> {
    const { status } = this.v;
    status.show("busy", "Signed in. Recalculating SVC cells (cached results cost no calls)…");
    try {
      await withTimeout("Recalculation", this.ctx.actionTimeoutMs, () => this.ctx.calculateFull());
      status.show("ok", "Signed in. SVC cells were recalculated.");
    } catch (e) {
      status.show("ok", `Signed in. Recalculate to fill the cells (${(e as Error)?.message ?? e}).`);
    }
  }

  private readonly signOut = (): void => {
    if (this.busy) return;
    this.busy = true;
    // The host clears this connection's cached answers on sign-out (src/compose/page-runtime.ts onSignedOut →
    // engine.forgetConnection): the rule stated in the section, enforced in one place.
    void act(this.ctx, this.v.status, { busy: "Signing out…", label: "Signing out" }, () => this.auth.signOut(), (r) => {
      const o = (r ?? {}) as { revoked?: boolean; error?: string };
      return o.revoked === false && o.error
        ? `Signed out on this computer; the server could not confirm the connection was revoked (${o.error}).`
        : "Signed out.";
    }, this.buttons()).finally(() => {
      this.busy = false;
      this.refresh();
    });
  };
}

export function accountSection(ctx: PaneContext): HTMLElement {
  const { root, body } = section("svc-account", "Account");
  const view: AccountView = {
    state: el("p", { className: "svc-account-state", attrs: { "data-state": "unknown" } }),
    detail: el("p", "svc-account-detail"),
    actions: el("div", "svc-buttons"),
    status: new StatusLine(),
  };
  const rule = el("p", {
    className: "svc-hint",
    text: `Signing out clears the answers cached on this computer: SVC cells show “${SIGN_IN_MESSAGE}” at their next calculation. Frozen values stay as they are.`,
    attrs: { "data-field": "sign-out-rule" },
  });
  append(body, [view.state, view.detail, view.actions, view.status.node, rule]);
  const auth = ctx.auth;
  if (!auth) {
    view.state.textContent = "Using a development API key: no sign-in needed.";
    view.state.setAttribute("data-state", "dev_key");
    return root;
  }
  const controls = new AccountControls(ctx, auth, view);
  ctx.onDispose(auth.onStatusChange((s) => controls.render(s)));
  controls.refresh();
  return root;
}
