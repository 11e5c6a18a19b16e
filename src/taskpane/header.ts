/**
 * The line at the top of the pane (taskpane.html #svc-status): "Ready" only when a call could be
 * made — signed in, or a development key — and otherwise what stops it, following sign-in and
 * sign-out as they happen.
 */
import type { AuthPort, PaneAuthStatus } from "./pane/types";

export function headerText(s: PaneAuthStatus | "dev_key", baseUrl: string): string {
  const state = s === "dev_key" ? "dev_key" : s.state;
  switch (state) {
    case "dev_key":
    case "signed_in":
      return `Ready (API ${baseUrl})`;
    case "signing_in":
      return "Signing in: finish in the sign-in window.";
    case "reauth_required":
      return "Sign in again on the Account tab: your connection ended. SVC cells show #N/A until then.";
    case "error":
      return "Sign-in failed: see the Account tab.";
    default:
      return "Not signed in: sign in on the Account tab. SVC cells show #N/A until then.";
  }
}

/** Show the header now and on every sign-in change (`auth` undefined: a development key, no sign-in). */
export function wireHeader(auth: AuthPort | undefined, baseUrl: string, show: (text: string) => void): () => void {
  if (!auth) {
    show(headerText("dev_key", baseUrl));
    return () => undefined;
  }
  const off = auth.onStatusChange((s) => show(headerText(s, baseUrl)));
  Promise.resolve()
    .then(() => auth.status())
    .then((s) => show(headerText(s, baseUrl)), () => show(headerText({ state: "error" }, baseUrl)));
  return off;
}
