/** The CLI's cross-process lock: lock files (proper-lockfile) in a private directory. Node-only adapter. */
import type * as LockfileNs from "proper-lockfile";
import { CrossLock, LocalLock } from "../../platform";
import { ensurePrivateDir } from "./private-dir";

/** The lock directory must be private (./private-dir.ts); re-exported for the lock's tests and callers. */
export { ensurePrivateDir };

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
 * proper-lockfile also removes held locks when the process exits). A process that finds the lock
 * held leaves a marker file while it waits; the holder steps aside only when it sees one, so a
 * process alone never pauses.
 */
export class FileLock implements CrossLock {
  private readonly local = new LocalLock();
  private readonly held = new Map<string, { release: () => Promise<void>; since: number; timer?: ReturnType<typeof setTimeout> }>();
  /** Locks proper-lockfile reported compromised (its update timer fell behind; another process may hold it). */
  readonly compromised: string[] = [];

  constructor(
    private readonly dir: string,
    private readonly opts: { staleMs?: number; waitMs?: number; lingerMs?: number; maxHoldMs?: number; onCompromised?: (name: string, err: Error) => void } = {}
  ) {}

  run<T>(name: string, fn: () => Promise<T>): Promise<T> {
    return this.local.run(name, async () => {
      let hold = this.held.get(name);
      if (hold) {
        if (hold.timer) clearTimeout(hold.timer);
        hold.timer = undefined;
        if (Date.now() - hold.since > (this.opts.maxHoldMs ?? 5_000)) {
          if (this.someoneWaits(name)) {
            this.held.delete(name);
            await hold.release().catch(() => undefined);
            hold = undefined;
            // Step aside for longer than a waiter's retry interval, or we would win the lock straight back.
            await new Promise((r) => setTimeout(r, RETRY_MAX_MS + 20));
          } else hold.since = Date.now(); // alone: keep going, look again after another maxHoldMs
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

  /** Whether another process waits for `name` (its marker file): the scheduler keeps its turn while nobody does. */
  waiting(name: string): boolean {
    return this.someoneWaits(name);
  }

  /** Hand back every lock this process keeps between runs. */
  async releaseAll(): Promise<void> {
    const all = [...this.held.values()];
    this.held.clear();
    for (const h of all) if (h.timer) clearTimeout(h.timer);
    await Promise.all(all.map((h) => h.release().catch(() => undefined)));
  }

  /**
   * A stalled process (suspended laptop, debugger) loses its lock to another process after
   * `staleMs`. proper-lockfile's default is to throw from a timer, which would crash the process —
   * possibly in the middle of a refresh. Instead the hold is dropped (the next run takes the lock
   * again) and the work in progress finishes: the refresh protocol's in-flight mark makes the other
   * holder say "sign in again" rather than present a token this one may have rotated.
   */
  private compromisedHandler(name: string): (err: Error) => void {
    return (err) => {
      this.compromised.push(name);
      const h = this.held.get(name);
      if (h) {
        if (h.timer) clearTimeout(h.timer);
        this.held.delete(name);
      }
      try {
        this.opts.onCompromised?.(name, err);
      } catch {
        /* the caller's report is its own business */
      }
    };
  }

  private async acquire(name: string): Promise<() => Promise<void>> {
    const fs = require("fs") as typeof import("fs");
    const path = require("path") as typeof import("path");
    const lockfile = require("proper-lockfile") as typeof LockfileNs;
    // A lock directory in a shared place such as /tmp that someone else created (or pointed
    // elsewhere with a symlink) could be used to block or fake our locks.
    ensurePrivateDir(this.dir, "lock directory", "remove it or set XDG_RUNTIME_DIR");
    const target = path.join(this.dir, `${name.replace(/[^A-Za-z0-9._-]/g, "_")}.lock-target`);
    if (!fs.existsSync(target)) fs.writeFileSync(target, "", { mode: 0o600 });
    const waitMs = this.opts.waitMs ?? 120_000;
    const options = (retries: number): LockfileNs.LockOptions => ({
      stale: this.opts.staleMs ?? 30_000,
      update: 5_000,
      realpath: false,
      retries: { retries, factor: 1, minTimeout: 10, maxTimeout: RETRY_MAX_MS, randomize: true },
      onCompromised: this.compromisedHandler(name),
    });
    let release: () => Promise<void>;
    try {
      release = await lockfile.lock(target, options(0));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ELOCKED") throw e;
      // Held by another process: say so (the holder steps aside only when someone waits), then wait.
      const marker = `${target}.wait-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
      fs.writeFileSync(marker, "", { mode: 0o600 });
      try {
        release = await lockfile.lock(target, options(Math.ceil(waitMs / 25)));
      } finally {
        fs.rmSync(marker, { force: true });
      }
    }
    // Releasing a lock that was compromised rejects (ECOMPROMISED): nothing to release then.
    return () => release().catch(() => undefined);
  }

  /**
   * Whether another process waits for `name` (its marker file, younger than the longest wait: a
   * waiter that died leaves one behind, which then costs a few turns, never a deadlock).
   */
  private someoneWaits(name: string): boolean {
    const fs = require("fs") as typeof import("fs");
    const path = require("path") as typeof import("path");
    const prefix = `${name.replace(/[^A-Za-z0-9._-]/g, "_")}.lock-target.wait-`;
    const since = Date.now() - (this.opts.waitMs ?? 120_000);
    try {
      return fs.readdirSync(this.dir).some((f) => f.startsWith(prefix) && fs.statSync(path.join(this.dir, f)).mtimeMs >= since);
    } catch {
      return true; // cannot tell: be fair
    }
  }
}
