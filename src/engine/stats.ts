/** The engine's counts and its change notifications (at most one per microtask turn). */
import { tellEach } from "../platform";

export interface Counts {
  /** HTTP requests actually sent (retries and probes included; nothing answered locally). */
  calls: number;
  cache_hits: number;
  /** Requests answered by another request's call (in flight, queued or coalesced). */
  coalesced: number;
  retries: number;
  /** Requests answered from an expired or invalidated entry because no fresh answer could be had. */
  stale_served: number;
  /** Requests that ended in an error (invalid arguments included). */
  errors: number;
}

export class Notifier<S> {
  private readonly listeners = new Set<(s: S) => void>();
  private scheduled = false;
  constructor(private readonly snapshot: () => S) {}

  on(listener: (s: S) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(): void {
    if (this.scheduled || this.listeners.size === 0) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      tellEach(this.listeners, this.snapshot());
    });
  }
}
