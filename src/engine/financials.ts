/**
 * get_financials coalescing: requests that differ only in `metrics` or `years` share one call (the
 * union of metrics, the largest `years`); every request then sees exactly its own slice. Pure data
 * functions, so the rules can be tested without a queue.
 */
import { DEFAULT_METRICS, Statement } from "../api/catalogue";
import { ToolParams } from "../api/validate";

/** One get_financials request, normalised: defaults made explicit. */
export interface FinRequest {
  ticker: string;
  statement: Statement;
  period_type: "annual" | "quarterly";
  include_provenance: boolean;
  /** Requested metrics in request order (the statement's defaults when omitted), no repeats. */
  metrics: string[];
  years: number;
  /** Calls with the same group key can be merged into one. */
  group: string;
}

export const DEFAULT_YEARS = 5;

export function finRequest(p: ToolParams): FinRequest {
  const statement = ((p.statement as string) ?? "income") as Statement;
  const period_type = ((p.period_type as string) ?? "annual") as "annual" | "quarterly";
  const include_provenance = p.include_provenance === true;
  const ticker = String(p.ticker);
  const listed = (p.metrics as string[] | undefined) ?? DEFAULT_METRICS[statement];
  const metrics = [...new Set(listed)];
  const years = typeof p.years === "number" ? p.years : DEFAULT_YEARS;
  return {
    ticker,
    statement,
    period_type,
    include_provenance,
    metrics,
    years,
    group: finGroupKey(ticker, statement, period_type, include_provenance),
  };
}

export function finGroupKey(ticker: string, statement: string, periodType: string, provenance: boolean): string {
  return `get_financials?include_provenance=${provenance}&period_type=${periodType}&statement=${statement}&ticker=${ticker}`;
}

/** The parameters of one call answering every request in `reqs` (same group). */
export function mergedParams(reqs: readonly FinRequest[]): { params: ToolParams; metrics: string[]; years: number } {
  const first = reqs[0];
  const metrics: string[] = [];
  const seen = new Set<string>();
  let years = 1;
  for (const r of reqs) {
    for (const m of r.metrics) if (!seen.has(m)) (seen.add(m), metrics.push(m));
    years = Math.max(years, r.years);
  }
  const params: ToolParams = {
    ticker: first.ticker,
    statement: first.statement,
    period_type: first.period_type,
    metrics,
    years,
  };
  if (first.include_provenance) params.include_provenance = true;
  return { params, metrics, years };
}

/** A cached get_financials answer: which metrics and years the call asked for, and what came back. */
export interface FinEntry {
  metrics: string[];
  years: number;
  data: Record<string, unknown>;
  link: string;
  text: string;
  fetchedAt: number;
}

export function covers(
  entry: { metrics: readonly string[]; years: number },
  req: { metrics: readonly string[]; years: number },
): boolean {
  if (entry.years < req.years) return false;
  if (req.metrics.length > entry.metrics.length) return false;
  for (const m of req.metrics) if (!entry.metrics.includes(m)) return false;
  return true;
}

function periodsOf(data: Record<string, unknown>): unknown[] {
  return Array.isArray(data.periods) ? data.periods : [];
}

function metricList(data: Record<string, unknown>): Record<string, unknown>[] {
  return Array.isArray(data.metrics)
    ? (data.metrics.filter((m) => m && typeof m === "object" && !Array.isArray(m)) as Record<string, unknown>[])
    : [];
}

/** Top-level members that run parallel to the columns. */
const COLUMN_KEYS = new Set(["periods", "period_ends"]);

/**
 * The part of a (possibly larger) answer that one request asked for: its metrics in request order,
 * and only the last `years` columns (four per year when quarterly). Arrays inside a metric that run
 * parallel to the columns (values, and provenance however it is shaped) are cut the same way.
 */
export function sliceFinancials(data: Record<string, unknown>, req: FinRequest): Record<string, unknown> {
  const n = periodsOf(data).length;
  const keep = Math.min(n, req.years * (req.period_type === "quarterly" ? 4 : 1));
  const start = n - keep;
  const cut = (v: unknown): unknown => (start > 0 && Array.isArray(v) && v.length === n ? v.slice(start) : v);
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(data)) {
    if (k === "metrics") continue;
    out[k] = COLUMN_KEYS.has(k) ? cut(data[k]) : data[k];
  }
  const byKey = new Map<string, Record<string, unknown>>();
  for (const m of metricList(data)) if (typeof m.key === "string") byKey.set(m.key, m);
  const metrics: Record<string, unknown>[] = [];
  for (const key of req.metrics) {
    const m = byKey.get(key);
    if (!m) continue;
    if (start === 0) {
      metrics.push(m);
      continue;
    }
    const mm: Record<string, unknown> = {};
    for (const k of Object.keys(m)) mm[k] = cut(m[k]);
    metrics.push(mm);
  }
  out.metrics = metrics;
  return out;
}

function sameColumns(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return JSON.stringify(a.periods ?? null) === JSON.stringify(b.periods ?? null) &&
    JSON.stringify(a.period_ends ?? null) === JSON.stringify(b.period_ends ?? null);
}

export const MAX_ENTRIES_PER_GROUP = 8;

/**
 * Put a new answer into a group's entries. Fresh entries with the very same columns are folded into
 * it (union of metrics; the larger `years` holds because equal columns mean both saw the same
 * history). Entries the new one covers are dropped; others stay (they still answer requests, or
 * serve stale when the API is down).
 */
export function mergeEntry(
  entries: readonly FinEntry[],
  fresh: FinEntry,
  isFresh: (e: FinEntry) => boolean,
): FinEntry[] {
  let merged = fresh;
  const kept: FinEntry[] = [];
  for (const e of entries) {
    if (isFresh(e) && sameColumns(e.data, merged.data)) {
      const extra = metricList(e.data).filter(
        (m) => typeof m.key === "string" && !merged.metrics.includes(m.key as string),
      );
      const extraKeys = e.metrics.filter((k) => !merged.metrics.includes(k));
      merged = {
        ...merged,
        metrics: [...merged.metrics, ...extraKeys],
        years: Math.max(merged.years, e.years),
        data: { ...merged.data, metrics: [...metricList(merged.data), ...extra] },
        fetchedAt: Math.min(merged.fetchedAt, e.fetchedAt),
      };
      continue;
    }
    if (covers(merged, e)) continue;
    kept.push(e);
  }
  const out = [merged, ...kept];
  return out.slice(0, MAX_ENTRIES_PER_GROUP);
}
