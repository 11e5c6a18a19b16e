/**
 * The page's persistent cache in IndexedDB. Keys are prefixed with the connection scope (src/compose),
 * so two API addresses or two accounts never share an entry, and clear() removes only this scope.
 * Values are JSON text so a damaged value is detected and dropped. Without IndexedDB (or when opening
 * fails) it reads as empty and writes nothing. A hung open is bounded by the engine's TimedStore.
 */
import { CacheRecord, PersistentStore, asCacheRecord } from "../../engine";

function idbRequest<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

const STORE = "answers";

export class IndexedDbStore implements PersistentStore {
  private db: Promise<IDBDatabase | null> | null = null;

  constructor(
    private readonly scope: string,
    private readonly dbName = "svc-cache",
    private readonly factory?: IDBFactory,
    private readonly keyRange?: typeof IDBKeyRange,
  ) {}

  private k(key: string): string {
    return `${this.scope}|${key}`;
  }

  private open(): Promise<IDBDatabase | null> {
    if (this.db) return this.db;
    const idb = this.factory ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    if (!idb) return (this.db = Promise.resolve(null));
    this.db = new Promise<IDBDatabase | null>((resolve) => {
      try {
        const req = idb.open(this.dbName, 2);
        req.onupgradeneeded = () => {
          // Version 1 held unscoped entries: drop them rather than serve them to any connection.
          if (req.result.objectStoreNames.contains(STORE)) req.result.deleteObjectStore(STORE);
          req.result.createObjectStore(STORE);
        };
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => resolve(null);
        req.onblocked = () => resolve(null);
      } catch {
        resolve(null);
      }
    });
    return this.db;
  }

  private async tx<T>(mode: IDBTransactionMode, fn: (s: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
    const db = await this.open();
    if (!db) return undefined;
    const t = db.transaction(STORE, mode);
    const done = new Promise<void>((resolve, reject) => {
      t.oncomplete = () => resolve();
      t.onerror = () => reject(t.error);
      t.onabort = () => reject(t.error ?? new Error("IndexedDB transaction aborted"));
    });
    const result = await idbRequest(fn(t.objectStore(STORE)));
    await done;
    return result;
  }

  async get(key: string): Promise<CacheRecord | undefined> {
    let raw: unknown;
    try {
      raw = await this.tx("readonly", (s) => s.get(this.k(key)));
    } catch {
      return undefined;
    }
    if (raw === undefined) return undefined;
    let rec: CacheRecord | undefined;
    try {
      rec = typeof raw === "string" ? asCacheRecord(JSON.parse(raw)) : undefined;
    } catch {
      rec = undefined;
    }
    if (!rec) await this.delete(key);
    return rec;
  }

  async set(key: string, record: CacheRecord): Promise<void> {
    await this.tx("readwrite", (s) => s.put(JSON.stringify(record), this.k(key)));
  }

  async delete(key: string): Promise<void> {
    await this.tx("readwrite", (s) => s.delete(this.k(key))).catch(() => undefined);
  }

  /**
   * Delete this scope's answers fetched longer than `maxAgeMs` ago (and damaged values), so the
   * database does not grow without bound. Returns how many went.
   */
  async sweep(maxAgeMs: number, nowMs = Date.now()): Promise<number> {
    const db = await this.open();
    const KeyRange = this.keyRange ?? (globalThis as { IDBKeyRange?: typeof IDBKeyRange }).IDBKeyRange;
    if (!db || !KeyRange) return 0;
    return new Promise<number>((resolve) => {
      let n = 0;
      const t = db.transaction(STORE, "readwrite");
      const req = t.objectStore(STORE).openCursor(KeyRange.bound(`${this.scope}|`, `${this.scope}|\uffff`));
      req.onsuccess = () => {
        const cursor = req.result;
        if (!cursor) return;
        let rec: CacheRecord | undefined;
        try {
          rec = typeof cursor.value === "string" ? asCacheRecord(JSON.parse(cursor.value)) : undefined;
        } catch {
          rec = undefined;
        }
        const old = !rec || (rec.kind === "answer" && Math.max(0, ...rec.entries.map((e) => e.fetchedAt)) < nowMs - maxAgeMs) || (rec.kind === "missing" && rec.until < nowMs);
        if (old) {
          cursor.delete();
          n++;
        }
        cursor.continue();
      };
      t.oncomplete = () => resolve(n);
      t.onerror = () => resolve(n);
      t.onabort = () => resolve(n);
    });
  }

  /** This scope's entries only (other connections keep theirs). */
  async clear(): Promise<void> {
    const KeyRange = this.keyRange ?? (globalThis as { IDBKeyRange?: typeof IDBKeyRange }).IDBKeyRange;
    if (!KeyRange) return;
    const range = KeyRange.bound(`${this.scope}|`, `${this.scope}|\uffff`);
    await this.tx("readwrite", (s) => s.delete(range)).catch(() => undefined);
  }
}
