/** The CLI's composition: a file cache per connection, lock files shared by processes. Node-only adapters. */
import { ApiClient } from "../api/client";
import { FileStore } from "../adapters/node/file-store";
import { FileLock } from "../adapters/node/file-lock";
import { createEngine } from "../engine";
import type { CliLock } from "./cli-auth";
import { Composed, Connection, SWEEP_AFTER_MS, readDictionary } from "./index";
import { connectionScope } from "./scope";

export type { CliAuthOptions, CliLock } from "./cli-auth";
export { PrivateStateError } from "../adapters/node/private-dir";
export { cliTokenStore, composeCliAuth } from "./cli-auth";

export interface CliOptions {
  /** --cache-dir: the connection gets its own subdirectory; absent = memory only. */
  cacheDir: string | null;
  /** Where lock files live (one per connection). */
  lockDir: string;
  /** Client per-call timeout; the engine's guard sits 5 s above it. */
  timeoutMs?: number;
}


/** The CLI: file cache under the connection's own directory, lock files shared by processes. */
export function composeCli(conn: Connection, o: CliOptions): Composed & { lock: CliLock } {
  const scope = connectionScope(conn.baseUrl, conn.identity);
  const client = new ApiClient({ baseUrl: conn.baseUrl, credentials: conn.credentials, timeoutMs: o.timeoutMs });
  const lock = new FileLock(o.lockDir);
  let store: FileStore | undefined;
  if (o.cacheDir) {
    store = new FileStore(o.cacheDir, scope);
    // Refuse up front (PrivateStateError: the path and the fix) rather than run without the cache.
    store.ensurePrivate();
    void store.sweep(SWEEP_AFTER_MS).catch(() => undefined);
  }
  const engine = createEngine({
    client,
    store,
    lock,
    lockName: "api-" + scope,
    timeoutMs: o.timeoutMs !== undefined ? o.timeoutMs + 5_000 : undefined,
  });
  return { engine, client, lock, scope, dictionary: readDictionary(conn.baseUrl) };
}
