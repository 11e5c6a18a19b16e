/**
 * Token requests on a connection pool of their own (browsers).
 *
 * Why: Chromium (Edge WebView2 = Excel on Windows, Excel on the web in Chrome or Edge) resends a
 * request by itself — a POST too — when a REUSED keep-alive connection closes before any answer
 * byte (HttpNetworkTransaction::ShouldResendRequest). For a refresh the server has already rotated,
 * that resend presents the rotated token and the API revokes the whole connection: the user is
 * signed out although our client sent once. The token endpoint is on the API's origin ({base_url}/
 * oauth/token), so tool calls keep a warm connection to it all day.
 *
 * How: Chromium keys its connection pools by privacy mode, which a page sets only through
 * `credentials`. Tool calls go without credentials; token requests go with credentials "include",
 * in a pool no tool call uses. Refreshes are an hour apart and Chromium drops a used idle connection
 * after 5 minutes, so a refresh always opens a new connection, and Chromium never resends on a new
 * one. The origin probe before a refresh goes to the OTHER pool, so it cannot warm this one.
 *
 * The catch: a credentialed request is readable only when the endpoint's CORS admits credentials
 * (`Access-Control-Allow-Credentials: true` with the page's origin); the spec does not show it. So
 * it is learnt with a GET of the token endpoint (no side effect: a token request is a POST), never
 * shortly before a refresh (that GET would warm the pool), and remembered per endpoint. Until it is
 * known, and where it is refused, token requests stay in the shared pool (README: known limit).
 */
import type { StorageLike } from "./store";

export type TokenPool = "own" | "shared";

/** How long Chromium keeps a used idle connection (ClientSocketPool kUsedIdleSocketTimeout). */
export const IDLE_CONNECTION_MS = 5 * 60_000;

export interface TokenPoolOptions {
  fetch?: typeof fetch;
  /** Where the answer is remembered across runtimes (localStorage), if anywhere. */
  storage?: StorageLike | null;
  /** Key prefix (the token store's partition). */
  prefix?: string;
  timeoutMs?: number;
}

/** The token-request side of the OAuth client in a browser (absent in the CLI: Node does not resend). */
export interface TokenRequestRouting {
  /** The fetch for a token request (code exchange, refresh) to `endpoint`, or undefined for the default. */
  fetchFor(endpoint: string): typeof fetch | undefined;
  /** The credentials mode of the origin probe before a refresh: the pool token requests do NOT use. */
  probeCredentials(endpoint: string): RequestCredentials;
  /** Learn (once, remembered) whether `endpoint` admits credentialed requests. Never throws. */
  learn(endpoint: string): Promise<TokenPool | null>;
  /** A token request in the own pool failed unreadably: learn again next time. */
  forget(endpoint: string): void;
}

export class TokenPoolRouter implements TokenRequestRouting {
  private readonly known = new Map<string, TokenPool>();
  private readonly learning = new Map<string, Promise<TokenPool | null>>();
  private readonly f: typeof fetch;

  constructor(private readonly o: TokenPoolOptions = {}) {
    this.f = o.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  }

  private key(endpoint: string): string {
    return `${this.o.prefix ?? ""}svc-auth:token-pool:${endpoint}`;
  }

  /** What is known of `endpoint` (memory, then storage); null = not learnt yet. */
  pool(endpoint: string): TokenPool | null {
    const mem = this.known.get(endpoint);
    if (mem) return mem;
    try {
      const v = this.o.storage?.getItem(this.key(endpoint));
      if (v === "own" || v === "shared") {
        this.known.set(endpoint, v);
        return v;
      }
    } catch {
      /* storage unreadable: not known */
    }
    return null;
  }

  private remember(endpoint: string, pool: TokenPool): void {
    this.known.set(endpoint, pool);
    try {
      this.o.storage?.setItem(this.key(endpoint), pool);
    } catch {
      /* full or blocked storage: known for this runtime only */
    }
  }

  forget(endpoint: string): void {
    this.known.delete(endpoint);
    try {
      this.o.storage?.removeItem(this.key(endpoint));
    } catch {
      /* nothing to do */
    }
  }

  fetchFor(endpoint: string): typeof fetch | undefined {
    if (this.pool(endpoint) !== "own") return undefined;
    const f = this.f;
    return (input, init) => f(input, { ...init, credentials: "include" });
  }

  probeCredentials(endpoint: string): RequestCredentials {
    return this.pool(endpoint) === "own" ? "omit" : "include";
  }

  learn(endpoint: string): Promise<TokenPool | null> {
    const k = this.pool(endpoint);
    if (k) return Promise.resolve(k);
    let p = this.learning.get(endpoint);
    if (!p) {
      p = this.ask(endpoint).finally(() => this.learning.delete(endpoint));
      this.learning.set(endpoint, p);
    }
    return p;
  }

  private async ask(endpoint: string): Promise<TokenPool | null> {
    const get = async (credentials: RequestCredentials): Promise<boolean> => {
      try {
        const res = await this.f(endpoint, {
          method: "GET",
          credentials,
          cache: "no-store",
          headers: { Accept: "application/json" },
          signal: AbortSignal.timeout(this.o.timeoutMs ?? 10_000),
        });
        await res.body?.cancel().catch(() => undefined);
        return true; // readable, whatever the status (a GET of a token endpoint is a 4xx)
      } catch {
        return false;
      }
    };
    if (await get("include")) {
      this.remember(endpoint, "own");
      return "own";
    }
    // Refused with credentials: CORS, or nothing answered at all? Only the former is an answer.
    if (await get("omit")) {
      this.remember(endpoint, "shared");
      return "shared";
    }
    return null;
  }
}
