/**
 * A fake OAuth 2.1 authorization server with the Company Data API's rules, as a route handler the
 * fake API server mounts (issuer = the API's base URL, so it must live on the same origin):
 *
 *   GET  /.well-known/oauth-authorization-server   RFC 8414 metadata
 *   GET  /.well-known/oauth-protected-resource[/mcp] RFC 9728 metadata (resource {issuer}/mcp)
 *   GET|POST /mcp without a valid bearer token      401 + WWW-Authenticate: Bearer resource_metadata=...
 *   POST /oauth/register                             RFC 7591 (10 new clients per hour per address)
 *   GET  /oauth/authorize                            consent page (Allow / Deny, no password)
 *   POST /oauth/authorize                            the consent form's answer -> redirect with code
 *   POST /oauth/token                                authorization_code (+PKCE S256, single use) and
 *                                                    refresh_token (rotating; reuse revokes the connection)
 *   POST /oauth/revoke                               RFC 7009
 *
 * It enforces what the real service enforces: exact redirect URIs (https, or http on loopback),
 * S256 only, scope `read`, resource `{issuer}/mcp`, single-use codes (a second presentation revokes
 * the connection the code created), refresh rotation (presenting a used refresh token revokes the
 * connection). CORS on every endpoint. Node only.
 */
import type { IncomingMessage, ServerResponse } from "http";
import { createHash, randomBytes } from "crypto";

export interface FakeAuthServerOptions {
  /** {base_url}. Default: taken from each request's Host header (http://host). */
  issuer?: string | (() => string);
  /** Where /oauth/authorize is advertised ({app_url}). Default: the issuer. */
  appUrl?: string | (() => string);
  accessTtlSec?: number;
  refreshTtlSec?: number;
  codeTtlSec?: number;
  /** Skip the consent page: GET /oauth/authorize redirects with a code at once. */
  autoApprove?: boolean;
  /** New registrations per hour per remote address (default 10). */
  registrationsPerHour?: number;
  /** Clock, ms since the epoch. */
  now?: () => number;
  /** Answer /mcp without a valid token with the 401 challenge (default true). */
  challengeMcp?: boolean;
  /**
   * CORS admits credentialed requests (`Access-Control-Allow-Credentials: true` with the caller's
   * origin). The spec does not show it either way, so it is a knob; default false.
   */
  corsCredentials?: boolean;
}

export interface FakeClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: string;
  client_name?: string;
  registered_at: number;
  address: string;
}

export interface FakeConnection {
  id: string;
  clientId: string;
  scope: string;
  createdAt: number;
  revoked: boolean;
  revokedReason?: string;
  /** The refresh token currently valid (older ones are in usedRefreshTokens). */
  refreshToken: string;
  refreshExpiresAt: number;
  usedRefreshTokens: string[];
  accessTokens: Map<string, number>;
  refreshCount: number;
}

interface CodeGrant {
  code: string;
  clientId: string;
  redirectUri: string;
  challenge: string;
  scope: string;
  resource: string;
  expiresAt: number;
  used: boolean;
  connectionId?: string;
}

interface Txn {
  id: string;
  clientId: string;
  redirectUri: string;
  state?: string;
  challenge: string;
  scope: string;
  resource: string;
}

export interface TokenRequestLog {
  grantType: string;
  outcome: string;
  at: number;
  /** It came on a connection that had carried an earlier request (a reused keep-alive connection). */
  reusedConnection: boolean;
}

export type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;

export interface FakeAuthServer {
  routes: Route;
  validateToken(token: string): boolean;
  /** The connection id of a valid access token, or null (for the fake API's per-connection quota). */
  connectionFor(token: string): string | null;
  /** The value of WWW-Authenticate the API should send with a 401 (for a given issuer). */
  challenge(issuer: string): string;
  clients: Map<string, FakeClient>;
  connections(): FakeConnection[];
  activeConnections(): FakeConnection[];
  tokenRequests: TokenRequestLog[];
  stats: {
    registrations: number;
    codeExchanges: number;
    refreshes: number;
    revocations: number;
    reuseRevocations: number;
    /** Every presentation (token or revocation endpoint, revoked connection or not) of a refresh token already rotated. */
    rotatedPresentations: number;
  };
  /** Make every access token expire now (the next call must refresh). */
  expireAccessTokens(): void;
  /** Revoke every connection (as "Disconnect in the account area" would). */
  revokeAll(reason?: string): void;
  /**
   * Fault injection for the next token request of a grant type: "drop" processes the request, then
   * cuts the connection without answering (a network cut after the request was sent); "cut" sends
   * the status line and headers, then cuts the connection in the middle of the body; "500"
   * processes it and answers 500; "delay:<ms>" answers late.
   */
  faults: { token?: { grantType?: string; action: "drop" | "cut" | "500" | `delay:${number}` } | null };
  close(): void;
}

const b64url = (b: Buffer) => b.toString("base64").replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const rand = (n = 32) => b64url(randomBytes(n));

function esc(s: string): string {
  return s.replace(/[&<>"'`=\/]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function isLoopbackHost(h: string) {
  return h === "127.0.0.1" || h === "localhost" || h === "[::1]";
}

function validRedirectUri(u: string): boolean {
  try {
    const url = new URL(u);
    if (url.hash) return false;
    if (url.protocol === "https:") return true;
    return url.protocol === "http:" && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function cors(req: IncomingMessage, res: ServerResponse, credentials = false) {
  const origin = req.headers.origin;
  res.setHeader("Access-Control-Allow-Origin", typeof origin === "string" ? origin : "*");
  if (credentials && typeof origin === "string") res.setHeader("Access-Control-Allow-Credentials", "true");
  res.setHeader("Vary", "Origin");
  res.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
  res.setHeader("Access-Control-Allow-Headers", "Authorization, Content-Type, DPoP, Accept");
  res.setHeader("Access-Control-Expose-Headers", "WWW-Authenticate, X-Quota-Remaining");
  res.setHeader("Access-Control-Max-Age", "600");
}

function json(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store", Pragma: "no-cache", ...extra });
  res.end(JSON.stringify(body));
}

function oauthError(res: ServerResponse, status: number, error: string, description: string) {
  json(res, status, { error, error_description: description });
}

function page(res: ServerResponse, status: number, title: string, bodyHtml: string) {
  res.writeHead(status, {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
  });
  res.end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title>
<style>
  body{font-family:"Segoe UI",system-ui,-apple-system,sans-serif;background:#f3f2f1;color:#201f1e;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center}
  main{background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.12);padding:28px 32px;max-width:420px;width:calc(100% - 48px)}
  h1{font-size:20px;font-weight:600;margin:0 0 12px}
  p{line-height:1.45;margin:8px 0}
  .app{font-weight:600}
  .badge{display:inline-block;background:#fff4ce;color:#603d00;border-radius:4px;padding:2px 8px;font-size:12px;margin-bottom:12px}
  ul{padding-left:20px;margin:8px 0 16px}
  .buttons{display:flex;gap:8px;justify-content:flex-end;margin-top:20px}
  button{font:inherit;border-radius:4px;padding:8px 18px;cursor:pointer;border:1px solid #8a8886;background:#fff}
  button.primary{background:#0f6cbd;border-color:#0f6cbd;color:#fff}
  button:focus-visible{outline:2px solid #201f1e;outline-offset:2px}
  .muted{color:#605e5c;font-size:13px}
</style></head><body><main>${bodyHtml}</main></body></html>`);
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { Location: location, "Cache-Control": "no-store" });
  res.end();
}

export function createFakeAuthServer(opts: FakeAuthServerOptions = {}): FakeAuthServer {
  const now = opts.now ?? (() => Date.now());
  const accessTtl = (opts.accessTtlSec ?? 3600) * 1000;
  const refreshTtl = (opts.refreshTtlSec ?? 30 * 86400) * 1000;
  const codeTtl = (opts.codeTtlSec ?? 600) * 1000;
  const regLimit = opts.registrationsPerHour ?? 10;
  const clients = new Map<string, FakeClient>();
  const codes = new Map<string, CodeGrant>();
  const txns = new Map<string, Txn>();
  const conns = new Map<string, FakeConnection>();
  const byRefresh = new Map<string, string>(); // any refresh token ever issued -> connection id
  const byAccess = new Map<string, string>();
  const regTimes = new Map<string, number[]>();
  const tokenRequests: TokenRequestLog[] = [];
  const served = new WeakMap<object, number>();
  const stats = { registrations: 0, codeExchanges: 0, refreshes: 0, revocations: 0, reuseRevocations: 0, rotatedPresentations: 0 };
  /** Refresh tokens that were exchanged for new ones (presenting one again is the self-revocation). */
  const rotated = new Set<string>();
  const faults: FakeAuthServer["faults"] = { token: null };

  const issuerOf = (req: IncomingMessage): string => {
    const i = typeof opts.issuer === "function" ? opts.issuer() : opts.issuer;
    return (i ?? `http://${req.headers.host}`).replace(/\/+$/, "");
  };
  const appUrlOf = (req: IncomingMessage): string => {
    const a = typeof opts.appUrl === "function" ? opts.appUrl() : opts.appUrl;
    return (a ?? issuerOf(req)).replace(/\/+$/, "");
  };

  function revoke(conn: FakeConnection, reason: string) {
    if (conn.revoked) return;
    conn.revoked = true;
    conn.revokedReason = reason;
  }

  function validateToken(token: string): boolean {
    const cid = byAccess.get(token);
    if (!cid) return false;
    const conn = conns.get(cid)!;
    const exp = conn.accessTokens.get(token);
    return !conn.revoked && exp !== undefined && exp > now();
  }

  function connectionFor(token: string): string | null {
    return validateToken(token) ? byAccess.get(token)! : null;
  }

  function issueTokens(conn: FakeConnection) {
    const at = `svc_at_${rand(32)}`;
    const rt = `svc_rt_${rand(32)}`;
    conn.accessTokens.set(at, now() + accessTtl);
    byAccess.set(at, conn.id);
    conn.refreshToken = rt;
    conn.refreshExpiresAt = now() + refreshTtl;
    byRefresh.set(rt, conn.id);
    return { access_token: at, token_type: "Bearer", expires_in: Math.round(accessTtl / 1000), refresh_token: rt, scope: conn.scope };
  }

  function challenge(issuer: string) {
    return `Bearer resource_metadata="${issuer}/.well-known/oauth-protected-resource/mcp", scope="read"`;
  }

  function metadata(req: IncomingMessage) {
    const iss = issuerOf(req);
    return {
      issuer: iss,
      authorization_endpoint: `${appUrlOf(req)}/oauth/authorize`,
      token_endpoint: `${iss}/oauth/token`,
      registration_endpoint: `${iss}/oauth/register`,
      revocation_endpoint: `${iss}/oauth/revoke`,
      response_types_supported: ["code"],
      response_modes_supported: ["query"],
      grant_types_supported: ["authorization_code", "refresh_token"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["none", "client_secret_post"],
      revocation_endpoint_auth_methods_supported: ["none", "client_secret_post"],
      scopes_supported: ["read"],
      authorization_response_iss_parameter_supported: true,
    };
  }

  function authenticateClient(params: URLSearchParams): FakeClient | null {
    const c = clients.get(params.get("client_id") ?? "");
    if (!c) return null;
    if (c.token_endpoint_auth_method === "client_secret_post" && params.get("client_secret") !== c.client_secret) return null;
    return c;
  }

  async function register(req: IncomingMessage, res: ServerResponse) {
    const addr = req.socket.remoteAddress ?? "?";
    const hourAgo = now() - 3600_000;
    const times = (regTimes.get(addr) ?? []).filter((t) => t > hourAgo);
    if (times.length >= regLimit) {
      regTimes.set(addr, times);
      return json(res, 429, { error: "too_many_requests", error_description: "10 new clients per hour from one address" });
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return oauthError(res, 400, "invalid_client_metadata", "body must be JSON");
    }
    const uris = body.redirect_uris;
    if (!Array.isArray(uris) || uris.length === 0 || !uris.every((u) => typeof u === "string" && validRedirectUri(u))) {
      return oauthError(res, 400, "invalid_redirect_uri", "redirect URIs must be https, or http on localhost/127.0.0.1");
    }
    const method = (body.token_endpoint_auth_method as string | undefined) ?? "client_secret_post";
    if (method !== "none" && method !== "client_secret_post") {
      return oauthError(res, 400, "invalid_client_metadata", "token_endpoint_auth_method must be none or client_secret_post");
    }
    times.push(now());
    regTimes.set(addr, times);
    const c: FakeClient = {
      client_id: `svc_client_${rand(12)}`,
      redirect_uris: uris as string[],
      token_endpoint_auth_method: method,
      client_name: typeof body.client_name === "string" ? body.client_name.slice(0, 100) : undefined,
      registered_at: now(),
      address: addr,
    };
    if (method === "client_secret_post") c.client_secret = rand(32);
    clients.set(c.client_id, c);
    stats.registrations++;
    json(res, 201, {
      client_id: c.client_id,
      ...(c.client_secret ? { client_secret: c.client_secret, client_secret_expires_at: 0 } : {}),
      client_id_issued_at: Math.floor(c.registered_at / 1000),
      redirect_uris: c.redirect_uris,
      token_endpoint_auth_method: method,
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      scope: "read",
      ...(c.client_name ? { client_name: c.client_name } : {}),
    });
  }

  function authorizeGet(req: IncomingMessage, res: ServerResponse, url: URL) {
    const p = url.searchParams;
    const client = clients.get(p.get("client_id") ?? "");
    if (!client) return page(res, 400, "Sign-in error", `<h1>Unknown application</h1><p>This sign-in link names an application the service does not know.</p>`);
    const redirectUri = p.get("redirect_uri") ?? "";
    if (!client.redirect_uris.includes(redirectUri)) {
      return page(res, 400, "Sign-in error", `<h1>Wrong return address</h1><p>The application asked to return to an address it did not register.</p>`);
    }
    const iss = issuerOf(req);
    const back = (params: Record<string, string | undefined>) => {
      const u = new URL(redirectUri);
      for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
      u.searchParams.set("iss", iss);
      return u.toString();
    };
    const state = p.get("state") ?? undefined;
    const fail = (error: string, desc: string) => redirect(res, back({ error, error_description: desc, state }));
    if (p.get("response_type") !== "code") return fail("unsupported_response_type", "response_type must be code");
    const challengeValue = p.get("code_challenge");
    if (!challengeValue || p.get("code_challenge_method") !== "S256" || !/^[A-Za-z0-9_-]{43}$/.test(challengeValue)) {
      return fail("invalid_request", "PKCE with code_challenge_method S256 is required");
    }
    const scope = p.get("scope") ?? "read";
    if (scope.split(" ").some((s) => s !== "read")) return fail("invalid_scope", "the only scope is read");
    const resource = p.get("resource") ?? `${iss}/mcp`;
    if (resource !== `${iss}/mcp`) return fail("invalid_target", `resource must be ${iss}/mcp`);
    const txn: Txn = { id: rand(18), clientId: client.client_id, redirectUri, state, challenge: challengeValue, scope: "read", resource };
    if (opts.autoApprove) return redirect(res, back(issueCode(txn)));
    txns.set(txn.id, txn);
    const name = client.client_name ?? "An application";
    page(
      res,
      200,
      "Allow access",
      `<span class="badge">Sandbox sign-in &middot; no password</span>
<h1>Allow <span class="app">${esc(name)}</span> to read your Company Data?</h1>
<p>It will be able to:</p>
<ul><li>call the data tools (read only)</li></ul>
<p class="muted">It will not see your highlights, watchlists or billing. You can disconnect it at any time.</p>
<p class="muted">Returning to: ${esc(new URL(redirectUri).origin)}</p>
<form method="post" action="${esc(`${appUrlOf(req)}/oauth/authorize`)}">
  <input type="hidden" name="txn" value="${esc(txn.id)}">
  <div class="buttons">
    <button type="submit" name="decision" value="deny">Deny</button>
    <button type="submit" name="decision" value="allow" class="primary" autofocus>Allow</button>
  </div>
</form>`
    );
  }

  function issueCode(txn: Txn): Record<string, string | undefined> {
    const code = `svc_code_${rand(24)}`;
    codes.set(code, {
      code,
      clientId: txn.clientId,
      redirectUri: txn.redirectUri,
      challenge: txn.challenge,
      scope: txn.scope,
      resource: txn.resource,
      expiresAt: now() + codeTtl,
      used: false,
    });
    return { code, state: txn.state };
  }

  async function authorizePost(req: IncomingMessage, res: ServerResponse) {
    const form = new URLSearchParams(await readBody(req));
    const txn = txns.get(form.get("txn") ?? "");
    if (!txn) return page(res, 400, "Sign-in error", `<h1>This sign-in has expired</h1><p>Close this window and start again.</p>`);
    txns.delete(txn.id);
    const u = new URL(txn.redirectUri);
    const params = form.get("decision") === "allow" ? issueCode(txn) : { error: "access_denied", error_description: "The user denied access", state: txn.state };
    for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
    u.searchParams.set("iss", issuerOf(req));
    redirect(res, u.toString());
  }

  async function token(req: IncomingMessage, res: ServerResponse) {
    const params = new URLSearchParams(await readBody(req));
    const grantType = params.get("grant_type") ?? "";
    const reusedConnection = (served.get(req.socket) ?? 0) > 1;
    const log = (outcome: string) => tokenRequests.push({ grantType, outcome, at: now(), reusedConnection });
    const fault = faults.token && (!faults.token.grantType || faults.token.grantType === grantType) ? faults.token : null;
    if (fault) faults.token = null;
    // Process first, answer (or not) afterwards: a fault models a cut *after* the server acted.
    const answer = (status: number, body: unknown) => {
      const last = tokenRequests[tokenRequests.length - 1];
      if (fault && last) last.outcome += `+${fault.action}`;
      if (fault?.action === "drop") {
        req.socket.destroy();
        return;
      }
      if (fault?.action === "cut") {
        res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store", "Content-Length": "4096" });
        res.write(JSON.stringify(body).slice(0, 20));
        setTimeout(() => req.socket.destroy(), 20);
        return;
      }
      if (fault?.action === "500") {
        return json(res, 500, { detail: "internal error" });
      }
      const delay = fault?.action.startsWith("delay:") ? Number(fault.action.slice(6)) : 0;
      const send = () => {
        if (!res.destroyed) json(res, status, body);
      };
      if (delay > 0) setTimeout(send, delay);
      else send();
    };
    const client = authenticateClient(params);
    if (!client) {
      log("invalid_client");
      return json(res, 401, { error: "invalid_client", error_description: "unknown client or bad client authentication" });
    }
    const resource = params.get("resource");
    if (grantType === "authorization_code") {
      const code = codes.get(params.get("code") ?? "");
      if (!code) {
        log("invalid_grant:unknown_code");
        return answer(400, { error: "invalid_grant", error_description: "unknown authorization code" });
      }
      if (code.used) {
        stats.reuseRevocations++;
        const conn = code.connectionId ? conns.get(code.connectionId) : undefined;
        if (conn) revoke(conn, "authorization code presented twice");
        log("invalid_grant:code_reuse");
        return answer(400, { error: "invalid_grant", error_description: "authorization code already used; the connection is revoked" });
      }
      code.used = true;
      if (code.clientId !== client.client_id) return log("invalid_grant:client"), answer(400, { error: "invalid_grant", error_description: "code issued to another client" });
      if (code.expiresAt <= now()) return log("invalid_grant:expired"), answer(400, { error: "invalid_grant", error_description: "authorization code expired" });
      if (params.get("redirect_uri") !== code.redirectUri) return log("invalid_grant:redirect_uri"), answer(400, { error: "invalid_grant", error_description: "redirect_uri does not match" });
      const verifier = params.get("code_verifier") ?? "";
      if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || b64url(createHash("sha256").update(verifier).digest()) !== code.challenge) {
        log("invalid_grant:pkce");
        return answer(400, { error: "invalid_grant", error_description: "PKCE verification failed" });
      }
      if (resource !== null && resource !== code.resource) return log("invalid_target"), answer(400, { error: "invalid_target", error_description: "resource does not match" });
      const conn: FakeConnection = {
        id: rand(9),
        clientId: client.client_id,
        scope: code.scope,
        createdAt: now(),
        revoked: false,
        refreshToken: "",
        refreshExpiresAt: 0,
        usedRefreshTokens: [],
        accessTokens: new Map(),
        refreshCount: 0,
      };
      conns.set(conn.id, conn);
      code.connectionId = conn.id;
      stats.codeExchanges++;
      log("ok");
      return answer(200, issueTokens(conn));
    }
    if (grantType === "refresh_token") {
      const rt = params.get("refresh_token") ?? "";
      if (rotated.has(rt)) stats.rotatedPresentations++;
      const cid = byRefresh.get(rt);
      const conn = cid ? conns.get(cid) : undefined;
      if (!conn) return log("invalid_grant:unknown_refresh"), answer(400, { error: "invalid_grant", error_description: "unknown refresh token" });
      if (conn.clientId !== client.client_id) return log("invalid_grant:client"), answer(400, { error: "invalid_grant", error_description: "refresh token issued to another client" });
      if (conn.revoked) return log("invalid_grant:revoked"), answer(400, { error: "invalid_grant", error_description: "the connection is revoked" });
      if (rt !== conn.refreshToken) {
        stats.reuseRevocations++;
        revoke(conn, "old refresh token presented again");
        log("invalid_grant:refresh_reuse");
        return answer(400, { error: "invalid_grant", error_description: "refresh token already used; the connection is revoked" });
      }
      if (conn.refreshExpiresAt <= now()) return log("invalid_grant:expired"), answer(400, { error: "invalid_grant", error_description: "refresh token expired" });
      if (resource !== null && resource !== `${issuerOf(req)}/mcp`) return log("invalid_target"), answer(400, { error: "invalid_target", error_description: "resource does not match" });
      conn.usedRefreshTokens.push(rt);
      rotated.add(rt);
      conn.refreshCount++;
      stats.refreshes++;
      log("ok");
      return answer(200, issueTokens(conn));
    }
    log("unsupported_grant_type");
    return answer(400, { error: "unsupported_grant_type", error_description: "authorization_code or refresh_token" });
  }

  async function revokeEndpoint(req: IncomingMessage, res: ServerResponse) {
    const params = new URLSearchParams(await readBody(req));
    const client = authenticateClient(params);
    if (!client) return json(res, 401, { error: "invalid_client", error_description: "unknown client" });
    const t = params.get("token") ?? "";
    stats.revocations++;
    if (rotated.has(t)) stats.rotatedPresentations++;
    const rc = byRefresh.get(t);
    if (rc) {
      const conn = conns.get(rc)!;
      if (conn.clientId === client.client_id) revoke(conn, "revoked by the client");
    } else {
      const ac = byAccess.get(t);
      const conn = ac ? conns.get(ac) : undefined;
      if (conn && conn.clientId === client.client_id) conn.accessTokens.delete(t);
    }
    res.writeHead(200, { "Cache-Control": "no-store" });
    res.end();
  }

  const routes: Route = async (req, res, url) => {
    // Every request of the server passes here first: count what each connection has carried.
    served.set(req.socket, (served.get(req.socket) ?? 0) + 1);
    const path = url.pathname;
    const method = req.method ?? "GET";
    const mine =
      path === "/.well-known/oauth-authorization-server" ||
      path.startsWith("/.well-known/oauth-protected-resource") ||
      path.startsWith("/oauth/") ||
      (path === "/mcp" && opts.challengeMcp !== false);
    if (!mine) return false;
    if (path === "/mcp") {
      const auth = req.headers.authorization ?? "";
      const m = /^Bearer\s+(.+)$/i.exec(auth);
      if (m && validateToken(m[1].trim())) return false; // the API answers
      cors(req, res, opts.corsCredentials);
      if (method === "OPTIONS") return res.writeHead(204).end(), true;
      json(res, 401, { detail: "Missing, unknown or revoked credential" }, { "WWW-Authenticate": challenge(issuerOf(req)) });
      return true;
    }
    cors(req, res, opts.corsCredentials);
    if (method === "OPTIONS") {
      res.writeHead(204);
      res.end();
      return true;
    }
    try {
      if (path === "/.well-known/oauth-authorization-server" && method === "GET") json(res, 200, metadata(req));
      else if (path.startsWith("/.well-known/oauth-protected-resource") && method === "GET") {
        const iss = issuerOf(req);
        json(res, 200, { resource: `${iss}/mcp`, authorization_servers: [iss], scopes_supported: ["read"], bearer_methods_supported: ["header"] });
      } else if (path === "/oauth/register" && method === "POST") await register(req, res);
      else if (path === "/oauth/authorize" && method === "GET") authorizeGet(req, res, url);
      else if (path === "/oauth/authorize" && method === "POST") await authorizePost(req, res);
      else if (path === "/oauth/token" && method === "POST") await token(req, res);
      else if (path === "/oauth/revoke" && method === "POST") await revokeEndpoint(req, res);
      else json(res, 405, { detail: "Method not allowed" });
    } catch (e) {
      if (!res.headersSent) json(res, 500, { detail: String((e as Error)?.message ?? e) });
    }
    return true;
  };

  return {
    routes,
    validateToken,
    connectionFor,
    challenge,
    clients,
    connections: () => [...conns.values()],
    activeConnections: () => [...conns.values()].filter((c) => !c.revoked),
    tokenRequests,
    stats,
    faults,
    expireAccessTokens() {
      const t = now() - 1;
      for (const c of conns.values()) for (const k of c.accessTokens.keys()) c.accessTokens.set(k, t);
    },
    revokeAll(reason = "disconnected in the account area") {
      for (const c of conns.values()) revoke(c, reason);
    },
    close() {
      codes.clear();
      txns.clear();
    },
  };
}

/**
 * A minimal host for the fake AS alone (tests that do not need the fake API): the AS routes plus
 * GET /api/public/v1/<tool> answering a tiny envelope when the bearer token is valid.
 */
export async function startFakeAuthOnly(
  opts: FakeAuthServerOptions = {}
): Promise<{ url: string; auth: FakeAuthServer; close(): Promise<void>; apiCalls: number }> {
  const http = require("http") as typeof import("http");
  const auth = createFakeAuthServer(opts);
  const state = { apiCalls: 0 };
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    try {
      if (await auth.routes(req, res, url)) return;
      if (url.pathname.startsWith("/api/public/v1/") || url.pathname === "/mcp") {
        const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "");
        if (!m || !auth.validateToken(m[1].trim())) {
          res.writeHead(401, { "Content-Type": "application/json", "WWW-Authenticate": auth.challenge(`http://${req.headers.host}`) });
          return res.end(JSON.stringify({ detail: "Missing, unknown or revoked credential" }));
        }
        state.apiCalls++;
        res.writeHead(200, { "Content-Type": "application/json", "X-Quota-Remaining": "1999" });
        return res.end(JSON.stringify({ text: "ok", data: { ok: true, tool: url.pathname.split("/").pop() }, link: "" }));
      }
      res.writeHead(404, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ detail: "Not found" }));
    } catch (e) {
      if (!res.headersSent) res.writeHead(500).end(String(e));
    }
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const port = (server.address() as import("net").AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    auth,
    get apiCalls() {
      return state.apiCalls;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections?.();
        server.close(() => r());
      }),
  };
}
