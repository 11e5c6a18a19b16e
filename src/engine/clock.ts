/**
 * Time, injected: the engine reads the wall clock (cache lifetimes, the quota day) and sets timers
 * (coalescing window, backoff, cool-downs, timeouts) only through a Clock, so tests run on fake time.
 */
export interface Clock {
  /** Wall clock, epoch ms. */
  now(): number;
  /** Monotonic ms for intervals (fake clocks may return now()). */
  mono(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  mono: () => performance.now(),
  setTimeout: (fn, ms) => setTimeout(fn, Math.max(0, ms)),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * Resolves on the next macrotask (setImmediate in Node; a zero timeout elsewhere): work behind it
 * lets what is already queued (the next call going out, I/O) go first. Not on the injected clock:
 * it orders work, it does not measure time.
 */
export function nextTurn(): Promise<void> {
  const si = (globalThis as { setImmediate?: (fn: () => void) => unknown }).setImmediate;
  return new Promise((r) => (si ? si(r) : setTimeout(r, 0)));
}

export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((r) => clock.setTimeout(r, Math.max(0, ms)));
}

/**
 * `p`, or `onTimeout()` once `ms` pass first. The loser's outcome is ignored (a late store answer
 * or a late call is dropped, never surfaced as an unhandled rejection).
 */
export function within<T>(clock: Clock, p: Promise<T>, ms: number, onTimeout: () => T | Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let done = false;
    const timer = clock.setTimeout(() => {
      if (done) return;
      done = true;
      Promise.resolve().then(onTimeout).then(resolve, reject);
    }, ms);
    p.then(
      (v) => {
        if (done) return;
        done = true;
        clock.clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        if (done) return;
        done = true;
        clock.clearTimeout(timer);
        reject(e);
      },
    );
  });
}
