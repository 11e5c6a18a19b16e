/**
 * Sending one call: the engine's own timeout guard around the client, the retry rules, and the
 * reports to the quota governor and the breaker.
 *  - busy / unrecognised 429: backoff (or the server's short Retry-After) within a budget;
 *  - 503, 5xx, network: one retry after a delay;
 *  - timeouts, signed_out, 4xx, unexpected exceptions: never retried;
 *  - the breaker decides when repeating failures stop everything (the call in hand ends too).
 */
import type { ToolName } from "../api";
import type { ApiAnswer, ReceivedAnswer } from "../api";
import { SvcError } from "../api";
import { envelopeOf } from "../api";
import type { ToolParams } from "../api";
import type { Breaker } from "./breaker";
import { Clock, sleep } from "./clock";
import { failureClass, retryAfterMs, toSvcError } from "./failure";
import type { QuotaGovernor } from "./quota";
import { refusal } from "./refusal";
import type { Counts } from "./stats";

/**
 * What the engine needs of a client: ApiClient satisfies it. With `receive`, a successful answer's
 * body is parsed only when the engine opens it, after the next call has gone out.
 */
export interface ToolCaller {
  call(tool: ToolName, params: ToolParams): Promise<ApiAnswer>;
  receive?(tool: ToolName, params: ToolParams): Promise<ReceivedAnswer>;
}

/** A successful call: `open()` reads the answer (parsed, envelope checked) or throws its SvcError. */
export type Received = ReceivedAnswer;

export interface CallerOptions {
  /** Engine-side guard above the client's own fetch timeout: a client that never settles cannot block the queue. */
  timeoutMs: number;
  /** Delay before the one retry after a 503, a server error or a network failure. */
  retryDelayMs: number;
  /** First backoff step for busy 429s (doubles, capped at 2 s, with jitter). */
  busyBaseMs: number;
  /** How long busy 429s are retried within one call before its cells get the error. */
  busyBudgetMs: number;
  /** A Retry-After longer than this opens the breaker instead of waiting inside the call lock. */
  maxInlineRetryAfterMs: number;
  /** After a call is abandoned on timeout the server may still run it: wait before the next one. */
  abandonGraceMs: number;
  random: () => number;
}

export class Caller {
  private graceUntil = 0;

  constructor(
    private readonly client: ToolCaller,
    private readonly clock: Clock,
    private readonly quota: QuotaGovernor,
    private readonly breaker: Breaker,
    private readonly counts: Counts,
    private readonly changed: () => void,
    private readonly o: CallerOptions,
  ) {}

  /**
   * One call with its retries; resolves once its answer is in (status known: the next call may
   * go) or rejects with an SvcError. A body that does not read is the error `open()` throws.
   */
  async send(tool: ToolName, params: ToolParams): Promise<Received> {
    const start = this.clock.mono();
    let busyAttempt = 0;
    let transientRetried = false;
    for (;;) {
      const refused = refusal(this.quota, this.breaker, { admit: true });
      if (refused) throw refused;
      const grace = this.graceUntil - this.clock.mono();
      if (grace > 0) await sleep(this.clock, grace);
      let err: SvcError;
      try {
        const ans = await this.guarded(tool, params);
        this.sent();
        this.quota.onAnswer(ans.quotaRemaining);
        this.breaker.success();
        return ans;
      } catch (e) {
        err = toSvcError(e);
      }
      // signed_out is raised before anything is sent (no credential): not a call.
      if (err.kind !== "signed_out") this.sent();
      this.quota.onError(err);
      if (err.kind === "timeout") this.graceUntil = this.clock.mono() + this.o.abandonGraceMs;
      const cls = failureClass(err);
      if (cls === null) {
        // A 4xx answer proves the API is up; an unexpected exception or signed_out proves nothing.
        if (err.status !== undefined && err.status < 500) this.breaker.success();
        throw err;
      }
      if (this.breaker.failure(err)) throw this.breaker.error() ?? err;
      const after = retryAfterMs(err);
      if (after !== null && after > this.o.maxInlineRetryAfterMs) {
        this.breaker.openFor(err, after);
        throw this.breaker.error() ?? err;
      }
      if (cls === "busy" || cls === "rate_limited") {
        const step = after ?? Math.min(this.o.busyBaseMs * 2 ** busyAttempt, 2_000) * (0.5 + this.o.random());
        busyAttempt++;
        if (this.clock.mono() - start + step <= this.o.busyBudgetMs) {
          await this.retryAfter(step);
          continue;
        }
        const secs = Math.round((this.clock.mono() - start) / 1000);
        throw new SvcError(err.kind, `${err.detail} (still refused after ${secs} s of retries)`, { status: err.status });
      }
      if ((cls === "server" || cls === "network") && !transientRetried) {
        transientRetried = true;
        await this.retryAfter(after ?? this.o.retryDelayMs);
        continue;
      }
      throw err;
    }
  }

  private sent(): void {
    this.counts.calls++;
    this.changed();
  }

  private async retryAfter(ms: number): Promise<void> {
    this.counts.retries++;
    this.changed();
    await sleep(this.clock, ms);
  }

  private guarded(tool: ToolName, params: ToolParams): Promise<Received> {
    return new Promise<Received>((resolve, reject) => {
      const timer = this.clock.setTimeout(
        () => reject(new SvcError("timeout", `No answer within ${Math.round(this.o.timeoutMs / 1000)} s`)),
        this.o.timeoutMs,
      );
      let p: Promise<Received>;
      try {
        p = Promise.resolve(this.client.receive ? this.client.receive(tool, params) : this.client.call(tool, params).then(parsed));
      } catch (e) {
        p = Promise.reject(e);
      }
      p.then(
        (a) => {
          this.clock.clearTimeout(timer);
          resolve({ quotaRemaining: typeof a.quotaRemaining === "number" ? a.quotaRemaining : null, open: () => checked(a.open()) });
        },
        (e) => {
          this.clock.clearTimeout(timer);
          reject(e);
        },
      );
    });
  }
}

/** An answer a client handed over already parsed. */
function parsed(a: ApiAnswer): Received {
  return { quotaRemaining: a.quotaRemaining, open: () => a };
}

/** The envelope checked whatever the client is (a test double may hand over anything). */
function checked(a: ApiAnswer): ApiAnswer {
  const env = envelopeOf(a);
  return { ...env, quotaRemaining: typeof a.quotaRemaining === "number" ? a.quotaRemaining : null };
}
