/**
 * Injected faults for soak tests: a queue of the next calls' faults, or a seeded rate of them. A
 * fault is drawn once a call is admitted (authenticated, not busy). The ones that look like a 200 to
 * the server ("malformed", "non_json", "drop") consume quota; the others do not. "hang" is answered
 * by the tool call itself (it never answers).
 */
import type * as http from "http";
import { Rng } from "./rng";
import { MESSAGES } from "./messages";
import { Headers, JSON_TYPE } from "./reply";

export type Fault = "503" | "429_busy" | "429_quota" | "malformed" | "non_json" | "hang" | "drop" | "500";

export class FaultPlan {
  private queue: Fault[] = [];
  private rate: { rate: number; kinds: Fault[]; rng: Rng } | null = null;
  private malformedCount = 0;

  /** The fault for the call being served, if any. */
  next(): Fault | undefined {
    if (this.queue.length > 0) return this.queue.shift();
    if (this.rate && this.rate.kinds.length > 0 && this.rate.rng.next() < this.rate.rate) return this.rate.rng.pick(this.rate.kinds);
    return undefined;
  }

  inject(faults: Fault[]): void {
    this.queue.push(...faults);
  }

  setRate(rate: number, kinds: Fault[], seed = 1): void {
    this.rate = rate > 0 ? { rate, kinds: [...kinds], rng: new Rng(seed) } : null;
  }

  /** Malformed answers alternate: an envelope without `data`, then a truncated JSON body. */
  malformedWithoutData(): boolean {
    return this.malformedCount++ % 2 === 0;
  }

  reset(): void {
    this.queue = [];
    this.rate = null;
    this.malformedCount = 0;
  }
}

/** What answering a faulty call needs from the call. */
interface FaultyCall {
  res: http.ServerResponse;
  /** The envelope the call would have answered with (null when the call was refused). */
  env: unknown;
  base: string;
  dailyQuota: number;
  plan: FaultPlan;
  answer(status: number, body: unknown, headers?: Headers): void;
  end(status: number): void;
  /** Use one call of the credential's quota; returns what is left. */
  consume(): number;
}

export function answerFault(fault: Fault, call: FaultyCall): void {
  switch (fault) {
    case "503":
      return call.answer(503, { detail: MESSAGES.unavailable });
    case "429_busy":
      return call.answer(429, { detail: MESSAGES.busy });
    case "429_quota":
      return call.answer(429, { detail: MESSAGES.quota(call.dailyQuota) });
    case "malformed":
      return malformed(call);
    case "non_json":
      return nonJson(call);
    case "drop":
      return drop(call);
    default:
      return call.answer(500, { detail: MESSAGES.internal });
  }
}

const fullBody = (call: FaultyCall) => JSON.stringify(call.env ?? { text: "", data: {}, link: call.base });

function write200(call: FaultyCall, contentType: string, body: string, remaining: number): void {
  call.res.writeHead(200, { "Content-Type": contentType, "Content-Length": Buffer.byteLength(body), "X-Quota-Remaining": String(remaining) });
  call.res.end(body);
}

function malformed(call: FaultyCall): void {
  const remaining = call.consume();
  call.end(200);
  const full = fullBody(call);
  const body = call.plan.malformedWithoutData() ? JSON.stringify({ text: "Something went wrong", link: `${call.base}/` }) : full.slice(0, Math.max(1, Math.floor(full.length / 2)));
  write200(call, JSON_TYPE, body, remaining);
}

const WAIT_PAGE = "<!doctype html><html><head><title>Service</title></head><body><h1>Please wait…</h1></body></html>";

function nonJson(call: FaultyCall): void {
  const remaining = call.consume();
  call.end(200);
  write200(call, "text/html; charset=utf-8", WAIT_PAGE, remaining);
}

/** A third of the declared body, then the connection is cut. */
function drop(call: FaultyCall): void {
  const remaining = call.consume();
  call.end(200);
  const full = fullBody(call);
  const res = call.res;
  res.writeHead(200, { "Content-Type": JSON_TYPE, "Content-Length": Buffer.byteLength(full), "X-Quota-Remaining": String(remaining) });
  res.write(full.slice(0, Math.floor(full.length / 3)), () => setImmediate(() => res.socket?.destroy()));
}
