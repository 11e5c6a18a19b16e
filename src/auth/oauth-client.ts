/**
 * The OAuth 2.1 public client (oauth4webapi does the protocol work). It is the add-in's and the
 * CLI's CredentialSource.
 *
 * The one rule everything here serves: refresh tokens rotate, and presenting an old refresh token or
 * an authorization code a second time revokes the whole connection. Hence:
 *  - a code is exchanged exactly once (a PendingSignIn is spent before the request goes out);
 *  - every write of the credentials record (registration, tokens, delete) happens under ONE
 *    cross-runtime lock (`CREDENTIALS_LOCK`), re-reading the record inside it;
 *  - refresh is single-flight inside a runtime (one promise) and across runtimes/processes (that
 *    lock); if someone else already rotated, their tokens are used and nothing is sent;
 *  - the refresh protocol (README, "Refresh protocol") marks "refresh in flight" before sending,
 *    keeps a rotated answer in memory even when it cannot be saved, and turns every outcome it
 *    cannot be sure of into "sign in again" (SignedOutError with a reason) — never a resend.
 */
import * as oauth from "oauth4webapi";
import type { CredentialSource } from "../api/client";
import { SIGN_IN_MESSAGE, SvcError } from "../api/errors";
import { CrossLock, LocalLock } from "../platform/locks";
import { isLoopbackHttp, isSecureOrLoopback } from "../platform/urls";
import { Discovered, discover, requestOptions } from "./discovery";
import { SignedOutError, SignInError } from "./errors";
import { IDLE_CONNECTION_MS, TokenRequestRouting } from "./token-pool";
import {
  AuthState,
  ClientRegistration,
  StoredServerMetadata,
  TokenRecord,
  TokenStore,
  normaliseBaseUrl,
} from "./store";

export const SIGNED_OUT_MESSAGE = SIGN_IN_MESSAGE;
export const SCOPE = "read";
/** The one lock every write of the credentials record happens under (all base URLs share it). */
export const CREDENTIALS_LOCK = "svc-credentials";

export interface AuthStatus {
  state: AuthState;
  /** Why (shown in the pane): e.g. "The connection was revoked; sign in again". */
  message?: string;
  /** Access token expiry, ms since the epoch. */
  expiresAt?: number;
  issuer?: string;
}

/** One sign-in attempt. Lives in memory in the runtime that started it; never persisted. */
export interface PendingSignIn {
  readonly state: string;
  readonly codeVerifier: string;
  readonly redirectUri: string;
  readonly issuer: string;
  readonly clientId: string;
  readonly resource: string;
  readonly authorizeUrl: string;
  readonly createdAt: number;
  /** Set before the code exchange is sent; a spent attempt can never exchange again. */
  used: boolean;
  /** @internal */
  readonly as: oauth.AuthorizationServer;
}

export interface OAuthClientOptions {
  /** The API base URL ({base_url}); tokens are stored per base URL. */
  baseUrl: string;
  store: TokenStore;
  /** Cross-runtime / cross-process lock (WebLock in the browser, FileLock in the CLI). */
  lock?: CrossLock;
  fetch?: typeof fetch;
  /** ms since the epoch. */
  now?: () => number;
  /** Refresh this long before the access token expires (default 60 s). */
  refreshSkewMs?: number;
  /** Per-request timeout for token, registration and revocation requests (default 20 s). */
  timeoutMs?: number;
  clientName?: string;
  /** A pre-registered client id (SVC_CLIENT_ID): skips dynamic registration. */
  clientId?: string;
  /** Redirect URIs to register together (the CLI's fixed loopback ports): one registration serves them all. */
  registerRedirectUris?: string[];
  /** The detail of the SignedOutError when there is no sign-in at all. */
  signedOutMessage?: string;
  /** Appended to a "sign in again" reason in errors (e.g. the CLI's "run `svc-excel login`"). */
  signInHint?: string;
  /** True when the runtime knows it is offline (navigator.onLine === false): nothing is sent. */
  isOffline?: () => boolean;
  /**
   * A side-effect-free check that the token endpoint's ORIGIN answers at all (not the token
   * endpoint). Run before a refresh is sent; false = "not sent": the refresh token is kept.
   */
  probeOrigin?: (origin: string, credentials?: RequestCredentials) => Promise<boolean>;
  /**
   * Browsers: token requests on a connection pool of their own, so the browser cannot resend a
   * refresh by itself (src/auth/token-pool.ts). Absent in the CLI (Node's fetch never resends a POST).
   */
  tokenRequests?: TokenRequestRouting;
  /** Called after a sign-out or a sign-in again is recorded (sign-out clears the connection's cache). */
  onSignedOut?: () => void | Promise<void>;
}

/** SHA-256 of a refresh token (hex, 128 bits): what the in-flight marker records instead of the token. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A store error in words a user can act on ("disk full", "read-only"), for the "sign in again" reason. */
export function saveFailure(e: unknown): string {
  const code = (e as { code?: unknown })?.code;
  const name = (e as { name?: unknown })?.name;
  if (code === "ENOSPC" || code === "EDQUOT") return "the disk is full";
  if (code === "EROFS") return "the file system is read-only";
  if (code === "EACCES" || code === "EPERM") return "the credentials file is not writable";
  if (name === "QuotaExceededError") return "the browser storage is full";
  return String((e as Error)?.message ?? e);
}

type RefreshReason = { kind: "expired" } | { kind: "refused"; token: string };

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
  return (
    NOT_SENT_CODES.has(code) ||
    code.startsWith("ERR_INVALID_ARG") ||
    code === oauth.HTTP_REQUEST_FORBIDDEN ||
    code === oauth.REQUEST_PROTOCOL_FORBIDDEN
  );
}

function pickServer(as: oauth.AuthorizationServer): StoredServerMetadata {
  return {
    issuer: as.issuer,
    authorization_endpoint: as.authorization_endpoint,
    token_endpoint: as.token_endpoint,
    registration_endpoint: as.registration_endpoint,
    revocation_endpoint: as.revocation_endpoint,
    authorization_response_iss_parameter_supported: as.authorization_response_iss_parameter_supported,
  };
}

export class OAuthClient implements CredentialSource {
  readonly baseUrl: string;
  private readonly store: TokenStore;
  private readonly lock: CrossLock;
  private readonly fetchImpl?: typeof fetch;
  private readonly now: () => number;
  private readonly skewMs: number;
  private readonly timeoutMs: number;
  private readonly signedOutMessage: string;
  private inflight: Promise<string> | null = null;
  private discovered: Promise<Discovered> | null = null;
  private listeners = new Set<(s: AuthStatus) => void>();
  /**
   * Tokens this run received but could not save. While set they are the truth for this runtime:
   * the stored record (deleted, or holding an older token) is never read for a token again.
   */
  private session: TokenRecord | null = null;
  /** Why this runtime last ended in "sign in again" (used when even the reason could not be saved). */
  private lastReason: string | null = null;
  /** Counts of what went over the wire (tests and the pane's diagnostics). */
  readonly stats = { refreshesSent: 0, codeExchangesSent: 0, registrationsSent: 0, revocationsSent: 0, probesSent: 0 };

  constructor(private readonly opts: OAuthClientOptions) {
    this.baseUrl = normaliseBaseUrl(opts.baseUrl);
    this.store = opts.store;
    this.lock = opts.lock ?? new LocalLock();
    this.fetchImpl = opts.fetch;
    this.now = opts.now ?? (() => Date.now());
    this.skewMs = opts.refreshSkewMs ?? 60_000;
    this.timeoutMs = opts.timeoutMs ?? 20_000;
    this.signedOutMessage = opts.signedOutMessage ?? SIGNED_OUT_MESSAGE;
  }

  /** Run `fn` holding the credentials lock (every write of the record goes through here). */
  private locked<T>(fn: () => Promise<T>): Promise<T> {
    return this.lock.run(CREDENTIALS_LOCK, fn);
  }

  /** The error for "no usable sign-in": with the recorded reason when there is one. */
  private signedOut(rec?: TokenRecord | null): SignedOutError {
    const reason = rec?.state === "reauth_required" || rec?.state === "signed_out" ? rec.message : undefined;
    const why = reason ?? (rec ? undefined : this.lastReason ?? undefined);
    if (!why) return new SignedOutError("Not signed in", this.signedOutMessage);
    return new SignedOutError(why, this.opts.signInHint ? `${why} (${this.opts.signInHint})` : why);
  }

  private fresh(rec: TokenRecord): boolean {
    return !!rec.access_token && (rec.expires_at === undefined || rec.expires_at - this.skewMs > this.now());
  }

  private ro(url: string | undefined) {
    return requestOptions(url, this.fetchImpl, this.timeoutMs);
  }

  /** Request options for a token request (code exchange, refresh): its own connection pool where there is one. */
  private tokenRo(endpoint: string | undefined) {
    const routed = endpoint ? this.opts.tokenRequests?.fetchFor(endpoint) : undefined;
    return requestOptions(endpoint, routed ?? this.fetchImpl, this.timeoutMs);
  }

  /** A token request's answer could not be read (a browser says TypeError: network, or CORS refusing credentials after all). */
  private tokenRequestFailed(endpoint: string | undefined, e: unknown): void {
    if (endpoint && e instanceof TypeError) this.opts.tokenRequests?.unreadable(endpoint);
  }

  private tokenRequestRead(endpoint: string | undefined): void {
    if (endpoint) this.opts.tokenRequests?.readable(endpoint);
  }

  /**
   * Off the hot path (runtime start): learn where token requests may travel, but only while the
   * next refresh is far enough away that the learning request's connection is gone by then.
   */
  async prepareTokenRequests(): Promise<void> {
    const routing = this.opts.tokenRequests;
    if (!routing) return;
    try {
      const rec = this.session ?? (await this.store.getTokens(this.baseUrl));
      if (!rec || rec.state !== "signed_in" || rec.expires_at === undefined) return;
      if (rec.expires_at - this.skewMs - this.now() < IDLE_CONNECTION_MS + 60_000) return;
      const server = await this.serverFor(rec.issuer);
      if (server.token_endpoint) await routing.learn(server.token_endpoint);
    } catch {
      /* learnt another time */
    }
  }

  /** Credentials never go over plain http except to loopback (a sandbox on this machine). */
  private transportProblem(): string | null {
    return isSecureOrLoopback(this.baseUrl) ? null : `Refusing to send credentials over plain http to ${new URL(this.baseUrl).host}; use https`;
  }

  // ---------------------------------------------------------------- status

  async status(): Promise<AuthStatus> {
    if (this.session) {
      return { state: "signed_in", message: this.session.message, expiresAt: this.session.expires_at, issuer: this.session.issuer };
    }
    const rec = await this.store.getTokens(this.baseUrl);
    if (!rec) return this.lastReason ? { state: "reauth_required", message: this.lastReason } : { state: "signed_out" };
    const s: AuthStatus = { state: rec.state };
    if (rec.message) s.message = rec.message;
    if (rec.expires_at !== undefined && rec.state === "signed_in") s.expiresAt = rec.expires_at;
    if (rec.issuer) s.issuer = rec.issuer;
    return s;
  }

  /** Called after every change this runtime makes; returns an unsubscribe function. */
  onStatusChange(listener: (s: AuthStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Re-announce the stored status (e.g. on a `storage` event from another runtime). */
  async notifyStatus(): Promise<void> {
    const s = await this.status();
    for (const l of [...this.listeners]) {
      try {
        l(s);
      } catch {
        /* a listener's failure is its own */
      }
    }
  }

  /** Another runtime changed the record (a `storage` event): forget what this runtime held in memory. */
  async externalChange(): Promise<void> {
    const rec = await this.store.getTokens(this.baseUrl);
    if (rec) {
      this.session = null;
      this.lastReason = null;
    }
    await this.notifyStatus();
    // The record is gone: another runtime signed out (its cache and quota state go here too).
    if (!rec) await this.signedOutHook();
  }

  private async signedOutHook(): Promise<void> {
    try {
      await this.opts.onSignedOut?.();
    } catch {
      /* clearing a cache must not turn a sign-out into a failure */
    }
  }

  // ---------------------------------------------------------------- CredentialSource

  /**
   * Contract 3: nothing but an SvcError leaves the credential source. Anything else (the
   * credentials file unreadable, the lock directory refused or a lock wait timed out) happened
   * before a refresh was sent; it becomes "signed_out" with the reason, never a retryable kind.
   */
  private asAuthError(e: unknown): SvcError {
    if (e instanceof SvcError) return e;
    const why = `The sign-in could not be checked (${(e as Error)?.message ?? String(e)})`;
    return new SignedOutError(why, this.opts.signInHint ? `${why} (${this.opts.signInHint})` : why);
  }

  async getToken(): Promise<string> {
    try {
      return await this.getTokenUnchecked();
    } catch (e) {
      throw this.asAuthError(e);
    }
  }

  async onUnauthorized(refused: string): Promise<string | null> {
    try {
      return await this.onUnauthorizedUnchecked(refused);
    } catch (e) {
      throw this.asAuthError(e);
    }
  }

  private async getTokenUnchecked(): Promise<string> {
    const bad = this.transportProblem();
    if (bad) throw new SignedOutError(bad);
    if (this.session) return this.sessionToken();
    const rec = await this.store.getTokens(this.baseUrl);
    if (!rec || rec.state !== "signed_in" || !rec.access_token) throw this.signedOut(rec);
    if (this.fresh(rec)) return rec.access_token;
    return this.refresh({ kind: "expired" });
  }

  private async onUnauthorizedUnchecked(refused: string): Promise<string | null> {
    if (this.session) {
      if (this.session.access_token !== refused && this.fresh(this.session)) return this.session.access_token!;
      return this.sessionToken(true);
    }
    const rec = await this.store.getTokens(this.baseUrl);
    if (!rec || rec.state !== "signed_in") throw this.signedOut(rec);
    // Someone (another cell, another runtime) already has a newer token.
    if (rec.access_token && rec.access_token !== refused && this.fresh(rec)) return rec.access_token;
    const next = await this.refresh({ kind: "refused", token: refused });
    return next !== refused ? next : null;
  }

  /** The unsaved session's access token while it lasts; then "sign in again" (it can be neither saved nor refreshed safely). */
  private sessionToken(refused = false): string {
    const s = this.session!;
    if (!refused && this.fresh(s)) return s.access_token!;
    throw this.signedOut({ state: "reauth_required", message: s.message ?? "The sign-in could not be saved; sign in again" });
  }

  /** Single-flight: one promise per runtime, one lock across runtimes, record re-read inside. */
  private refresh(reason: RefreshReason): Promise<string> {
    if (this.inflight) return this.inflight;
    const p = this.locked(() => this.refreshLocked(reason));
    const tracked = p.finally(() => {
      if (this.inflight === tracked) this.inflight = null;
    });
    this.inflight = tracked;
    return tracked;
  }

  /**
   * The refresh protocol, holding the credentials lock (README: Architecture, "Refresh protocol"):
   *   READ -> (someone else rotated: use theirs) | (marker for this token: SIGN IN AGAIN)
   *   -> (offline or origin unreachable: NOT SENT) -> MARK (fails: SIGN IN AGAIN)
   *   -> SEND -> not sent: UNMARK, keep token | lost or ambiguous: SIGN IN AGAIN | refused: SIGNED OUT
   *   -> rotated: SAVE (clears the mark) | save fails: tokens kept in memory for this run + SIGN IN AGAIN.
   */
  private async refreshLocked(reason: RefreshReason): Promise<string> {
    if (this.session) return this.sessionToken(reason.kind === "refused" && this.session.access_token === reason.token);
    const cur = await this.store.getTokens(this.baseUrl);
    if (!cur || cur.state !== "signed_in" || !cur.access_token) throw this.signedOut(cur);
    // Another runtime or process rotated while we waited for the lock: use its tokens.
    if (reason.kind === "expired" && this.fresh(cur)) return cur.access_token;
    if (reason.kind === "refused" && cur.access_token !== reason.token && this.fresh(cur)) return cur.access_token;
    if (!cur.refresh_token || !cur.client_id) {
      throw await this.signInAgain(cur, reason.kind === "refused" ? "The sign-in is no longer accepted" : "The sign-in has expired");
    }
    const hash = await tokenHash(cur.refresh_token);
    if (cur.refresh_in_flight?.hash === hash) {
      // Its holder lost the lock mid-refresh (killed, crashed, lock compromised): the token may be rotated.
      throw await this.signInAgain(cur, "A renewal of the sign-in was interrupted before its answer was saved");
    }
    let server: StoredServerMetadata;
    try {
      server = await this.serverFor(cur.issuer);
    } catch (e) {
      throw new SvcError("network", `Could not reach the sign-in server: ${(e as Error).message}`);
    }
    if (!server.token_endpoint) throw await this.signInAgain(cur, "The sign-in server offers no token endpoint");
    await this.notSentCheck(server.token_endpoint);

    const marked: TokenRecord = { ...cur, refresh_in_flight: { hash, at: this.now() } };
    try {
      await this.store.setTokens(this.baseUrl, marked);
    } catch (e) {
      throw await this.signInAgain(cur, `The sign-in could not be saved (${saveFailure(e)})`);
    }

    const as = server as oauth.AuthorizationServer;
    const client: oauth.Client = { client_id: cur.client_id };
    let res: Response;
    this.stats.refreshesSent++;
    try {
      const params: Record<string, string> = {};
      if (cur.resource) params.resource = cur.resource;
      res = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), cur.refresh_token, {
        additionalParameters: params,
        ...this.tokenRo(server.token_endpoint),
      });
      this.tokenRequestRead(server.token_endpoint);
    } catch (e) {
      this.tokenRequestFailed(server.token_endpoint, e);
      if (certainlyNotSent(e)) {
        this.stats.refreshesSent--;
        await this.unmark(cur);
        throw new SvcError("network", `Could not reach the sign-in server: ${(e as Error).message}`);
      }
      // Sent, perhaps processed, no answer: the old refresh token must never be presented again.
      throw await this.signInAgain(cur, "The sign-in could not be renewed (no answer from the server)");
    }
    if (res.status === 429) {
      // Rate-limited before processing: the refresh token is still the current one.
      await res.body?.cancel().catch(() => undefined);
      await this.unmark(cur);
      throw new SvcError("busy", "The sign-in server is busy; try again shortly", { status: 429 });
    }
    let tr: oauth.TokenEndpointResponse;
    try {
      tr = await oauth.processRefreshTokenResponse(as, client, res);
    } catch (e) {
      if (e instanceof oauth.ResponseBodyError && res.status >= 400 && res.status < 500) {
        if (e.error === "invalid_client" || e.error === "unauthorized_client") {
          if (cur.issuer) await this.store.clearClient(cur.issuer).catch(() => undefined);
          throw await this.signInAgain(cur, "This app's registration is no longer known to the server", "signed_out");
        }
        if (e.error === "invalid_grant") throw await this.signInAgain(cur, "The connection was revoked or has expired", "signed_out");
        throw await this.signInAgain(cur, `The server refused to renew the sign-in (${e.error})`, "signed_out");
      }
      if (e instanceof oauth.WWWAuthenticateChallengeError) {
        throw await this.signInAgain(cur, "The server no longer accepts this app's sign-in", "signed_out");
      }
      // 5xx, a malformed or unreadable answer: the refresh may have been processed.
      throw await this.signInAgain(cur, "The sign-in could not be renewed (unexpected answer from the server)");
    }
    const next: TokenRecord = {
      state: "signed_in",
      access_token: tr.access_token,
      refresh_token: tr.refresh_token ?? cur.refresh_token,
      scope: tr.scope ?? cur.scope,
      issuer: cur.issuer,
      client_id: cur.client_id,
      resource: cur.resource,
      updated_at: this.now(),
    };
    if (typeof tr.expires_in === "number") next.expires_at = this.now() + tr.expires_in * 1000;
    try {
      await this.store.setTokens(this.baseUrl, next);
    } catch (e) {
      // The server has rotated: the stored token is dead. Work on with the new tokens in memory
      // for this run; on disk, "sign in again" (a delete, which needs no space).
      const why = `The renewed sign-in could not be saved (${saveFailure(e)})`;
      await this.signInAgain(cur, why);
      this.session = { ...next, message: `${why}; it lasts until this session ends, then sign in again` };
      void this.notifyStatus();
      return tr.access_token;
    }
    this.lastReason = null;
    void this.notifyStatus();
    return tr.access_token;
  }

  /** Offline, or the token endpoint's origin does not answer: nothing is sent, the token is kept. */
  private async notSentCheck(tokenEndpoint: string): Promise<void> {
    if (this.opts.isOffline?.()) throw new SvcError("network", "Offline: the sign-in will be renewed when the connection is back");
    if (this.opts.probeOrigin) {
      this.stats.probesSent++;
      const credentials = this.opts.tokenRequests?.probeCredentials(tokenEndpoint);
      const ok = await this.opts.probeOrigin(new URL(tokenEndpoint).origin, credentials).catch(() => false);
      if (!ok) throw new SvcError("network", "The sign-in server cannot be reached; the sign-in will be renewed when it can");
    }
  }

  /** Nothing was sent after all: remove the in-flight mark (if even that fails, sign in again). */
  private async unmark(cur: TokenRecord): Promise<void> {
    try {
      await this.store.setTokens(this.baseUrl, { ...cur, refresh_in_flight: undefined });
    } catch (e) {
      throw await this.signInAgain(cur, `The sign-in could not be saved (${saveFailure(e)})`);
    }
  }

  /**
   * "Sign in again": the record is deleted (needs no space), then a small record with the reason
   * is written if it can be. The refresh token is forgotten for good. Returns the error to throw.
   */
  private async signInAgain(cur: TokenRecord, reason: string, state: AuthState = "reauth_required"): Promise<SignedOutError> {
    const message = `${reason}; sign in again`;
    this.lastReason = message;
    const rec: TokenRecord = { state, message, issuer: cur.issuer, client_id: cur.client_id, resource: cur.resource, updated_at: this.now() };
    try {
      await this.store.clearTokens(this.baseUrl, rec);
    } catch {
      /* e.g. a read-only file system: the marker (if written) still prevents a resend; the reason stays in memory */
    }
    void this.notifyStatus();
    return this.signedOut(rec);
  }

  private async serverFor(issuer: string | undefined): Promise<StoredServerMetadata> {
    if (issuer) {
      const reg = await this.store.getClient(issuer);
      if (reg?.server?.token_endpoint) return reg.server;
    }
    const d = await this.discover();
    if (issuer && d.as.issuer !== issuer) throw new SignInError("discovery_failed", "The sign-in server has changed");
    return pickServer(d.as);
  }

  // ---------------------------------------------------------------- discovery & registration

  /** Discovery, memoised per client (retried after a failure). */
  discover(wwwAuthenticate?: string | null): Promise<Discovered> {
    if (!this.discovered) {
      const p = discover({ baseUrl: this.baseUrl, fetch: this.fetchImpl, wwwAuthenticate, timeoutMs: this.timeoutMs });
      this.discovered = p;
      p.catch(() => {
        if (this.discovered === p) this.discovered = null;
      });
    }
    return this.discovered;
  }

  /** Redirect URIs the stored registration already covers (the CLI reuses its loopback port). */
  async registeredRedirectUris(): Promise<string[]> {
    const d = await this.discover();
    const reg = await this.store.getClient(d.as.issuer);
    return reg?.redirect_uris ?? [];
  }

  private async ensureClient(as: oauth.AuthorizationServer, redirectUri: string): Promise<ClientRegistration> {
    if (this.opts.clientId) {
      return { issuer: as.issuer, client_id: this.opts.clientId, redirect_uris: [redirectUri], registered_at: 0, server: pickServer(as) };
    }
    return this.locked(async () => {
      const known = await this.store.getClient(as.issuer);
      if (known && known.redirect_uris.includes(redirectUri)) {
        const server = pickServer(as);
        if (JSON.stringify(known.server) !== JSON.stringify(server)) {
          known.server = server;
          await this.store.setClient(known).catch(() => undefined);
        }
        return known;
      }
      if (!as.registration_endpoint) {
        throw new SignInError("registration_failed", "The sign-in server offers no client registration");
      }
      // One registration for every address this app may listen on (registrations are scarce).
      const uris = [...new Set([...(this.opts.registerRedirectUris ?? []), redirectUri])];
      this.stats.registrationsSent++;
      let reg: Awaited<ReturnType<typeof oauth.processDynamicClientRegistrationResponse>>;
      try {
        const res = await oauth.dynamicClientRegistrationRequest(
          as,
          {
            client_name: this.opts.clientName ?? "SVC for Excel",
            redirect_uris: uris,
            token_endpoint_auth_method: "none",
            grant_types: ["authorization_code", "refresh_token"],
            response_types: ["code"],
            scope: SCOPE,
            // OpenID DCR: a loopback redirect is a native app's (RFC 8252).
            application_type: isLoopbackHttp(redirectUri) ? "native" : "web",
          },
          this.ro(as.registration_endpoint)
        );
        if (res.status === 429) throw new Error("too many registrations from this address; try again within the hour");
        reg = await oauth.processDynamicClientRegistrationResponse(res);
      } catch (e) {
        const why = e instanceof oauth.ResponseBodyError ? `${e.error}${e.error_description ? `: ${e.error_description}` : ""}` : (e as Error).message;
        throw new SignInError("registration_failed", `Could not register this app with the sign-in server (${why})`, { cause: e });
      }
      const stored: ClientRegistration = {
        issuer: as.issuer,
        client_id: reg.client_id,
        redirect_uris: Array.isArray(reg.redirect_uris) ? (reg.redirect_uris as string[]) : uris,
        registered_at: this.now(),
        server: pickServer(as),
      };
      if (!stored.redirect_uris.includes(redirectUri)) stored.redirect_uris.push(redirectUri);
      try {
        await this.store.setClient(stored);
      } catch (e) {
        // Registered but not kept: this sign-in can still finish; the next one registers again.
        void e;
      }
      return stored;
    });
  }

  // ---------------------------------------------------------------- sign-in

  /**
   * Prepare a sign-in: discovery, registration (once per issuer), PKCE S256 and state. Open
   * `authorizeUrl` (Office dialog, or a browser for the CLI); pass the callback URL to completeSignIn.
   */
  async beginSignIn(opts: { redirectUri: string; wwwAuthenticate?: string | null }): Promise<{ authorizeUrl: string; pending: PendingSignIn }> {
    const redirectUri = opts.redirectUri;
    if (!isSecureOrLoopback(redirectUri)) {
      throw new SignInError("invalid_callback", "The redirect URI must be https, or http on 127.0.0.1/localhost");
    }
    const d = await this.discover(opts.wwwAuthenticate);
    const reg = await this.ensureClient(d.as, redirectUri);
    // Learn now, while the user signs in: where the code exchange and every later refresh travel.
    if (d.as.token_endpoint) await this.opts.tokenRequests?.learn(d.as.token_endpoint);
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const challenge = await oauth.calculatePKCECodeChallenge(codeVerifier);
    const url = new URL(d.as.authorization_endpoint!);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("client_id", reg.client_id);
    url.searchParams.set("redirect_uri", redirectUri);
    url.searchParams.set("scope", SCOPE);
    url.searchParams.set("resource", d.resource);
    url.searchParams.set("code_challenge", challenge);
    url.searchParams.set("code_challenge_method", "S256");
    url.searchParams.set("state", state);
    const pending: PendingSignIn = {
      state,
      codeVerifier,
      redirectUri,
      issuer: d.as.issuer,
      clientId: reg.client_id,
      resource: d.resource,
      authorizeUrl: url.toString(),
      createdAt: this.now(),
      used: false,
      as: d.as,
    };
    Object.defineProperty(pending, "codeVerifier", { enumerable: false });
    Object.defineProperty(pending, "as", { enumerable: false });
    return { authorizeUrl: pending.authorizeUrl, pending };
  }

  /**
   * Finish a sign-in with the URL the authorization server redirected to. Checks the redirect URI,
   * state and iss; then exchanges the code exactly once (never retried, whatever happens).
   */
  async completeSignIn(callbackUrl: string, pending: PendingSignIn): Promise<AuthStatus> {
    if (pending.used) throw new SignInError("already_used", "This sign-in attempt is already finished; start again");
    let url: URL;
    try {
      url = new URL(callbackUrl);
    } catch {
      throw new SignInError("invalid_callback", "The sign-in answer is not a URL");
    }
    const expected = new URL(pending.redirectUri);
    if (url.origin !== expected.origin || url.pathname !== expected.pathname) {
      throw new SignInError("invalid_callback", "The sign-in answer did not come to this app's callback address");
    }
    const as = pending.as;
    const client: oauth.Client = { client_id: pending.clientId };
    let params: URLSearchParams;
    try {
      params = oauth.validateAuthResponse(as, client, url, pending.state);
    } catch (e) {
      if (e instanceof oauth.AuthorizationResponseError) {
        pending.used = true;
        const desc = e.error_description ? `: ${e.error_description}` : "";
        throw new SignInError("access_denied", e.error === "access_denied" ? "Sign-in was cancelled (access denied)" : `The sign-in server answered ${e.error}${desc}`, { cause: e });
      }
      const msg = (e as Error).message ?? String(e);
      if (/"state"/.test(msg)) throw new SignInError("state_mismatch", "The sign-in answer does not belong to this sign-in (state mismatch); rejected", { cause: e });
      if (/"iss"/.test(msg)) throw new SignInError("issuer_mismatch", "The sign-in answer came from another server (issuer mismatch); rejected", { cause: e });
      throw new SignInError("invalid_callback", `The sign-in answer is not valid: ${msg}`, { cause: e });
    }
    // Spend the attempt before anything goes out: a code is presented at most once.
    pending.used = true;
    let res: Response;
    this.stats.codeExchangesSent++;
    try {
      res = await oauth.authorizationCodeGrantRequest(as, client, oauth.None(), params, pending.redirectUri, pending.codeVerifier, {
        additionalParameters: { resource: pending.resource },
        ...this.tokenRo(as.token_endpoint),
      });
      this.tokenRequestRead(as.token_endpoint);
    } catch (e) {
      this.tokenRequestFailed(as.token_endpoint, e);
      throw new SignInError(
        certainlyNotSent(e) ? "exchange_failed" : "exchange_ambiguous",
        certainlyNotSent(e)
          ? `Could not reach the sign-in server (${(e as Error).message}); sign in again`
          : "No answer from the sign-in server while finishing sign-in; sign in again",
        { cause: e }
      );
    }
    let tr: oauth.TokenEndpointResponse;
    try {
      tr = await oauth.processAuthorizationCodeResponse(as, client, res);
    } catch (e) {
      if (e instanceof oauth.ResponseBodyError && res.status < 500) {
        if (e.error === "invalid_client") {
          await this.locked(() => this.store.clearClient(pending.issuer)).catch(() => undefined);
          throw new SignInError("invalid_client", "The sign-in server no longer knows this app; sign in again to register it", { cause: e });
        }
        throw new SignInError("exchange_failed", `The sign-in server refused the sign-in (${e.error}); sign in again`, { cause: e });
      }
      throw new SignInError("exchange_ambiguous", "Unexpected answer from the sign-in server while finishing sign-in; sign in again", { cause: e });
    }
    const rec: TokenRecord = {
      state: "signed_in",
      access_token: tr.access_token,
      refresh_token: tr.refresh_token,
      scope: tr.scope ?? SCOPE,
      issuer: pending.issuer,
      client_id: pending.clientId,
      resource: pending.resource,
      updated_at: this.now(),
    };
    if (typeof tr.expires_in === "number") rec.expires_at = this.now() + tr.expires_in * 1000;
    if (!rec.refresh_token) delete rec.refresh_token;
    const previous = await this.locked(async () => {
      const prev = await this.store.getTokens(this.baseUrl);
      const unsaved = this.session;
      try {
        await this.store.setTokens(this.baseUrl, rec);
        this.session = null;
      } catch (e) {
        // Signed in, but it cannot be kept: this run works with it in memory.
        this.session = { ...rec, message: `The sign-in could not be saved (${saveFailure(e)}); it lasts until this session ends` };
      }
      this.lastReason = null;
      return [prev, unsaved];
    });
    // Signing in again replaces a connection: revoke the one replaced (best effort) so none is orphaned.
    for (const old of previous) {
      if (old?.state === "signed_in" && old.refresh_token && old.client_id && old.refresh_token !== rec.refresh_token && !old.refresh_in_flight) {
        await this.revoke(old).catch(() => undefined);
      }
    }
    const s = await this.status();
    void this.notifyStatus();
    return s;
  }

  // ---------------------------------------------------------------- sign-out

  /** RFC 7009 revocation of a record's refresh token (or its access token when it has none). */
  private async revoke(rec: TokenRecord): Promise<void> {
    const token = rec.refresh_token ?? rec.access_token;
    if (!token || !rec.client_id) return;
    const server = await this.serverFor(rec.issuer);
    if (!server.revocation_endpoint) throw new Error("the server offers no revocation endpoint");
    this.stats.revocationsSent++;
    const res = await oauth.revocationRequest(server as oauth.AuthorizationServer, { client_id: rec.client_id }, oauth.None(), token, {
      additionalParameters: { token_type_hint: rec.refresh_token ? "refresh_token" : "access_token" },
      ...this.ro(server.revocation_endpoint),
    });
    await oauth.processRevocationResponse(res);
  }

  /**
   * Revoke the refresh token (RFC 7009; the whole connection goes with it) and delete the record,
   * under the credentials lock: a refresh in progress finishes first, and it is its NEW token that
   * is revoked. The client registration is kept (registrations are scarce).
   */
  async signOut(): Promise<{ revoked: boolean; error?: string }> {
    const result = await this.locked(async () => {
      const stored = await this.store.getTokens(this.baseUrl);
      const cur = this.session ?? stored;
      let revoked = false;
      let error: string | undefined;
      // A token marked in flight may already be rotated: presenting it (even to revoke) is a reuse.
      const usable = cur && !cur.refresh_in_flight;
      const token = usable ? cur.refresh_token ?? (cur.state === "signed_in" ? cur.access_token : undefined) : undefined;
      if (cur && token && cur.client_id) {
        try {
          await this.revoke(cur);
          revoked = true;
        } catch (e) {
          error = e instanceof oauth.ResponseBodyError ? e.error : (e as Error).message;
        }
      }
      this.session = null;
      this.lastReason = null;
      await this.store.clearTokens(this.baseUrl);
      return { revoked, ...(error ? { error } : {}) };
    });
    void this.notifyStatus();
    await this.signedOutHook();
    return result;
  }
}
