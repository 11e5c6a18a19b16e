/**
 * Every persistent-store operation bounded in time: a hung IndexedDB open or a stalled disk reads
 * as a miss (the request goes to the network) and a write that does not finish is given up, so no
 * cell waits on storage, and nothing waits on it inside the call lock.
 */
import { Clock, within } from "./clock";
import type { CacheRecord, PersistentStore } from "./records";

/** Well above a healthy IndexedDB or file read (single ms), well below a cell's patience. */
export const DEFAULT_STORE_TIMEOUT_MS = 1_500;

export class TimedStore implements PersistentStore {
  /** Operations given up on timeout or failure (the pane/tests may read it). */
  failures = 0;
  constructor(private readonly inner: PersistentStore, private readonly clock: Clock, readonly timeoutMs = DEFAULT_STORE_TIMEOUT_MS) {}

  private guard<T>(op: () => Promise<T>, fallback: T): Promise<T> {
    let p: Promise<T>;
    try {
      p = Promise.resolve(op());
    } catch (e) {
      p = Promise.reject(e);
    }
    const failed = (): T => {
      this.failures++;
      return fallback;
    };
    return within(this.clock, p.catch(failed), this.timeoutMs, failed);
  }

  get(key: string): Promise<CacheRecord | undefined> {
    return this.guard(() => this.inner.get(key), undefined);
  }
  set(key: string, record: CacheRecord): Promise<void> {
    return this.guard(() => this.inner.set(key, record), undefined);
  }
  delete(key: string): Promise<void> {
    return this.guard(() => this.inner.delete(key), undefined);
  }
  clear(): Promise<void> {
    return this.guard(() => this.inner.clear(), undefined);
  }
}
