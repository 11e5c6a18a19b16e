/**
 * The circuit breaker. After `threshold` calls in a row fail the same way (busy that never clears,
 * an unrecognised 429, 5xx, timeouts, network), it opens: queued cells settle at once with that
 * reason (or a cached answer) and nothing is sent for a cool-down (the server's Retry-After when it
 * gave one). Then one probe call decides: an answer closes it, the same failure reopens it with a
 * doubled cool-down. An unrecognised 429 that never clears ("Rate limit exceeded", a gateway page) is treated as the quota ("quota_exhausted"), without
 * moving the quota governor, which only trusts confirmed signals.
 */
import { SvcError } from "../api";
import type { Clock } from "./clock";
import { FailureClass, failureClass, retryAfterMs } from "./failure";

export interface BreakerOptions {
  /** Failures of one class in a row that open the breaker (timeouts cost a whole timeout each: fewer). */
  threshold?: Partial<Record<FailureClass, number>>;
  /** First cool-down; doubles after each failed probe up to maxCoolDownMs. */
  coolDownMs?: number;
  maxCoolDownMs?: number;
}

/**
 * The API's own "another call is still running" is expected to clear (another workbook or machine on
 * the same key): 8 in a row is ~8 s of backoff. A rate limiter we do not know, 5xx and network
 * failures: 3. Timeouts cost a whole client timeout each: 2.
 */
export const DEFAULT_THRESHOLD: Record<FailureClass, number> = { busy: 8, rate_limited: 3, server: 3, timeout: 2, network: 3 };
export const DEFAULT_COOL_DOWN_MS = 30_000;
export const DEFAULT_MAX_COOL_DOWN_MS = 10 * 60_000;

type State = "closed" | "open" | "probing";

export class Breaker {
  private state: State = "closed";
  private cls: FailureClass | null = null;
  private run = 0;
  private failedProbes = 0;
  private until = 0;
  private last: SvcError | null = null;
  private readonly threshold: Record<FailureClass, number>;
  private readonly coolDownMs: number;
  private readonly maxCoolDownMs: number;

  constructor(private readonly clock: Clock, o: BreakerOptions = {}, private readonly onChange: () => void = () => undefined) {
    this.threshold = { ...DEFAULT_THRESHOLD, ...(o.threshold ?? {}) };
    this.coolDownMs = o.coolDownMs ?? DEFAULT_COOL_DOWN_MS;
    this.maxCoolDownMs = o.maxCoolDownMs ?? DEFAULT_MAX_COOL_DOWN_MS;
  }

  /** Epoch ms until which nothing is sent, or null when closed. */
  openUntil(): number | null {
    return this.state === "closed" ? null : this.until;
  }

  /** True while open on 429s that never cleared (the pane shows it like a used-up quota). */
  limitsLikeQuota(): boolean {
    return this.state !== "closed" && this.cls === "rate_limited";
  }

  /**
   * Before sending: null when the call may go (when the cool-down is over, this call is the one
   * probe), else the error to settle with.
   */
  admit(): SvcError | null {
    if (this.state === "closed") return null;
    if (this.state === "open" && this.clock.now() >= this.until) {
      this.state = "probing";
      this.onChange();
      return null;
    }
    return this.error();
  }

  /** While open (or a probe is out), the error cells get; null once a probe is due. */
  error(): SvcError | null {
    if (this.state === "closed" || !this.last) return null;
    if (this.state === "open" && this.clock.now() >= this.until) return null;
    // Date and time: a pause can cross midnight (Retry-After is capped at an hour by the client).
    const at = new Date(this.until).toISOString().slice(0, 19).replace("T", " ");
    const why = this.last.detail.replace(/\s+/g, " ").slice(0, 120);
    const status = this.last.status;
    if (this.cls === "rate_limited")
      return new SvcError("quota_exhausted", `The API keeps refusing calls (429: ${why}); treated as the quota, next try ${at} UTC`, { status });
    return new SvcError(this.last.kind, `The API keeps failing (${why}); calls paused, next try ${at} UTC`, { status });
  }

  /** An answer, or a failure that proves the API answers (404, 400...): close. */
  success(): void {
    const was = this.state;
    this.state = "closed";
    this.cls = null;
    this.run = 0;
    this.failedProbes = 0;
    this.last = null;
    if (was !== "closed") this.onChange();
  }

  /** A failed call. Returns true when this failure opened (or reopened) the breaker. */
  failure(err: SvcError): boolean {
    const cls = failureClass(err);
    if (cls === null) {
      // Not an outage (e.g. an unexpected exception): neither counts nor proves anything.
      if (this.state === "probing") this.success();
      return false;
    }
    this.last = err;
    const retryAfter = retryAfterMs(err);
    if (this.state === "probing") {
      this.failedProbes++;
      this.cls = cls;
      this.open(retryAfter);
      return true;
    }
    this.run = this.cls === cls ? this.run + 1 : 1;
    this.cls = cls;
    if (this.state === "closed" && this.run >= this.threshold[cls]) {
      this.open(retryAfter);
      return true;
    }
    return false;
  }

  /** Open now for the server's Retry-After (too long to wait inside a call). */
  openFor(err: SvcError, ms: number): void {
    this.last = err;
    this.cls = failureClass(err) ?? this.cls;
    this.open(ms);
  }

  private open(retryAfter: number | null): void {
    const backoff = Math.min(this.coolDownMs * 2 ** this.failedProbes, this.maxCoolDownMs);
    this.state = "open";
    this.run = 0;
    this.until = this.clock.now() + (retryAfter ?? backoff);
    this.onChange();
  }

  reset(): void {
    this.success();
  }
}
