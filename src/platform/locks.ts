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

/** Longest wait between two attempts at a lock file held by another process. */
const RETRY_MAX_MS = 40;

/**
 * A lock file shared by processes on one machine (proper-lockfile: mkdir-based, stale locks of a
 * crashed process are taken over after `staleMs`). Also serialises within the process.
 *
 * Taking and dropping the file lock costs a few milliseconds of file-system work, which a
 * thousand-formula run would pay per call; so the lock is kept while this process has back-to-back
 * work (up to `lingerMs` between runs) and handed back after `maxHoldMs` of continuous holding so
 * other processes get their turn. `releaseAll()` hands everything back (the CLI calls it at exit;
 * proper-lockfile also removes held locks when the process exits).
 */
export class FileLock implements CrossLock {
  private readonly local = new LocalLock();
  private readonly held = new Map<string, { release: () => Promise<void>; since: number; timer?: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly dir: string,
    private readonly opts: { staleMs?: number; waitMs?: number; lingerMs?: number; maxHoldMs?: number } = {}
  ) {}

  run<T>(name: string, fn: () => Promise<T>): Promise<T> {
    return this.local.run(name, async () => {
      let hold = this.held.get(name);
      if (hold) {
        if (hold.timer) clearTimeout(hold.timer);
        hold.timer = undefined;
        if (Date.now() - hold.since > (this.opts.maxHoldMs ?? 5_000)) {
          this.held.delete(name);
          await hold.release().catch(() => undefined);
          hold = undefined;
          // Step aside for longer than a waiter's retry interval, or we would win the lock straight back.
          await new Promise((r) => setTimeout(r, RETRY_MAX_MS + 20));
        }
      }
      if (!hold) {
        hold = { release: await this.acquire(name), since: Date.now() };
        this.held.set(name, hold);
      }
      const current = hold;
      try {
        return await fn();
      } finally {
        current.timer = setTimeout(() => {
          if (this.held.get(name) === current) this.held.delete(name);
          void current.release().catch(() => undefined);
        }, this.opts.lingerMs ?? 30);
        (current.timer as { unref?: () => void }).unref?.();
      }
    });
  }

  /** Hand back every lock this process keeps between runs. */
  async releaseAll(): Promise<void> {
    const all = [...this.held.values()];
    this.held.clear();
    for (const h of all) if (h.timer) clearTimeout(h.timer);
    await Promise.all(all.map((h) => h.release().catch(() => undefined)));
  }

  private async acquire(name: string): Promise<() => Promise<void>> {
    // Loaded lazily so browser bundles never see node modules.
    const fs = require("fs") as typeof import("fs");
    const path = require("path") as typeof import("path");
    const lockfile = require("proper-lockfile") as typeof LockfileNs;
    fs.mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    const target = path.join(this.dir, `${name.replace(/[^A-Za-z0-9._-]/g, "_")}.lock-target`);
    if (!fs.existsSync(target)) fs.writeFileSync(target, "", { mode: 0o600 });
    const waitMs = this.opts.waitMs ?? 120_000;
    return lockfile.lock(target, {
      stale: this.opts.staleMs ?? 30_000,
      update: 5_000,
      realpath: false,
      retries: { retries: Math.ceil(waitMs / 25), factor: 1, minTimeout: 10, maxTimeout: RETRY_MAX_MS, randomize: true },
    });
  }
}
