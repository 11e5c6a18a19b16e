/**
 * The CLI's credential adapters: the credentials file and the lock file its refresh runs in.
 * Apart from ./cli so `svc-excel login`/`logout` (and the eval credential) load no engine or cache.
 */
import { FileLock } from "../adapters/node/file-lock";
import { FileTokenStore } from "../adapters/node/file-token-store";
import type { TokenStore } from "../auth/store";
import type { CrossLock } from "../platform/locks";

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
