/**
 * How the OAuth client's requests travel: oauth4webapi's request options (our fetch, a timeout,
 * plain http for loopback only), the connection pool of token requests (src/auth/token-pool.ts),
 * what went over the wire, and the one question every failure must answer first: did the request
 * certainly NOT leave? (Only then may a single-use request be tried again.)
 */
import * as oauth from "oauth4webapi";
import { isLoopbackHttp } from "../platform";
import type { TokenRequestRouting } from "./token-pool";

/** Counts of what went over the wire (tests and the pane's diagnostics). */
export interface WireStats {
  refreshesSent: number;
  codeExchangesSent: number;
  registrationsSent: number;
  revocationsSent: number;
  probesSent: number;
}

export const newWireStats = (): WireStats => ({ refreshesSent: 0, codeExchangesSent: 0, registrationsSent: 0, revocationsSent: 0, probesSent: 0 });

/** Everything a protocol step needs to send a request. */
export interface AuthHttp {
  fetch?: typeof fetch;
  /** Per-request timeout, ms. */
  timeoutMs: number;
  /** Browsers: token requests on a connection pool of their own. Absent in the CLI. */
  tokenRequests?: TokenRequestRouting;
  stats: WireStats;
}

export type RequestOptions = { signal: AbortSignal; [oauth.customFetch]?: typeof fetch; [oauth.allowInsecureRequests]?: boolean };

/** Request options for oauth4webapi: our fetch, a timeout, and http only for loopback URLs. */
export function requestOptions(url: string | undefined, fetchImpl: typeof fetch | undefined, timeoutMs: number): RequestOptions {
  const o: RequestOptions = { signal: AbortSignal.timeout(timeoutMs) };
  if (fetchImpl) o[oauth.customFetch] = fetchImpl;
  if (url && isLoopbackHttp(url)) o[oauth.allowInsecureRequests] = true;
  return o;
}

/** Request options for discovery, registration and revocation (the default pool). */
export function plainOptions(http: AuthHttp, url: string | undefined): RequestOptions {
  return requestOptions(url, http.fetch, http.timeoutMs);
}

/**
 * How long a token answer's body may take once its headers are in. By then the server has processed
 * the request (a refresh token has rotated): cutting the read at the request's deadline would lose the
 * new tokens for good and send the user to sign in again.
 */
const TOKEN_BODY_GRACE_MS = 60_000;

function abortAfter(ctl: AbortController, ms: number): ReturnType<typeof setTimeout> {
  const t = setTimeout(() => ctl.abort(new DOMException("The token request timed out", "TimeoutError")), ms);
  (t as { unref?: () => void }).unref?.(); // a CLI that has read its answer exits without waiting for it
  return t;
}

/**
 * Request options for a token request (code exchange, refresh): its own connection pool where there
 * is one, the request's deadline until the answer's headers arrive, then the body's grace.
 */
export function tokenOptions(http: AuthHttp, endpoint: string | undefined): RequestOptions {
  const routed = endpoint ? http.tokenRequests?.fetchFor(endpoint) : undefined;
  const inner: typeof fetch = routed ?? http.fetch ?? ((input, init) => fetch(input, init));
  const ctl = new AbortController();
  let timer = abortAfter(ctl, http.timeoutMs);
  const headersThenGrace: typeof fetch = async (input, init) => {
    try {
      const res = await inner(input, init);
      clearTimeout(timer);
      timer = abortAfter(ctl, Math.max(http.timeoutMs, TOKEN_BODY_GRACE_MS));
      return res;
    } catch (e) {
      clearTimeout(timer);
      throw e;
    }
  };
  return { ...requestOptions(endpoint, headersThenGrace, http.timeoutMs), signal: ctl.signal };
}

/** Node's connect-phase failures: the request certainly did not reach the server. */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ENETUNREACH",
  "EHOSTUNREACH",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
]);

function errorCode(e: unknown): string | undefined {
  const err = e as { code?: unknown; cause?: { code?: unknown; cause?: { code?: unknown } } } | undefined;
  for (const c of [err?.code, err?.cause?.code, err?.cause?.cause?.code]) if (typeof c === "string") return c;
  return undefined;
}

/** True only when we know the request never left (connection refused, DNS, argument errors). */
export function certainlyNotSent(e: unknown): boolean {
  const code = errorCode(e);
  if (!code) return false;
  return NOT_SENT_CODES.has(code) || code.startsWith("ERR_INVALID_ARG") || code === oauth.HTTP_REQUEST_FORBIDDEN || code === oauth.REQUEST_PROTOCOL_FORBIDDEN;
}

/** What became of a token request that was sent at most once. */
type TokenSend = { kind: "answered"; res: Response } | { kind: "not_sent"; error: unknown } | { kind: "lost"; error: unknown };

/**
 * Send one token request (never retried) and tell the pool whether its answer could be read (a
 * browser says TypeError: network, or CORS refusing credentials after all).
 */
export async function sendTokenRequest(http: AuthHttp, endpoint: string | undefined, send: () => Promise<Response>): Promise<TokenSend> {
  try {
    const res = await send();
    if (endpoint) http.tokenRequests?.readable(endpoint);
    return { kind: "answered", res };
  } catch (e) {
    if (endpoint && e instanceof TypeError) http.tokenRequests?.unreadable(endpoint);
    return certainlyNotSent(e) ? { kind: "not_sent", error: e } : { kind: "lost", error: e };
  }
}

/** What a token endpoint's answer meant, by oauth4webapi's error classes (never by their text). */
export type TokenAnswer<T> =
  | { kind: "tokens"; tokens: T }
  /** An OAuth error body (`error`, e.g. invalid_grant) with its HTTP status. */
  | { kind: "refused"; error: string; status: number; cause: unknown }
  /** A WWW-Authenticate challenge (the server no longer accepts the client). */
  | { kind: "challenge" }
  /** 5xx, malformed or unreadable: the server may have processed the request. */
  | { kind: "unexpected"; error: unknown };

export async function readTokenAnswer<T>(res: Response, process: (res: Response) => Promise<T>): Promise<TokenAnswer<T>> {
  try {
    return { kind: "tokens", tokens: await process(res) };
  } catch (e) {
    if (e instanceof oauth.ResponseBodyError && res.status < 500) return { kind: "refused", error: e.error, status: res.status, cause: e };
    if (e instanceof oauth.WWWAuthenticateChallengeError) return { kind: "challenge" };
    return { kind: "unexpected", error: e };
  }
}

/** An error's message for a user-facing line. */
export function messageOf(e: unknown): string {
  return String((e as Error)?.message ?? e);
}
