/**
 * The CLI's credential adapters and its OAuth client: the credentials file and the lock file its refresh runs in.
 * Apart from ./cli so `svc-excel login`/`logout` (and the eval credential) load no engine; they only
 * reach the file cache to clear a connection's directory.
 */
import { cacheRoots } from "../adapters/node";
import { FileLock } from "../adapters/node";
import { FileStore } from "../adapters/node";
import { FileTokenStore } from "../adapters/node";
import { OAuthClient, OAuthClientOptions } from "../auth";
import type { TokenStore } from "../auth";
import type { CrossLock } from "../platform";
import { connectionScope } from "./scope";

export { rememberCacheRoot } from "../adapters/node";
/** The CLI's fetch: through HTTPS_PROXY / HTTP_PROXY (NO_PROXY honoured) when set, else the built-in one. */
export { proxyAwareFetch as cliFetch } from "../adapters/node";

/** The CLI's lock: lock files shared by processes (`releaseAll()` hands them back at exit). */
export type CliLock = CrossLock & { releaseAll(): Promise<void>; readonly compromised: string[] };

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

/**
 * The CLI's OAuth client: the credentials-file store and the lock file its refresh runs in, under
 * the client options the command line chose (its texts, redirect ports, fetch).
 */
export function composeCliOAuth(o: CliAuthOptions & Omit<OAuthClientOptions, "store" | "lock">): OAuthClient {
  const { file, lockDir, lockStaleMs, ...client } = o;
  const { store, lock } = composeCliAuth({ file, lockDir, lockStaleMs });
  return new OAuthClient({ ...client, store, lock });
}

/**
 * Clear one connection's cached answers and quota state in every cache root the CLI remembered for
 * this credentials file (logout; a new login replacing a connection). Directories that are gone or
 * not private are left alone (FileStore.remove checks before deleting anything).
 */
export async function clearRememberedCaches(credentialsFile: string, baseUrl: string, connectionId: string): Promise<void> {
  for (const root of cacheRoots(credentialsFile)) {
    await new FileStore(root, connectionScope(baseUrl, connectionId)).remove().catch(() => undefined);
  }
}
