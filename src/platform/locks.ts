/**
 * Cross-runtime mutual exclusion. Two open workbooks (two runtimes) or several CLI processes share
 * one connection, and the API allows one call at a time and revokes a connection when a refresh
 * token is presented twice: both the call queue and the token refresh run inside such a lock.
 */
import type * as LockfileNs from "proper-lockfile";

export interface CrossLock {
  /** Run `fn` while holding the lock named `name`; the lock is released however `fn` ends. */
  run<T>(name: string, fn: () => Promise<T>): Promise<T>;
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

interface LockManagerLike {
  request<T>(name: string, cb: () => Promise<T>): Promise<T>;
}

/** Web Locks (`navigator.locks`): shared by every runtime of the same origin. */
export class WebLock implements CrossLock {
  constructor(private readonly locks: LockManagerLike, private readonly prefix = "svc:") {}
  run<T>(name: string, fn: () => Promise<T>): Promise<T> {
    return this.locks.request(this.prefix + name, fn);
  }
}

/** The best lock this browser runtime offers: Web Locks where present, else in-runtime only. */
export function browserLock(): CrossLock {
  const nav = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator;
  return nav?.locks ? new WebLock(nav.locks) : new LocalLock();
}

/**
 * A lock file shared by processes on one machine (proper-lockfile: mkdir-based, stale locks of a
 * crashed process are taken over after `staleMs`). Also serialises within the process.
 */
export class FileLock implements CrossLock {
  private readonly local = new LocalLock();
  constructor(private readonly dir: string, private readonly opts: { staleMs?: number; waitMs?: number } = {}) {}

  run<T>(name: string, fn: () => Promise<T>): Promise<T> {
    return this.local.run(name, async () => {
      // Loaded lazily so browser bundles never see node modules.
      const fs = require("fs") as typeof import("fs");
      const path = require("path") as typeof import("path");
      const lockfile = require("proper-lockfile") as typeof LockfileNs;
      fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      const target = path.join(this.dir, `${name.replace(/[^A-Za-z0-9._-]/g, "_")}.lock-target`);
      if (!fs.existsSync(target)) fs.writeFileSync(target, "", { mode: 0o600 });
      const waitMs = this.opts.waitMs ?? 120_000;
      const release = await lockfile.lock(target, {
        stale: this.opts.staleMs ?? 30_000,
        update: 5_000,
        realpath: false,
        retries: { retries: Math.ceil(waitMs / 25), factor: 1, minTimeout: 10, maxTimeout: 40, randomize: true },
      });
      try {
        return await fn();
      } finally {
        await release().catch(() => undefined);
      }
    });
  }
}
