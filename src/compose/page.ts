/** The page's composition: IndexedDB cache, Web Locks. Browser-only adapters. */
import { ApiClient } from "../api";
import { IndexedDbStore } from "../adapters/browser";
import { createEngine, rulesOf } from "../engine";
import { browserLock } from "../adapters/browser";
import type { CrossLock } from "../platform";
import { scopedEngine } from "./connection";
import { Composed, Connection, SWEEP_AFTER_MS, readDictionary } from "./index";
import { connectionScope } from "./scope";

/**
 * The page's cross-runtime lock (Web Locks where present, else in-runtime only). The host builds it
 * first because the OAuth client's refresh shares it with the engine's queue (hand it to composePage).
 */
export function pageLock(): CrossLock {
  return browserLock();
}

/** The page (Excel's shared runtime, the workbench): IndexedDB cache per connection, Web Locks. */
export function composePage(conn: Connection, opts: { dbName?: string; lock?: CrossLock } = {}): Composed & { lock: CrossLock } {
  const lock = opts.lock ?? browserLock();
  const client = new ApiClient({ baseUrl: conn.baseUrl, credentials: conn.credentials });
  const dictionary = readDictionary(conn.baseUrl);
  const rules = rulesOf(dictionary.current);
  const engine = scopedEngine(conn, {}, ({ id, scope, client: bound }) => {
    // Signed out: nothing is stored (and nothing read) under any connection's scope.
    const store = id === null ? undefined : new IndexedDbStore(scope, opts.dbName ?? "svc-cache");
    void store?.sweep(SWEEP_AFTER_MS).catch(() => undefined);
    // One queue per connection: every runtime of this origin talking to this API as this connection shares it.
    // Excel re-runs the functions by itself (on the web at every open): an expired answer is kept, only Refresh asks again.
    return createEngine({ client: bound, store, lock, lockName: `svc-api:${scope}`, keepExpired: true, rules });
  });
  const scope = connectionScope(conn.baseUrl, engine.connection() ?? "");
  return { engine, client, lock, scope, dictionary: dictionary.read, currentDictionary: dictionary.current };
}
