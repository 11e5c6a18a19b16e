/**
 * POST /oauth/token: authorization_code (PKCE S256, single use: a second presentation revokes the
 * connection the code created) and refresh_token (rotating: presenting a rotated refresh token
 * again revokes the connection). Every request is logged with its outcome. An injected fault
 * (AuthContext.faults.token) acts after the server has processed the request: the state changes,
 * the answer is lost, cut, replaced by a 500 or late.
 */
import type { IncomingMessage, ServerResponse } from "http";
import { createHash } from "crypto";
import { b64url, json, readBody } from "./auth-http";
import type { AuthContext, TokenFaults } from "./auth-context";
import type { ClientRegistry, FakeClient } from "./client-registry";
import { Connections, revoke } from "./connections";
import type { Grants } from "./authorize-endpoint";

type Fault = NonNullable<TokenFaults["token"]>;

/** One token request, its client authenticated. */
interface TokenRequest {
  ctx: AuthContext;
  conns: Connections;
  req: IncomingMessage;
  params: URLSearchParams;
  client: FakeClient;
  resource: string | null;
  log(outcome: string): void;
  answer(status: number, body: unknown): void;
}

export async function tokenEndpoint(ctx: AuthContext, clients: ClientRegistry, conns: Connections, grants: Grants, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const params = new URLSearchParams(await readBody(req));
  const grantType = params.get("grant_type") ?? "";
  const reusedConnection = (ctx.served.get(req.socket) ?? 0) > 1;
  const log = (outcome: string) => ctx.tokenRequests.push({ grantType, outcome, at: ctx.now(), reusedConnection });
  const armed = ctx.faults.token;
  const fault = armed && (!armed.grantType || armed.grantType === grantType) ? armed : null;
  if (fault) ctx.faults.token = null;
  const client = clients.authenticate(params);
  if (!client) {
    log("invalid_client");
    return json(res, 401, { error: "invalid_client", error_description: "unknown client or bad client authentication" });
  }
  const answer = (status: number, body: unknown) => answerToken(ctx, fault, req, res, status, body);
  const t: TokenRequest = { ctx, conns, req, params, client, resource: params.get("resource"), log, answer };
  if (grantType === "authorization_code") return codeGrant(t, grants);
  if (grantType === "refresh_token") return refreshGrant(t);
  refuse(t, "unsupported_grant_type", "unsupported_grant_type", "authorization_code or refresh_token");
}

/** Process first, answer (or not) afterwards: a fault models a cut *after* the server acted. */
function answerToken(ctx: AuthContext, fault: Fault | null, req: IncomingMessage, res: ServerResponse, status: number, body: unknown): void {
  const last = ctx.tokenRequests[ctx.tokenRequests.length - 1];
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
  if (fault?.action === "500") return json(res, 500, { detail: "internal error" });
  const delay = fault?.action.startsWith("delay:") ? Number(fault.action.slice(6)) : 0;
  const send = () => {
    if (!res.destroyed) json(res, status, body);
  };
  if (delay > 0) setTimeout(send, delay);
  else send();
}

function refuse(t: TokenRequest, outcome: string, error: string, description: string): void {
  t.log(outcome);
  t.answer(400, { error, error_description: description });
}

function codeGrant(t: TokenRequest, grants: Grants): void {
  const { ctx, params } = t;
  const code = grants.codes.get(params.get("code") ?? "");
  if (!code) return refuse(t, "invalid_grant:unknown_code", "invalid_grant", "unknown authorization code");
  if (code.used) {
    ctx.stats.reuseRevocations++;
    const conn = code.connectionId ? t.conns.all.get(code.connectionId) : undefined;
    if (conn) revoke(conn, "authorization code presented twice");
    return refuse(t, "invalid_grant:code_reuse", "invalid_grant", "authorization code already used; the connection is revoked");
  }
  code.used = true;
  if (code.clientId !== t.client.client_id) return refuse(t, "invalid_grant:client", "invalid_grant", "code issued to another client");
  if (code.expiresAt <= ctx.now()) return refuse(t, "invalid_grant:expired", "invalid_grant", "authorization code expired");
  if (params.get("redirect_uri") !== code.redirectUri) return refuse(t, "invalid_grant:redirect_uri", "invalid_grant", "redirect_uri does not match");
  const verifier = params.get("code_verifier") ?? "";
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier) || b64url(createHash("sha256").update(verifier).digest()) !== code.challenge) {
    return refuse(t, "invalid_grant:pkce", "invalid_grant", "PKCE verification failed");
  }
  if (t.resource !== null && t.resource !== code.resource) return refuse(t, "invalid_target", "invalid_target", "resource does not match");
  const conn = t.conns.open(t.client.client_id, code.scope);
  code.connectionId = conn.id;
  ctx.stats.codeExchanges++;
  t.log("ok");
  t.answer(200, t.conns.issue(conn));
}

function refreshGrant(t: TokenRequest): void {
  const { ctx, conns } = t;
  const rt = t.params.get("refresh_token") ?? "";
  if (conns.rotated.has(rt)) ctx.stats.rotatedPresentations++;
  const conn = conns.ofRefreshToken(rt);
  if (!conn) return refuse(t, "invalid_grant:unknown_refresh", "invalid_grant", "unknown refresh token");
  if (conn.clientId !== t.client.client_id) return refuse(t, "invalid_grant:client", "invalid_grant", "refresh token issued to another client");
  if (conn.revoked) return refuse(t, "invalid_grant:revoked", "invalid_grant", "the connection is revoked");
  if (rt !== conn.refreshToken) {
    ctx.stats.reuseRevocations++;
    revoke(conn, "old refresh token presented again");
    return refuse(t, "invalid_grant:refresh_reuse", "invalid_grant", "refresh token already used; the connection is revoked");
  }
  if (conn.refreshExpiresAt <= ctx.now()) return refuse(t, "invalid_grant:expired", "invalid_grant", "refresh token expired");
  if (t.resource !== null && t.resource !== `${ctx.issuerOf(t.req)}/mcp`) return refuse(t, "invalid_target", "invalid_target", "resource does not match");
  conn.usedRefreshTokens.push(rt);
  conns.rotated.add(rt);
  conn.refreshCount++;
  ctx.stats.refreshes++;
  t.log("ok");
  t.answer(200, conns.issue(conn));
}
