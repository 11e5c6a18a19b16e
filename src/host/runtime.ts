/**
 * Browser runtime bootstrap (the add-in page = Excel's shared runtime): build the credentials, the
 * ApiClient and the ONE engine of this runtime from the build-time config, and install the engine
 * with setEngine before any custom function can run. Idempotent: loading the bundle twice in one
 * runtime reuses the first host (globalThis), so there is never a second engine, queue or cache.
 *
 * Credentials: the OAuth client (tokens in localStorage under Office's partition key, refresh under
 * a Web Lock). A loopback development page (workbench, tests, `npm start`) may instead hand over a
 * sandbox API key through `__SVC_DEV__` (src/host/config.ts); a production page never does.
 */
import { ApiClient, CredentialSource, staticCredentials } from "../api/client";
import { OAuthClient } from "../auth/oauth-client";
import { LocalStorageTokenStore, MemoryTokenStore, StorageLike, TokenStore } from "../auth/store";
import { createEngine, IndexedDbStore, setEngine, SvcEngine } from "../engine";
import { browserLock, CrossLock } from "../platform/locks";
import { effectiveConfig, HostConfig, DevOverrides } from "./config";

export interface Host {
  config: HostConfig & { dev: DevOverrides };
  engine: SvcEngine;
  client: ApiClient;
  /** The OAuth client, or null when a development API key is in use. */
  auth: OAuthClient | null;
  lock: CrossLock;
  /** Where the sign-in dialog's callback page lives (same origin as this page). */
  redirectUri: string;
}

const KEY = "__svcHost";

function localStorageOrNull(): StorageLike | null {
  try {
    const s = (globalThis as { localStorage?: StorageLike }).localStorage;
    return s ?? null;
  } catch {
    return null; // storage disabled (e.g. a sandboxed frame)
  }
}

function partitionKey(): string {
  const office = (globalThis as { Office?: { context?: { partitionKey?: string } } }).Office;
  try {
    return office?.context?.partitionKey ?? "";
  } catch {
    return "";
  }
}

function pageUrl(path: string): string {
  const base = (globalThis as { document?: { baseURI?: string } }).document?.baseURI ?? "https://localhost:3000/";
  return new URL(path, base).toString();
}

function build(): Host {
  const config = effectiveConfig();
  const lock = browserLock();
  let credentials: CredentialSource;
  let auth: OAuthClient | null = null;
  if (config.dev.apiKey) {
    credentials = staticCredentials(config.dev.apiKey);
  } else {
    const storage = localStorageOrNull();
    const store: TokenStore = storage ? new LocalStorageTokenStore(storage, partitionKey()) : new MemoryTokenStore();
    auth = new OAuthClient({ baseUrl: config.baseUrl, store, lock });
    credentials = auth;
  }
  const client = new ApiClient({ baseUrl: config.baseUrl, credentials });
  const engine = createEngine({
    client,
    store: new IndexedDbStore(config.dev.storeName ?? "svc-cache"),
    lock,
    // One queue per connection: every runtime of this origin talking to this API shares it.
    lockName: `svc-api:${config.baseUrl}`,
  });
  setEngine(engine);
  return { config, engine, client, auth, lock, redirectUri: pageUrl("auth/callback.html") };
}

/** The host of this runtime, built on first use. */
export function startHost(): Host {
  const g = globalThis as unknown as Record<string, Host | undefined>;
  const existing = g[KEY];
  if (existing) return existing;
  const host = build();
  Object.defineProperty(globalThis, KEY, { value: host, configurable: false, enumerable: false, writable: false });
  return host;
}

/** The host if the page has started one (the pane and tests read it). */
export function currentHost(): Host | null {
  return ((globalThis as unknown as Record<string, Host | undefined>)[KEY] as Host | undefined) ?? null;
}
