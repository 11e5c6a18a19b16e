/**
 * Connections (one per authorization-code exchange) and the tokens issued on them: access tokens
 * until they expire, one valid refresh token at a time (each refresh rotates it; the rotated ones
 * are remembered so presenting one again is detected). A revoked connection's tokens are all dead.
 */
import type { IncomingMessage, ServerResponse } from "http";
import { rand, readBody, json } from "./auth-http";
import type { AuthContext } from "./auth-context";
import type { ClientRegistry } from "./client-registry";

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

export function revoke(conn: FakeConnection, reason: string): void {
  if (conn.revoked) return;
  conn.revoked = true;
  conn.revokedReason = reason;
}

export class Connections {
  readonly all = new Map<string, FakeConnection>();
  /** Refresh tokens that were exchanged for new ones (presenting one again is the self-revocation). */
  readonly rotated = new Set<string>();
  /** Any refresh token ever issued -> connection id. */
  private readonly byRefresh = new Map<string, string>();
  private readonly byAccess = new Map<string, string>();

  constructor(private readonly ctx: AuthContext) {}

  validate(token: string): boolean {
    const conn = this.ofAccessToken(token);
    const exp = conn?.accessTokens.get(token);
    return !!conn && !conn.revoked && exp !== undefined && exp > this.ctx.now();
  }

  connectionFor(token: string): string | null {
    return this.validate(token) ? this.byAccess.get(token) ?? null : null;
  }

  ofAccessToken(token: string): FakeConnection | undefined {
    const cid = this.byAccess.get(token);
    return cid ? this.all.get(cid) : undefined;
  }

  ofRefreshToken(token: string): FakeConnection | undefined {
    const cid = this.byRefresh.get(token);
    return cid ? this.all.get(cid) : undefined;
  }

  /** A new connection for `clientId`, its tokens not issued yet. */
  open(clientId: string, scope: string): FakeConnection {
    const conn: FakeConnection = {
      id: rand(9),
      clientId,
      scope,
      createdAt: this.ctx.now(),
      revoked: false,
      refreshToken: "",
      refreshExpiresAt: 0,
      usedRefreshTokens: [],
      accessTokens: new Map(),
      refreshCount: 0,
    };
    this.all.set(conn.id, conn);
    return conn;
  }

  /** A new access token and a new refresh token (which replaces the connection's current one). */
  issue(conn: FakeConnection): Record<string, unknown> {
    const { now, accessTtl, refreshTtl } = this.ctx;
    const at = `svc_at_${rand(32)}`;
    const rt = `svc_rt_${rand(32)}`;
    conn.accessTokens.set(at, now() + accessTtl);
    this.byAccess.set(at, conn.id);
    conn.refreshToken = rt;
    conn.refreshExpiresAt = now() + refreshTtl;
    this.byRefresh.set(rt, conn.id);
    return { access_token: at, token_type: "Bearer", expires_in: Math.round(accessTtl / 1000), refresh_token: rt, scope: conn.scope };
  }

  expireAccessTokens(): void {
    const t = this.ctx.now() - 1;
    for (const c of this.all.values()) for (const k of c.accessTokens.keys()) c.accessTokens.set(k, t);
  }

  revokeAll(reason: string): void {
    for (const c of this.all.values()) revoke(c, reason);
  }
}

/** POST /oauth/revoke (RFC 7009): a refresh token revokes its connection, an access token only itself. */
export async function revocationEndpoint(ctx: AuthContext, clients: ClientRegistry, conns: Connections, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const params = new URLSearchParams(await readBody(req));
  const client = clients.authenticate(params);
  if (!client) return json(res, 401, { error: "invalid_client", error_description: "unknown client" });
  const t = params.get("token") ?? "";
  ctx.stats.revocations++;
  if (conns.rotated.has(t)) ctx.stats.rotatedPresentations++;
  const byRefresh = conns.ofRefreshToken(t);
  if (byRefresh) {
    if (byRefresh.clientId === client.client_id) revoke(byRefresh, "revoked by the client");
  } else {
    const conn = conns.ofAccessToken(t);
    if (conn && conn.clientId === client.client_id) conn.accessTokens.delete(t);
  }
  res.writeHead(200, { "Cache-Control": "no-store" });
  res.end();
}
