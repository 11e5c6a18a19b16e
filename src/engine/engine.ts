/**
 * The request engine: one per runtime, shared by the functions, the pane and the CLI. It wires the
 * units together; each unit does one job:
 *   rules (canonicalise, widen, covers, slice) -> cache (memory LRU + timed store) -> a job in flight
 *   or queued for the same identity (Coalescer) -> scheduler (queue, window, cross-runtime lock) ->
 *   caller (guard, retries) with the quota governor and the breaker deciding what may be sent.
 * Every promise handed out settles: with an answer, a stale answer, or an SvcError.
 */
import type { ToolName } from "../api";
import { SvcError, isSvcError } from "../api";
import type { RawParams } from "../api";
import { CrossLock, LocalLock } from "../platform";
import { StaleFallback, answerFrom } from "./answers";
import { Breaker, BreakerOptions } from "./breaker";
import { AnswerCache, DEFAULT_MAX_IDENTITIES } from "./cache";
import { Caller, ToolCaller } from "./caller";
import { Clock, systemClock } from "./clock";
import { Coalescer, coalescers } from "./coalescer";
import { Dispatcher } from "./dispatch";
import { DueAnswers } from "./due";
import { DEFAULT_WINDOW_MS, DEFAULT_ENGINE_TIMEOUT_MS, DEFAULT_RETRY_DELAY_MS, DEFAULT_BUSY_BUDGET_MS, DEFAULT_BUSY_BASE_MS, DEFAULT_LOCK_NAME, DEFAULT_ABANDON_GRACE_MS, DEFAULT_MAX_DEFER_MS, DEFAULT_MAX_INLINE_RETRY_AFTER_MS, DEFAULT_MAX_HOLD_MS } from "./defaults";
import { toSvcError } from "./failure";
import type { Job, Member } from "./job";
import { QuotaGovernor } from "./quota";
import { refusal } from "./refusal";
import type { PersistentStore } from "./records";
import { MissingMemory } from "./missing";
import { JobRegistry } from "./registry";
import { RequestRules, apiRules, widenOnce } from "./rules";
import { CanonicalRequest } from "../api";
import { Scheduler } from "./scheduler";
import { Counts, Notifier } from "./stats";
import { DEFAULT_STORE_TIMEOUT_MS, TimedStore } from "./timed-store";
import type { Engine, EngineAnswer, EngineStats, PlanRequest, RefreshPlan, RequestOptions } from "./types";

export type { ToolCaller } from "./caller";

export interface EngineOptions {
  client: ToolCaller;
  /** Persistent layer under the in-memory cache, already scoped to this connection (see src/compose). */
  store?: PersistentStore;
  /** Serialises calls across runtimes/processes sharing a credential. Default: within this runtime only. */
  lock?: CrossLock;
  /** One name per connection (base URL and credential identity). */
  lockName?: string;
  /** Time (wall clock, monotonic, timers). Default: the system's. */
  clock?: Clock;
  /** Wall clock only (older option; `clock` wins). */
  now?: () => number;
  /** Canonicalise/widen/covers/slice. Default: the api module's rules. */
  rules?: RequestRules;
  /** How long a gathering call waits for siblings to stop arriving before it may be sent. */
  windowMs?: number;
  /** The latest a gathering call is sent after it was created. */
  maxDeferMs?: number;
  busyRetryBudgetMs?: number;
  busyRetryBaseMs?: number;
  retryDelayMs?: number;
  /** A Retry-After longer than this opens the breaker rather than being waited out inside the lock. */
  maxInlineRetryAfterMs?: number;
  random?: () => number;
  timeoutMs?: number;
  abandonGraceMs?: number;
  /** The longest one hold of the cross-runtime lock lasts while calls are ready. */
  maxHoldMs?: number;
  /** Bound on every persistent-store operation. */
  storeTimeoutMs?: number;
  /** Identities kept in memory (least recently used go first). */
  maxIdentities?: number;
  breaker?: BreakerOptions;
  /**
   * Re-read the persistent store inside the lock before sending (another runtime or process sharing
   * the store may have fetched it meanwhile) and finish the store write before releasing the lock.
   * Default: true when a store is given and the lock is shared beyond this runtime (not a LocalLock).
   */
  shareStore?: boolean;
  /** Excel's page: an expired answer is served stale, no call; only an answer a refresh made due (or none) is asked again. */
  keepExpired?: boolean;
}

export interface SvcStats extends EngineStats {
  stale_served: number;
  errors: number;
  /** Calls queued or in flight. */
  pending: number;
  /** Epoch ms until which the breaker sends nothing (null or absent when closed). */
  paused_until?: number | null;
}

export interface SvcEngine extends Engine {
  stats(): SvcStats;
  /** Called (at most once per tick) whenever a count changes; returns an unsubscribe function. */
  onChange(listener: (stats: SvcStats) => void): () => void;
  /** Epoch ms until which calls are refused as over quota (confirmed quota, or 429s that never clear), else null. */
  quotaBlockedUntil(): number | null;
  /** Price recalculating `reqs`; refresh:true prices it as if their answers were invalidated. */
  plan(reqs: PlanRequest[], opts?: { refresh?: boolean }): Promise<RefreshPlan>;
  /** Make those answers due (kept as stale fallback); returns how many identities had an answer. */
  invalidate(reqs: PlanRequest[]): Promise<number>;
  /** Settle every unsent call now (stale answer or "cancelled"); returns how many calls were dropped. */
  cancelQueued(): number;
  /** Sign-out: forget this connection's cached answers (memory and store) and quota state. */
  forgetConnection(): Promise<void>;
  /** Resolves when every write to the persistent store so far has finished. */
  flush(): Promise<void>;
  /** Resolves when nothing is queued or in flight. */
  idle(): Promise<void>;
  /**
   * The refresh's end: resolves when every one of `reqs` made due by `invalidate` has been asked again
   * and answered or failed (and the cells that asked have finished); an aborted signal resolves it.
   */
  settled(reqs: PlanRequest[], opts?: { signal?: AbortSignal }): Promise<void>;
}

function clockFrom(o: EngineOptions): Clock {
  if (o.clock) return o.clock;
  if (o.now) return { ...systemClock, now: o.now };
  return systemClock;
}

const cancelledError = (): SvcError => new SvcError("cancelled", "Cancelled before it was sent");

class EngineImpl implements SvcEngine {
  private readonly clock: Clock;
  private readonly rules: RequestRules;
  private readonly coalescerFor: (tool: ToolName) => Coalescer;
  private readonly cache: AnswerCache;
  private readonly quota: QuotaGovernor;
  private readonly breaker: Breaker;
  private readonly scheduler: Scheduler;
  private readonly registry = new JobRegistry();
  private readonly due = new DueAnswers();
  private readonly dispatcher: Dispatcher;
  private readonly stale: StaleFallback;
  private readonly missing: MissingMemory;
  private readonly notifier: Notifier<SvcStats>;
  private readonly counts: Counts = { calls: 0, cache_hits: 0, coalesced: 0, retries: 0, stale_served: 0, errors: 0 };
  private readonly keepExpired: boolean;

  constructor(o: EngineOptions) {
    this.clock = clockFrom(o);
    this.keepExpired = o.keepExpired === true;
    this.rules = widenOnce(o.rules ?? apiRules);
    this.coalescerFor = coalescers(this.rules);
    this.notifier = new Notifier(() => this.stats());
    const changed = () => this.notifier.changed();
    const store = o.store ? new TimedStore(o.store, this.clock, o.storeTimeoutMs ?? DEFAULT_STORE_TIMEOUT_MS) : undefined;
    this.cache = new AnswerCache(this.clock, store, o.maxIdentities ?? DEFAULT_MAX_IDENTITIES);
    this.quota = new QuotaGovernor(this.clock, store, changed);
    this.breaker = new Breaker(this.clock, o.breaker, changed);
    this.stale = new StaleFallback(this.cache, this.counts, changed);
    this.missing = new MissingMemory(this.clock, store);
    const lock = o.lock ?? new LocalLock();
    const caller = new Caller(o.client, this.clock, this.quota, this.breaker, this.counts, changed, {
      timeoutMs: o.timeoutMs ?? DEFAULT_ENGINE_TIMEOUT_MS,
      retryDelayMs: o.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS,
      busyBaseMs: o.busyRetryBaseMs ?? DEFAULT_BUSY_BASE_MS,
      busyBudgetMs: o.busyRetryBudgetMs ?? DEFAULT_BUSY_BUDGET_MS,
      maxInlineRetryAfterMs: o.maxInlineRetryAfterMs ?? DEFAULT_MAX_INLINE_RETRY_AFTER_MS,
      abandonGraceMs: o.abandonGraceMs ?? DEFAULT_ABANDON_GRACE_MS,
      random: o.random ?? Math.random,
    });
    this.dispatcher = new Dispatcher({
      clock: this.clock,
      cache: this.cache,
      quota: this.quota,
      breaker: this.breaker,
      caller,
      registry: this.registry,
      scheduler: () => this.scheduler,
      stale: this.stale,
      missing: this.missing,
      shareStore: o.shareStore ?? (!!o.store && !(lock instanceof LocalLock)),
      changed,
    });
    this.scheduler = new Scheduler({
      clock: this.clock,
      lock,
      lockName: o.lockName ?? DEFAULT_LOCK_NAME,
      windowMs: o.windowMs ?? DEFAULT_WINDOW_MS,
      maxDeferMs: o.maxDeferMs ?? DEFAULT_MAX_DEFER_MS,
      maxHoldMs: o.maxHoldMs ?? DEFAULT_MAX_HOLD_MS,
      run: (job, hold) => this.dispatcher.run(job, hold),
      beforeRelease: () => this.dispatcher.beforeRelease(),
      lockFailed: (job, e) => {
        this.registry.retire(job);
        this.dispatcher.finish(job, toSvcError(e));
      },
      changed,
    });
  }

  // ---- public surface ------------------------------------------------------------------------

  async request(tool: ToolName, raw: RawParams, opts: RequestOptions = {}): Promise<EngineAnswer> {
    let group: string | null = null;
    try {
      const req = this.canonical(tool, raw);
      group = this.coalescerFor(req.tool).group(req);
      return await (opts.cacheOnly ? this.cached(req) : this.answer(req, opts.signal));
    } catch (e) {
      this.counts.errors++;
      this.notifier.changed();
      throw toSvcError(e);
    } finally {
      if (group !== null && !opts.cacheOnly) this.due.settle(group);
    }
  }

  stats(): SvcStats {
    return {
      ...this.counts,
      quota_remaining: this.quota.remaining(),
      pending: this.scheduler.pending,
      paused_until: this.breaker.openUntil(),
    };
  }

  onChange(listener: (s: SvcStats) => void): () => void {
    return this.notifier.on(listener);
  }

  quotaBlockedUntil(): number | null {
    return this.quota.blockedUntil() ?? (this.breaker.limitsLikeQuota() ? this.breaker.openUntil() : null);
  }

  async plan(reqs: PlanRequest[], opts: { refresh?: boolean } = {}): Promise<RefreshPlan> {
    const out: RefreshPlan = { calls: 0, requests: 0, cached: 0, invalid: [] };
    const identities = new Set<string>();
    for (let i = 0; i < reqs.length; i++) {
      let req: CanonicalRequest;
      try {
        req = this.canonical(reqs[i].tool, reqs[i].params);
      } catch (e) {
        out.invalid.push({ index: i, message: toSvcError(e).detail });
        continue;
      }
      out.requests++;
      const c = this.coalescerFor(req.tool);
      const group = c.group(req);
      if (!opts.refresh && ((await this.cache.find(req.tool, group, (e) => c.covers(e.sent, req))) || (await this.missing.find(group)))) out.cached++;
      // An identity asked narrow (its wide call was refused) costs one call per distinct request.
      else identities.add(this.dispatcher.refusedWide.has(group) ? `narrow:${req.key}` : group);
    }
    out.calls = identities.size;
    return out;
  }

  async invalidate(reqs: PlanRequest[]): Promise<number> {
    const groups = this.groupsOf(reqs);
    this.due.mark(groups);
    let n = 0;
    for (const g of groups) if ((await this.cache.invalidate(g)) || (await this.missing.forget(g))) n++;
    this.notifier.changed();
    return n;
  }

  settled(reqs: PlanRequest[], opts: { signal?: AbortSignal } = {}): Promise<void> {
    return this.due.settled(this.groupsOf(reqs), opts.signal);
  }

  /** The identities of valid requests (an invalid request has no answer to wait for or invalidate). */
  private groupsOf(reqs: PlanRequest[]): Set<string> {
    const groups = new Set<string>();
    for (const r of reqs) {
      try {
        const req = this.canonical(r.tool, r.params);
        groups.add(this.coalescerFor(req.tool).group(req));
      } catch {
        // nothing to wait for
      }
    }
    return groups;
  }

  cancelQueued(): number {
    return this.dispatcher.settleQueued(cancelledError());
  }

  async forgetConnection(): Promise<void> {
    this.cancelQueued();
    this.dispatcher.refusedWide.clear();
    this.breaker.reset();
    await this.quota.forget();
    this.missing.clear();
    await this.cache.clear();
    this.notifier.changed();
  }

  async clearCache(): Promise<void> {
    this.missing.clear();
    await this.cache.clear();
    this.quota.persist(); // the quota state is not a cached answer: keep it
    this.notifier.changed();
  }

  async flush(): Promise<void> {
    await this.dispatcher.settled();
    await this.cache.flush();
    await this.quota.flush();
  }

  async idle(): Promise<void> {
    await this.scheduler.idle();
    await this.dispatcher.settled();
  }

  // ---- requests ------------------------------------------------------------------------------

  private canonical(tool: ToolName, raw: RawParams): CanonicalRequest {
    try {
      return this.rules.canonicalise(tool, raw ?? {});
    } catch (e) {
      throw isSvcError(e) ? e : new SvcError("invalid_argument", (e as Error)?.message ?? String(e));
    }
  }

  /** The cached answer (or the remembered 404) and nothing else: no call is made or joined. */
  private async cached(req: CanonicalRequest): Promise<EngineAnswer> {
    const c = this.coalescerFor(req.tool);
    const group = c.group(req);
    const hit = await this.cache.find(req.tool, group, (e) => c.covers(e.sent, req));
    if (hit) return answerFrom(c, req, hit, false);
    const missing = await this.missing.find(group);
    if (missing) throw missing;
    throw new SvcError("not_fetched", "preview: not fetched");
  }

  /** Cache, then a refusal (quota, breaker: stale answer or the error), then a call to join or make. */
  private async answer(req: CanonicalRequest, signal?: AbortSignal): Promise<EngineAnswer> {
    const c = this.coalescerFor(req.tool);
    const group = c.group(req);
    // both reads at once: a slow store costs one timeout, not two
    const remembered = this.missing.find(group);
    const hit = await this.cache.find(req.tool, group, (e) => c.covers(e.sent, req));
    if (hit) {
      this.counts.cache_hits++;
      this.notifier.changed();
      return answerFrom(c, req, hit, false);
    }
    const old = this.keepExpired ? await this.stale.expired(c, req, group) : undefined;
    if (old) return old;
    const missing = await remembered;
    if (missing) {
      this.counts.cache_hits++; // a remembered 404 is answered like a cached answer: no call
      throw missing;
    }
    if (signal?.aborted) throw cancelledError();
    const refused = refusal(this.quota, this.breaker);
    if (refused) return this.stale.or(c, req, group, refused);
    // Once the API refused this identity's wide call (400/422), its requests go narrow: exactly as asked.
    const narrow = this.dispatcher.refusedWide.has(group);
    let job = this.registry.joinable(c, req, group, narrow);
    if (job) this.counts.coalesced++;
    else {
      job = { tool: req.tool, group, coalescer: c, members: [], state: "queued", createdAt: this.clock.mono(), order: 0, narrow };
      this.registry.track(job);
      this.scheduler.add(job);
    }
    return this.wait(job, req, signal);
  }

  private wait(job: Job, req: CanonicalRequest, signal?: AbortSignal): Promise<EngineAnswer> {
    return new Promise<EngineAnswer>((resolve, reject) => {
      let onAbort: (() => void) | undefined;
      const m: Member = {
        req,
        resolve,
        reject,
        detach: () => {
          if (onAbort) signal?.removeEventListener("abort", onAbort);
        },
      };
      if (signal) {
        onAbort = () => {
          // Once sent, the call finishes and is cached; the member just gets its answer late.
          if (job.state !== "queued") return;
          const i = job.members.indexOf(m);
          if (i < 0) return;
          job.members.splice(i, 1);
          m.detach();
          reject(cancelledError());
          if (job.members.length === 0) {
            this.registry.retire(job);
            this.scheduler.remove(job);
          }
        };
        signal.addEventListener("abort", onAbort, { once: true });
      }
      job.members.push(m);
      this.scheduler.arrived(job);
    });
  }
}

export function createEngine(opts: EngineOptions): SvcEngine {
  return new EngineImpl(opts);
}
