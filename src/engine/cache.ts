/**
 * The answer cache: a bounded in-memory LRU over an optional persistent store. Entries are kept per
 * identity (the wide call's identity), a few answers each, newest first. Lifetimes come from the
 * catalogue (TOOLS[tool].ttlMs). Every store operation is time-bounded (TimedStore): a slow or hung
 * store reads as a miss and the request goes to the network.
 */
import { TOOLS, ToolName } from "../api";
import { Clock, nextTurn } from "./clock";
import { Lru } from "./lru";
import type { AnswerRecord, CachedAnswer, PersistentStore } from "./records";

/**
 * Identities held in memory. A wide get_financials answer is tens of KB, so 500 identities stay
 * around 10-20 MB; evicted identities are read back from the persistent store when asked again.
 */
export const DEFAULT_MAX_IDENTITIES = 500;
/** Answers kept per identity (older narrow answers a wider one does not cover). */
const MAX_ANSWERS_PER_IDENTITY = 4;
/** An answer dated this far in the future (a clock jump) is not trusted as fresh. */
const FUTURE_SLACK_MS = 60_000;

export class AnswerCache {
  /** null = the store was read and holds nothing for this identity. */
  private readonly mem: Lru<string, AnswerRecord | null>;
  private readonly loading = new Map<string, Promise<void>>();
  private readonly writes = new Map<string, Promise<void>>();
  /** The hold of the lock in which each identity was last read from the store (see loadInHold). */
  private readonly readInHold = new Map<string, { hold: number; read: Promise<void> }>();

  constructor(
    private readonly clock: Clock,
    private readonly store?: PersistentStore,
    maxIdentities = DEFAULT_MAX_IDENTITIES,
  ) {
    this.mem = new Lru(maxIdentities);
  }

  isFresh(tool: ToolName, e: CachedAnswer): boolean {
    const now = this.clock.now();
    return !e.due && now - e.fetchedAt < TOOLS[tool].ttlMs && e.fetchedAt <= now + FUTURE_SLACK_MS;
  }

  /** Memory only: the newest answer of `identity` that `fits`, fresh ones only unless `anyAge`. */
  peek(tool: ToolName, identity: string, fits: (e: CachedAnswer) => boolean, anyAge = false): CachedAnswer | undefined {
    const rec = this.mem.get(identity);
    if (!rec) return undefined;
    return rec.entries.find((e) => fits(e) && (anyAge || this.isFresh(tool, e)));
  }

  /** As peek, reading the persistent store first when this identity was never read from it. */
  async find(tool: ToolName, identity: string, fits: (e: CachedAnswer) => boolean, anyAge = false): Promise<CachedAnswer | undefined> {
    const hit = this.peek(tool, identity, fits, anyAge);
    if (hit || !this.store || this.mem.has(identity)) return hit;
    await this.load(identity);
    return this.peek(tool, identity, fits, anyAge);
  }

  /** Read this identity from the store (again, when `force`: another runtime may have written it). */
  load(identity: string, force = false): Promise<void> {
    const store = this.store;
    if (!store) return Promise.resolve();
    const running = this.loading.get(identity);
    if (running && !force) return running;
    const p = store
      .get(identity)
      .then((rec) => this.absorb(identity, rec && rec.kind === "answer" ? rec : undefined))
      .catch(() => undefined)
      .finally(() => {
        if (this.loading.get(identity) === p) this.loading.delete(identity);
      });
    this.loading.set(identity, p);
    return p;
  }

  /**
   * Read this identity from the store again unless it was already read in this hold of the lock
   * (within one hold no other runtime or process writes the store). Hold 0: always read.
   */
  loadInHold(identity: string, hold: number): Promise<void> {
    const last = this.readInHold.get(identity);
    if (hold > 0 && last?.hold === hold) return last.read;
    const read = this.load(identity, true);
    this.readInHold.set(identity, { hold, read });
    if (this.readInHold.size > 4 * this.mem.max) this.readInHold.clear(); // bounded: a stale mark only costs a read
    return read;
  }

  private absorb(identity: string, rec: AnswerRecord | undefined): void {
    const cur = this.mem.get(identity);
    if (!rec) {
      if (cur === undefined) this.mem.set(identity, null);
      return;
    }
    if (!cur) {
      this.mem.set(identity, rec);
      return;
    }
    const newest = Math.max(0, ...cur.entries.map((e) => e.fetchedAt));
    const newer = rec.entries.filter((e) => e.fetchedAt > newest);
    if (newer.length > 0) this.mem.set(identity, { ...cur, entries: [...newer, ...cur.entries].slice(0, MAX_ANSWERS_PER_IDENTITY) });
  }

  /**
   * Keep a new answer. Answers it covers are dropped (`covers(newSent, old)` says so); others stay
   * as long as there is room (they still answer requests, or serve stale when the API is down).
   */
  put(tool: ToolName, identity: string, entry: CachedAnswer, supersedes: (old: CachedAnswer) => boolean): Promise<void> {
    const cur = this.mem.get(identity);
    const kept = (cur?.entries ?? []).filter((e) => !supersedes(e));
    this.mem.set(identity, { v: 2, kind: "answer", tool, entries: [entry, ...kept].slice(0, MAX_ANSWERS_PER_IDENTITY) });
    return this.persist(identity);
  }

  /** Mark every answer of `identity` due (kept as a stale fallback). True when there was one. */
  async invalidate(identity: string): Promise<boolean> {
    if (this.store && !this.mem.has(identity)) await this.load(identity);
    const cur = this.mem.get(identity);
    if (!cur || cur.entries.length === 0) return false;
    this.mem.set(identity, { ...cur, entries: cur.entries.map((e) => ({ ...e, due: true })) });
    await this.persist(identity);
    return true;
  }

  private persist(identity: string): Promise<void> {
    const store = this.store;
    if (!store) return Promise.resolve();
    // The write (JSON of a wide answer: up to hundreds of KB) starts on the next macrotask, so the
    // next call goes out first; flush() still waits for it (the entry is in `writes` at once).
    const prev = this.writes.get(identity) ?? nextTurn();
    const p: Promise<void> = prev
      .then(async () => {
        const rec = this.mem.get(identity);
        if (rec) await store.set(identity, rec);
      })
      .catch(() => undefined)
      .finally(() => {
        if (this.writes.get(identity) === p) this.writes.delete(identity);
      });
    this.writes.set(identity, p);
    return p;
  }

  async flush(): Promise<void> {
    while (this.writes.size > 0) await Promise.all([...this.writes.values()]);
  }

  /** Forget every answer, in memory and in the store (the store's scope only). */
  async clear(): Promise<void> {
    this.mem.clear();
    await this.flush();
    this.mem.clear();
    if (this.store) await this.store.clear();
  }

  get size(): number {
    return this.mem.size;
  }
}
