/** The page's composition: IndexedDB cache, Web Locks. Browser-only adapters. */
import { ApiClient } from "../api/client";
import { IndexedDbStore } from "../adapters/browser/indexeddb-store";
import { createEngine } from "../engine";
import { browserLock, CrossLock } from "../platform/locks";
import { Composed, Connection, SWEEP_AFTER_MS, readDictionary } from "./index";
import { connectionScope } from "./scope";

/** The page (Excel's shared runtime, the workbench): IndexedDB cache, Web Locks. */
export function composePage(conn: Connection, opts: { dbName?: string; lock?: CrossLock } = {}): Composed & { lock: CrossLock } {
  const scope = connectionScope(conn.baseUrl, conn.identity);
  const lock = opts.lock ?? browserLock();
  const client = new ApiClient({ baseUrl: conn.baseUrl, credentials: conn.credentials });
  const store = new IndexedDbStore(scope, opts.dbName ?? "svc-cache");
  void store.sweep(SWEEP_AFTER_MS).catch(() => undefined);
  const engine = createEngine({
    client,
    store,
    lock,
    // One queue per connection: every runtime of this origin talking to this API with this credential shares it.
    lockName: `svc-api:${scope}`,
  });
  return { engine, client, lock, scope, dictionary: readDictionary(conn.baseUrl) };
}
