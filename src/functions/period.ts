/**
 * The `period` grammar of SVC.FINANCIALS, turned into what to ask the API (period_type, years) and
 * which of the answer's columns to show.
 *   N            the last N fiscal years (1-20; default 5)
 *   FY, FY-1     the latest fiscal year, the one before        FY-4:FY   a run of years
 *   FQ, FQ-1     the latest quarter, the one before            FQ-7:FQ   a run of quarters
 *   FY2024       an absolute fiscal year                       FY2020:FY2024
 *   2024Q3       an absolute quarter                           2023Q1:2024Q4
 * A number from 1900 up is read as an absolute fiscal year (2024 = FY2024).
 */
import { invalidArgument } from "../api/errors";

export type ColumnPick =
  /** The newest `count` columns. */
  | { kind: "last"; count: number }
  /** Columns `from` to `to` counted back from the newest (0 = newest), from ≥ to. */
  | { kind: "offsets"; from: number; to: number }
  /** Columns whose labels run from `from` to `to` (inclusive). */
  | { kind: "labels"; from: string; to: string };

export interface PeriodPlan {
  periodType: "annual" | "quarterly";
  /** `years` to ask the API for (1-20). */
  years: number;
  pick: ColumnPick;
  /** The period as the user wrote it, for messages. */
  text: string;
}

const MAX_YEARS = 20;
const HELP = "a number of years (1-20), FY, FY-1, FY-4:FY, FQ, FQ-7:FQ, FY2024, 2024Q3 or FY2020:FY2024";

function bad(text: string, why?: string): never {
  throw invalidArgument("period", `period "${text}" ${why ?? "is not understood"}; use ${HELP}`);
}

type Token = { type: "annual" | "quarterly"; rel?: number; label?: string; year?: number };

function token(t: string, text: string): Token {
  let m = /^F([YQ])(?:([+-])(\d+))?$/.exec(t);
  if (m) {
    if (m[2] === "+" && Number(m[3]) !== 0) bad(text, "looks ahead; only past periods have figures");
    return { type: m[1] === "Y" ? "annual" : "quarterly", rel: m[3] ? Number(m[3]) : 0 };
  }
  if ((m = /^FY\s*(\d{4})$/.exec(t))) return { type: "annual", label: `FY${m[1]}`, year: Number(m[1]) };
  if ((m = /^(\d{4})\s*Q([1-4])$/.exec(t)) || (m = /^Q([1-4])\s*(\d{4})$/.exec(t)))
    return t.startsWith("Q")
      ? { type: "quarterly", label: `${m[2]}Q${m[1]}`, year: Number(m[2]) }
      : { type: "quarterly", label: `${m[1]}Q${m[2]}`, year: Number(m[1]) };
  if ((m = /^(\d{4})$/.exec(t))) return { type: "annual", label: `FY${m[1]}`, year: Number(m[1]) };
  return bad(text);
}

function yearsBackTo(year: number, text: string, currentYear: number): number {
  const years = currentYear - year + 2; // +2: fiscal years labelled ahead of the calendar, and the current year
  if (years > MAX_YEARS) bad(text, `is further back than the ${MAX_YEARS} fiscal years the API serves`);
  return Math.max(1, Math.min(MAX_YEARS, years));
}

export function parsePeriod(raw: unknown, currentYear = new Date().getUTCFullYear()): PeriodPlan {
  if (raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === ""))
    return { periodType: "annual", years: 5, pick: { kind: "last", count: 5 }, text: "5" };
  const text = String(raw).trim();
  if (typeof raw === "number" || /^\d+(\.\d+)?$/.test(text)) {
    const n = Number(text);
    if (Number.isInteger(n) && n >= 1900 && n <= 2200) return parsePeriod(`FY${n}`, currentYear);
    if (!Number.isInteger(n) || n < 1 || n > MAX_YEARS) bad(text, `must be a whole number of years from 1 to ${MAX_YEARS}`);
    return { periodType: "annual", years: n, pick: { kind: "last", count: n }, text };
  }
  if (typeof raw !== "string") bad(text);
  const parts = text.toUpperCase().replace(/\s+/g, "").split(":");
  if (parts.length > 2) bad(text);
  const a = token(parts[0], text);
  const b = parts.length === 2 ? token(parts[1], text) : a;
  if (a.type !== b.type) bad(text, "mixes years and quarters");
  const perYear = a.type === "quarterly" ? 4 : 1;
  if (a.rel !== undefined && b.rel !== undefined) {
    const from = Math.max(a.rel, b.rel);
    const to = Math.min(a.rel, b.rel);
    const years = Math.ceil((from + 1) / perYear);
    if (years > MAX_YEARS) bad(text, `is further back than the ${MAX_YEARS} fiscal years the API serves`);
    return { periodType: a.type, years, pick: { kind: "offsets", from, to }, text };
  }
  if (a.label && b.label) {
    const [lo, hi] = a.label <= b.label ? [a, b] : [b, a];
    return { periodType: a.type, years: yearsBackTo(lo.year!, text, currentYear), pick: { kind: "labels", from: lo.label!, to: hi.label! }, text };
  }
  return bad(text, "mixes relative (FY-1) and absolute (FY2024) periods");
}

/** Indices of the answer's columns the plan shows, oldest first. Empty when none are available. */
export function pickColumns(labels: readonly string[], pick: ColumnPick): number[] {
  const n = labels.length;
  const all = labels.map((_, i) => i);
  switch (pick.kind) {
    case "last":
      return all.slice(Math.max(0, n - pick.count));
    case "offsets":
      return all.filter((i) => n - 1 - i <= pick.from && n - 1 - i >= pick.to);
    case "labels":
      return all.filter((i) => labels[i] >= pick.from && labels[i] <= pick.to && labels[i].length === pick.from.length);
  }
}
