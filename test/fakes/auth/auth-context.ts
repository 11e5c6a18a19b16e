/** What every part of the fake authorization server shares: its options, clock, counters and fault switch. */
import type { IncomingMessage } from "http";

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

export interface TokenRequestLog {
  grantType: string;
  outcome: string;
  at: number;
  /** It came on a connection that had carried an earlier request (a reused keep-alive connection). */
  reusedConnection: boolean;
}

export interface AuthStats {
  registrations: number;
  codeExchanges: number;
  refreshes: number;
  revocations: number;
  reuseRevocations: number;
  /** Every presentation (token or revocation endpoint, revoked connection or not) of a refresh token already rotated. */
  rotatedPresentations: number;
}

/**
 * Fault injection for the next token request of a grant type: "drop" processes the request, then
 * cuts the connection without answering (a network cut after the request was sent); "cut" sends
 * the status line and headers, then cuts the connection in the middle of the body; "500"
 * processes it and answers 500; "delay:<ms>" answers late.
 */
export interface TokenFaults {
  token?: { grantType?: string; action: "drop" | "cut" | "500" | `delay:${number}` } | null;
}

export class AuthContext {
  readonly now: () => number;
  /** Lifetimes in ms. */
  readonly accessTtl: number;
  readonly refreshTtl: number;
  readonly codeTtl: number;
  /** New registrations per hour per remote address. */
  readonly regLimit: number;
  readonly stats: AuthStats = { registrations: 0, codeExchanges: 0, refreshes: 0, revocations: 0, reuseRevocations: 0, rotatedPresentations: 0 };
  readonly tokenRequests: TokenRequestLog[] = [];
  readonly faults: TokenFaults = { token: null };
  /** Requests each keep-alive connection (socket) has carried. */
  readonly served = new WeakMap<object, number>();

  constructor(readonly opts: FakeAuthServerOptions) {
    this.now = opts.now ?? (() => Date.now());
    this.accessTtl = (opts.accessTtlSec ?? 3600) * 1000;
    this.refreshTtl = (opts.refreshTtlSec ?? 30 * 86400) * 1000;
    this.codeTtl = (opts.codeTtlSec ?? 600) * 1000;
    this.regLimit = opts.registrationsPerHour ?? 10;
  }

  issuerOf(req: IncomingMessage): string {
    const i = typeof this.opts.issuer === "function" ? this.opts.issuer() : this.opts.issuer;
    return (i ?? `http://${req.headers.host}`).replace(/\/+$/, "");
  }

  appUrlOf(req: IncomingMessage): string {
    const a = typeof this.opts.appUrl === "function" ? this.opts.appUrl() : this.opts.appUrl;
    return (a ?? this.issuerOf(req)).replace(/\/+$/, "");
  }
}
