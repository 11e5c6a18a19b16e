/**
 * LTM (last twelve months) columns computed from the last four fiscal quarters, the way a modeller
 * builds them: flows summed, balance-sheet items from the latest quarter, ratios recomputed from
 * their components (never averaged), anything else blank. The API has no LTM period; every LTM
 * value is ours and labelled as computed.
 */
import type { Statement } from "../api";

export type LtmRule =
  | { kind: "sum" }
  | { kind: "latest" }
  /** Weighted share counts: the mean of the four quarters. */
  | { kind: "average" }
  /** sum(num) / sum(den) over the window. */
  | { kind: "ratio"; num: string; den: string }
  /** sum(of) over the window / sum(of) over the four quarters before, minus 1. */
  | { kind: "growth"; of: string };

/** Metrics whose LTM is not "sum" (income, cash flow) or "latest" (balance). */
const RULES: Readonly<Record<string, LtmRule>> = {
  gross_margin: { kind: "ratio", num: "gross_profit", den: "revenue" },
  operating_margin: { kind: "ratio", num: "operating_income", den: "revenue" },
  net_margin: { kind: "ratio", num: "net_income", den: "revenue" },
  effective_tax_rate: { kind: "ratio", num: "income_tax", den: "pretax_income" },
  fcf_margin: { kind: "ratio", num: "fcf", den: "revenue" },
  revenue_growth: { kind: "growth", of: "revenue" },
  shares_diluted: { kind: "average" },
  ending_cash: { kind: "latest" },
};

/**
 * How a metric's LTM value is made. Metrics the spec lists follow RULES or their statement; a line
 * the dictionary adds is summed only when it is money on a flow statement, taken latest on the
 * balance sheet, and otherwise has no LTM (blank) — a guess would be a wrong number.
 */
export function ltmRule(key: string, statement: Statement, unitKind?: string): LtmRule | null {
  if (RULES[key]) return RULES[key];
  if (statement === "balance") return { kind: "latest" };
  if (unitKind === undefined || unitKind === "currency" || unitKind === "per_share") return { kind: "sum" };
  return null;
}

/** Component metrics LTM needs beyond `keys` (ratio parts and growth bases). */
export function ltmComponents(keys: readonly string[], statement: Statement): string[] {
  const out: string[] = [];
  for (const k of keys) {
    const r = ltmRule(k, statement);
    const parts = r?.kind === "ratio" ? [r.num, r.den] : r?.kind === "growth" ? [r.of] : [];
    for (const p of parts) if (!keys.includes(p) && !out.includes(p)) out.push(p);
  }
  return out;
}

/** Quarterly values of a metric by column index (null where missing); undefined when the metric is not in the answers. */
export type Series = (key: string) => readonly (number | null)[] | undefined;

function windowOf(values: readonly (number | null)[], end: number): number[] | null {
  if (end < 3) return null;
  const w = values.slice(end - 3, end + 1);
  return w.length === 4 && w.every((v) => typeof v === "number") ? (w as number[]) : null;
}

/** Sums without binary noise (four quarters of one-decimal millions sum to one decimal). */
const sum = (w: number[]) => Number(w.reduce((a, b) => a + b, 0).toPrecision(15));

/**
 * The LTM value of `key` for the window ending at quarterly column `end` (null when it cannot be
 * computed). `whole(e)`: the four columns ending at e are consecutive quarters.
 */
export function ltmValue(key: string, rule: LtmRule | null, series: Series, end: number, whole: (end: number) => boolean = () => true): number | null {
  if (!whole(end)) return null;
  if (!rule) return null;
  const own = series(key);
  switch (rule.kind) {
    case "sum": {
      const w = own && windowOf(own, end);
      return w ? sum(w) : null;
    }
    case "average": {
      const w = own && windowOf(own, end);
      return w ? sum(w) / 4 : null;
    }
    case "latest":
      return own && typeof own[end] === "number" ? own[end] : null;
    case "ratio": {
      const n = series(rule.num);
      const d = series(rule.den);
      const wn = n && windowOf(n, end);
      const wd = d && windowOf(d, end);
      if (!wn || !wd || sum(wd) === 0) return null;
      return sum(wn) / sum(wd);
    }
    case "growth": {
      const s = series(rule.of);
      if (!whole(end - 4)) return null;
      const now = s && windowOf(s, end);
      const before = s && windowOf(s, end - 4);
      if (!now || !before || sum(before) === 0) return null;
      return sum(now) / sum(before) - 1;
    }
  }
}

/** Index of an API quarter label (2024Q3 -> 2024*4+2), or null for another label. */
function quarterIndex(label: string): number | null {
  const m = /^(\d{4})Q([1-4])$/.exec(label);
  return m ? Number(m[1]) * 4 + Number(m[2]) - 1 : null;
}

/**
 * True when the four columns ending at `end` are four consecutive fiscal quarters (a company that
 * skipped a 10-Q has a hole: its "last four columns" are not twelve months). Labels of another form
 * are trusted as consecutive.
 */
export function consecutiveQuarters(labels: readonly string[], end: number): boolean {
  if (end < 3) return false;
  const idx = labels.slice(end - 3, end + 1).map(quarterIndex);
  if (idx.some((i) => i === null)) return true;
  return idx.every((i, k) => k === 0 || i === (idx[k - 1] as number) + 1);
}
