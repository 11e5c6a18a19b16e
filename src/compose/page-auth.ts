/**
 * The page's OAuth client: tokens in local storage under Office's partition key (in memory when the
 * page has no storage), refresh under the page's cross-runtime lock, token requests on a connection
 * pool of their own, and the browser's own signs of "not sent" (offline, origin unreachable).
 */
import { OAuthClient } from "../auth";
import { browserOffline, originProbe } from "../auth";
import { LocalStorageTokenStore, MemoryTokenStore, StorageLike, TokenStore } from "../auth";
import { TokenPoolRouter } from "../auth";
import type { CrossLock } from "../platform";

export interface PageAuthOptions {
  baseUrl: string;
  clientId?: string;
  timeoutMs?: number;
  lock: CrossLock;
  /** The page's local storage, or null when it is disabled (a sandboxed frame). */
  storage: StorageLike | null;
  /** Office's partition key for this add-in's storage ("" outside Office). */
  partitionKey: string;
  /** A sign-out here (the engine forgets the connection). */
  onSignedOut: () => Promise<void> | void;
}

/** The OAuth client of the page and the local-storage store under it (null when storage is off). */
export function composePageAuth(o: PageAuthOptions): { auth: OAuthClient; lsStore: LocalStorageTokenStore | null } {
  const lsStore = o.storage ? new LocalStorageTokenStore(o.storage, o.partitionKey) : null;
  const store: TokenStore = lsStore ?? new MemoryTokenStore();
  const auth = new OAuthClient({
    baseUrl: o.baseUrl,
    store,
    lock: o.lock,
    clientId: o.clientId,
    timeoutMs: o.timeoutMs,
    // A browser fetch failure never says whether the request left: these two say "not sent".
    isOffline: browserOffline,
    probeOrigin: originProbe(),
    // Token requests on a connection pool of their own: the browser cannot resend a refresh itself.
    tokenRequests: new TokenPoolRouter({ storage: o.storage, prefix: o.partitionKey }),
    onSignedOut: o.onSignedOut,
  });
  void auth.prepareTokenRequests();
  return { auth, lsStore };
}
