/**
 * The token record of one API base URL as this runtime knows it: the store's record (read afresh
 * every time, parsed into a TokenRecord), the tokens this run received but could not save (they are
 * the truth for this runtime while they last: the stored record is never read for a token again),
 * and why this runtime last ended in "sign in again" (when even the reason could not be saved).
 */
import { SignedOutError } from "./errors";
import type { TokenStore } from "./store";
import { AuthState, EndedRecord, SignedInRecord, TokenRecord, endedRecord, isFresh, parseTokenRecord } from "./token-record";

export interface AuthStatus {
  state: AuthState;
  /** Why (shown in the pane): e.g. "The connection was revoked; sign in again". */
  message?: string;
  /** Access token expiry, ms since the epoch. */
  expiresAt?: number;
  issuer?: string;
}

/** Tokens received but not saved, and what the pane shows about them. */
interface Unsaved {
  rec: SignedInRecord;
  note: string;
}

interface KeeperOptions {
  store: TokenStore;
  baseUrl: string;
  now: () => number;
  /** Refresh this long before the access token expires. */
  skewMs: number;
  /** The detail of the SignedOutError when there is no sign-in at all. */
  signedOutMessage: string;
  /** Appended to a "sign in again" reason in errors (e.g. the CLI's "run `svc-excel login`"). */
  signInHint?: string;
  /** Announce a change of status (to this runtime's listeners). */
  notify: () => void;
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

export class TokenKeeper {
  private unsaved: Unsaved | null = null;
  private lastReason: string | null = null;

  constructor(private readonly o: KeeperOptions) {}

  /** The store's record, parsed (a value that fits no state reads as none). */
  async read(): Promise<TokenRecord | null> {
    return parseTokenRecord(await this.o.store.getTokens(this.o.baseUrl));
  }

  write(rec: TokenRecord): Promise<void> {
    return this.o.store.setTokens(this.o.baseUrl, rec);
  }

  /** Delete the record, leaving `leave` (a reason, no token) if it can be written. */
  clear(leave?: EndedRecord): Promise<void> {
    return this.o.store.clearTokens(this.o.baseUrl, leave);
  }

  get session(): Unsaved | null {
    return this.unsaved;
  }

  /** Work on with tokens that could not be saved, for as long as this runtime lives. */
  keepInMemory(rec: SignedInRecord, note: string): void {
    this.unsaved = { rec, note };
  }

  /** A new sign-in, a sign-out, or another runtime's record: nothing this runtime held counts any more. */
  forget(): void {
    this.unsaved = null;
    this.lastReason = null;
  }

  /** A refresh was saved: no reason to show any more. */
  renewed(): void {
    this.lastReason = null;
  }

  fresh(rec: SignedInRecord): boolean {
    return isFresh(rec, this.o.now(), this.o.skewMs);
  }

  /** The error for "no usable sign-in": with the recorded reason when there is one. */
  signedOut(rec?: TokenRecord | null): SignedOutError {
    const reason = rec && rec.state !== "signed_in" ? rec.message : undefined;
    const why = reason ?? (rec ? undefined : this.lastReason ?? undefined);
    if (!why) return new SignedOutError("Not signed in", this.o.signedOutMessage);
    return this.withHint(why);
  }

  /** A SignedOutError for `why`, with the hint appended to its detail. */
  withHint(why: string): SignedOutError {
    return new SignedOutError(why, this.o.signInHint ? `${why} (${this.o.signInHint})` : why);
  }

  /** The unsaved session's access token while it lasts; then "sign in again" (it can be neither saved nor refreshed safely). */
  sessionToken(s: Unsaved, refused = false): string {
    if (!refused && this.fresh(s.rec)) return s.rec.access_token;
    throw this.signedOut(endedRecord(null, "reauth_required", s.note, this.o.now()));
  }

  /**
   * "Sign in again": the record is deleted (needs no space), then a small record with the reason
   * is written if it can be. The refresh token is forgotten for good. Returns the error to throw.
   */
  async signInAgain(cur: TokenRecord, reason: string, state: EndedRecord["state"] = "reauth_required"): Promise<SignedOutError> {
    const message = `${reason}; sign in again`;
    this.lastReason = message;
    const rec = endedRecord(cur, state, message, this.o.now());
    try {
      await this.clear(rec);
    } catch {
      /* e.g. a read-only file system: the marker (if written) still prevents a resend; the reason stays in memory */
    }
    this.o.notify();
    return this.signedOut(rec);
  }

  async status(): Promise<AuthStatus> {
    if (this.unsaved) {
      const { rec, note } = this.unsaved;
      return { state: "signed_in", message: note, expiresAt: rec.expires_at, issuer: rec.issuer };
    }
    const rec = await this.read();
    if (!rec) return this.lastReason ? { state: "reauth_required", message: this.lastReason } : { state: "signed_out" };
    const s: AuthStatus = { state: rec.state };
    if (rec.message) s.message = rec.message;
    if (rec.state === "signed_in" && rec.expires_at !== undefined) s.expiresAt = rec.expires_at;
    if (rec.issuer) s.issuer = rec.issuer;
    return s;
  }

  /** The record this runtime works with: the unsaved session, else the store's. */
  async current(): Promise<TokenRecord | null> {
    return this.unsaved?.rec ?? (await this.read());
  }
}
