/**
 * get_financials → grid. Time runs across columns, oldest to newest (the API's order); one row per
 * metric. The caller chooses which columns (periods) to show; units are stated in the labels.
 */
import { Cell, Grid, ShapeOptions, asArray, asRecord, cellOf, str } from "./grid";

export interface FinancialsView {
  labels: string[];
  ends: string[];
  rows: { key: string; label: string; values: (number | null)[] }[];
}

const UNIT_SUFFIX: Record<string, string> = {
  currency: "USD m",
  per_share: "USD per share",
  shares: "m shares",
  ratio: "ratio",
  percent: "%",
};

/** The metric's label with its unit, e.g. "Revenue (USD m)". Ratios are decimals (0.25 = 25%). */
export function metricLabel(m: Record<string, unknown>): string {
  const label = str(m.label) || str(m.key);
  const key = str(m.key);
  let unit = UNIT_SUFFIX[str(m.unit_kind)];
  if (!unit && /margin|growth|rate$/.test(key)) unit = "ratio";
  if (!unit && /^shares_/.test(key)) unit = "m shares";
  return unit && !label.toLowerCase().includes(unit.toLowerCase()) ? `${label} (${unit})` : label;
}

/** Read the answer into a view, keeping only columns whose index is in `columns` (all when undefined). */
export function financialsView(data: Record<string, unknown>, columns?: number[]): FinancialsView {
  const labels = asArray(data.periods).map(str);
  const ends = asArray(data.period_ends).map(str);
  const pick = columns ?? labels.map((_, i) => i);
  return {
    labels: pick.map((i) => labels[i] ?? ""),
    ends: pick.map((i) => ends[i] ?? ""),
    rows: asArray(data.metrics).map((m) => {
      const rec = asRecord(m);
      const values = asArray(rec.values);
      return {
        key: str(rec.key),
        label: metricLabel(rec),
        values: pick.map((i) => (typeof values[i] === "number" && Number.isFinite(values[i] as number) ? (values[i] as number) : null)),
      };
    }),
  };
}

export function financialsGrid(view: FinancialsView, opts: ShapeOptions): Grid {
  if (view.rows.length === 1 && view.labels.length === 1) return [[view.rows[0].values[0]]];
  const rows: Grid = [];
  if (opts.headers >= 1) rows.push(["metric", ...view.labels]);
  if (opts.headers >= 2) rows.push(["period_end", ...view.ends.map((e): Cell => (e ? cellOf(e, opts) : null))]);
  for (const r of view.rows) rows.push(opts.headers >= 1 ? [r.label, ...r.values] : [...r.values]);
  return rows;
}
