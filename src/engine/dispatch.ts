/**
 * Sending one queued call, inside the cross-runtime lock, and settling its members: re-read the
 * shared store first (another runtime may have fetched it), refuse when the quota or the breaker
 * says so (and settle every queued call with it), split a coalesced/widened call the API rejects
 * with 400/422 into one narrow call per member, cache the answer and hand each member its slice.
 *
 * Pipelining: the next call leaves as soon as an answer is in (every byte received, status known,
 * so the API has finished it and a 429's Retry-After or the quota header has been seen); reading the
 * answer (JSON parse, envelope, caching, the store write, each member's slice and its cells' work)
 * runs on later macrotasks, one member at a time, during the next call's network time. With no call
 * waiting the answer is read at once. flush() and idle() wait for what is behind, so nothing is lost when the process
 * ends; before the lock passes on, it is read and written first.
 */
import type { SvcError } from "../api";
import { ToolParams, requestKey } from "../api";
import { StaleFallback, answerFrom } from "./answers";
import type { Breaker } from "./breaker";
import type { AnswerCache } from "./cache";
import type { Caller, Received } from "./caller";
import type { Clock } from "./clock";
import { toSvcError } from "./failure";
import { nextTurn } from "./clock";
import { Job, Member, callParams, settleEach, settleMembers } from "./job";
import { LOW_QUOTA, QuotaGovernor } from "./quota";
import type { CachedAnswer } from "./records";
import type { MissingMemory } from "./missing";
import { refusal } from "./refusal";
import type { JobRegistry } from "./registry";
import type { Scheduler } from "./scheduler";

export interface DispatchDeps {
  clock: Clock;
  cache: AnswerCache;
  quota: QuotaGovernor;
  breaker: Breaker;
  caller: Caller;
  registry: JobRegistry;
  scheduler: () => Scheduler;
  stale: StaleFallback;
  /** Remembered 404s (a mistyped ticker costs one call a day). */
  missing: MissingMemory;
  /** Another runtime or process shares the store (see EngineOptions.shareStore). */
  shareStore: boolean;
  changed: () => void;
}

export class Dispatcher {
  /** Identities whose wide (or coalesced) call the API refused with a 400/422: asked narrow from then on. */
  readonly refusedWide = new Set<string>();
  /** Answers handed to their members behind the next call (write-behind). */
  private readonly behind = new Set<Promise<void>>();

  constructor(private readonly d: DispatchDeps) {}

  /** Send `job`; resolves as soon as the next call may go (its answer may still be read behind it). */
  async run(job: Job, hold = 0): Promise<void> {
    let behind = false;
    try {
      behind = await this.send(job, hold);
    } catch (e) {
      this.finish(job, toSvcError(e));
    } finally {
      // Taken off the queue for good: sent, answered from the store, refused or split (an answer
      // read behind the next call retires its job once its members have it).
      if (!behind) this.retire(job);
    }
  }

  private retire(job: Job): void {
    this.d.registry.retire(job);
    this.d.changed();
  }

  /** Every unsent call settles now with `err` (or a cached answer); returns how many. */
  settleQueued(err: SvcError): number {
    const dropped = this.d.scheduler().drain();
    for (const j of dropped) {
      this.d.registry.retire(j);
      this.finish(j, err);
    }
    return dropped.length;
  }

  /** Settle a job's members with `err`, or with a cached answer where the failure allows one. */
  finish(job: Job, err: SvcError): void {
    settleMembers(job, (m) => {
      try {
        return this.d.stale.or(job.coalescer, m.req, job.group, err);
      } catch (e) {
        return toSvcError(e);
      }
    });
    this.d.changed();
  }

  /** True when the answer is read behind the next call (the job then stays in flight until it is). */
  private async send(job: Job, hold: number): Promise<boolean> {
    const { cache, quota, breaker } = this.d;
    await quota.loaded();
    if (this.d.shareStore) {
      // Another runtime or process sharing the store may have used up the quota or fetched this
      // identity while we waited for the lock (once per hold: within it nobody else writes). The
      // quota figure only matters when ours is unknown or low: reading it every call costs time.
      const left = quota.remaining();
      if (left === null || left < LOW_QUOTA) await quota.reload();
      await cache.loadInHold(job.group, hold);
      this.answerFromCache(job);
    }
    const refused = refusal(quota, breaker);
    if (refused) return this.refuseAll(job, refused);
    if (job.members.length === 0) return false;
    job.state = "sent";
    const params = callParams(job);
    job.sent = params;
    this.readAhead(hold);
    let ans: Received;
    try {
      ans = await this.d.caller.send(job.tool, params);
    } catch (e) {
      const err = toSvcError(e);
      if ((err.kind === "bad_request" || err.kind === "unprocessable") && this.split(job)) return false;
      if (breaker.error() || err.kind === "quota_exhausted") return this.refuseAll(job, err);
      if (err.kind === "not_found") this.d.missing.remember(job.tool, job.group, err);
      this.finish(job, err);
      return false;
    }
    // The answer is in and its status known: with a call waiting, that call goes out first and this
    // answer is read (parsed, cached, handed to its members) on the next macrotask, during the next
    // call's network time; with none (a user typing cell by cell), at once. Until it is read the job
    // stays in flight, so a request it covers joins it instead of calling again.
    if (this.d.scheduler().queued === 0) {
      const entry = this.open(job, params, ans);
      if (entry) settleMembers(job, (m) => answerFrom(job.coalescer, m.req, entry, false));
      return false;
    }
    this.later(() => this.readBehind(job, params, ans));
    return true;
  }

  /**
   * Read an answer behind the next call: parse and cache it on the next macrotask, then hand each
   * member its slice (and its cell's work) on a macrotask of its own, so the next answer, arriving
   * meanwhile, waits for one member's work at most before the call after it leaves.
   */
  private async readBehind(job: Job, params: ToolParams, ans: Received): Promise<void> {
    await nextTurn();
    const entry = this.open(job, params, ans);
    while (entry && job.members.length > 0) {
      await nextTurn();
      settleEach(job.members.splice(0, 1), (m) => answerFrom(job.coalescer, m.req, entry, false));
    }
  }

  /**
   * The answer parsed and cached (requests it covers are cache hits from now on), or null when its
   * body does not read (every member then has the error). The job leaves the registry either way.
   */
  private open(job: Job, params: ToolParams, ans: Received): CachedAnswer | null {
    try {
      const a = ans.open();
      const entry: CachedAnswer = { sent: params, data: a.data, link: a.link, text: a.text, fetchedAt: this.d.clock.now() };
      void this.d.cache.put(job.tool, job.group, entry, (old) => this.supersedes(job, params, old));
      return entry;
    } catch (e) {
      this.finish(job, toSvcError(e));
      return null;
    } finally {
      this.retire(job);
    }
  }

  /** While this call is on the wire (from the next macrotask: the request goes out first), read the next call's identity from the shared store. */
  private readAhead(hold: number): void {
    if (!this.d.shareStore) return;
    void nextTurn().then(() => {
      const next = this.d.scheduler().peekReady();
      if (next) return this.d.cache.loadInHold(next.group, hold);
    });
  }

  /** Run `work` behind the call being sent; settled() waits for it. */
  private later(work: () => Promise<void>): void {
    const p: Promise<void> = work()
      .catch(() => undefined)
      .finally(() => this.behind.delete(p));
    this.behind.add(p);
  }

  /** Resolves when every answer received so far has been handed to its members. */
  async settled(): Promise<void> {
    while (this.behind.size > 0) await Promise.all([...this.behind]);
  }

  /**
   * Before the lock passes on: another runtime or process sharing the store reads it inside the
   * lock before sending, so our writes must have landed. (Within one hold they finish during the
   * next call's network time.)
   */
  async beforeRelease(): Promise<void> {
    if (!this.d.shareStore) return;
    await this.settled();
    await this.d.cache.flush();
  }

  /** True when an answer sent with `sent` answers everything `old` could (old is then dropped). */
  private supersedes(job: Job, sent: ToolParams, old: CachedAnswer): boolean {
    try {
      return job.coalescer.covers(sent, { tool: job.tool, params: old.sent, key: requestKey(job.tool, old.sent) });
    } catch {
      return false;
    }
  }

  /** Settle members that fresh cached answers now cover (another runtime fetched them). */
  private answerFromCache(job: Job): void {
    const left: Member[] = [];
    for (const m of job.members) {
      const e = this.d.cache.peek(m.req.tool, job.group, (x) => job.coalescer.covers(x.sent, m.req));
      if (e) {
        m.detach();
        m.resolve(answerFrom(job.coalescer, m.req, e, false));
      } else left.push(m);
    }
    job.members = left;
  }

  /**
   * A 400/422 on a call: when it asked for more than one member's own request (coalesced, or
   * widened), each distinct member is retried with exactly its own parameters, so only the bad
   * cell fails. False when there is nothing narrower to try.
   */
  private split(job: Job): boolean {
    if (job.narrow) return false;
    this.refusedWide.add(job.group);
    const byKey = new Map<string, Member[]>();
    for (const m of job.members) byKey.set(m.req.key, [...(byKey.get(m.req.key) ?? []), m]);
    const t = this.d.clock.mono();
    const parts = [...byKey.values()].map(
      (members): Job => ({ tool: job.tool, group: job.group, coalescer: job.coalescer, members, state: "queued", createdAt: t, order: 0, narrow: true }),
    );
    job.members = [];
    for (const p of parts.reverse()) {
      this.d.registry.track(p);
      this.d.scheduler().add(p, true);
    }
    return true;
  }

  /** The breaker opened or the quota is used up: this job and every queued one settle now. */
  private refuseAll(job: Job, err: SvcError): false {
    this.finish(job, err);
    this.settleQueued(err);
    return false;
  }
}
