/**
 * Where the OAuth client keeps what must survive a restart: one client registration per issuer
 * (registrations are rate-limited, so the client id is kept) and one token record per API base URL.
 *
 * Stores are read afresh on every call (no caching): the refresh critical section re-reads the store
 * inside the cross-runtime lock, and must see what another runtime or process wrote.
 * Tokens never go into the workbook: the browser store is the runtime's origin storage.
 * The CLI's credentials file is a Node adapter: src/adapters/node/file-token-store.ts.
 */
import { normaliseBaseUrl } from "../platform";

import type { EndedRecord, TokenRecord } from "./token-record";
import { tokenLess } from "./token-record";

// The record types live in token-record.ts; the stores (and the CLI's file adapter) import them from here.
export type { TokenRecord } from "./token-record";
export { tokenLess };

/** The parts of the authorization server metadata the client needs after sign-in. */
export interface StoredServerMetadata {
  issuer: string;
  authorization_endpoint?: string;
  token_endpoint?: string;
  registration_endpoint?: string;
  revocation_endpoint?: string;
  authorization_response_iss_parameter_supported?: boolean;
}

export interface ClientRegistration {
  issuer: string;
  client_id: string;
  redirect_uris: string[];
  /** ms since the epoch. */
  registered_at: number;
  /** Server metadata as discovered at registration time (refresh and revocation need no discovery). */
  server?: StoredServerMetadata;
}

export interface TokenStore {
  getClient(issuer: string): Promise<ClientRegistration | null>;
  setClient(reg: ClientRegistration): Promise<void>;
  clearClient(issuer: string): Promise<void>;
  getTokens(baseUrl: string): Promise<TokenRecord | null>;
  setTokens(baseUrl: string, rec: TokenRecord): Promise<void>;
  /**
   * Delete the record (must work with no space left). `leave`: a token-less record (state and
   * reason) to put in its place when it can be written — never a reason to fail the delete.
   */
  clearTokens(baseUrl: string, leave?: EndedRecord): Promise<void>;
}

function clone<T>(v: T): T {
  return v === null || v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}

/** In memory: tests, and runtimes where nothing better exists. Share one instance to share state. */
export class MemoryTokenStore implements TokenStore {
  readonly clients = new Map<string, ClientRegistration>();
  readonly tokens = new Map<string, TokenRecord>();
  /** Every write, in order (tests look at it). */
  readonly writes: string[] = [];
  async getClient(issuer: string) {
    return clone(this.clients.get(issuer) ?? null);
  }
  async setClient(reg: ClientRegistration) {
    this.writes.push(`client:${reg.issuer}`);
    this.clients.set(reg.issuer, clone(reg));
  }
  async clearClient(issuer: string) {
    this.writes.push(`clear-client:${issuer}`);
    this.clients.delete(issuer);
  }
  async getTokens(baseUrl: string) {
    return clone(this.tokens.get(normaliseBaseUrl(baseUrl)) ?? null);
  }
  async setTokens(baseUrl: string, rec: TokenRecord) {
    this.writes.push(`tokens:${normaliseBaseUrl(baseUrl)}`);
    this.tokens.set(normaliseBaseUrl(baseUrl), clone(rec));
  }
  async clearTokens(baseUrl: string, leave?: TokenRecord) {
    this.writes.push(`clear-tokens:${normaliseBaseUrl(baseUrl)}`);
    this.tokens.delete(normaliseBaseUrl(baseUrl));
    if (leave) this.tokens.set(normaliseBaseUrl(baseUrl), clone(tokenLess(leave)));
  }
}

/** The synchronous Web Storage subset we use (window.localStorage). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Web Storage that can list its keys (window.localStorage). */
export interface ListableStorage extends StorageLike {
  readonly length: number;
  key(index: number): string | null;
}

const CLIENT_KEY = "svc-auth:client:";

/**
 * The client ids this origin registered for `redirectUri`, under any partition prefix: the dialog's
 * start page pins the authorization URL's client_id to them (it cannot know the pane's prefix, and
 * on the web it may not see the pane's storage at all: then the list is empty).
 */
export function registeredClientIds(storage: ListableStorage, redirectUri: string): string[] {
  const ids = new Set<string>();
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.includes(CLIENT_KEY)) continue;
    try {
      const reg = JSON.parse(storage.getItem(key) ?? "null") as Partial<ClientRegistration> | null;
      if (typeof reg?.client_id === "string" && Array.isArray(reg.redirect_uris) && reg.redirect_uris.includes(redirectUri)) ids.add(reg.client_id);
    } catch {
      /* not ours, or damaged: not a registration */
    }
  }
  return [...ids];
}

/**
 * localStorage of the add-in's origin (shared by every runtime of that origin). Keys are prefixed
 * with `prefix` — pass `Office.context.partitionKey ?? ""` (src/office decides; no Office globals here).
 */
export class LocalStorageTokenStore implements TokenStore {
  constructor(private readonly storage: StorageLike, private readonly prefix = "") {}

  private key(kind: "client" | "tokens", id: string): string {
    return kind === "client" ? `${this.prefix}${CLIENT_KEY}${id}` : `${this.prefix}svc-auth:tokens:${id}`;
  }
  private read<T>(key: string): T | null {
    const raw = this.storage.getItem(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  }
  async getClient(issuer: string) {
    return this.read<ClientRegistration>(this.key("client", issuer));
  }
  async setClient(reg: ClientRegistration) {
    this.storage.setItem(this.key("client", reg.issuer), JSON.stringify(reg));
  }
  async clearClient(issuer: string) {
    this.storage.removeItem(this.key("client", issuer));
  }
  async getTokens(baseUrl: string) {
    return this.read<TokenRecord>(this.key("tokens", normaliseBaseUrl(baseUrl)));
  }
  async setTokens(baseUrl: string, rec: TokenRecord) {
    this.storage.setItem(this.key("tokens", normaliseBaseUrl(baseUrl)), JSON.stringify(rec));
  }
  async clearTokens(baseUrl: string, leave?: TokenRecord) {
    const key = this.key("tokens", normaliseBaseUrl(baseUrl));
    this.storage.removeItem(key);
    if (!leave) return;
    try {
      this.storage.setItem(key, JSON.stringify(tokenLess(leave)));
    } catch {
      /* storage still full or blocked: the record is gone, which is what matters */
    }
  }
  /** The storage key of a base URL's tokens (to match `storage` events from other runtimes). */
  tokensKey(baseUrl: string): string {
    return this.key("tokens", normaliseBaseUrl(baseUrl));
  }
}
