/**
 * Finding the authorization server of an API base URL:
 * 401 from the tool server (WWW-Authenticate: Bearer resource_metadata="...", RFC 9728)
 *   -> protected resource metadata -> authorization_servers[0]
 *   -> RFC 8414 metadata of that issuer (issuer checked by oauth4webapi).
 * Fallback: {base}/.well-known/oauth-authorization-server with issuer = {base}.
 */
import { isSecureOrLoopback } from "../platform";
import * as oauth from "oauth4webapi";
import { SignInError } from "./errors";
import { requestOptions } from "./http";
import { StoredServerMetadata } from "./store";
import { normaliseBaseUrl } from "../platform";

export interface Discovered {
  as: oauth.AuthorizationServer;
  /** The resource indicator to request tokens for ({base}/mcp unless the resource metadata says otherwise). */
  resource: string;
  via: "resource_metadata" | "fallback";
}

export interface DiscoveryOptions {
  baseUrl: string;
  fetch?: typeof fetch;
  /** A WWW-Authenticate header already in hand (e.g. from a REST 401); otherwise {base}/mcp is probed. */
  wwwAuthenticate?: string | null;
  timeoutMs?: number;
}

/** The `resource_metadata` parameter of a Bearer challenge, if any. */
export function resourceMetadataFromChallenge(header: string | null | undefined): string | null {
  if (!header) return null;
  const m = /(?:^|[\s,])resource_metadata\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/i.exec(header);
  if (!m) return null;
  const v = (m[1] ?? m[2] ?? "").replace(/\\(.)/g, "$1");
  return v || null;
}

async function probeChallenge(base: string, f: typeof fetch, timeoutMs: number): Promise<string | null> {
  try {
    const res = await f(`${base}/mcp`, {
      method: "GET",
      headers: { Accept: "application/json, text/event-stream" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    await res.body?.cancel().catch(() => undefined);
    return res.status === 401 ? res.headers.get("WWW-Authenticate") : null;
  } catch {
    return null;
  }
}

async function metadataFor(
  issuer: string,
  f: typeof fetch,
  timeoutMs: number,
  literal?: string
): Promise<oauth.AuthorizationServer> {
  const expected = new URL(issuer);
  const attempts: Array<() => Promise<Response>> = [
    () => oauth.discoveryRequest(expected, { algorithm: "oauth2", ...requestOptions(issuer, f, timeoutMs) }),
  ];
  if (literal) {
    attempts.push(() => f(literal, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) }));
  }
  // OpenID providers (an independent AS such as oidc-provider) publish the same metadata here.
  attempts.push(() => oauth.discoveryRequest(expected, { algorithm: "oidc", ...requestOptions(issuer, f, timeoutMs) }));
  let last: unknown;
  for (const attempt of attempts) {
    try {
      const as = await oauth.processDiscoveryResponse(expected, await attempt());
      return as;
    } catch (e) {
      last = e;
      // A wrong issuer is an answer, not a miss: do not look further for this issuer.
      if (e instanceof oauth.OperationProcessingError && e.code === oauth.JSON_ATTRIBUTE_COMPARISON) break;
    }
  }
  throw last;
}

function checkMetadata(as: oauth.AuthorizationServer): void {
  for (const k of ["authorization_endpoint", "token_endpoint"] as const) {
    const v = as[k];
    if (typeof v !== "string" || !isSecureOrLoopback(v)) {
      throw new SignInError("discovery_failed", `The authorization server metadata has no usable ${k}`);
    }
  }
  // PKCE support is the authorization request's question (authorization.ts): a refresh needs none.
}

/** What is kept of the metadata with the registration (refresh and revocation need no discovery). */
export function serverMetadata(as: oauth.AuthorizationServer): StoredServerMetadata {
  return {
    issuer: as.issuer,
    authorization_endpoint: as.authorization_endpoint,
    token_endpoint: as.token_endpoint,
    registration_endpoint: as.registration_endpoint,
    revocation_endpoint: as.revocation_endpoint,
    authorization_response_iss_parameter_supported: as.authorization_response_iss_parameter_supported,
  };
}

export async function discover(opts: DiscoveryOptions): Promise<Discovered> {
  const base = normaliseBaseUrl(opts.baseUrl);
  const f = opts.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const baseOrigin = new URL(base).origin;
  let firstError: unknown;

  const header = opts.wwwAuthenticate ?? (await probeChallenge(base, f, timeoutMs));
  const prmUrl = resourceMetadataFromChallenge(header);
  if (prmUrl && isSecureOrLoopback(prmUrl) && new URL(prmUrl).origin === baseOrigin) {
    try {
      const res = await f(prmUrl, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(timeoutMs) });
      if (res.status !== 200) throw new Error(`protected resource metadata: HTTP ${res.status}`);
      const prm = (await res.json()) as { resource?: unknown; authorization_servers?: unknown };
      const resource = typeof prm.resource === "string" ? prm.resource : `${base}/mcp`;
      if (new URL(resource).origin !== baseOrigin) throw new Error("protected resource metadata names another origin");
      const servers = Array.isArray(prm.authorization_servers) ? prm.authorization_servers : [];
      const issuer = servers.find((s): s is string => typeof s === "string" && isSecureOrLoopback(s));
      if (!issuer) throw new Error("protected resource metadata lists no authorization server");
      const as = await metadataFor(issuer, f, timeoutMs);
      checkMetadata(as);
      return { as, resource, via: "resource_metadata" };
    } catch (e) {
      firstError = e;
    }
  }

  try {
    const hasPath = new URL(base).pathname.replace(/\/+$/, "") !== "";
    const literal = hasPath ? `${base}/.well-known/oauth-authorization-server` : undefined;
    const as = await metadataFor(base, f, timeoutMs, literal);
    checkMetadata(as);
    return { as, resource: `${base}/mcp`, via: "fallback" };
  } catch (e) {
    const why = (firstError ?? e) as Error;
    throw new SignInError(
      "discovery_failed",
      `Could not find the sign-in server of ${base}: ${why?.message ?? why}`,
      { cause: e }
    );
  }
}
