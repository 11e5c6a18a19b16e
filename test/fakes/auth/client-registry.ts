/**
 * The registered clients (RFC 7591 dynamic registration): exact redirect URIs (https, or http on
 * loopback), public (`none`) or `client_secret_post` clients, at most `registrationsPerHour` new
 * clients per remote address per hour.
 */
import type { IncomingMessage, ServerResponse } from "http";
import { json, oauthError, rand, readBody } from "./auth-http";
import type { AuthContext } from "./auth-context";

export interface FakeClient {
  client_id: string;
  client_secret?: string;
  redirect_uris: string[];
  token_endpoint_auth_method: string;
  client_name?: string;
  registered_at: number;
  address: string;
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

export class ClientRegistry {
  readonly clients = new Map<string, FakeClient>();
  /** When each remote address registered a client. */
  private readonly regTimes = new Map<string, number[]>();

  constructor(private readonly ctx: AuthContext) {}

  get(clientId: string): FakeClient | undefined {
    return this.clients.get(clientId);
  }

  /** The client a token or revocation request names, if its authentication holds. */
  authenticate(params: URLSearchParams): FakeClient | null {
    const c = this.clients.get(params.get("client_id") ?? "");
    if (!c) return null;
    if (c.token_endpoint_auth_method === "client_secret_post" && params.get("client_secret") !== c.client_secret) return null;
    return c;
  }

  /** POST /oauth/register. */
  async register(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { now } = this.ctx;
    const addr = req.socket.remoteAddress ?? "?";
    const hourAgo = now() - 3600_000;
    const times = (this.regTimes.get(addr) ?? []).filter((t) => t > hourAgo);
    if (times.length >= this.ctx.regLimit) {
      this.regTimes.set(addr, times);
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
    this.regTimes.set(addr, times);
    const c = this.add(uris as string[], method, body.client_name, addr);
    json(res, 201, registrationAnswer(c));
  }

  private add(uris: string[], method: string, name: unknown, addr: string): FakeClient {
    const c: FakeClient = {
      client_id: `svc_client_${rand(12)}`,
      redirect_uris: uris,
      token_endpoint_auth_method: method,
      client_name: typeof name === "string" ? name.slice(0, 100) : undefined,
      registered_at: this.ctx.now(),
      address: addr,
    };
    if (method === "client_secret_post") c.client_secret = rand(32);
    this.clients.set(c.client_id, c);
    this.ctx.stats.registrations++;
    return c;
  }
}

function registrationAnswer(c: FakeClient): Record<string, unknown> {
  return {
    client_id: c.client_id,
    ...(c.client_secret ? { client_secret: c.client_secret, client_secret_expires_at: 0 } : {}),
    client_id_issued_at: Math.floor(c.registered_at / 1000),
    redirect_uris: c.redirect_uris,
    token_endpoint_auth_method: c.token_endpoint_auth_method,
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
    scope: "read",
    ...(c.client_name ? { client_name: c.client_name } : {}),
  };
}
