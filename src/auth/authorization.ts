/**
 * The authorization request (RFC 6749 4.1.1 with PKCE, RFC 7636): a random state and code verifier,
 * the S256 challenge, and the URL the user opens. The verifier stays in the memory of the runtime
 * that started the sign-in (a PendingSignIn), never in a store or a URL.
 *
 * PKCE S256 only (the API's spec). RFC 8414 says a server that omits
 * `code_challenge_methods_supported` does not support PKCE, and the MCP authorization spec
 * (2025-11-25) tells clients to refuse to proceed then; so a server whose metadata omits the field,
 * or lists no S256 in it, is refused before anything is sent.
 */
import * as oauth from "oauth4webapi";
import { SignInError } from "./errors";
import { SCOPE } from "./registration";

/** One sign-in attempt. Lives in memory in the runtime that started it; never persisted. */
export interface PendingSignIn {
  readonly state: string;
  readonly codeVerifier: string;
  readonly redirectUri: string;
  readonly issuer: string;
  readonly clientId: string;
  readonly resource: string;
  readonly authorizeUrl: string;
  readonly createdAt: number;
  /** Set before the code exchange is sent; a spent attempt can never exchange again. */
  used: boolean;
  /** @internal */
  readonly as: oauth.AuthorizationServer;
}

/** Refuse a server that does not advertise PKCE S256 (see the module comment). */
export function requireS256(as: oauth.AuthorizationServer): void {
  const methods = as.code_challenge_methods_supported;
  if (!Array.isArray(methods)) {
    throw new SignInError(
      "discovery_failed",
      `The sign-in server ${as.issuer} does not say it supports PKCE (its metadata has no code_challenge_methods_supported); this app signs in only with PKCE S256`
    );
  }
  if (!methods.includes("S256")) {
    throw new SignInError(
      "discovery_failed",
      `The sign-in server ${as.issuer} does not support PKCE S256 (its code_challenge_methods_supported lists ${methods.map(String).join(", ") || "nothing"}); this app signs in only with S256`
    );
  }
}

interface AuthorizationInput {
  as: oauth.AuthorizationServer;
  clientId: string;
  resource: string;
  redirectUri: string;
  now: number;
}

/** A new sign-in attempt: state, verifier, challenge and the authorization URL. */
export async function startAuthorization(i: AuthorizationInput): Promise<PendingSignIn> {
  requireS256(i.as);
  const endpoint = i.as.authorization_endpoint;
  if (!endpoint) throw new SignInError("discovery_failed", "The authorization server metadata has no usable authorization_endpoint");
  const codeVerifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = new URL(endpoint);
  const params: Record<string, string> = {
    response_type: "code",
    client_id: i.clientId,
    redirect_uri: i.redirectUri,
    scope: SCOPE,
    resource: i.resource,
    code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
  };
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  const pending: PendingSignIn = {
    state,
    codeVerifier,
    redirectUri: i.redirectUri,
    issuer: i.as.issuer,
    clientId: i.clientId,
    resource: i.resource,
    authorizeUrl: url.toString(),
    createdAt: i.now,
    used: false,
    as: i.as,
  };
  // Never serialised with the attempt (logs, messages): the verifier and the metadata.
  Object.defineProperty(pending, "codeVerifier", { enumerable: false });
  Object.defineProperty(pending, "as", { enumerable: false });
  return pending;
}
