/**
 * The OAuth 2.1 public client (oauth4webapi does the protocol work). It is the add-in's and the
 * CLI's CredentialSource.
 *
 * The one rule everything here serves: refresh tokens rotate, and presenting an old refresh token or
 * an authorization code a second time revokes the whole connection. Hence:
 *  - a code is exchanged exactly once (a PendingSignIn is spent before the request goes out);
 *  - refresh is single-flight inside a runtime (one promise) and across runtimes/processes (a
 *    CrossLock), and the store is re-read inside the lock: if someone else already rotated, their
 *    tokens are used and nothing is sent;
 *  - a refresh that may have reached the server without an answer coming back (timeout, connection
 *    reset, unreadable answer, 5xx) is never repeated: the state becomes "reauth_required" and the
 *    old refresh token is forgotten.
 */
import * as oauth from "oauth4webapi";
import type { CredentialSource } from "../api/client";
import { SvcError } from "../api/errors";
import { CrossLock, LocalLock } from "../platform/locks";
import { isLoopbackHttp, isSecureOrLoopback } from "../platform/urls";
import { Discovered, discover, requestOptions } from "./discovery";
import { SignInError } from "./errors";
import {
  AuthState,
  ClientRegistration,
  StoredServerMetadata,
  TokenRecord,
  TokenStore,
  normaliseBaseUrl,
} from "./store";

export const SIGNED_OUT_MESSAGE = "Sign in from the SVC pane";
export const SCOPE = "read";

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
  /** A pre-registered client id: skips dynamic registration. */
  clientId?: string;
  /** The message of the SvcError("signed_out") that getToken rejects with. */
  signedOutMessage?: string;
  /** True when the runtime knows it is offline (then a refresh is not even attempted). */
  isOffline?: () => boolean;
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
  /** Counts of what went over the wire (tests and the pane's diagnostics). */
  readonly stats = { refreshesSent: 0, codeExchangesSent: 0, registrationsSent: 0, revocationsSent: 0 };

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

  private get tokenLock(): string {
    return `svc-token:${this.baseUrl}`;
  }

  private signedOut(): SvcError {
    return new SvcError("signed_out", this.signedOutMessage);
  }

  private fresh(rec: TokenRecord): boolean {
    return !!rec.access_token && (rec.expires_at === undefined || rec.expires_at - this.skewMs > this.now());
  }

  private ro(url: string | undefined) {
    return requestOptions(url, this.fetchImpl, this.timeoutMs);
  }

  // ---------------------------------------------------------------- status

  async status(): Promise<AuthStatus> {
    const rec = await this.store.getTokens(this.baseUrl);
    if (!rec) return { state: "signed_out" };
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

  // ---------------------------------------------------------------- CredentialSource

  async getToken(): Promise<string> {
    const rec = await this.store.getTokens(this.baseUrl);
    if (!rec || rec.state !== "signed_in" || !rec.access_token) throw this.signedOut();
    if (this.fresh(rec)) return rec.access_token;
    if (!rec.refresh_token) {
      await this.setState(rec, "reauth_required", "The sign-in has expired; sign in again");
      throw this.signedOut();
    }
    return this.refresh({ kind: "expired" });
  }

  async onUnauthorized(refused: string): Promise<string | null> {
    const rec = await this.store.getTokens(this.baseUrl);
    if (!rec || rec.state !== "signed_in") throw this.signedOut();
    // Someone (another cell, another runtime) already has a newer token.
    if (rec.access_token && rec.access_token !== refused && this.fresh(rec)) return rec.access_token;
    if (!rec.refresh_token) {
      await this.setState(rec, "reauth_required", "The sign-in is no longer accepted; sign in again");
      throw this.signedOut();
    }
    const next = await this.refresh({ kind: "refused", token: refused });
    return next !== refused ? next : null;
  }

  /** Single-flight: one promise per runtime, one lock across runtimes, store re-read inside. */
  private refresh(reason: RefreshReason): Promise<string> {
    if (this.inflight) return this.inflight;
    const p = this.lock.run(this.tokenLock, () => this.refreshLocked(reason));
    const tracked = p.finally(() => {
      if (this.inflight === tracked) this.inflight = null;
    });
    this.inflight = tracked;
    return tracked;
  }

  private async refreshLocked(reason: RefreshReason): Promise<string> {
    const cur = await this.store.getTokens(this.baseUrl);
    if (!cur || cur.state !== "signed_in" || !cur.refresh_token) throw this.signedOut();
    // Another runtime or process rotated while we waited for the lock: use its tokens.
    if (reason.kind === "expired" && this.fresh(cur)) return cur.access_token!;
    if (reason.kind === "refused" && cur.access_token !== reason.token && this.fresh(cur)) return cur.access_token!;
    return this.sendRefresh(cur);
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

  private async sendRefresh(cur: TokenRecord): Promise<string> {
    if (!cur.client_id || !cur.refresh_token) throw this.signedOut();
    let server: StoredServerMetadata;
    try {
      server = await this.serverFor(cur.issuer);
    } catch (e) {
      throw new SvcError("network", `Could not reach the sign-in server: ${(e as Error).message}`);
    }
    const as = server as oauth.AuthorizationServer;
    const client: oauth.Client = { client_id: cur.client_id };
    if (this.opts.isOffline?.()) throw new SvcError("network", "Offline: the sign-in cannot be renewed now");

    let res: Response;
    this.stats.refreshesSent++;
    try {
      const params: Record<string, string> = {};
      if (cur.resource) params.resource = cur.resource;
      res = await oauth.refreshTokenGrantRequest(as, client, oauth.None(), cur.refresh_token, {
        additionalParameters: params,
        ...this.ro(server.token_endpoint),
      });
    } catch (e) {
      if (certainlyNotSent(e)) {
        this.stats.refreshesSent--;
        throw new SvcError("network", `Could not reach the sign-in server: ${(e as Error).message}`);
      }
      // Sent, perhaps processed, no answer: the old refresh token must never be presented again.
      await this.setState(cur, "reauth_required", "The sign-in could not be renewed (no answer from the server); sign in again");
      throw this.signedOut();
    }
    if (res.status === 429) {
      // Rate-limited before processing: the refresh token is still the current one.
      await res.body?.cancel().catch(() => undefined);
      throw new SvcError("busy", "The sign-in server is busy; try again shortly", { status: 429 });
    }
    let tr: oauth.TokenEndpointResponse;
    try {
      tr = await oauth.processRefreshTokenResponse(as, client, res);
    } catch (e) {
      if (e instanceof oauth.ResponseBodyError && res.status >= 400 && res.status < 500) {
        if (e.error === "invalid_client" || e.error === "unauthorized_client") {
          if (cur.issuer) await this.store.clearClient(cur.issuer);
          await this.setState(cur, "signed_out", "This app's registration is no longer known to the server; sign in again");
        } else if (e.error === "invalid_grant") {
          await this.setState(cur, "signed_out", "The connection was revoked or has expired; sign in again");
        } else {
          await this.setState(cur, "signed_out", `The server refused to renew the sign-in (${e.error}); sign in again`);
        }
        throw this.signedOut();
      }
      if (e instanceof oauth.WWWAuthenticateChallengeError) {
        await this.setState(cur, "signed_out", "The server no longer accepts this app's sign-in; sign in again");
        throw this.signedOut();
      }
      // 5xx, a malformed or unreadable answer: the refresh may have been processed.
      await this.setState(cur, "reauth_required", "The sign-in could not be renewed (unexpected answer from the server); sign in again");
      throw this.signedOut();
    }
    const next: TokenRecord = {
      ...cur,
      state: "signed_in",
      access_token: tr.access_token,
      expires_at: typeof tr.expires_in === "number" ? this.now() + tr.expires_in * 1000 : undefined,
      refresh_token: tr.refresh_token ?? cur.refresh_token,
      scope: tr.scope ?? cur.scope,
      message: undefined,
      updated_at: this.now(),
    };
    if (next.expires_at === undefined) delete next.expires_at;
    delete next.message;
    await this.store.setTokens(this.baseUrl, next);
    void this.notifyStatus();
    return tr.access_token;
  }

  /** Move to a state without tokens (the refresh token is forgotten for good). */
  private async setState(cur: TokenRecord, state: AuthState, message: string): Promise<void> {
    const rec: TokenRecord = {
      state,
      message,
      issuer: cur.issuer,
      client_id: cur.client_id,
      resource: cur.resource,
      updated_at: this.now(),
    };
    await this.store.setTokens(this.baseUrl, rec);
    void this.notifyStatus();
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
    return this.lock.run(`svc-register:${as.issuer}`, async () => {
      const known = await this.store.getClient(as.issuer);
      if (known && known.redirect_uris.includes(redirectUri)) {
        const server = pickServer(as);
        if (JSON.stringify(known.server) !== JSON.stringify(server)) {
          known.server = server;
          await this.store.setClient(known);
        }
        return known;
      }
      if (!as.registration_endpoint) {
        throw new SignInError("registration_failed", "The sign-in server offers no client registration");
      }
      this.stats.registrationsSent++;
      let reg: Awaited<ReturnType<typeof oauth.processDynamicClientRegistrationResponse>>;
      try {
        const res = await oauth.dynamicClientRegistrationRequest(
          as,
          {
            client_name: this.opts.clientName ?? "SVC for Excel",
            redirect_uris: [redirectUri],
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
        redirect_uris: Array.isArray(reg.redirect_uris) ? (reg.redirect_uris as string[]) : [redirectUri],
        registered_at: this.now(),
        server: pickServer(as),
      };
      if (!stored.redirect_uris.includes(redirectUri)) stored.redirect_uris.push(redirectUri);
      await this.store.setClient(stored);
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
        ...this.ro(as.token_endpoint),
      });
    } catch (e) {
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
          await this.store.clearClient(pending.issuer);
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
    const previous = await this.lock.run(this.tokenLock, async () => {
      const prev = await this.store.getTokens(this.baseUrl);
      await this.store.setTokens(this.baseUrl, rec);
      return prev;
    });
    // Signing in again replaces a connection: revoke the one replaced (best effort) so none is orphaned.
    if (previous?.state === "signed_in" && previous.refresh_token && previous.client_id && previous.refresh_token !== rec.refresh_token) {
      await this.revoke(previous).catch(() => undefined);
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

  /** Revoke the refresh token (RFC 7009; the whole connection goes with it) and clear the store. */
  async signOut(): Promise<{ revoked: boolean; error?: string }> {
    const result = await this.lock.run(this.tokenLock, async () => {
      const cur = await this.store.getTokens(this.baseUrl);
      let revoked = false;
      let error: string | undefined;
      const token = cur?.refresh_token ?? (cur?.state === "signed_in" ? cur.access_token : undefined);
      if (cur && token && cur.client_id) {
        try {
          await this.revoke(cur);
          revoked = true;
        } catch (e) {
          error = e instanceof oauth.ResponseBodyError ? e.error : (e as Error).message;
        }
      }
      await this.store.clearTokens(this.baseUrl);
      return { revoked, ...(error ? { error } : {}) };
    });
    void this.notifyStatus();
    return result;
  }
}
