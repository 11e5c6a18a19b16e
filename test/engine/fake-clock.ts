/**
 * Fake time for engine tests: timers fire only when the test advances the clock, in due order, with
 * pending promise work run between them. Wall clock and monotonic clock move together.
 */
import type { Clock } from "../../src/engine";

interface Timer {
  id: number;
  at: number;
  fn: () => void;
}

/** Let every pending promise continuation (and I/O callback) run. */
export async function flush(rounds = 3): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((r) => setImmediate(r));
}

export class FakeClock implements Clock {
  t: number;
  private timers: Timer[] = [];
  private seq = 0;

  constructor(start = Date.UTC(2026, 10, 23, 12, 0, 0)) {
    this.t = start;
  }

  now = (): number => this.t;
  mono = (): number => this.t;

  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = ++this.seq;
    this.timers.push({ id, at: this.t + Math.max(0, ms), fn });
    return id;
  };

  clearTimeout = (id: unknown): void => {
    this.timers = this.timers.filter((t) => t.id !== id);
  };

  /** Timers still waiting. */
  get pending(): number {
    return this.timers.length;
  }

  /** Move time forward by `ms`, firing due timers in order. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      await flush();
      this.timers.sort((a, b) => a.at - b.at || a.id - b.id);
      const next = this.timers[0];
      if (!next || next.at > end) break;
      this.timers.shift();
      this.t = Math.max(this.t, next.at);
      next.fn();
    }
    this.t = end;
    await flush();
  }

  /** Advance in steps until `p` settles (or `maxMs` of fake time pass); returns fake ms taken. */
  async settle<T>(p: Promise<T>, maxMs = 3_600_000, stepMs = 10): Promise<number> {
    let done = false;
    p.then(
      () => (done = true),
      () => (done = true),
    );
    const t0 = this.t;
    await flush();
    while (!done && this.t - t0 < maxMs) {
      const due = this.timers.length ? Math.min(...this.timers.map((t) => t.at)) : this.t + stepMs;
      await this.advance(Math.max(0, due - this.t));
    }
    return this.t - t0;
  }
}
