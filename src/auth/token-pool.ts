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
 * An answer is kept for a week (CORS settings change), then learnt again at the next safe moment.
 * Two token requests in a row in the own pool whose answers cannot be read put the endpoint in the
 * shared pool for that week: an endpoint that admits a credentialed GET but not a credentialed POST
 * must not cost its user a sign-in every hour, while one lost answer (a network fault) must not
 * give up the own pool.
 */
import type { StorageLike } from "./store";

export type TokenPool = "own" | "shared";

/** How long Chromium keeps a used idle connection (ClientSocketPool kUsedIdleSocketTimeout). */
export const IDLE_CONNECTION_MS = 5 * 60_000;

/** How long a learnt answer is trusted. */
export const REMEMBER_MS = 7 * 24 * 3_600_000;

export interface TokenPoolOptions {
  fetch?: typeof fetch;
  /** Where the answer is remembered across runtimes (localStorage), if anywhere. */
  storage?: StorageLike | null;
  /** Key prefix (the token store's partition). */
  prefix?: string;
  timeoutMs?: number;
  /** ms since the epoch. */
  now?: () => number;
}

/** The token-request side of the OAuth client in a browser (absent in the CLI: Node does not resend). */
export interface TokenRequestRouting {
  /** The fetch for a token request (code exchange, refresh) to `endpoint`, or undefined for the default. */
  fetchFor(endpoint: string): typeof fetch | undefined;
  /** The credentials mode of the origin probe before a refresh: the pool token requests do NOT use. */
  probeCredentials(endpoint: string): RequestCredentials;
  /** Learn (once, remembered) whether `endpoint` admits credentialed requests. Never throws. */
  learn(endpoint: string): Promise<TokenPool | null>;
  /** A token request's answer could not be read (twice in a row in the own pool: the shared pool for a while). */
  unreadable(endpoint: string): void;
  /** A token request's answer was read. */
  readable(endpoint: string): void;
}

interface Known {
  pool: TokenPool;
  at: number;
  /** Unreadable answers in a row in the own pool. */
  failures: number;
}

export class TokenPoolRouter implements TokenRequestRouting {
  private readonly known = new Map<string, Known>();
  private readonly learning = new Map<string, Promise<TokenPool | null>>();
  private readonly f: typeof fetch;

  constructor(private readonly o: TokenPoolOptions = {}) {
    this.f = o.fetch ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  }

  private key(endpoint: string): string {
    return `${this.o.prefix ?? ""}svc-auth:token-pool:${endpoint}`;
  }

  private now(): number {
    return this.o.now ? this.o.now() : Date.now();
  }

  /** What is known of `endpoint` (memory, then storage), if not older than a week. */
  private current(endpoint: string): Known | null {
    let k = this.known.get(endpoint);
    if (!k) {
      try {
        const m = /^(own|shared):(\d+)(?::(\d+))?$/.exec(this.o.storage?.getItem(this.key(endpoint)) ?? "");
        if (m) this.known.set(endpoint, (k = { pool: m[1] as TokenPool, at: Number(m[2]), failures: Number(m[3] ?? 0) }));
      } catch {
        /* storage unreadable: not known */
      }
    }
    return k && this.now() - k.at < REMEMBER_MS ? k : null;
  }

  /** The pool token requests to `endpoint` use; null = not learnt (the shared one meanwhile). */
  pool(endpoint: string): TokenPool | null {
    return this.current(endpoint)?.pool ?? null;
  }

  private remember(endpoint: string, k: Known): void {
    this.known.set(endpoint, k);
    try {
      this.o.storage?.setItem(this.key(endpoint), `${k.pool}:${k.at}${k.failures ? `:${k.failures}` : ""}`);
    } catch {
      /* full or blocked storage: known for this runtime only */
    }
  }

  unreadable(endpoint: string): void {
    const k = this.current(endpoint);
    if (k?.pool !== "own") return;
    if (k.failures >= 1) this.remember(endpoint, { pool: "shared", at: this.now(), failures: 0 });
    else this.remember(endpoint, { ...k, failures: 1 });
  }

  readable(endpoint: string): void {
    const k = this.current(endpoint);
    if (k?.pool === "own" && k.failures > 0) this.remember(endpoint, { ...k, failures: 0 });
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
          // Short: at sign-in the dialog waits for this (a hung answer is "not known", asked another time).
          signal: AbortSignal.timeout(this.o.timeoutMs ?? 5_000),
        });
        await res.body?.cancel().catch(() => undefined);
        return true; // readable, whatever the status (a GET of a token endpoint is a 4xx)
      } catch {
        return false;
      }
    };
    const found = async (): Promise<TokenPool | null> => {
      if (await get("include")) return "own";
      // Refused with credentials: CORS, or nothing answered at all? Only the former is an answer.
      return (await get("omit")) ? "shared" : null;
    };
    const pool = await found();
    if (pool) this.remember(endpoint, { pool, at: this.now(), failures: 0 });
    return pool;
  }
}
