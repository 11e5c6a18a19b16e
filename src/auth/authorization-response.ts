/**
 * The authorization response (the URL the server redirected to): it must come to this attempt's
 * redirect URI, carry this attempt's state (RFC 6749 10.12) and the expected issuer (RFC 9207),
 * before its code or its error means anything. oauth4webapi's validateAuthResponse makes these
 * checks, but reports the issuer and the state alike (OperationProcessingError, code
 * INVALID_RESPONSE); so it is asked one question at a time, and the code alone says which failed.
 */
import * as oauth from "oauth4webapi";
import type { PendingSignIn } from "./authorization";
import { SignInError } from "./errors";
import { messageOf } from "./http";

/** The callback URL, if it came to the attempt's redirect URI (same origin and path). */
function callbackUrl(raw: string, pending: PendingSignIn): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SignInError("invalid_callback", "The sign-in answer is not a URL");
  }
  const expected = new URL(pending.redirectUri);
  if (url.origin !== expected.origin || url.pathname !== expected.pathname) {
    throw new SignInError("invalid_callback", "The sign-in answer did not come to this app's callback address");
  }
  return url;
}

/** Only the parameter `name` of `url` (every occurrence: a repeated one is refused by the library). */
function only(url: URL, name: string): URLSearchParams {
  const p = new URLSearchParams();
  for (const v of url.searchParams.getAll(name)) p.append(name, v);
  return p;
}

/** True when oauth4webapi refuses the parameters as an invalid response (its INVALID_RESPONSE code). */
function refusedAsInvalid(check: () => unknown): boolean {
  try {
    check();
    return false;
  } catch (e) {
    return e instanceof oauth.OperationProcessingError && e.code === oauth.INVALID_RESPONSE;
  }
}

/**
 * The parameters of a genuine answer to `pending` (code, state, iss), or a SignInError:
 * invalid_callback, issuer_mismatch, state_mismatch (the attempt stays usable: a forged or stray
 * answer must not end a genuine sign-in), access_denied (the attempt is spent).
 */
export function checkAuthorizationResponse(raw: string, pending: PendingSignIn): URLSearchParams {
  const url = callbackUrl(raw, pending);
  const client: oauth.Client = { client_id: pending.clientId };
  // The issuer alone: these parameters hold no state, and none is expected.
  if (refusedAsInvalid(() => oauth.validateAuthResponse(pending.as, client, only(url, "iss"), oauth.expectNoState))) {
    throw new SignInError("issuer_mismatch", "The sign-in answer came from another server (issuer mismatch); rejected");
  }
  // The state alone, against a server that asks for no issuer parameter (checked just above).
  if (refusedAsInvalid(() => oauth.validateAuthResponse({ issuer: pending.as.issuer }, client, only(url, "state"), pending.state))) {
    throw new SignInError("state_mismatch", "The sign-in answer does not belong to this sign-in (state mismatch); rejected");
  }
  try {
    return oauth.validateAuthResponse(pending.as, client, url, pending.state);
  } catch (e) {
    if (e instanceof oauth.AuthorizationResponseError) {
      pending.used = true;
      const desc = e.error_description ? `: ${e.error_description}` : "";
      const message = e.error === "access_denied" ? "Sign-in was cancelled (access denied)" : `The sign-in server answered ${e.error}${desc}`;
      throw new SignInError("access_denied", message, { cause: e });
    }
    throw new SignInError("invalid_callback", `The sign-in answer is not valid: ${messageOf(e)}`, { cause: e });
  }
}
