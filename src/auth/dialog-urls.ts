/**
 * Where the sign-in dialog's pages are, relative to where the add-in is hosted (SVC_ADDIN_URL, which
 * may have a path: https://host/excel/). One place for the shared runtime (which opens the dialog
 * and registers the redirect URI) and the dialog's start page (which pins that redirect URI).
 * One small import (the address rule): the dialog pages' bundles stay small.
 */
import { trimBaseUrl as noTrailingSlash } from "../platform";

const DIALOG_START_PATH = "/auth/start.html";
export const DIALOG_CALLBACK_PATH = "/auth/callback.html";


/** The redirect URI registered for the add-in: the callback page under the add-in's own address. */
export function redirectUriFor(addinUrl: string): string {
  return `${noTrailingSlash(addinUrl)}${DIALOG_CALLBACK_PATH}`;
}

/** The first page the dialog opens (same origin as the pane, as Office requires). */
export function dialogStartUrl(addinUrl: string, authorizeUrl: string): string {
  return `${noTrailingSlash(addinUrl)}${DIALOG_START_PATH}?to=${encodeURIComponent(authorizeUrl)}`;
}

/**
 * The add-in's address (no trailing slash, sub-path kept, query dropped) seen from one of its pages
 * `depth` folders below it: the shared runtime's taskpane.html is at depth 0, the dialog pages
 * (auth/start.html) at depth 1.
 */
export function addinUrlFromPage(pageHref: string, depth = 0): string {
  const u = new URL(`./${"../".repeat(depth)}`, pageHref);
  return noTrailingSlash(`${u.origin}${u.pathname}`);
}
