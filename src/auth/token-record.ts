/**
 * The token record: what a store keeps per API base URL, as a union of the states it can be in, so
 * a state that must not exist cannot be written (a "sign in again" record holding a token, an
 * in-flight mark without the refresh token it marks, a signed-in record without its connection).
 *
 * The JSON shape on disk and in localStorage is the flat one every earlier version wrote (so an
 * upgrade keeps the sign-in and a record written here is read by an older runtime of the origin).
 * Everything read from a store goes through `parseTokenRecord`: fields of the wrong type are
 * dropped, and a record that fits no state reads as "no record".
 */

export type AuthState = "signed_in" | "signed_out" | "reauth_required";

/**
 * Written (under the credentials lock) before a refresh request is sent, removed with the save of
 * its answer. Found again for the same refresh token = a refresh whose outcome was lost (process
 * killed, save failed): that token may already be rotated and must never be presented again.
 */
interface InFlightMark {
  /** tokenHash() of the refresh token being presented. */
  hash: string;
  /** ms since the epoch. */
  at: number;
}

interface SignedInFields {
  state: "signed_in";
  access_token: string;
  /** ms since the epoch; absent when the server gave no expires_in. */
  expires_at?: number;
  scope?: string;
  issuer: string;
  client_id: string;
  /** The resource indicator the tokens were requested for. */
  resource?: string;
  /** Random, made at the code exchange, kept across refreshes (the connection id). */
  sign_in_id: string;
  /** ms since the epoch of the last write. */
  updated_at?: number;
  message?: never;
}

/** Signed in with a refresh token; an in-flight mark only ever sits next to the token it marks. */
export interface RenewableRecord extends SignedInFields {
  refresh_token: string;
  refresh_in_flight?: InFlightMark;
}

/** Signed in without a refresh token (the server gave none): lasts until the access token expires. */
interface AccessOnlyRecord extends SignedInFields {
  refresh_token?: never;
  refresh_in_flight?: never;
}

export type SignedInRecord = RenewableRecord | AccessOnlyRecord;

/** "Sign in again" or "signed out", with the reason: never a token. */
export interface EndedRecord {
  state: "reauth_required" | "signed_out";
  /** Why (for the pane), e.g. "The connection was revoked; sign in again". */
  message?: string;
  issuer?: string;
  client_id?: string;
  resource?: string;
  updated_at?: number;
  access_token?: never;
  refresh_token?: never;
  refresh_in_flight?: never;
  sign_in_id?: never;
  expires_at?: never;
  scope?: never;
}

export type TokenRecord = SignedInRecord | EndedRecord;

/** What a token endpoint answered (the part of oauth4webapi's TokenEndpointResponse kept). */
interface GrantedTokens {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
}

/** The connection a new sign-in belongs to. */
export interface Connection {
  issuer: string;
  client_id: string;
  resource?: string;
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

/** Copy the defined values only (a store's JSON never holds `undefined`). */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

function parseMark(v: unknown): InFlightMark | undefined {
  const m = v as { hash?: unknown; at?: unknown } | null;
  const hash = str(m?.hash);
  const at = num(m?.at);
  return hash !== undefined && at !== undefined ? { hash, at } : undefined;
}

/**
 * A sign-in stored before sign_in_id existed: a stable id derived from its last write. The next
 * write (mark or refresh) stores it, so it stays the same until sign-out.
 */
function legacySignInId(updatedAt: number | undefined): string {
  return `legacy-${updatedAt ?? 0}`;
}

function parseSignedIn(r: Record<string, unknown>): SignedInRecord | null {
  const access_token = str(r.access_token);
  const issuer = str(r.issuer);
  const client_id = str(r.client_id);
  if (!access_token || !issuer || !client_id) return null;
  const updated_at = num(r.updated_at);
  const base: AccessOnlyRecord = defined({
    state: "signed_in" as const,
    access_token,
    expires_at: num(r.expires_at),
    scope: str(r.scope),
    issuer,
    client_id,
    resource: str(r.resource),
    sign_in_id: str(r.sign_in_id) ?? legacySignInId(updated_at),
    updated_at,
  });
  const refresh_token = str(r.refresh_token);
  if (!refresh_token) return base;
  return defined({ ...base, refresh_token, refresh_in_flight: parseMark(r.refresh_in_flight) }) as RenewableRecord;
}

/** A store's value as a TokenRecord, or null when it is none (missing, or fits no state). */
export function parseTokenRecord(raw: unknown): TokenRecord | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  const state = r.state;
  if (state === "signed_in") return parseSignedIn(r);
  if (state !== "reauth_required" && state !== "signed_out") return null;
  return defined<EndedRecord>({
    state,
    message: str(r.message),
    issuer: str(r.issuer),
    client_id: str(r.client_id),
    resource: str(r.resource),
    updated_at: num(r.updated_at),
  });
}

/** A fresh random id for a new sign-in (128 bits, hex). Never derived from a token. */
function newSignInId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** A signed-in record for tokens just granted to a connection. */
function grantedRecord(conn: Connection, tr: GrantedTokens, now: number, kept: { refresh_token?: string; scope?: string; sign_in_id: string }): SignedInRecord {
  return defined({
    state: "signed_in" as const,
    access_token: tr.access_token,
    // Absent: the server did not rotate, the kept one stays. Empty: none (never the old one again).
    refresh_token: tr.refresh_token === undefined ? kept.refresh_token : tr.refresh_token || undefined,
    scope: tr.scope ?? kept.scope,
    issuer: conn.issuer,
    client_id: conn.client_id,
    resource: conn.resource,
    sign_in_id: kept.sign_in_id,
    updated_at: now,
    expires_at: typeof tr.expires_in === "number" ? now + tr.expires_in * 1000 : undefined,
  }) as SignedInRecord;
}

/** The record of a sign-in that just exchanged its code: a new sign-in id. */
export function signedInRecord(conn: Connection, tr: GrantedTokens, now: number, defaultScope: string): SignedInRecord {
  return grantedRecord(conn, tr, now, { scope: defaultScope, sign_in_id: newSignInId() });
}

/** The record after a refresh: new tokens, the same connection and sign-in id, no mark. */
export function renewedRecord(cur: RenewableRecord, tr: GrantedTokens, now: number): SignedInRecord {
  return grantedRecord(cur, tr, now, { refresh_token: cur.refresh_token, scope: cur.scope, sign_in_id: cur.sign_in_id });
}

/** The record with "refresh in flight" for its refresh token. */
export function markedRecord(cur: RenewableRecord, hash: string, now: number): RenewableRecord {
  return { ...cur, refresh_in_flight: { hash, at: now } };
}

/** The record without its mark (nothing was sent after all). */
export function unmarkedRecord(cur: RenewableRecord): RenewableRecord {
  const rest = { ...cur };
  delete rest.refresh_in_flight;
  return rest;
}

/** What "sign in again" (or "signed out") leaves in place of a record: the reason, never a token. */
export function endedRecord(cur: TokenRecord | Connection | null, state: EndedRecord["state"], message: string, now: number): EndedRecord {
  return defined({ state, message, issuer: cur?.issuer, client_id: cur?.client_id, resource: cur?.resource, updated_at: now });
}

/** The record without its secrets (what a delete may leave behind): never a token, never "signed in". */
export function tokenLess(rec: TokenRecord): EndedRecord {
  const state = rec.state === "signed_in" ? "reauth_required" : rec.state;
  return defined({ state, message: rec.message, issuer: rec.issuer, client_id: rec.client_id, resource: rec.resource, updated_at: rec.updated_at });
}

/** A signed-in record whose access token is still good `skewMs` from now. */
export function isFresh(rec: SignedInRecord, now: number, skewMs: number): boolean {
  return rec.expires_at === undefined || rec.expires_at - skewMs > now;
}

/** SHA-256 of a refresh token (hex, 128 bits): what the in-flight mark records instead of the token. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** The connection id: "oauth:" + issuer + "|" + client_id + "|" + sign_in_id; null when not signed in. */
export function connectionIdOf(rec: TokenRecord | null): string | null {
  return rec?.state === "signed_in" ? `oauth:${rec.issuer}|${rec.client_id}|${rec.sign_in_id}` : null;
}
