/**
 * The request engine: one per runtime, shared by the functions, the pane and the CLI.
 *
 * Order of work for a request: validate (no call for a bad argument) -> cache -> a twin already
 * queued or in flight -> coalescing (get_financials of one ticker/statement/period type share one
 * call) -> the serial queue (one call at a time, inside a cross-runtime lock) -> the client.
 * Every promise handed out settles: with an answer, a stale answer, or an SvcError.
 */
import { TOOLS, ToolName } from "../api/catalogue";
import type { ApiAnswer } from "../api/client";
import { STALE_OK, SvcError, isSvcError } from "../api/errors";
import { RawParams, ToolParams, requestKey, validateParams } from "../api/validate";
import { CrossLock, LocalLock } from "../platform/locks";
import { FinEntry, FinRequest, covers, finRequest, mergeEntry, mergedParams, sliceFinancials } from "./financials";
import type { CacheRecord, FinRecord, PersistentStore, PlainRecord, QuotaRecord, StoredAnswer } from "./store";
import type { Engine, EngineAnswer, EngineStats, RequestOptions } from "./types";

/** What the engine needs of a client: ApiClient satisfies it. */
export interface ToolCaller {
  call(tool: ToolName, params: ToolParams): Promise<ApiAnswer>;
}

export interface EngineOptions {
  client: ToolCaller;
  /** Persistent layer under the in-memory cache (FileStore for the CLI, IndexedDbStore in the browser). */
  store?: PersistentStore;
  /** Serialises calls across runtimes/processes sharing a credential. Default: within this runtime only. */
  lock?: CrossLock;
  /** One name per connection (e.g. per base URL and account). */
  lockName?: string;
  /** Wall clock (epoch ms) for cache lifetimes and the quota day. */
  now?: () => number;
  /** How long a get_financials call waits for siblings to join before it may be sent. */
  windowMs?: number;
  /**
   * How long a get_financials call may be put back behind other work while siblings keep joining it
   * (bounds the deferral; default 1 s).
   */
  maxDeferMs?: number;
  /** How long "another call is still running" 429s are retried before the cell gets the error. */
  busyRetryBudgetMs?: number;
  /** First backoff step for busy 429s (doubles, capped, with jitter). */
  busyRetryBaseMs?: number;
  /** Delay before the one retry after a 503, a server error or a network failure. */
  retryDelayMs?: number;
  /** Jitter source (tests make it deterministic). */
  random?: () => number;
  /**
   * Engine-side guard around each client call, above the client's own fetch timeout: a client that
   * never settles cannot block the queue.
   */
  timeoutMs?: number;
  /**
   * Re-read the persistent store inside the lock before sending (another runtime or process sharing
   * the store may have fetched it meanwhile) and finish the store write before releasing the lock.
   * Default: true when a store is given and the lock is shared beyond this runtime (not a LocalLock).
   */
  shareStore?: boolean;
  /**
   * After a call is abandoned on timeout the server may still count it as running: wait this long
   * before the next call so it does not collide with it ("another call is still running").
   */
  abandonGraceMs?: number;
}

/**
 * Chosen with scripts/bench.js (window sweep): with a recalculation delivered in bursts a few ms
 * apart, a window of 1.5x the gap reaches the floor; 25 ms covers gaps up to ~15 ms and costs at most
 * 25 ms of idle queue once per recalculation (only when nothing but get_financials is waiting).
 */
export const DEFAULT_WINDOW_MS = 25;
/** ApiClient's 20 s fetch timeout plus slack; well under the host's 60 s limit. */
export const DEFAULT_ENGINE_TIMEOUT_MS = 25_000;
export const DEFAULT_RETRY_DELAY_MS = 1_000;
export const DEFAULT_BUSY_BUDGET_MS = 15_000;
export const DEFAULT_BUSY_BASE_MS = 150;
export const DEFAULT_LOCK_NAME = "svc-api";
export const DEFAULT_ABANDON_GRACE_MS = 100;
export const DEFAULT_MAX_DEFER_MS = 1_000;

export interface SvcStats extends EngineStats {
  /** Requests answered from an expired entry because the API could not answer. */
  stale_served: number;
  /** Requests that ended in an error (invalid arguments included). */
  errors: number;
  /** Calls queued or in flight. */
  pending: number;
}

export interface SvcEngine extends Engine {
  stats(): SvcStats;
  /** Called (at most once per tick) whenever a count changes; returns an unsubscribe function. */
  onChange(listener: (stats: SvcStats) => void): () => void;
  /** Epoch ms of the next 00:00 UTC while the daily quota is used up, else null. */
  quotaBlockedUntil(): number | null;
  /** Resolves when every write to the persistent store so far has finished. */
  flush(): Promise<void>;
  /** Resolves when nothing is queued or in flight. */
  idle(): Promise<void>;
}

const DAY_MS = 86_400_000;
/** Store key of the quota governor's state (never a request key: those start with a tool name). */
const QUOTA_KEY = "svc:quota";

interface Waiter {
  fin?: FinRequest;
  resolve(a: EngineAnswer): void;
  reject(e: SvcError): void;
  detach(): void;
}

interface Job {
  tool: ToolName;
  /** Cache key: requestKey for plain tools, the group key for get_financials. */
  key: string;
  params?: ToolParams;
  isFin: boolean;
  waiters: Waiter[];
  state: "queued" | "sent" | "done";
  createdAt: number;
  /** Sending order among ready jobs: the quietest first (a group still gaining siblings waits). */
  order: number;
  callMetrics?: string[];
  callYears?: number;
}

const mono = (): number => performance.now();
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, Math.max(0, ms)));

function asSvcError(e: unknown): SvcError {
  if (isSvcError(e)) return e;
  const msg = (e as Error)?.message ?? String(e);
  return new SvcError("network", `Unexpected failure: ${msg}`);
}

function toAnswer(a: StoredAnswer, data: Record<string, unknown>, stale: boolean): EngineAnswer {
  return { data, link: a.link, text: a.text, stale, fetchedAt: a.fetchedAt };
}

class EngineImpl implements SvcEngine {
  private readonly client: ToolCaller;
  private readonly store?: PersistentStore;
  private readonly lock: CrossLock;
  private readonly lockName: string;
  private readonly now: () => number;
  private readonly windowMs: number;
  private readonly busyBudgetMs: number;
  private readonly busyBaseMs: number;
  private readonly retryDelayMs: number;
  private readonly random: () => number;
  private readonly timeoutMs: number;
  private readonly shareStore: boolean;
  private readonly abandonGraceMs: number;
  private readonly maxDeferMs: number;
  private graceUntil = 0;

  private readonly mem = new Map<string, CacheRecord>();
  private readonly loaded = new Set<string>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly writes = new Map<string, Promise<void>>();

  private readonly plainJobs = new Map<string, Job>();
  private readonly finJobs = new Map<string, Job[]>();
  private readonly queue: Job[] = [];
  private inFlight = 0;
  private pumping = false;
  private idleWaiters: Array<() => void> = [];

  private counts = { calls: 0, cache_hits: 0, coalesced: 0, retries: 0, stale_served: 0, errors: 0 };
  private quota: number | null = null;
  private blockedUntil: number | null = null;
  /** The persisted governor state, read once at start (and again inside the lock when shared). */
  private quotaLoaded: Promise<void> | null = null;
  private listeners = new Set<(s: SvcStats) => void>();
  private emitScheduled = false;

  constructor(o: EngineOptions) {
    this.client = o.client;
    this.store = o.store;
    this.lock = o.lock ?? new LocalLock();
    this.lockName = o.lockName ?? DEFAULT_LOCK_NAME;
    this.now = o.now ?? Date.now;
    this.windowMs = o.windowMs ?? DEFAULT_WINDOW_MS;
    this.busyBudgetMs = o.busyRetryBudgetMs ?? DEFAULT_BUSY_BUDGET_MS;
    this.busyBaseMs = o.busyRetryBaseMs ?? DEFAULT_BUSY_BASE_MS;
    this.retryDelayMs = o.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    this.random = o.random ?? Math.random;
    this.timeoutMs = o.timeoutMs ?? DEFAULT_ENGINE_TIMEOUT_MS;
    this.shareStore = o.shareStore ?? (!!o.store && !(this.lock instanceof LocalLock));
    this.abandonGraceMs = o.abandonGraceMs ?? DEFAULT_ABANDON_GRACE_MS;
    this.maxDeferMs = o.maxDeferMs ?? DEFAULT_MAX_DEFER_MS;
    if (this.store) this.quotaLoaded = this.readQuota();
  }

  // ---- public surface ------------------------------------------------------------------------

  async request(tool: ToolName, raw: RawParams, opts: RequestOptions = {}): Promise<EngineAnswer> {
    try {
      let params: ToolParams;
      try {
        if (!TOOLS[tool]) throw new SvcError("invalid_argument", `Unknown tool "${tool}"`);
        params = validateParams(tool, raw ?? {});
      } catch (e) {
        throw isSvcError(e) ? e : new SvcError("invalid_argument", (e as Error)?.message ?? String(e));
      }
      return tool === "get_financials"
        ? await this.requestFin(finRequest(params), opts.signal)
        : await this.requestPlain(tool, params, opts.signal);
    } catch (e) {
      this.counts.errors++;
      this.changed();
      throw asSvcError(e);
    }
  }

  stats(): SvcStats {
    this.rollDay();
    return { ...this.counts, quota_remaining: this.quota, pending: this.queue.length + this.inFlight };
  }

  onChange(listener: (s: SvcStats) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  quotaBlockedUntil(): number | null {
    this.rollDay();
    return this.blockedUntil;
  }

  async clearCache(): Promise<void> {
    this.mem.clear();
    this.loaded.clear();
    await this.flush();
    this.mem.clear();
    this.loaded.clear();
    if (this.store) await this.store.clear().catch(() => undefined);
    this.persistQuota(); // the quota state is not a cached answer: keep it
    this.changed();
  }

  async flush(): Promise<void> {
    while (this.writes.size > 0) await Promise.all([...this.writes.values()]);
  }

  idle(): Promise<void> {
    if (this.queue.length === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  // ---- requests ------------------------------------------------------------------------------

  private async requestPlain(tool: ToolName, params: ToolParams, signal?: AbortSignal): Promise<EngineAnswer> {
    const key = requestKey(tool, params);
    let hit = this.freshPlain(key);
    if (!hit && this.store && !this.loaded.has(key)) {
      await this.load(key);
      hit = this.freshPlain(key);
    }
    if (hit) {
      this.counts.cache_hits++;
      this.changed();
      return toAnswer(hit, hit.data, false);
    }
    if (signal?.aborted) throw cancelledError();
    const blocked = this.blockedError();
    if (blocked) return this.staleOr(key, undefined, blocked);
    let job = this.plainJobs.get(key);
    if (job) this.counts.coalesced++;
    else {
      const t = mono();
      // Plain jobs gain nothing by waiting: they go ahead of get_financials jobs up to maxDeferMs younger.
      job = { tool, key, params, isFin: false, waiters: [], state: "queued", createdAt: t, order: t - this.maxDeferMs };
      this.plainJobs.set(key, job);
      this.queue.push(job);
    }
    return this.wait(job, undefined, signal);
  }

  private async requestFin(req: FinRequest, signal?: AbortSignal): Promise<EngineAnswer> {
    const key = req.group;
    let hit = this.findFin(key, req, true);
    if (!hit && this.store && !this.loaded.has(key)) {
      await this.load(key);
      hit = this.findFin(key, req, true);
    }
    if (hit) {
      this.counts.cache_hits++;
      this.changed();
      return toAnswer(hit, sliceFinancials(hit.data, req), false);
    }
    if (signal?.aborted) throw cancelledError();
    const blocked = this.blockedError();
    if (blocked) return this.staleOr(key, req, blocked);
    let jobs = this.finJobs.get(key);
    if (!jobs) this.finJobs.set(key, (jobs = []));
    let job =
      jobs.find(
        (j) => j.state === "sent" && j.callMetrics !== undefined && covers({ metrics: j.callMetrics, years: j.callYears! }, req),
      ) ??
      jobs.find((j) => j.state === "queued");
    const t = mono();
    if (job) {
      this.counts.coalesced++;
      // A sibling arrived: the burst is still coming, so wait a little longer (never past the cap).
      if (job.state === "queued") job.order = Math.min(t, job.createdAt + this.maxDeferMs);
    } else {
      job = {
        tool: "get_financials",
        key,
        isFin: true,
        waiters: [],
        state: "queued",
        createdAt: t,
        order: t,
      };
      jobs.push(job);
      this.queue.push(job);
    }
    return this.wait(job, req, signal);
  }

  private wait(job: Job, fin: FinRequest | undefined, signal?: AbortSignal): Promise<EngineAnswer> {
    return new Promise<EngineAnswer>((resolve, reject) => {
      let onAbort: (() => void) | undefined;
      const w: Waiter = {
        fin,
        resolve,
        reject,
        detach: () => {
          if (onAbort) signal?.removeEventListener("abort", onAbort);
        },
      };
      if (signal) {
        onAbort = () => {
          // Once sent, the call finishes and is cached; the waiter just gets its answer late.
          if (job.state !== "queued") return;
          const i = job.waiters.indexOf(w);
          if (i < 0) return;
          job.waiters.splice(i, 1);
          w.detach();
          reject(cancelledError());
          if (job.waiters.length === 0) this.dropJob(job);
        };
        signal.addEventListener("abort", onAbort, { once: true });
      }
      job.waiters.push(w);
      this.lastArrival = mono();
      this.changed();
      this.kick();
    });
  }

  private dropJob(job: Job): void {
    job.state = "done";
    const qi = this.queue.indexOf(job);
    if (qi >= 0) this.queue.splice(qi, 1);
    this.forget(job);
    this.changed();
    this.checkIdle();
  }

  private forget(job: Job): void {
    if (job.isFin) {
      const jobs = this.finJobs.get(job.key);
      if (jobs) {
        const i = jobs.indexOf(job);
        if (i >= 0) jobs.splice(i, 1);
        if (jobs.length === 0) this.finJobs.delete(job.key);
      }
    } else if (this.plainJobs.get(job.key) === job) this.plainJobs.delete(job.key);
  }

  // ---- cache ---------------------------------------------------------------------------------

  private ttl(tool: ToolName): number {
    return TOOLS[tool].ttlMs;
  }

  private isFresh(tool: ToolName, fetchedAt: number, now = this.now()): boolean {
    return now - fetchedAt < this.ttl(tool) && fetchedAt <= now + 60_000;
  }

  private freshPlain(key: string): StoredAnswer | undefined {
    const rec = this.mem.get(key);
    if (!rec || rec.kind !== "plain") return undefined;
    return this.isFresh(rec.tool, rec.answer.fetchedAt) ? rec.answer : undefined;
  }

  /** A cached entry answering `req`: fresh ones only, or (for stale serving) the newest of any age. */
  private findFin(key: string, req: FinRequest, freshOnly: boolean): FinEntry | undefined {
    const rec = this.mem.get(key);
    if (!rec || rec.kind !== "fin") return undefined;
    const now = this.now();
    let best: FinEntry | undefined;
    for (const e of rec.entries) {
      if (!covers(e, req)) continue;
      const fresh = this.isFresh("get_financials", e.fetchedAt, now);
      if (freshOnly && !fresh) continue;
      if (!best || e.fetchedAt > best.fetchedAt) best = e;
    }
    return best;
  }

  private load(key: string, force = false): Promise<void> {
    const store = this.store;
    if (!store) return Promise.resolve();
    const running = this.loading.get(key);
    if (running && !force) return running;
    const p = (async () => {
      let rec: CacheRecord | undefined;
      try {
        rec = await store.get(key);
      } catch {
        rec = undefined;
      }
      this.loaded.add(key);
      if (rec) this.absorb(key, rec);
    })().finally(() => {
      if (this.loading.get(key) === p) this.loading.delete(key);
    });
    this.loading.set(key, p);
    return p;
  }

  /** Take in a record read from the store, keeping whatever is newer in memory. */
  private absorb(key: string, rec: CacheRecord): void {
    const cur = this.mem.get(key);
    if (!cur) {
      this.mem.set(key, rec);
      return;
    }
    if (rec.kind === "plain" && cur.kind === "plain") {
      if (rec.answer.fetchedAt > cur.answer.fetchedAt) this.mem.set(key, rec);
      return;
    }
    if (rec.kind === "fin" && cur.kind === "fin") {
      const newest = Math.max(0, ...cur.entries.map((e) => e.fetchedAt));
      let entries = cur.entries;
      for (const e of rec.entries.filter((x) => x.fetchedAt > newest).reverse())
        entries = mergeEntry(entries, e, (x) => this.isFresh("get_financials", x.fetchedAt));
      this.mem.set(key, { ...cur, entries });
    }
  }

  private persist(key: string): Promise<void> {
    const store = this.store;
    if (!store) return Promise.resolve();
    const prev = this.writes.get(key) ?? Promise.resolve();
    const p: Promise<void> = prev
      .then(async () => {
        const rec = this.mem.get(key);
        if (rec) await store.set(key, rec);
      })
      .catch(() => undefined)
      .finally(() => {
        if (this.writes.get(key) === p) this.writes.delete(key);
      });
    this.writes.set(key, p);
    return p;
  }

  private staleOr(key: string, req: FinRequest | undefined, err: SvcError): EngineAnswer {
    if (STALE_OK.has(err.kind)) {
      if (req) {
        const e = this.findFin(key, req, false);
        if (e) {
          this.counts.stale_served++;
          this.changed();
          return toAnswer(e, sliceFinancials(e.data, req), !this.isFresh("get_financials", e.fetchedAt));
        }
      } else {
        const rec = this.mem.get(key);
        if (rec && rec.kind === "plain") {
          this.counts.stale_served++;
          this.changed();
          return toAnswer(rec.answer, rec.answer.data, !this.isFresh(rec.tool, rec.answer.fetchedAt));
        }
      }
    }
    throw err;
  }

  // ---- quota ---------------------------------------------------------------------------------

  private rollDay(): void {
    if (this.blockedUntil !== null && this.now() >= this.blockedUntil) {
      this.blockedUntil = null;
      this.quota = null;
      this.changed();
    }
  }

  private block(): void {
    this.blockedUntil = (Math.floor(this.now() / DAY_MS) + 1) * DAY_MS;
    this.changed();
  }

  /** Adopt the persisted state of today: the lower remaining count, and a block still in force. */
  private async readQuota(): Promise<void> {
    const rec = await this.store?.get(QUOTA_KEY).catch(() => undefined);
    if (!rec || rec.kind !== "quota" || rec.day !== Math.floor(this.now() / DAY_MS)) return;
    if (rec.remaining !== null) this.quota = this.quota === null ? rec.remaining : Math.min(this.quota, rec.remaining);
    if (rec.blockedUntil !== null && rec.blockedUntil > this.now() && this.blockedUntil === null) this.blockedUntil = rec.blockedUntil;
    this.changed();
  }

  private persistQuota(): void {
    const store = this.store;
    if (!store) return;
    const rec: QuotaRecord = { v: 1, kind: "quota", day: Math.floor(this.now() / DAY_MS), remaining: this.quota, blockedUntil: this.blockedUntil };
    const prev = this.writes.get(QUOTA_KEY) ?? Promise.resolve();
    const p: Promise<void> = prev
      .then(() => store.set(QUOTA_KEY, rec))
      .catch(() => undefined)
      .finally(() => {
        if (this.writes.get(QUOTA_KEY) === p) this.writes.delete(QUOTA_KEY);
      });
    this.writes.set(QUOTA_KEY, p);
  }

  private blockedError(): SvcError | undefined {
    this.rollDay();
    if (this.blockedUntil === null) return undefined;
    const at = new Date(this.blockedUntil).toISOString().replace(".000Z", "Z");
    return new SvcError("quota_exhausted", `The daily quota is used up; calls resume at 00:00 UTC (${at})`, { status: 429 });
  }

  /** After each sent request: trust the header; without one, count down from the last known value. */
  private noteQuota(header: number | null, err?: SvcError): void {
    if (err?.kind === "quota_exhausted") this.quota = 0;
    else if (header !== null) this.quota = header;
    else if (this.quota !== null) this.quota = Math.max(0, this.quota - 1);
    if (this.quota === 0 && this.blockedUntil === null) this.block();
    this.persistQuota();
    this.changed();
  }

  // ---- queue ---------------------------------------------------------------------------------

  private wake: (() => void) | null = null;
  /** When a request last reached the queue (monotonic ms). */
  private lastArrival = -Infinity;

  private kick(): void {
    if (!this.pumping) void this.pump();
    else if (this.wake) this.wake(); // a new job may be ready before the one the pump sleeps for
  }

  private nap(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      const self = this;
      function done() {
        clearTimeout(timer);
        if (self.wake === done) self.wake = null;
        resolve();
      }
      this.wake = done;
    });
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      while (this.queue.length > 0) {
        let soonest = Infinity;
        for (const j of this.queue) soonest = Math.min(soonest, this.readyTime(j));
        const wait = soonest - mono();
        if (wait > 0.5) {
          await this.nap(wait);
          continue;
        }
        try {
          await this.lock.run(this.lockName, () => this.runNext());
        } catch (e) {
          // The lock itself failed (e.g. a lock file we could not take): fail the next job rather than spin.
          const job = this.takeReady();
          if (job) this.settleError(job, asSvcError(e));
        }
      }
    } finally {
      this.pumping = false;
      this.checkIdle();
    }
  }

  /**
   * When a job may be sent (monotonic ms). A plain job at once. A get_financials job once requests
   * have stopped arriving for windowMs (the recalculation's burst is over, so its siblings are all
   * in), and at the latest maxDeferMs after it was created.
   */
  private readyTime(j: Job): number {
    if (!j.isFin) return j.createdAt;
    return Math.min(Math.max(this.lastArrival, j.createdAt) + this.windowMs, j.createdAt + this.maxDeferMs);
  }

  /**
   * The ready job that has been quiet longest. Plain jobs gain nothing by waiting; a get_financials
   * job that siblings keep joining is put after them (up to maxDeferMs after it was created), so a
   * burst spread over a recalculation still ends in one call per group.
   */
  private takeReady(): Job | undefined {
    const t = mono() + 0.5;
    let best = -1;
    for (let i = 0; i < this.queue.length; i++) {
      const j = this.queue[i];
      if (this.readyTime(j) <= t && (best < 0 || j.order < this.queue[best].order)) best = i;
    }
    if (best < 0) return undefined;
    return this.queue.splice(best, 1)[0];
  }

  private checkIdle(): void {
    if (this.queue.length === 0 && this.inFlight === 0 && this.idleWaiters.length > 0) {
      const ws = this.idleWaiters;
      this.idleWaiters = [];
      ws.forEach((r) => r());
    }
  }

  /** Inside the lock: send the next ready job and settle its waiters. */
  private async runNext(): Promise<void> {
    const job = this.takeReady();
    if (!job) return;
    this.inFlight++;
    try {
      await this.execute(job);
    } catch (e) {
      this.settleError(job, asSvcError(e));
    } finally {
      this.inFlight--;
      job.state = "done";
      this.forget(job);
      this.changed();
    }
  }

  private async execute(job: Job): Promise<void> {
    if (this.quotaLoaded) await this.quotaLoaded;
    // Another runtime or process sharing the store may have used up the quota meanwhile (only worth
    // a read when our own count is unknown or low).
    if (this.shareStore && this.store && (this.quota === null || this.quota < 100)) await this.readQuota();
    const blocked = this.blockedError();
    if (blocked) return this.settleError(job, blocked);

    if (this.shareStore && this.store) {
      // Another runtime or process sharing the store may have fetched this while we waited for the lock.
      await this.load(job.key, true);
      if (this.answerFromCache(job)) return;
    }
    // Until here late siblings could still join and cancellations still drop; from now on it is sent.
    if (job.waiters.length === 0) return;
    job.state = "sent";

    let params: ToolParams;
    if (job.isFin) {
      const m = mergedParams(job.waiters.map((w) => w.fin!));
      params = m.params;
      job.callMetrics = m.metrics;
      job.callYears = m.years;
    } else params = job.params!;

    let ans: ApiAnswer;
    try {
      ans = await this.callWithRetries(job.tool, params);
    } catch (e) {
      return this.settleError(job, asSvcError(e));
    }
    const stored: StoredAnswer = { data: ans.data, link: ans.link, text: ans.text, fetchedAt: this.now() };
    if (job.isFin) {
      const entry: FinEntry = { ...stored, metrics: job.callMetrics!, years: job.callYears! };
      const cur = this.mem.get(job.key);
      const entries = cur && cur.kind === "fin" ? cur.entries : [];
      const rec: FinRecord = {
        v: 1,
        kind: "fin",
        tool: "get_financials",
        entries: mergeEntry(entries, entry, (e) => this.isFresh("get_financials", e.fetchedAt)),
      };
      this.mem.set(job.key, rec);
      for (const w of job.waiters.splice(0)) {
        w.detach();
        w.resolve(toAnswer(entry, sliceFinancials(entry.data, w.fin!), false));
      }
    } else {
      const rec: PlainRecord = { v: 1, kind: "plain", tool: job.tool, answer: stored };
      this.mem.set(job.key, rec);
      for (const w of job.waiters.splice(0)) {
        w.detach();
        w.resolve(toAnswer(stored, stored.data, false));
      }
    }
    this.loaded.add(job.key);
    const write = this.persist(job.key);
    if (this.shareStore) await write;
  }

  /** Settle the waiters that fresh cache entries answer; true when none is left. */
  private answerFromCache(job: Job): boolean {
    if (!job.isFin) {
      const hit = this.freshPlain(job.key);
      if (!hit) return false;
      for (const w of job.waiters.splice(0)) {
        w.detach();
        w.resolve(toAnswer(hit, hit.data, false));
      }
      return true;
    }
    const left: Waiter[] = [];
    for (const w of job.waiters) {
      const e = this.findFin(job.key, w.fin!, true);
      if (e) {
        w.detach();
        w.resolve(toAnswer(e, sliceFinancials(e.data, w.fin!), false));
      } else left.push(w);
    }
    job.waiters = left;
    return left.length === 0;
  }

  private settleError(job: Job, err: SvcError): void {
    for (const w of job.waiters.splice(0)) {
      w.detach();
      try {
        w.resolve(this.staleOr(job.key, w.fin, err));
      } catch (e) {
        w.reject(asSvcError(e));
      }
    }
    this.changed();
  }

  /** One call through the client with the engine's guard, retried as the fault rules say. */
  private async callWithRetries(tool: ToolName, params: ToolParams): Promise<ApiAnswer> {
    const start = mono();
    let busyAttempt = 0;
    let transientRetried = false;
    for (;;) {
      const blocked = this.blockedError();
      if (blocked) throw blocked;
      const grace = this.graceUntil - mono();
      if (grace > 0) await sleep(grace);
      this.counts.calls++;
      this.changed();
      let err: SvcError;
      try {
        const ans = await this.guarded(tool, params);
        this.noteQuota(ans.quotaRemaining ?? null);
        return ans;
      } catch (e) {
        err = asSvcError(e);
        this.noteQuota(null, err);
        if (err.kind === "timeout") this.graceUntil = mono() + this.abandonGraceMs;
      }
      if (err.kind === "busy") {
        const step = Math.min(this.busyBaseMs * 2 ** busyAttempt, 2_000) * (0.5 + this.random());
        busyAttempt++;
        if (mono() - start + step <= this.busyBudgetMs) {
          this.counts.retries++;
          await sleep(step);
          continue;
        }
        throw new SvcError("busy", `${err.detail} (still busy after ${Math.round((mono() - start) / 1000)} s of retries)`, {
          status: err.status,
        });
      }
      if ((err.kind === "unavailable" || err.kind === "network") && !transientRetried) {
        transientRetried = true;
        this.counts.retries++;
        await sleep(this.retryDelayMs);
        continue;
      }
      throw err;
    }
  }

  private guarded(tool: ToolName, params: ToolParams): Promise<ApiAnswer> {
    return new Promise<ApiAnswer>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new SvcError("timeout", `No answer within ${Math.round(this.timeoutMs / 1000)} s`)),
        this.timeoutMs,
      );
      let p: Promise<ApiAnswer>;
      try {
        p = Promise.resolve(this.client.call(tool, params));
      } catch (e) {
        p = Promise.reject(e);
      }
      p.then(
        (a) => {
          clearTimeout(timer);
          if (!a || typeof a !== "object" || !a.data || typeof a.data !== "object" || Array.isArray(a.data))
            reject(new SvcError("malformed", "The API's answer has no data object"));
          else
            resolve({
              data: a.data,
              link: typeof a.link === "string" ? a.link : "",
              text: typeof a.text === "string" ? a.text : "",
              quotaRemaining: typeof a.quotaRemaining === "number" ? a.quotaRemaining : null,
            });
        },
        (e) => {
          clearTimeout(timer);
          reject(e);
        },
      );
    });
  }

  // ---- notifications -------------------------------------------------------------------------

  private changed(): void {
    if (this.emitScheduled || this.listeners.size === 0) return;
    this.emitScheduled = true;
    queueMicrotask(() => {
      this.emitScheduled = false;
      const s = this.stats();
      for (const l of this.listeners) {
        try {
          l(s);
        } catch {
          // a listener's failure is not the engine's
        }
      }
    });
  }
}

function cancelledError(): SvcError {
  return new SvcError("cancelled", "Cancelled before it was sent");
}

export function createEngine(opts: EngineOptions): SvcEngine {
  return new EngineImpl(opts);
}
