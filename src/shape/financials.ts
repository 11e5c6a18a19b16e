/**
 * get_financials → grid. Time runs across columns, oldest to newest (the API's order); one row per
 * metric. The caller chooses which columns (periods) to show; units are stated in the labels and in
 * each value's number format (USD millions, per-share USD, ratios as decimal fractions shown as %).
 * Quarter labels are fiscal (FQ3 2024); LTM columns are computed here (ltm.ts) and say so.
 */
import type { Statement } from "../api";
import { Cell, Grid, ShapeOptions, asArray, asRecord, cellOf, dateCell, numberCell, str } from "./grid";
import { LtmRule, Series, consecutiveQuarters, ltmRule, ltmValue } from "./ltm";
import { Provenance, filingUrl, provenanceAt } from "./provenance";
import { NumberKind } from "./values";

export interface FinancialsRow {
  key: string;
  label: string;
  kind: NumberKind;
  values: (number | null)[];
  sources: (Provenance | null)[];
}

export interface FinancialsView {
  /** Column labels as cells show them (FY2024, FQ3 2024, LTM (computed)). */
  labels: string[];
  ends: string[];
  rows: FinancialsRow[];
}

const UNIT_SUFFIX: Record<string, string> = {
  currency: "USD m",
  per_share: "USD per share",
  shares: "m shares",
  ratio: "ratio",
  percent: "ratio",
};

const RATIO_KEY = /margin|growth|rate$/;

/** The metric's label with its unit, e.g. "Revenue (USD m)". Ratios are decimal fractions (0.25 = 25%). */
export function metricLabel(m: Record<string, unknown>): string {
  const label = str(m.label) || str(m.key);
  const key = str(m.key);
  let unit = UNIT_SUFFIX[str(m.unit_kind)];
  if (!unit && RATIO_KEY.test(key)) unit = "ratio";
  if (!unit && /^shares_/.test(key)) unit = "m shares";
  return unit && !label.toLowerCase().includes(unit.toLowerCase()) ? `${label} (${unit})` : label;
}

/** How a metric's values are displayed. */
export function metricKind(key: string, unitKind: string): NumberKind {
  if (unitKind === "currency") return "usd_m";
  if (unitKind === "per_share") return "per_share";
  if (unitKind === "shares" || /^shares_/.test(key)) return "shares_m";
  if (unitKind === "ratio" || unitKind === "percent" || RATIO_KEY.test(key)) return "fraction";
  return unitKind ? "number" : "usd_m";
}

/** The label a cell shows for an API period label: FY2024 stays, 2024Q3 becomes FQ3 2024 (fiscal). */
export function fiscalLabel(apiLabel: string): string {
  const m = /^(\d{4})Q([1-4])$/.exec(apiLabel);
  return m ? `FQ${m[2]} ${m[1]}` : apiLabel;
}

/** The label of an LTM column `offset` years back: "LTM (computed)", "LTM-1 (computed)". */
export function ltmLabel(offset: number): string {
  return offset === 0 ? "LTM (computed)" : `LTM-${offset} (computed)`;
}

/** A value as the API gives it: a number, or an object carrying `value` (tolerated). */
function numberOf(v: unknown): number | null {
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  const o = asRecord(v);
  return typeof o.value === "number" && Number.isFinite(o.value) ? o.value : null;
}

/** Read the answer into a view, keeping only columns whose index is in `columns` (all when undefined). */
export function financialsView(data: Record<string, unknown>, columns?: number[]): FinancialsView {
  const labels = asArray(data.periods).map(str);
  const ends = asArray(data.period_ends).map(str);
  const pick = columns ?? labels.map((_, i) => i);
  const cik = data.cik;
  return {
    labels: pick.map((i) => fiscalLabel(labels[i] ?? "")),
    ends: pick.map((i) => ends[i] ?? ""),
    rows: asArray(data.metrics).map((m) => {
      const rec = asRecord(m);
      const values = asArray(rec.values);
      const key = str(rec.key);
      return {
        key,
        label: metricLabel(rec),
        kind: metricKind(key, str(rec.unit_kind)),
        values: pick.map((i) => numberOf(values[i])),
        sources: pick.map((i) => withFilingUrl(provenanceAt(data, rec, i), cik)),
      };
    }),
  };
}

function withFilingUrl(p: Provenance | null, cik: unknown): Provenance | null {
  if (!p || p.url || !p.accession) return p;
  return { ...p, url: filingUrl(cik, p.accession) };
}

/**
 * LTM columns: for each quarterly column index in `ends` (the newest quarter of a window), the
 * value of every requested metric computed from the last four quarters. `answers` are the
 * quarterly answers (the statement's, then any giving components of another statement). `headers`
 * name the columns (default "LTM (computed)", "LTM-1 (computed)" by `offsets`).
 */
export function ltmView(answers: Record<string, unknown>[], statement: Statement, keys: readonly string[], windowEnds: number[], offsets: number[], headers?: string[]): FinancialsView {
  const main = answers[0];
  const labels = asArray(main.periods).map(str);
  const ends = asArray(main.period_ends).map(str);
  const byKey = new Map<string, (number | null)[]>();
  const unitKinds = new Map<string, string>();
  const metricRecs = new Map<string, Record<string, unknown>>();
  for (const a of answers) {
    const own = asArray(a.periods).map(str);
    for (const m of asArray(a.metrics).map(asRecord)) {
      const k = str(m.key);
      if (byKey.has(k)) continue;
      const vals = asArray(m.values);
      // align by label: a second statement's answer may hold other columns
      byKey.set(k, labels.map((l) => (own.indexOf(l) >= 0 ? numberOf(vals[own.indexOf(l)]) : null)));
      unitKinds.set(k, str(m.unit_kind));
      metricRecs.set(k, m);
    }
  }
  const series: Series = (k) => byKey.get(k);
  // a window is twelve months only when its quarters are consecutive, and growth needs the window before too
  const whole = (e: number) => consecutiveQuarters(labels, e);
  const shown = keys.length ? keys : asArray(main.metrics).map((m) => str(asRecord(m).key));
  return {
    labels: headers ?? offsets.map(ltmLabel),
    ends: windowEnds.map((e) => ends[e] ?? ""),
    rows: shown.map((key) => {
      const rule = ltmRule(key, statement, unitKinds.get(key) || undefined);
      const rec = metricRecs.get(key) ?? { key };
      return {
        key,
        label: metricLabel(rec),
        kind: metricKind(key, str(rec.unit_kind)),
        values: windowEnds.map((e) => ltmValue(key, rule, series, e, whole)),
        sources: windowEnds.map((e) => (whole(e) ? ltmSource(rule, key, labels, e) : gapSource(labels, e))),
      };
    }),
  };
}

/** How an LTM value was computed, for "Show source". */
function ltmSource(rule: LtmRule | null, key: string, labels: string[], end: number): Provenance {
  const span = end >= 3 ? `${fiscalLabel(labels[end - 3] ?? "")} to ${fiscalLabel(labels[end] ?? "")}` : "";
  const how = !rule
    ? "no LTM rule for this metric (blank)"
    : rule.kind === "sum"
      ? `sum of ${key} over ${span}`
      : rule.kind === "average"
        ? `mean of ${key} over ${span}`
        : rule.kind === "latest"
          ? `${key} at ${fiscalLabel(labels[end] ?? "")}`
          : rule.kind === "ratio"
            ? `sum of ${rule.num} / sum of ${rule.den} over ${span}`
            : `sum of ${rule.of} over ${span} / the four quarters before, minus 1`;
  return { concept: null, formula: `computed: ${how}`, accession: null, url: null };
}

function gapSource(labels: string[], end: number): Provenance {
  const span = end >= 3 ? `${fiscalLabel(labels[end - 3] ?? "")} to ${fiscalLabel(labels[end] ?? "")}` : "";
  return { concept: null, formula: `computed: blank, the quarters ${span} are not four consecutive fiscal quarters`, accession: null, url: null };
}

/** A value cell: the number with its display kind, or null (blank) when missing. */
function valueCell(v: number | null, kind: NumberKind, opts: ShapeOptions): Cell {
  return v === null ? null : numberCell(v, kind, opts);
}

const sourceText = (p: Provenance | null): Cell => (p ? cellOf(p.concept ?? p.formula) : null);

/**
 * Where the grid puts the values: one metric and one period is a single value (with source=1:
 * value, source, accession side by side); otherwise `top` header rows (periods with headers ≥ 1,
 * period ends with headers=2), a label column when headers ≥ 1, and per metric its value row, then
 * with source=1 its source and accession rows. The grid and Show source both read this layout.
 */
export interface FinancialsLayout {
  single: boolean;
  top: number;
  left: number;
  rowsPerMetric: number;
}

export function financialsLayout(view: FinancialsView, opts: Pick<ShapeOptions, "headers" | "extra">): FinancialsLayout {
  const single = view.rows.length === 1 && view.labels.length === 1;
  const withSource = opts.extra.source === "1";
  if (single) return { single, top: 0, left: 0, rowsPerMetric: 1 };
  return { single, top: opts.headers, left: opts.headers >= 1 ? 1 : 0, rowsPerMetric: withSource ? 3 : 1 };
}

/** The grid cell (row, column from the anchor) of the value of metric `ri`, period `ci`. */
export function valuePosition(layout: FinancialsLayout, ri: number, ci: number): { row: number; col: number } {
  return { row: layout.top + ri * layout.rowsPerMetric, col: layout.left + ci };
}

/** The grid, laid out by financialsLayout. */
export function financialsGrid(view: FinancialsView, opts: ShapeOptions): Grid {
  const layout = financialsLayout(view, opts);
  const withSource = opts.extra.source === "1";
  if (layout.single) {
    const r = view.rows[0];
    const v = valueCell(r.values[0], r.kind, opts);
    return withSource ? [[v, sourceText(r.sources[0]), cellOf(r.sources[0]?.accession ?? null)]] : [[v]];
  }
  const rows: Grid = [];
  const head = (label: string): Cell[] => (layout.left === 1 ? [label] : []);
  if (layout.top >= 1) rows.push(["metric", ...view.labels]);
  if (layout.top >= 2) rows.push(["period_end", ...view.ends.map((e): Cell => (e ? dateCell(e, opts) : null))]);
  for (const r of view.rows) {
    rows.push([...head(r.label), ...r.values.map((v) => valueCell(v, r.kind, opts))]);
    if (layout.rowsPerMetric === 3) {
      rows.push([...head(`${r.label}: source`), ...r.sources.map(sourceText)]);
      rows.push([...head(`${r.label}: accession`), ...r.sources.map((p) => cellOf(p?.accession ?? null))]);
    }
  }
  return rows;
}
