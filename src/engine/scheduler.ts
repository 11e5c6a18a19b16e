/**
 * The queue: one call at a time, inside a cross-runtime lock (src/platform/locks.ts), in order of
 * readiness. A job its Coalescer says is worth holding (a member asks for more than the wide call
 * fetches) waits until requests have stopped arriving for `windowMs` (the recalculation's burst is
 * over), and at most `maxDeferMs`; other jobs go at once.
 */
import type { CrossLock } from "../platform";
import type { Clock } from "./clock";
import type { Job, Member } from "./job";

export interface SchedulerOptions {
  clock: Clock;
  lock: CrossLock;
  lockName: string;
  windowMs: number;
  maxDeferMs: number;
  /**
   * Inside the lock: send the job and settle its members. `hold` numbers the holds of the lock: within
   * one hold nobody else can have written the shared store, so what was read from it stays true.
   */
  run(job: Job, hold: number): Promise<void>;
  /** The longest one hold of the lock lasts while calls are ready (then it is released and taken again). */
  maxHoldMs: number;
  /** Inside the lock, before it is released (e.g. finish writes another runtime will read). */
  beforeRelease(): Promise<void> | void;
  /** The lock itself failed (e.g. a lock file we could not take). */
  lockFailed(job: Job, err: unknown): void;
  changed(): void;
}

export class Scheduler {
  private readonly queue: Job[] = [];
  private inFlight = 0;
  private pumping = false;
  private wake: (() => void) | null = null;
  /** Set while the lock holder finishes its writes with nothing to send: a ready arrival ends the wait. */
  private onArrival: (() => void) | null = null;
  private lastArrival = -Infinity;
  private idleWaiters: Array<() => void> = [];
  /** Holds of the lock so far (see SchedulerOptions.run). */
  private holds = 0;

  constructor(private readonly o: SchedulerOptions) {}

  /** The job that would go next if it were sent now (left in the queue). */
  peekReady(): Job | undefined {
    const t = this.o.clock.mono() + 0.5;
    let best: Job | undefined;
    for (const j of this.queue) if (this.readyTime(j) <= t && (!best || j.order < best.order)) best = j;
    return best;
  }

  /** Calls waiting to be sent. */
  get queued(): number {
    return this.queue.length;
  }

  get pending(): number {
    return this.queue.length + this.inFlight;
  }

  /** A new job (or one put back in front after a split). */
  add(job: Job, front = false): void {
    // Calls that do not gather go ahead of gathering ones up to maxDeferMs younger; a split goes first.
    job.order = front ? -Infinity : job.createdAt - this.o.maxDeferMs;
    if (front) this.queue.unshift(job);
    else this.queue.push(job);
    this.arrived(job);
  }

  /** A request joined or created `job`: the burst goes on. */
  arrived(job: Job): void {
    const t = this.o.clock.mono();
    this.lastArrival = t;
    // A sibling arrived at a call still gathering: send it later, but never past the cap.
    if (job.state === "queued" && job.order !== -Infinity && this.waits(job)) job.order = Math.min(t, job.createdAt + this.o.maxDeferMs);
    this.o.changed();
    if (!this.pumping) void this.pump();
    else if (this.wake) this.wake();
    else if (this.onArrival && this.hasReady()) this.onArrival();
  }

  remove(job: Job): boolean {
    const i = this.queue.indexOf(job);
    if (i < 0) return false;
    this.queue.splice(i, 1);
    this.o.changed();
    this.checkIdle();
    return true;
  }

  /** Every queued (unsent) job, taken out of the queue. */
  drain(): Job[] {
    const all = this.queue.splice(0);
    this.o.changed();
    this.checkIdle();
    return all;
  }

  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  /** Coalescer.waits per job, recomputed only when its member count changed (the pump asks often). */
  private readonly waiting = new WeakMap<Job, { n: number; first: Member; last: Member; w: boolean }>();

  private waits(j: Job): boolean {
    const ms = j.members;
    if (j.narrow || ms.length === 0) return false;
    const hit = this.waiting.get(j);
    const first = ms[0];
    const last = ms[ms.length - 1];
    if (hit && hit.n === ms.length && hit.first === first && hit.last === last) return hit.w;
    // Members join at the end while a job gathers: ask about the newcomers alone (Coalescer.waits is a union).
    // (only when nobody left: the earlier members are then the ones already asked about)
    const seen = hit && hit.first === first && ms[hit.n - 1] === hit.last ? hit.n - 1 : -1;
    const asked = seen >= 0 ? [first, ...ms.slice(seen + 1)] : ms;
    const w = (seen >= 0 && hit !== undefined && hit.w) || j.coalescer.waits(asked.map((m) => m.req));
    this.waiting.set(j, { n: ms.length, first, last, w });
    return w;
  }

  private readyTime(j: Job): number {
    if (!this.waits(j)) return j.createdAt;
    return Math.min(Math.max(this.lastArrival, j.createdAt) + this.o.windowMs, j.createdAt + this.o.maxDeferMs);
  }

  private nap(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = (): void => {
        this.o.clock.clearTimeout(timer);
        if (this.wake === done) this.wake = null;
        resolve();
      };
      const timer = this.o.clock.setTimeout(done, Math.max(0, ms));
      this.wake = done;
    });
  }

  private takeReady(): Job | undefined {
    const best = this.peekReady();
    if (best) this.queue.splice(this.queue.indexOf(best), 1);
    return best;
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    try {
      while (this.queue.length > 0) {
        let soonest = Infinity;
        for (const j of this.queue) soonest = Math.min(soonest, this.readyTime(j));
        const wait = soonest - this.o.clock.mono();
        if (wait > 0.5) {
          await this.nap(wait);
          continue;
        }
        let taken: Job | undefined;
        let ran = false;
        try {
          await this.o.lock.run(this.o.lockName, async () => {
            // Ready calls go back to back inside one hold of the lock (taking a Web Lock or a lock
            // file per call costs time between calls), for at most maxHoldMs so other runtimes get turns.
            let until = this.o.clock.mono() + this.o.maxHoldMs;
            const hold = ++this.holds;
            try {
              for (;;) {
                while ((taken = this.takeReady())) {
                  this.inFlight++;
                  try {
                    await this.o.run(taken, hold);
                  } finally {
                    this.inFlight--;
                    ran = true;
                    taken = undefined;
                  }
                  if (this.o.clock.mono() < until) continue;
                  // Nobody waiting for the lock (where it can tell): ending the hold would only cost
                  // this run a pause to finish its writes; look again after another maxHoldMs.
                  if (!this.o.lock.waiting || this.o.lock.waiting(this.o.lockName)) break;
                  until = this.o.clock.mono() + this.o.maxHoldMs;
                }
                // Nothing ready: finish the writes before the lock passes on, but a call that
                // arrives meanwhile (a user typing the next cell) goes out in this hold, at once.
                if (this.o.clock.mono() >= until || !(await this.flushUnlessArrival())) break;
              }
            } finally {
              await this.o.beforeRelease();
            }
          });
        } catch (e) {
          const job = taken ?? (ran ? undefined : this.takeReady());
          if (job) this.o.lockFailed(job, e);
        }
      }
    } finally {
      this.pumping = false;
      this.o.changed();
      this.checkIdle();
    }
  }

  /** beforeRelease(), or an arrival that made a job ready first: true when there is one to send. */
  private async flushUnlessArrival(): Promise<boolean> {
    const arrival = new Promise<boolean>((r) => {
      this.onArrival = () => r(true);
    });
    try {
      const flushed = Promise.resolve(this.o.beforeRelease()).then(() => false);
      const woke = await Promise.race([flushed, arrival]);
      if (woke) return true;
    } finally {
      this.onArrival = null;
    }
    return this.hasReady();
  }

  private hasReady(): boolean {
    const t = this.o.clock.mono() + 0.5;
    return this.queue.some((j) => this.readyTime(j) <= t);
  }

  private checkIdle(): void {
    if (this.pending === 0 && this.idleWaiters.length > 0) {
      const ws = this.idleWaiters;
      this.idleWaiters = [];
      ws.forEach((r) => r());
    }
  }
}
