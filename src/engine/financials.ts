/**
 * Slicing a get_financials answer (interim rules, until src/api/wide.ts's sliceData lands): the
 * requested metrics in request order and only the last `years` columns.
 */

/** What a slice needs to know of a request. */
export interface FinSlice {
  metrics: readonly string[];
  years: number;
  period_type: "annual" | "quarterly";
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
export function sliceFinancials(data: Record<string, unknown>, req: FinSlice): Record<string, unknown> {
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
