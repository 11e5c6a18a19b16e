/**
 * Dialog callback page (the OAuth redirect URI, on the add-in's origin): hands the URL it was opened
 * with to the task pane and does nothing else. The pane validates state and iss and exchanges the
 * code in the shared runtime, where the PKCE verifier is.
 */
import { messageParent } from "../office";

/** The one message this page sends. */
export function callbackMessage(href: string): string {
  return JSON.stringify({ type: "oauth-callback", url: href });
}

if (typeof Office !== "undefined" && typeof location !== "undefined") {
  void Office.onReady(() => {
    try {
      messageParent(callbackMessage(location.href));
    } catch {
      const el = document.getElementById("status");
      if (el) el.textContent = "Sign-in could not be handed back to Excel. Close this window and try again.";
    }
  });
}
