/**
 * The OAuth 2.1 public client: the add-in's and the CLI's CredentialSource. It composes the
 * protocol steps, each a module along oauth4webapi's seams:
 *
 *   discovery.ts               where the authorization server is (RFC 9728, RFC 8414)
 *   registration.ts            the client registration, once per issuer (RFC 7591)
 *   authorization.ts           the authorization request: PKCE S256, state (RFC 7636)
 *   authorization-response.ts  the callback: redirect URI, iss (RFC 9207), state, error
 *   code-exchange.ts           the code grant, exactly once
 *   refresh.ts                 the refresh protocol (README, "Sign-in: the refresh protocol")
 *   revocation.ts              sign-out and replaced connections (RFC 7009)
 *   token-record.ts, token-keeper.ts  the record (a union of its states) and this runtime's view of it
 *   http.ts                    request options, the token-request pool, "certainly not sent"
 *
 * The one rule everything serves: refresh tokens rotate, and presenting an old refresh token or an
 * authorization code a second time revokes the whole connection. Every write of the credentials
 * record (registration, tokens, delete) happens under ONE cross-runtime lock (`CREDENTIALS_LOCK`),
 * re-reading the record inside it.
 */
import type { CredentialSource } from "../api";
import { SIGN_IN_MESSAGE, SvcError } from "../api";
import { tellEach } from "../platform";
import { CrossLock, LocalLock } from "../platform";
import { isSecureOrLoopback } from "../platform";
import { PendingSignIn, requireS256, startAuthorization } from "./authorization";
import { checkAuthorizationResponse } from "./authorization-response";
import { exchangeCode } from "./code-exchange";
import { Discovered, discover, serverMetadata } from "./discovery";
import { SignedOutError, SignInError } from "./errors";
import { AuthHttp, WireStats, messageOf, newWireStats } from "./http";
import { NetworkChecks, Refresher } from "./refresh";
import { RegistrationOptions, SCOPE, ensureClient } from "./registration";
import { Revocable, revocable, revocationFailure, revoke } from "./revocation";
import { IDLE_CONNECTION_MS, TokenRequestRouting } from "./token-pool";
import { AuthStatus, TokenKeeper, saveFailure } from "./token-keeper";
import { SignedInRecord, TokenRecord, connectionIdOf, signedInRecord } from "./token-record";
import { StoredServerMetadata, TokenStore } from "./store";
import { normaliseBaseUrl } from "../platform";

export type { AuthStatus } from "./token-keeper";
export type { PendingSignIn } from "./authorization";

export const SIGNED_OUT_MESSAGE = SIGN_IN_MESSAGE;
/** The one lock every write of the credentials record happens under (all base URLs share it). */
export const CREDENTIALS_LOCK = "svc-credentials";

export interface OAuthClientOptions extends NetworkChecks {
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
  /**
   * Browsers: token requests on a connection pool of their own, so the browser cannot resend a
   * refresh by itself (src/auth/token-pool.ts). Absent in the CLI (Node's fetch never resends a POST).
   */
  tokenRequests?: TokenRequestRouting;
  /** Called after a sign-out or a sign-in again is recorded (sign-out clears the connection's cache). */
  onSignedOut?: () => void | Promise<void>;
}

export class OAuthClient implements CredentialSource {
  readonly baseUrl: string;
  /** Counts of what went over the wire (tests and the pane's diagnostics). */
  readonly stats: WireStats = newWireStats();
  private readonly lock: CrossLock;
  private readonly now: () => number;
  private readonly skewMs: number;
  private readonly http: AuthHttp;
  private readonly keeper: TokenKeeper;
  private readonly refresher: Refresher;
  private discovered: Promise<Discovered> | null = null;
  private listeners = new Set<(s: AuthStatus) => void>();

  constructor(private readonly opts: OAuthClientOptions) {
    this.baseUrl = normaliseBaseUrl(opts.baseUrl);
    this.lock = opts.lock ?? new LocalLock();
    this.now = opts.now ?? (() => Date.now());
    this.skewMs = opts.refreshSkewMs ?? 60_000;
    this.http = { fetch: opts.fetch, timeoutMs: opts.timeoutMs ?? 20_000, tokenRequests: opts.tokenRequests, stats: this.stats };
    const notify = () => void this.notifyStatus();
    this.keeper = new TokenKeeper({
      store: opts.store,
      baseUrl: this.baseUrl,
      now: this.now,
      skewMs: this.skewMs,
      signedOutMessage: opts.signedOutMessage ?? SIGNED_OUT_MESSAGE,
      signInHint: opts.signInHint,
      notify,
    });
    this.refresher = new Refresher({
      keeper: this.keeper,
      locked: (fn) => this.locked(fn),
      http: this.http,
      serverFor: (issuer) => this.serverFor(issuer),
      clearClient: (issuer) => opts.store.clearClient(issuer),
      now: this.now,
      isOffline: opts.isOffline,
      probeOrigin: opts.probeOrigin,
      notify,
    });
  }

  /** Run `fn` holding the credentials lock (every write of the record goes through here). */
  private locked<T>(fn: () => Promise<T>): Promise<T> {
    return this.lock.run(CREDENTIALS_LOCK, fn);
  }

  /**
   * Off the hot path (runtime start): learn where token requests may travel, but only while the
   * next refresh is far enough away that the learning request's connection is gone by then.
   */
  async prepareTokenRequests(): Promise<void> {
    const routing = this.opts.tokenRequests;
    if (!routing) return;
    try {
      const rec = await this.keeper.current();
      if (rec?.state !== "signed_in" || rec.expires_at === undefined) return;
      if (rec.expires_at - this.skewMs - this.now() < IDLE_CONNECTION_MS + 60_000) return;
      const server = await this.serverFor(rec.issuer);
      if (server.token_endpoint) await routing.learn(server.token_endpoint);
    } catch {
      /* learnt another time */
    }
  }

  // ---------------------------------------------------------------- status

  status(): Promise<AuthStatus> {
    return this.keeper.status();
  }

  /** Called after every change this runtime makes; returns an unsubscribe function. */
  onStatusChange(listener: (s: AuthStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Re-announce the stored status (e.g. on a `storage` event from another runtime). */
  async notifyStatus(): Promise<void> {
    tellEach(this.listeners, await this.status());
  }

  /** Another runtime changed the record (a `storage` event): forget what this runtime held in memory. */
  async externalChange(): Promise<void> {
    const rec = await this.keeper.read();
    if (rec) this.keeper.forget();
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
   * Nothing but an SvcError leaves the credential source. Anything else (the
   * credentials file unreadable, the lock directory refused or a lock wait timed out) happened
   * before a refresh was sent; it becomes "signed_out" with the reason, never a retryable kind.
   */
  private asAuthError(e: unknown): SvcError {
    if (e instanceof SvcError) return e;
    return this.keeper.withHint(`The sign-in could not be checked (${messageOf(e)})`);
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

  /**
   * Which connection the calls are made on, "oauth:" + issuer + "|" + client_id + "|"
   * + sign_in_id (random per sign-in, kept across refreshes, never a secret); null when signed out.
   */
  async connectionId(): Promise<string | null> {
    try {
      return connectionIdOf(await this.keeper.current());
    } catch (e) {
      throw this.asAuthError(e);
    }
  }

  private async getTokenUnchecked(): Promise<string> {
    // Credentials never go over plain http except to loopback (a sandbox on this machine).
    if (!isSecureOrLoopback(this.baseUrl)) throw new SignedOutError(`Refusing to send credentials over plain http to ${new URL(this.baseUrl).host}; use https`);
    const session = this.keeper.session;
    if (session) return this.keeper.sessionToken(session);
    const rec = await this.keeper.read();
    if (!rec || rec.state !== "signed_in") throw this.keeper.signedOut(rec);
    if (this.keeper.fresh(rec)) return rec.access_token;
    return this.refresher.run({ kind: "expired" });
  }

  private async onUnauthorizedUnchecked(refused: string): Promise<string | null> {
    const session = this.keeper.session;
    if (session) {
      if (session.rec.access_token !== refused && this.keeper.fresh(session.rec)) return session.rec.access_token;
      return this.keeper.sessionToken(session, true);
    }
    const rec = await this.keeper.read();
    if (!rec || rec.state !== "signed_in") throw this.keeper.signedOut(rec);
    // Someone (another cell, another runtime) already has a newer token.
    if (rec.access_token !== refused && this.keeper.fresh(rec)) return rec.access_token;
    const next = await this.refresher.run({ kind: "refused", token: refused });
    return next !== refused ? next : null;
  }

  // ---------------------------------------------------------------- discovery & registration

  /** Discovery, memoised per client (retried after a failure). */
  discover(wwwAuthenticate?: string | null): Promise<Discovered> {
    if (!this.discovered) {
      const p = discover({ baseUrl: this.baseUrl, fetch: this.opts.fetch, wwwAuthenticate, timeoutMs: this.http.timeoutMs });
      this.discovered = p;
      p.catch(() => {
        if (this.discovered === p) this.discovered = null;
      });
    }
    return this.discovered;
  }

  /** The endpoints of `issuer`: kept with its registration, else discovered (and checked to be the same issuer). */
  private async serverFor(issuer: string): Promise<StoredServerMetadata> {
    const reg = await this.opts.store.getClient(issuer);
    if (reg?.server?.token_endpoint) return reg.server;
    const d = await this.discover();
    if (d.as.issuer !== issuer) throw new SignInError("discovery_failed", "The sign-in server has changed");
    return serverMetadata(d.as);
  }

  /** Redirect URIs the stored registration already covers (the CLI reuses its loopback port). */
  async registeredRedirectUris(): Promise<string[]> {
    const d = await this.discover();
    const reg = await this.opts.store.getClient(d.as.issuer);
    return reg?.redirect_uris ?? [];
  }

  private registration(): RegistrationOptions {
    const { store, clientId, clientName, registerRedirectUris } = this.opts;
    return { store, locked: (fn) => this.locked(fn), http: this.http, now: this.now, clientId, clientName, registerRedirectUris };
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
    // Before registering: a registration is scarce, and a server without PKCE S256 is refused anyway.
    requireS256(d.as);
    const reg = await ensureClient(this.registration(), d.as, redirectUri);
    // Learn now, while the user signs in: where the code exchange and every later refresh travel.
    if (d.as.token_endpoint) await this.opts.tokenRequests?.learn(d.as.token_endpoint);
    const pending = await startAuthorization({ as: d.as, clientId: reg.client_id, resource: d.resource, redirectUri, now: this.now() });
    return { authorizeUrl: pending.authorizeUrl, pending };
  }

  /**
   * Finish a sign-in with the URL the authorization server redirected to. Checks the redirect URI,
   * state and iss; then exchanges the code exactly once (never retried, whatever happens).
   */
  async completeSignIn(callbackUrl: string, pending: PendingSignIn): Promise<AuthStatus> {
    if (pending.used) throw new SignInError("already_used", "This sign-in attempt is already finished; start again");
    const params = checkAuthorizationResponse(callbackUrl, pending);
    const forgetClient = (issuer: string) => this.locked(() => this.opts.store.clearClient(issuer));
    const tokens = await exchangeCode({ http: this.http, forgetClient }, pending, params);
    const rec = signedInRecord({ issuer: pending.issuer, client_id: pending.clientId, resource: pending.resource }, tokens, this.now(), SCOPE);
    const replaced = await this.locked(() => this.saveSignIn(rec));
    // Signing in again replaces a connection: revoke the one replaced (best effort) so none is orphaned.
    for (const old of replaced) {
      const what = revocable(old);
      if (what?.hint === "refresh_token" && what.token !== rec.refresh_token) await this.revokeAt(what).catch(() => undefined);
    }
    const s = await this.status();
    void this.notifyStatus();
    return s;
  }

  /** Save a new sign-in (under the lock); returns the records it replaces (stored and unsaved). */
  private async saveSignIn(rec: SignedInRecord): Promise<Array<TokenRecord | null>> {
    const prev = await this.keeper.read();
    const unsaved = this.keeper.session?.rec ?? null;
    try {
      await this.keeper.write(rec);
      this.keeper.forget();
    } catch (e) {
      // Signed in, but it cannot be kept: this run works with it in memory.
      this.keeper.forget();
      this.keeper.keepInMemory(rec, `The sign-in could not be saved (${saveFailure(e)}); it lasts until this session ends`);
    }
    return [prev, unsaved];
  }

  // ---------------------------------------------------------------- sign-out

  private async revokeAt(what: Revocable): Promise<void> {
    await revoke(this.http, await this.serverFor(what.issuer), what);
  }

  /**
   * Revoke the refresh token (RFC 7009; the whole connection goes with it) and delete the record,
   * under the credentials lock: a refresh in progress finishes first, and it is its NEW token that
   * is revoked. The client registration is kept (registrations are scarce).
   */
  async signOut(): Promise<{ revoked: boolean; error?: string }> {
    const result = await this.locked(async () => {
      // A token marked in flight may already be rotated: presenting it (even to revoke) is a reuse.
      const what = revocable(await this.keeper.current());
      let revoked = false;
      let error: string | undefined;
      if (what) {
        try {
          await this.revokeAt(what);
          revoked = true;
        } catch (e) {
          error = revocationFailure(e);
        }
      }
      this.keeper.forget();
      await this.keeper.clear();
      return { revoked, ...(error ? { error } : {}) };
    });
    void this.notifyStatus();
    await this.signedOutHook();
    return result;
  }
}
