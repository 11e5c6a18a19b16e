/**
 * The settle signal of a refresh: the answers a refresh made due (invalidate) and whether each has
 * been asked again and settled, answered or failed. `settled(groups)` resolves when every due one of
 * them has, with no timer and no polling; a later request for the same identity is a new answer.
 */
import { nextTurn } from "./clock";

export class DueAnswers {
  /** Identities made due and not yet settled, each with the waiters of its next outcome. */
  private readonly due = new Map<string, (() => void)[]>();

  /** These identities' next outcome is awaited (a refresh invalidated them). */
  mark(groups: Iterable<string>): void {
    for (const g of groups) if (!this.due.has(g)) this.due.set(g, []);
  }

  /** A request of `group` settled (an answer, a stale answer or an error). */
  settle(group: string): void {
    const waiters = this.due.get(group);
    if (!waiters) return;
    this.due.delete(group);
    for (const w of waiters) w();
  }

  /**
   * Resolves once every due identity of `groups` has settled, then lets the cells that asked finish
   * their own work (a turn later: their shaping runs behind the answer). An aborted `signal` (Cancel,
   * or the action's time limit) resolves it at once.
   */
  async settled(groups: Iterable<string>, signal?: AbortSignal): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const g of new Set(groups)) {
      const waiters = this.due.get(g);
      if (waiters) waits.push(new Promise<void>((r) => waiters.push(r)));
    }
    if (signal?.aborted) return;
    if (waits.length > 0) {
      const aborted = new Promise<void>((r) => signal?.addEventListener("abort", () => r(), { once: true }));
      await Promise.race([Promise.all(waits), aborted]);
    }
    await nextTurn();
  }

  /** Identities still due (for tests and the pane's progress). */
  get size(): number {
    return this.due.size;
  }
}
