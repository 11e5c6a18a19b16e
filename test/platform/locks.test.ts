import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { ensurePrivateDir, FileLock } from "../../src/adapters/node/file-lock";
import { LocalLock } from "../../src/platform/locks";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function tmpDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "svc-locks-"));
}

/** Run `n` jobs through `pick(i)`'s lock and report the most that were inside at once. */
async function maxInside(n: number, pick: (i: number) => FileLock | LocalLock, holdMs = 5): Promise<number> {
  let inside = 0;
  let max = 0;
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      pick(i).run("api", async () => {
        inside++;
        max = Math.max(max, inside);
        await sleep(holdMs);
        inside--;
      })
    )
  );
  return max;
}

describe("LocalLock", () => {
  it("lets one job at a time in", async () => {
    const lock = new LocalLock();
    expect(await maxInside(10, () => lock)).toBe(1);
  });

  it("keeps going after a job fails", async () => {
    const lock = new LocalLock();
    await expect(lock.run("a", async () => Promise.reject(new Error("x")))).rejects.toThrow("x");
    await expect(lock.run("a", async () => 7)).resolves.toBe(7);
  });
});

describe("FileLock", () => {
  it("never lets two instances (two processes) in at once", async () => {
    const dir = tmpDir();
    const a = new FileLock(dir);
    const b = new FileLock(dir);
    expect(await maxInside(12, (i) => (i % 2 ? a : b))).toBe(1);
    await Promise.all([a.releaseAll(), b.releaseAll()]);
  });

  it("keeps the lock file between back-to-back runs of one instance", async () => {
    const dir = tmpDir();
    const a = new FileLock(dir, { lingerMs: 200 });
    await a.run("api", async () => undefined);
    const lockDirs = fs.readdirSync(dir).filter((n) => n.endsWith(".lock"));
    expect(lockDirs).toHaveLength(1); // still held while lingering
    await a.releaseAll();
    expect(fs.readdirSync(dir).filter((n) => n.endsWith(".lock"))).toHaveLength(0);
  });

  it("hands the lock to a waiting instance once the holder has held it for maxHoldMs", async () => {
    const dir = tmpDir();
    const a = new FileLock(dir, { lingerMs: 1000, maxHoldMs: 50 });
    const b = new FileLock(dir);
    const order: string[] = [];
    const busyA = (async () => {
      for (let i = 0; i < 20; i++)
        await a.run("api", async () => {
          order.push("a");
          await sleep(10);
        });
    })();
    await sleep(30);
    await b.run("api", async () => void order.push("b"));
    await busyA;
    // b got its turn while a still had work queued, not only after a finished.
    expect(order.indexOf("b")).toBeGreaterThan(0);
    expect(order.lastIndexOf("a")).toBeGreaterThan(order.indexOf("b"));
    await Promise.all([a.releaseAll(), b.releaseAll()]);
  });

  it("alone, keeps the lock past maxHoldMs: steps aside only when another instance waits", async () => {
    const dir = tmpDir();
    const lockfile = require("proper-lockfile") as typeof import("proper-lockfile");
    const taken = jest.spyOn(lockfile, "lock");
    const a = new FileLock(dir, { lingerMs: 1000, maxHoldMs: 20 });
    for (let i = 0; i < 15; i++) await a.run("api", () => sleep(5));
    // One lock taken for all 15 runs, well past the 20 ms hold limit: a step-aside would have
    // dropped it and taken it again (after a 60 ms pause).
    expect(taken).toHaveBeenCalledTimes(1);
    expect(fs.readdirSync(dir).filter((n) => n.includes(".wait-"))).toEqual([]);
    taken.mockRestore();
    await a.releaseAll();
  });

  it("lets another instance in right after releaseAll", async () => {
    const dir = tmpDir();
    const a = new FileLock(dir, { lingerMs: 60_000 });
    await a.run("api", async () => undefined);
    await a.releaseAll();
    const b = new FileLock(dir, { waitMs: 100 });
    await expect(b.run("api", async () => "in")).resolves.toBe("in");
    await b.releaseAll();
  });
});

describe("lock hygiene", () => {
  it("a lock directory must be private: other users' or group/world-open directories and symlinks are refused", () => {
    const dir = tmpDir();
    const open = path.join(dir, "open");
    fs.mkdirSync(open, { mode: 0o777 });
    fs.chmodSync(open, 0o777);
    expect(() => ensurePrivateDir(open)).toThrow(/open to other users \(mode 777\)/);
    const link = path.join(dir, "link");
    fs.symlinkSync(tmpDir(), link);
    expect(() => ensurePrivateDir(link)).toThrow(/not a directory/);
    if (process.getuid?.() === 0) {
      // Only root can hand a directory to another user to set this case up.
      const other = path.join(dir, "other");
      fs.mkdirSync(other, { mode: 0o700 });
      fs.chownSync(other, 12345, 12345);
      expect(() => ensurePrivateDir(other)).toThrow(/belongs to another user/);
    }
    const fresh = path.join(dir, "fresh", "locks");
    ensurePrivateDir(fresh);
    expect(fs.statSync(fresh).mode & 0o777).toBe(0o700);
  });

  it("a compromised lock (its directory taken away while held) is reported, not a crash; the next run locks again", async () => {
    const dir = tmpDir();
    const seen: string[] = [];
    const lock = new FileLock(dir, { staleMs: 2000, onCompromised: (name) => seen.push(name) });
    await lock.run("svc-credentials", async () => {
      // Another process "took over" the lock: proper-lockfile's update timer notices within ~1 s.
      for (const f of fs.readdirSync(dir)) if (f.endsWith(".lock")) fs.rmSync(path.join(dir, f), { recursive: true, force: true });
      await sleep(2500);
    });
    expect(seen).toEqual(["svc-credentials"]);
    expect(lock.compromised).toEqual(["svc-credentials"]);
    await expect(lock.run("svc-credentials", async () => "again")).resolves.toBe("again");
    await lock.releaseAll();
  });
});
