/**
 * Dialog start page (on the add-in's origin, as Office requires for the first page of a dialog):
 * navigates to the authorization URL given in `?to=`, but only an authorization request of this
 * add-in — never an open redirect, nor a lure to consent for another app:
 *  - on the sign-in service's origin ({app_url}, {base_url}), https (or loopback http);
 *  - `response_type=code` with a PKCE S256 challenge, each parameter once;
 *  - `redirect_uri` exactly this add-in's own callback page (next to this page, so hosting under a
 *    sub-path works): the code can only come back here;
 *  - `client_id` the build's pre-registered client (SVC_CLIENT_ID) when there is one, else one this
 *    origin registered for that callback, when this page can see the registrations (the desktop
 *    hosts share storage with the pane; on the web the dialog may not, and then the redirect pin
 *    above is what keeps the code).
 * It waits for office.js (capped) before leaving, so office.js records the dialog context for the
 * callback page. Nothing else happens here; the PKCE verifier never comes here.
 */
import { addinUrlFromPage, redirectUriFor } from "../auth";
import { ListableStorage, registeredClientIds } from "../auth";
import { effectiveConfig } from "../host";
import { isSecureOrLoopback } from "../platform";

/** What an authorization URL must match to be forwarded. */
export interface StartPagePins {
  /** Origins the sign-in page may be on. */
  origins: string[];
  /** This add-in's callback page: the only redirect_uri forwarded. */
  redirectUri: string;
  /** The client ids this add-in signs in with; empty when this page can know none. */
  clientIds: string[];
}

/** The URL to navigate to, or null when `to` is missing or not this add-in's authorization request. */
export function checkAuthorizeTarget(to: string | null, pins: StartPagePins): string | null {
  let u: URL;
  try {
    u = new URL(to ?? "");
  } catch {
    return null;
  }
  if (u.username || u.password || u.hash) return null;
  if (!isSecureOrLoopback(u) || !pins.origins.includes(u.origin)) return null;
  // Each parameter exactly once: a server may read the first of two, a check the other.
  const one = (name: string): string | null => {
    const all = u.searchParams.getAll(name);
    return all.length === 1 ? all[0] : null;
  };
  if (one("response_type") !== "code" || !one("code_challenge") || one("code_challenge_method") !== "S256") return null;
  if (one("redirect_uri") !== pins.redirectUri) return null;
  const clientId = one("client_id");
  if (!clientId || (pins.clientIds.length > 0 && !pins.clientIds.includes(clientId))) return null;
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

function originStorage(): ListableStorage | null {
  try {
    return (globalThis as { localStorage?: ListableStorage }).localStorage ?? null;
  } catch {
    return null; // storage disabled
  }
}

/** The pins of this page: `pageHref` is its own address ({addin}/auth/start.html). */
export function startPagePins(doc: Pick<Document, "querySelector">, pageHref: string, storage: ListableStorage | null): StartPagePins {
  const redirectUri = redirectUriFor(addinUrlFromPage(pageHref, 1));
  const built = effectiveConfig().clientId;
  let clientIds: string[] = built ? [built] : [];
  if (!built && storage) {
    try {
      clientIds = registeredClientIds(storage, redirectUri);
    } catch {
      clientIds = []; // storage unreadable: nothing to compare with
    }
  }
  return { origins: allowedAuthorizeOrigins(doc), redirectUri, clientIds };
}

/** How long this page waits for office.js before it leaves anyway. */
const OFFICE_READY_CAP_MS = 3000;

/**
 * Office.onReady, or `capMs` later whatever happened: office.js stores the dialog's host info
 * (sessionStorage) when it initialises, and the callback page finds it there only if it ran here.
 */
export function officeSettled(office: { onReady?: () => PromiseLike<unknown> } | undefined, capMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, capMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    try {
      if (!office?.onReady) return done();
      office.onReady().then(done, done);
    } catch {
      done(); // office.js broken: leave without it
    }
  });
}

if (typeof document !== "undefined" && typeof location !== "undefined") {
  const target = checkAuthorizeTarget(new URLSearchParams(location.search).get("to"), startPagePins(document, location.href, originStorage()));
  if (target) {
    const office = (globalThis as { Office?: { onReady?: () => PromiseLike<unknown> } }).Office;
    void officeSettled(office, OFFICE_READY_CAP_MS).then(() => location.replace(target));
  } else {
    const el = document.getElementById("status");
    if (el) el.textContent = "This sign-in link is not valid. Close this window and try again from the SVC pane.";
  }
}
