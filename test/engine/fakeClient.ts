/**
 * An in-process stand-in for ApiClient: controllable latency, scripted failures, a quota counter,
 * and a log that shows whether two calls ever overlapped. Answers are deterministic, so a sliced
 * answer can be compared with the answer of a direct call.
 */
import { Statement, ToolName } from "../../src/api/catalogue";
import { DEFAULT_METRICS } from "../fakes/api/rules";
import { ApiAnswer } from "../../src/api/client";
import { ErrorKind, SvcError } from "../../src/api/errors";
import { ToolParams } from "../../src/api/validate";

export type Fault = ErrorKind | "hang" | "bad_body" | { kind: ErrorKind; detail?: string; status?: number };

export interface CallRecord {
  tool: ToolName;
  params: ToolParams;
  start: number;
  end?: number;
  outcome?: string;
}

const BUSY_DETAIL = "Another call with this key is still running";
const QUOTA_DETAIL = "Daily quota used up";

export function financialsData(params: ToolParams, historyYears = 20): Record<string, unknown> {
  const statement = ((params.statement as string) ?? "income") as Statement;
  const quarterly = params.period_type === "quarterly";
  const years = Math.min((params.years as number) ?? 5, historyYears);
  const n = years * (quarterly ? 4 : 1);
  const periods: string[] = [];
  const ends: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    if (quarterly) {
      const y = 2024 - Math.floor(i / 4);
      const q = 4 - (i % 4);
      periods.push(`${y}Q${q}`);
      ends.push(`${y}-${String(q * 3).padStart(2, "0")}-30`);
    } else {
      periods.push(`FY${2024 - i}`);
      ends.push(`${2024 - i}-12-31`);
    }
  }
  const metrics = ((params.metrics as string[]) ?? DEFAULT_METRICS[statement]).map((key) => ({
    key,
    label: key.replace(/_/g, " "),
    unit_kind: key.startsWith("eps") ? "per_share" : "currency",
    values: periods.map((p) => valueOf(String(params.ticker), key, p)),
  }));
  return {
    ticker: params.ticker,
    cik: 320193,
    statement,
    period_type: quarterly ? "quarterly" : "annual",
    units: "USD millions",
    periods,
    period_ends: ends,
    metrics,
    notice: "Sample data",
  };
}

export function valueOf(ticker: string, key: string, period: string): number {
  let h = 7;
  for (const c of `${ticker}|${key}|${period}`) h = (h * 31 + c.charCodeAt(0)) % 1_000_003;
  return h / 10;
}

export class FakeClient {
  latencyMs: number;
  quota: number;
  readonly log: CallRecord[] = [];
  private faults: Fault[] = [];
  private active = 0;
  maxConcurrent = 0;
  overlaps = 0;
  sendQuotaHeader = true;

  /** Waits `ms` (real time by default; a fake clock's timers in fake-time tests). */
  private readonly wait: (ms: number) => Promise<void>;
  /** The API rejects these parameters with a 400 (a member the spec allows but the API refuses). */
  rejectIf: ((params: ToolParams) => string | null) | null = null;
  /** Retry-After (ms) attached to scripted faults. */
  retryAfterMs: number | null = null;

  /** When a call starts and ends (real time by default; a fake clock's in fake-time tests). */
  private readonly now: () => number;

  constructor(opts: { latencyMs?: number; quota?: number; sleep?: (ms: number) => Promise<void>; now?: () => number } = {}) {
    this.latencyMs = opts.latencyMs ?? 5;
    this.quota = opts.quota ?? 2000;
    this.wait = opts.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = opts.now ?? (() => performance.now());
  }

  /** A client whose latency runs on `clock` (fake time). */
  static on(clock: { setTimeout(fn: () => void, ms: number): unknown; mono(): number }, latencyMs = 5): FakeClient {
    return new FakeClient({ latencyMs, sleep: (ms) => new Promise((r) => clock.setTimeout(r, ms)), now: () => clock.mono() });
  }

  /** The next calls fail as listed, in order (then calls succeed again). */
  fail(...faults: Fault[]): this {
    this.faults.push(...faults);
    return this;
  }

  calls(tool?: ToolName): CallRecord[] {
    return tool ? this.log.filter((c) => c.tool === tool) : this.log;
  }

  async call(tool: ToolName, params: ToolParams): Promise<ApiAnswer> {
    const rec: CallRecord = { tool, params: JSON.parse(JSON.stringify(params)), start: this.now() };
    this.log.push(rec);
    this.active++;
    if (this.active > 1) this.overlaps++;
    this.maxConcurrent = Math.max(this.maxConcurrent, this.active);
    const fault = this.faults.shift();
    try {
      if (fault === "hang") {
        rec.outcome = "hang";
        this.active--; // the fake server gave up on it; only the caller waits forever
        return await new Promise<ApiAnswer>(() => undefined);
      }
      await this.wait(this.latencyMs);
      if (fault === "bad_body") {
        rec.outcome = "bad_body";
        return { nonsense: true } as unknown as ApiAnswer;
      }
      if (fault) {
        const f = typeof fault === "string" ? { kind: fault } : fault;
        const detail =
          f.detail ?? (f.kind === "busy" ? BUSY_DETAIL : f.kind === "quota_exhausted" ? QUOTA_DETAIL : `fault ${f.kind}`);
        rec.outcome = f.kind;
        const err = new SvcError(f.kind, detail, { status: f.status });
        if (this.retryAfterMs !== null) (err as { retryAfterMs?: number }).retryAfterMs = this.retryAfterMs;
        throw err;
      }
      const rejected = this.rejectIf?.(params);
      if (rejected) {
        rec.outcome = "bad_request";
        throw new SvcError("bad_request", rejected, { status: 400 });
      }
      if (this.quota <= 0) {
        rec.outcome = "quota_exhausted";
        throw new SvcError("quota_exhausted", QUOTA_DETAIL, { status: 429 });
      }
      this.quota--;
      rec.outcome = "ok";
      const data =
        tool === "get_financials" ? financialsData(params) : { tool, params: { ...params }, notice: `about ${tool}` };
      return {
        text: `${tool} answer`,
        data,
        link: `https://example.test/${tool}`,
        quotaRemaining: this.sendQuotaHeader ? this.quota : null,
      };
    } finally {
      this.active--;
      rec.end = this.now();
    }
  }
}

export const tick = (ms = 0): Promise<void> => new Promise((r) => setTimeout(r, ms));
