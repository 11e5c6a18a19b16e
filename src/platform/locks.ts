/**
 * Cross-runtime mutual exclusion. Two open workbooks (two runtimes) or several CLI processes share
 * one connection, and the API allows one call at a time and revokes a connection when a refresh
 * token is presented twice: both the call queue and the token refresh run inside such a lock.
 *
 * Here: the interface and the in-runtime lock (pure). The implementations that need a platform are
 * adapters, chosen by src/compose: Web Locks in src/adapters/browser/web-lock.ts, lock files in
 * src/adapters/node/file-lock.ts.
 */
export interface CrossLock {
  /** Run `fn` while holding the lock named `name`; the lock is released however `fn` ends. */
  run<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /**
   * Whether another runtime waits for `name`, where the lock can tell at once: a holder alone keeps
   * its turn instead of ending it (and finishing its writes first) for nobody.
   */
  waiting?(name: string): boolean;
}

/** Within one runtime only: a promise chain per name. */
export class LocalLock implements CrossLock {
  private tails = new Map<string, Promise<unknown>>();
  run<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(name) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const tail = next.catch(() => undefined);
    this.tails.set(name, tail);
    void tail.then(() => {
      if (this.tails.get(name) === tail) this.tails.delete(name);
    });
    return next;
  }
}
