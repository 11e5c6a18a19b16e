/**
 * The fake API's request log and its concurrency counting. A call is "in flight" from arrival until
 * its answer is written; a credential may have one call in flight, and a second one arriving
 * meanwhile is an overlap (counted, and refused by the caller with 429).
 */
import { performance } from "perf_hooks";

export interface RequestLogEntry {
  id: number;
  tool: string;
  query: Record<string, string>;
  credential: string;
  status: number;
  /** performance.now() at arrival and when the answer was written (or the call abandoned). */
  start: number;
  end: number;
  fault?: string;
}

export class Traffic {
  readonly log: RequestLogEntry[] = [];
  /** Tool requests received since start or reset(), whatever they were answered with. */
  received = 0;
  maxConcurrent = 0;
  overlaps = 0;
  private nextId = 1;
  private inFlight = 0;
  private running = new Map<string, number>();

  /** A tool request arrives: log it and count it in flight until its Call ends. */
  arrive(tool: string, query: Record<string, string>): Call {
    const entry: RequestLogEntry = { id: this.nextId++, tool, query, credential: "", status: 0, start: performance.now(), end: 0 };
    this.log.push(entry);
    this.received++;
    this.inFlight++;
    this.maxConcurrent = Math.max(this.maxConcurrent, this.inFlight);
    return new Call(entry, this);
  }

  /** Whether `key` has a call in flight; if so, the overlap is counted. */
  busy(key: string): boolean {
    const n = this.running.get(key) ?? 0;
    if (n > 0) this.overlaps += n;
    return n > 0;
  }

  hold(key: string): void {
    this.running.set(key, 1);
  }

  leave(key: string | null): void {
    this.inFlight--;
    if (key === null) return;
    const n = (this.running.get(key) ?? 1) - 1;
    if (n <= 0) this.running.delete(key);
    else this.running.set(key, n);
  }

  /** Forget the log and the counts; calls still in flight stay counted. */
  reset(): void {
    this.log.length = 0;
    this.received = 0;
    this.overlaps = 0;
    this.maxConcurrent = this.inFlight;
  }
}

/** One tool call in flight. */
export class Call {
  private held: string | null = null;
  private ended = false;

  constructor(
    readonly entry: RequestLogEntry,
    private readonly traffic: Traffic,
  ) {}

  /** Take the credential's one slot: false (the overlap counted) while another call with it runs. */
  hold(key: string): boolean {
    if (this.traffic.busy(key)) return false;
    this.held = key;
    this.traffic.hold(key);
    return true;
  }

  /** The answer is written (or the call abandoned, status 0); only the first end counts. */
  end(status: number): void {
    if (this.ended) return;
    this.ended = true;
    this.entry.status = status;
    this.entry.end = performance.now();
    this.traffic.leave(this.held);
  }
}
