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
 *
 * The parts: ./client-registry.ts (registration), ./authorize-endpoint.ts (consent and codes),
 * ./token-endpoint.ts (code exchange, refresh rotation, reuse detection, injected faults),
 * ./connections.ts (connections, their tokens, revocation), ./auth-context.ts (options, clock,
 * counters), ./auth-http.ts (answers and pages); this file routes requests to them.
 */
import type { IncomingMessage, ServerResponse } from "http";
import { cors, json } from "./auth-http";
import { AuthContext, AuthStats, FakeAuthServerOptions, TokenFaults, TokenRequestLog } from "./auth-context";
import { ClientRegistry, FakeClient } from "./client-registry";
import { Connections, FakeConnection, revocationEndpoint } from "./connections";
import { Grants, authorizeGet, authorizePost } from "./authorize-endpoint";
import { tokenEndpoint } from "./token-endpoint";

export type { FakeAuthServerOptions } from "./auth-context";

type Route = (req: IncomingMessage, res: ServerResponse, url: URL) => boolean | Promise<boolean>;

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
  stats: AuthStats;
  /** Make every access token expire now (the next call must refresh). */
  expireAccessTokens(): void;
  /** Revoke every connection (as "Disconnect in the account area" would). */
  revokeAll(reason?: string): void;
  /** Fault injection for the next token request of a grant type (see TokenFaults). */
  faults: TokenFaults;
  close(): void;
}

/** The server's parts, as the router hands requests to them. */
interface Parts {
  ctx: AuthContext;
  clients: ClientRegistry;
  conns: Connections;
  grants: Grants;
}

function challenge(issuer: string): string {
  return `Bearer resource_metadata="${issuer}/.well-known/oauth-protected-resource/mcp", scope="read"`;
}

export function createFakeAuthServer(opts: FakeAuthServerOptions = {}): FakeAuthServer {
  const ctx = new AuthContext(opts);
  const parts: Parts = { ctx, clients: new ClientRegistry(ctx), conns: new Connections(ctx), grants: new Grants(ctx) };
  const { conns } = parts;
  return {
    routes: (req, res, url) => route(parts, req, res, url),
    validateToken: (token) => conns.validate(token),
    connectionFor: (token) => conns.connectionFor(token),
    challenge,
    clients: parts.clients.clients,
    connections: () => [...conns.all.values()],
    activeConnections: () => [...conns.all.values()].filter((c) => !c.revoked),
    tokenRequests: ctx.tokenRequests,
    stats: ctx.stats,
    faults: ctx.faults,
    expireAccessTokens: () => conns.expireAccessTokens(),
    revokeAll: (reason = "disconnected in the account area") => conns.revokeAll(reason),
    close: () => parts.grants.clear(),
  };
}

const isMine = (path: string, challengeMcp: boolean) =>
  path === "/.well-known/oauth-authorization-server" ||
  path.startsWith("/.well-known/oauth-protected-resource") ||
  path.startsWith("/oauth/") ||
  (path === "/mcp" && challengeMcp);

/** Every request of the server passes here first; false when it is not the authorization server's. */
async function route(parts: Parts, req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const { ctx } = parts;
  // Count what each keep-alive connection has carried.
  ctx.served.set(req.socket, (ctx.served.get(req.socket) ?? 0) + 1);
  const path = url.pathname;
  const method = req.method ?? "GET";
  if (!isMine(path, ctx.opts.challengeMcp !== false)) return false;
  if (path === "/mcp") {
    const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "");
    if (m && parts.conns.validate(m[1].trim())) return false; // the API answers
    cors(req, res, ctx.opts.corsCredentials);
    if (method === "OPTIONS") return res.writeHead(204).end(), true;
    json(res, 401, { detail: "Missing, unknown or revoked credential" }, { "WWW-Authenticate": challenge(ctx.issuerOf(req)) });
    return true;
  }
  cors(req, res, ctx.opts.corsCredentials);
  if (method === "OPTIONS") {
    res.writeHead(204);
    res.end();
    return true;
  }
  try {
    await endpoint(parts, req, res, url, method);
  } catch (e) {
    if (!res.headersSent) json(res, 500, { detail: String((e as Error)?.message ?? e) });
  }
  return true;
}

async function endpoint(parts: Parts, req: IncomingMessage, res: ServerResponse, url: URL, method: string): Promise<void> {
  const { ctx, clients, conns, grants } = parts;
  const path = url.pathname;
  if (path === "/.well-known/oauth-authorization-server" && method === "GET") json(res, 200, metadata(ctx, req));
  else if (path.startsWith("/.well-known/oauth-protected-resource") && method === "GET") {
    const iss = ctx.issuerOf(req);
    json(res, 200, { resource: `${iss}/mcp`, authorization_servers: [iss], scopes_supported: ["read"], bearer_methods_supported: ["header"] });
  } else if (path === "/oauth/register" && method === "POST") await clients.register(req, res);
  else if (path === "/oauth/authorize" && method === "GET") authorizeGet(ctx, clients, grants, req, res, url);
  else if (path === "/oauth/authorize" && method === "POST") await authorizePost(ctx, grants, req, res);
  else if (path === "/oauth/token" && method === "POST") await tokenEndpoint(ctx, clients, conns, grants, req, res);
  else if (path === "/oauth/revoke" && method === "POST") await revocationEndpoint(ctx, clients, conns, req, res);
  else json(res, 405, { detail: "Method not allowed" });
}

/** RFC 8414 metadata. */
function metadata(ctx: AuthContext, req: IncomingMessage) {
  const iss = ctx.issuerOf(req);
  return {
    issuer: iss,
    authorization_endpoint: `${ctx.appUrlOf(req)}/oauth/authorize`,
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
