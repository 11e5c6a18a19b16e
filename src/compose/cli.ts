/** The CLI's composition: a file cache per connection, lock files shared by processes. Node-only adapters. */
import { ApiClient } from "../api";
import { FileStore } from "../adapters/node";
import { FileLock } from "../adapters/node";
import { proxyAwareFetch } from "../adapters/node";
import { createEngine, rulesOf } from "../engine";
import type { CliLock } from "./cli-auth";
import { scopedEngine } from "./connection";
import { Composed, Connection, SWEEP_AFTER_MS, readDictionary } from "./index";
import { connectionScope } from "./scope";

export type { CliAuthOptions, CliLock } from "./cli-auth";
export { cliTokenStore, composeCliAuth } from "./cli-auth";
export { PrivateStateError } from "../adapters/node";
export { modeOf, writeFileAtomic } from "../adapters/node";
export { clearRememberedCaches, rememberCacheRoot } from "./cli-auth";

export interface CliOptions {
  /** --cache-dir: each connection gets its own subdirectory; absent = memory only. */
  cacheDir: string | null;
  /** Where lock files live (one per connection). */
  lockDir: string;
  /** Client per-call timeout; the engine's guard sits 5 s above it. */
  timeoutMs?: number;
  /** The connection id already read (OAuth: `credentials.connectionId()`), so its cache directory is checked up front. */
  connectionId?: string | null;
}

/** A connection's file cache: private directories checked up front (PrivateStateError names the path and the fix). */
function fileStore(cacheDir: string | null, id: string | null, scope: string): FileStore | undefined {
  if (!cacheDir || id === null) return undefined;
  const store = new FileStore(cacheDir, scope);
  store.ensurePrivate();
  void store.sweep(SWEEP_AFTER_MS).catch(() => undefined);
  return store;
}

/** The CLI: file cache under the connection's own directory, lock files shared by processes. */
export function composeCli(conn: Connection, o: CliOptions): Composed & { lock: CliLock } {
  // Behind a proxy (HTTPS_PROXY / HTTP_PROXY) every request of the CLI goes through it.
  const fetchImpl = proxyAwareFetch();
  const client = new ApiClient({ baseUrl: conn.baseUrl, credentials: conn.credentials, timeoutMs: o.timeoutMs, fetch: fetchImpl });
  const lock = new FileLock(o.lockDir);
  const dictionary = readDictionary(conn.baseUrl, fetchImpl);
  const rules = rulesOf(dictionary.current);
  // The root first: a cache root open to others is refused even before anyone signs in.
  if (o.cacheDir) new FileStore(o.cacheDir).ensurePrivate();
  const engine = scopedEngine(conn, { timeoutMs: o.timeoutMs, initial: o.connectionId, fetch: fetchImpl }, ({ id, scope, client: bound }) =>
    createEngine({
      client: bound,
      store: fileStore(o.cacheDir, id, scope),
      lock,
      lockName: "api-" + scope,
      timeoutMs: o.timeoutMs !== undefined ? o.timeoutMs + 5_000 : undefined,
      rules,
    }),
  );
  const scope = connectionScope(conn.baseUrl, engine.connection() ?? "");
  return { engine, client, lock, scope, dictionary: dictionary.read, currentDictionary: dictionary.current };
}
