/**
 * Dialog start page (on the add-in's origin, as Office requires for the first page of a dialog):
 * navigates to the authorization URL given in `?to=`, but only if it is on the sign-in service's
 * origin — never an open redirect. Nothing else happens here; the PKCE verifier never comes here.
 */
import { effectiveConfig } from "../host/config";
import { isSecureOrLoopback } from "../platform/urls";

/** The URL to navigate to, or null when `to` is missing or not on an allowed origin. */
export function checkAuthorizeTarget(to: string | null, allowedOrigins: string[]): string | null {
  if (!to) return null;
  let u: URL;
  try {
    u = new URL(to);
  } catch {
    return null;
  }
  if (u.username || u.password || u.hash) return null;
  if (!isSecureOrLoopback(u)) return null;
  if (!allowedOrigins.includes(u.origin)) return null;
  if (u.searchParams.get("response_type") !== "code" || !u.searchParams.get("code_challenge")) return null;
  return u.toString();
}

/** {app_url}'s origin from the page (build template) and the config; {base_url}'s too. */
export function allowedAuthorizeOrigins(doc: Pick<Document, "querySelector">): string[] {
  const out = new Set<string>();
  const meta = doc.querySelector('meta[name="svc-authorize-origin"]')?.getAttribute("content");
  const add = (s: string | null | undefined) => {
    try {
      if (s) out.add(new URL(s).origin);
    } catch {
      /* not a URL (e.g. an unrendered template) */
    }
  };
  add(meta);
  // Build config, plus the sandbox addresses a loopback development page may set (ignored elsewhere).
  const cfg = effectiveConfig();
  add(cfg.appUrl);
  add(cfg.baseUrl);
  return [...out];
}

if (typeof document !== "undefined" && typeof location !== "undefined") {
  const target = checkAuthorizeTarget(new URLSearchParams(location.search).get("to"), allowedAuthorizeOrigins(document));
  if (target) {
    location.replace(target);
  } else {
    const el = document.getElementById("status");
    if (el) el.textContent = "This sign-in link is not valid. Close this window and try again from the SVC pane.";
  }
}
