/** The CLI's composition: a file cache per connection, lock files shared by processes. Node-only adapters. */
import { ApiClient } from "../api/client";
import { FileStore } from "../adapters/node/file-store";
import { FileLock } from "../adapters/node/file-lock";
import { FileTokenStore } from "../adapters/node/file-token-store";
import type { TokenStore } from "../auth/store";
import type { CrossLock } from "../platform/locks";
import { createEngine } from "../engine";
import { Composed, Connection, SWEEP_AFTER_MS, readDictionary } from "./index";
import { connectionScope } from "./scope";

/** The CLI's lock: lock files shared by processes (`releaseAll()` hands them back at exit). */
export type CliLock = CrossLock & { releaseAll(): Promise<void>; readonly compromised: string[] };

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

/** The CLI's credentials file (read and written afresh on every call). */
export function cliTokenStore(file: string): TokenStore {
  return new FileTokenStore(file);
}

export interface CliAuthOptions {
  /** The credentials file (mode 0600). */
  file: string;
  /** Where the credentials lock file lives (a private directory; the CLI puts it next to the file). */
  lockDir: string;
  /** How long a dead process's lock blocks the others (default 30 s; tests shorten it). */
  lockStaleMs?: number;
}

/** What the CLI's OAuth client needs: the credentials-file store and the lock its refresh runs in. */
export function composeCliAuth(o: CliAuthOptions): { store: TokenStore; lock: CliLock } {
  return {
    store: cliTokenStore(o.file),
    lock: new FileLock(o.lockDir, o.lockStaleMs ? { staleMs: o.lockStaleMs } : {}),
  };
}
