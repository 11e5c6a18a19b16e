/**
 * The refresh protocol (README, "Sign-in: the refresh protocol"). Refresh tokens rotate, and
 * presenting an old one revokes the whole connection; so a refresh is single-flight inside a
 * runtime (one promise) and across runtimes and processes (the credentials lock, with the record
 * re-read inside it), and every outcome it cannot be sure of becomes "sign in again", never a resend:
 *
 *   READ -> (someone else rotated: use theirs) | (marker for this token: SIGN IN AGAIN)
 *   -> (offline or origin unreachable: NOT SENT) -> MARK (fails: SIGN IN AGAIN)
 *   -> SEND -> not sent or 429: UNMARK, keep token | lost or ambiguous: SIGN IN AGAIN | refused: SIGNED OUT
 *   -> rotated: SAVE (clears the mark) | save fails: tokens kept in memory for this run + SIGN IN AGAIN.
 */
import * as oauth from "oauth4webapi";
import { SvcError } from "../api";
import type { SignedOutError } from "./errors";
import { AuthHttp, TokenAnswer, messageOf, readTokenAnswer, sendTokenRequest, tokenOptions } from "./http";
import type { StoredServerMetadata } from "./store";
import { TokenKeeper, saveFailure } from "./token-keeper";
import { RenewableRecord, SignedInRecord, markedRecord, renewedRecord, tokenHash, unmarkedRecord } from "./token-record";

/** Why a refresh is wanted: the access token expired, or the API refused `token` (401). */
type RefreshReason = { kind: "expired" } | { kind: "refused"; token: string };

/** What a runtime knows about the network before a token request is sent (a refresh is never sent blind). */
export interface NetworkChecks {
  /** True when the runtime knows it is offline (navigator.onLine === false): nothing is sent. */
  isOffline?: () => boolean;
  /**
   * A side-effect-free check that the token endpoint's ORIGIN answers at all (not the token
   * endpoint). Run before a refresh is sent; false = "not sent": the refresh token is kept.
   */
  probeOrigin?: (origin: string, credentials?: RequestCredentials) => Promise<boolean>;
}

interface RefreshOptions extends NetworkChecks {
  keeper: TokenKeeper;
  /** Runs `fn` holding the credentials lock. */
  locked: <T>(fn: () => Promise<T>) => Promise<T>;
  http: AuthHttp;
  /** The token endpoint and friends of an issuer (kept with the registration, else discovered). */
  serverFor: (issuer: string) => Promise<StoredServerMetadata>;
  /** Forget the registration of an issuer (the server no longer knows the client). */
  clearClient: (issuer: string) => Promise<void>;
  now: () => number;
  /** Announce a change of status. */
  notify: () => void;
}

const isRenewable = (rec: SignedInRecord): rec is RenewableRecord => typeof rec.refresh_token === "string";

export class Refresher {
  private inflight: Promise<string> | null = null;

  constructor(private readonly o: RefreshOptions) {}

  /** The new access token. Single-flight: one promise per runtime, one lock across runtimes. */
  run(reason: RefreshReason): Promise<string> {
    if (this.inflight) return this.inflight;
    const tracked = this.o.locked(() => this.underLock(reason)).finally(() => {
      if (this.inflight === tracked) this.inflight = null;
    });
    this.inflight = tracked;
    return tracked;
  }

  /** READ, and decide: someone else's tokens, "sign in again", or a refresh of our own. */
  private async underLock(reason: RefreshReason): Promise<string> {
    const k = this.o.keeper;
    const session = k.session;
    if (session) return k.sessionToken(session, reason.kind === "refused" && session.rec.access_token === reason.token);
    const cur = await k.read();
    if (!cur || cur.state !== "signed_in") throw k.signedOut(cur);
    // Another runtime or process rotated while we waited for the lock: use its tokens.
    if (k.fresh(cur) && (reason.kind === "expired" || cur.access_token !== reason.token)) return cur.access_token;
    if (!isRenewable(cur)) {
      throw await k.signInAgain(cur, reason.kind === "refused" ? "The sign-in is no longer accepted" : "The sign-in has expired");
    }
    const hash = await tokenHash(cur.refresh_token);
    if (cur.refresh_in_flight?.hash === hash) {
      // Its holder lost the lock mid-refresh (killed, crashed, lock compromised): the token may be rotated.
      throw await k.signInAgain(cur, "A renewal of the sign-in was interrupted before its answer was saved");
    }
    return this.renew(cur, hash);
  }

  /** NOT SENT checks, MARK, SEND, SAVE. */
  private async renew(cur: RenewableRecord, hash: string): Promise<string> {
    const k = this.o.keeper;
    let server: StoredServerMetadata;
    try {
      server = await this.o.serverFor(cur.issuer);
    } catch (e) {
      throw new SvcError("network", `Could not reach the sign-in server: ${messageOf(e)}`);
    }
    const endpoint = server.token_endpoint;
    if (!endpoint) throw await k.signInAgain(cur, "The sign-in server offers no token endpoint");
    await this.notSentCheck(endpoint);
    try {
      await k.write(markedRecord(cur, hash, this.o.now()));
    } catch (e) {
      throw await k.signInAgain(cur, `The sign-in could not be saved (${saveFailure(e)})`);
    }
    const tokens = await this.send(cur, server as oauth.AuthorizationServer, endpoint);
    return this.save(cur, tokens);
  }

  /** Offline, or the token endpoint's origin does not answer: nothing is sent, the token is kept. */
  private async notSentCheck(tokenEndpoint: string): Promise<void> {
    if (this.o.isOffline?.()) throw new SvcError("network", "Offline: the sign-in will be renewed when the connection is back");
    if (!this.o.probeOrigin) return;
    this.o.http.stats.probesSent++;
    const credentials = this.o.http.tokenRequests?.probeCredentials(tokenEndpoint);
    const ok = await this.o.probeOrigin(new URL(tokenEndpoint).origin, credentials).catch(() => false);
    if (!ok) throw new SvcError("network", "The sign-in server cannot be reached; the sign-in will be renewed when it can");
  }

  /** SEND the refresh once and read its answer; every other outcome ends in an error. */
  private async send(cur: RenewableRecord, as: oauth.AuthorizationServer, endpoint: string): Promise<oauth.TokenEndpointResponse> {
    const { http } = this.o;
    const client: oauth.Client = { client_id: cur.client_id };
    const additionalParameters: Record<string, string> = cur.resource ? { resource: cur.resource } : {};
    http.stats.refreshesSent++;
    const sent = await sendTokenRequest(http, endpoint, () =>
      oauth.refreshTokenGrantRequest(as, client, oauth.None(), cur.refresh_token, { additionalParameters, ...tokenOptions(http, endpoint) })
    );
    if (sent.kind === "not_sent") {
      http.stats.refreshesSent--;
      await this.unmark(cur);
      throw new SvcError("network", `Could not reach the sign-in server: ${messageOf(sent.error)}`);
    }
    // Sent, perhaps processed, no answer: the old refresh token must never be presented again.
    if (sent.kind === "lost") throw await this.o.keeper.signInAgain(cur, "The sign-in could not be renewed (no answer from the server)");
    if (sent.res.status === 429) {
      // Rate-limited before processing: the refresh token is still the current one.
      await sent.res.body?.cancel().catch(() => undefined);
      await this.unmark(cur);
      throw new SvcError("busy", "The sign-in server is busy; try again shortly", { status: 429 });
    }
    const answer = await readTokenAnswer(sent.res, (res) => oauth.processRefreshTokenResponse(as, client, res));
    if (answer.kind === "tokens") return answer.tokens;
    throw await this.refused(cur, answer);
  }

  /** The server answered, but with no tokens: signed out when it refused, else "sign in again". */
  private async refused(cur: RenewableRecord, a: Exclude<TokenAnswer<unknown>, { kind: "tokens" }>): Promise<SignedOutError> {
    const k = this.o.keeper;
    if (a.kind === "refused" && a.status >= 400) {
      if (a.error === "invalid_client" || a.error === "unauthorized_client") {
        await this.o.clearClient(cur.issuer).catch(() => undefined);
        return k.signInAgain(cur, "This app's registration is no longer known to the server", "signed_out");
      }
      if (a.error === "invalid_grant") return k.signInAgain(cur, "The connection was revoked or has expired", "signed_out");
      return k.signInAgain(cur, `The server refused to renew the sign-in (${a.error})`, "signed_out");
    }
    if (a.kind === "challenge") return k.signInAgain(cur, "The server no longer accepts this app's sign-in", "signed_out");
    // 5xx, a malformed or unreadable answer: the refresh may have been processed.
    return k.signInAgain(cur, "The sign-in could not be renewed (unexpected answer from the server)");
  }

  /** Nothing was sent after all: remove the in-flight mark (if even that fails, sign in again). */
  private async unmark(cur: RenewableRecord): Promise<void> {
    try {
      await this.o.keeper.write(unmarkedRecord(cur));
    } catch (e) {
      throw await this.o.keeper.signInAgain(cur, `The sign-in could not be saved (${saveFailure(e)})`);
    }
  }

  /** SAVE (replaces the record: the mark goes with it); a failed save keeps the tokens in memory. */
  private async save(cur: RenewableRecord, tokens: oauth.TokenEndpointResponse): Promise<string> {
    const k = this.o.keeper;
    const next = renewedRecord(cur, tokens, this.o.now());
    try {
      await k.write(next);
    } catch (e) {
      // The server has rotated: the stored token is dead. Work on with the new tokens in memory
      // for this run; on disk, "sign in again" (a delete, which needs no space).
      const why = `The renewed sign-in could not be saved (${saveFailure(e)})`;
      await k.signInAgain(cur, why);
      k.keepInMemory(next, `${why}; it lasts until this session ends, then sign in again`);
      this.o.notify();
      return next.access_token;
    }
    k.renewed();
    this.o.notify();
    return next.access_token;
  }
}
