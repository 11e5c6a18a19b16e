/**
 * The CLI's persistent cache: one JSON file per entry under `dir` (the connection's own directory,
 * chosen by src/compose), named by a hash of the key. Writes are atomic (./atomic-write.ts), so a
 * crash or a full disk leaves the old entry or the new one, never a torn file. A file
 * that does not parse is deleted on read. Several processes may share the directory.
 *
 * The root and the connection's directory must be private (./private-dir.ts): a directory another
 * local user can write to could hold a planted answer, so nothing is read from or written to one;
 * every operation fails with the path and the fix instead (`ensurePrivate()` checks up front).
 */
import { createHash } from "crypto";
import { existsSync, promises as fsp } from "fs";
import * as path from "path";
import { CacheRecord, PersistentStore, asCacheRecord } from "../../engine";
import { ensurePrivateDir } from "./private-dir";
import { writeFileAtomicAsync } from "./atomic-write";

export class FileStore implements PersistentStore {
  /** The directories exist and are private (checked once; writes happen inside the call lock, every syscall counts). */
  private made = false;
  /** Entries live in `root`, or in its `scope` subdirectory (one per connection, see src/compose). */
  readonly dir: string;
  constructor(private readonly root: string, scope?: string) {
    this.dir = scope ? path.join(root, scope) : root;
  }

  /** Create the root and the connection's directory (0700) if missing; throw PrivateStateError unless both are private. */
  ensurePrivate(): void {
    if (this.made) return;
    ensurePrivateDir(this.root, "cache directory");
    if (this.dir !== this.root) ensurePrivateDir(this.dir, "cache directory of this connection");
    this.made = true;
  }

  fileFor(key: string): string {
    const h = createHash("sha256").update(key).digest("hex").slice(0, 40);
    return path.join(this.dir, `${h}.json`);
  }

  async get(key: string): Promise<CacheRecord | undefined> {
    this.ensurePrivate();
    const file = this.fileFor(key);
    // The engine re-reads an identity inside the call lock before every call, and it is usually not
    // there: a synchronous existence check (microseconds) spares a thread-pool round trip.
    if (!existsSync(file)) return undefined;
    let raw: string;
    try {
      raw = await fsp.readFile(file, "utf8");
    } catch {
      return undefined;
    }
    try {
      const body = JSON.parse(raw) as { key?: unknown; record?: unknown };
      if (body && body.key === key) {
        const rec = asCacheRecord(body.record);
        if (rec) return rec;
      } else if (body && typeof body.key === "string") {
        return undefined; // another key with the same hash prefix: leave it alone
      }
    } catch {
      // fall through: damaged
    }
    await fsp.unlink(file).catch(() => undefined);
    return undefined;
  }

  async set(key: string, record: CacheRecord): Promise<void> {
    const file = this.fileFor(key);
    this.ensurePrivate();
    // The engine writes behind the next call (its write-behind), so the fsyncs sit on no call's path.
    try {
      await writeFileAtomicAsync(file, JSON.stringify({ key, record }), 0o600);
    } catch (e) {
      this.made = false; // the directory may have been removed under us: make it again next time
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.unlink(this.fileFor(key)).catch(() => undefined);
  }

  async clear(): Promise<void> {
    this.ensurePrivate();
    let names: string[];
    try {
      names = await fsp.readdir(this.dir);
    } catch {
      return;
    }
    await Promise.all(
      names.filter((n) => n.endsWith(".json") || n.endsWith(".tmp")).map((n) => fsp.unlink(path.join(this.dir, n)).catch(() => undefined)),
    );
  }

  /** Delete this store's directory and its entries (a connection's cache at sign-out); nothing when absent. */
  async remove(): Promise<void> {
    if (!existsSync(this.dir)) return;
    await this.clear();
    await fsp.rmdir(this.dir).catch(() => undefined);
    this.made = false;
  }

  /** Delete entries untouched for `maxAgeMs` (the longest cache lifetime): the cache directory never grows without bound. */
  async sweep(maxAgeMs: number, nowMs = Date.now()): Promise<number> {
    this.ensurePrivate();
    let names: string[];
    try {
      names = await fsp.readdir(this.dir);
    } catch {
      return 0;
    }
    let n = 0;
    for (const name of names) {
      if (!name.endsWith(".json") && !name.endsWith(".tmp")) continue;
      const p = path.join(this.dir, name);
      const st = await fsp.stat(p).catch(() => null);
      if (st && nowMs - st.mtimeMs > maxAgeMs) {
        await fsp.unlink(p).catch(() => undefined);
        n++;
      }
    }
    return n;
  }
}
