/**
 * The `period` grammar of SVC.FINANCIALS (and SVC.PERIODS), turned into what to ask the API
 * (period_type, years) and which of the answer's columns to show.
 *   N            the last N fiscal years (1-20; default 5)
 *   FY, FY-1     the latest fiscal year, the one before        FY-4:FY   a run of years
 *   FQ, FQ-1     the latest quarter, the one before            FQ-7:FQ   a run of quarters
 *   LTM, LTM-1   the last four fiscal quarters (computed), the four before   LTM-1:LTM   (TTM = LTM)
 *   FY2024       an absolute fiscal year                       FY2020:FY2024
 *   FQ3 2024     an absolute fiscal quarter (also 2024Q3, Q3 2024)   FQ1 2023:FQ4 2024
 *   CQ3 2024     the fiscal quarter the company's calendar puts in calendar Q3 2024   CQ1 2024:CQ4 2024
 *   CY2024       the four fiscal quarters in calendar 2024, computed like LTM   CY2020:CY2024
 * A number from 1900 up is read as an absolute fiscal year (2024 = FY2024).
 *
 * Calendar periods: a fiscal quarter belongs to the calendar quarter holding the middle of its last
 * three months (a quarter ending 2024-12-28 is CQ4 2024), the rule SVC.PERIODS shows; the header
 * says which fiscal periods a calendar column is made of ("CY2024 (FQ2 2024 to FQ1 2025)").
 *
 * Labels: the API labels columns FY2024 and 2024Q3; cells show FY2024 and FQ3 2024 (fiscal quarter 3
 * of fiscal year 2024), so a quarter never reads as a calendar quarter.
 */
import { PERIOD_HELP } from "../api";
import { YEARS_MAX } from "../api";
import { invalidArgument } from "../api";

export type ColumnPick =
  /** The newest `count` columns. */
  | { kind: "last"; count: number }
  /** Columns `from` to `to` counted back from the newest (0 = newest), from ≥ to. */
  | { kind: "offsets"; from: number; to: number }
  /** Columns whose API labels run from `from` to `to` (inclusive). */
  | { kind: "labels"; from: string; to: string }
  /** Trailing four-quarter windows `from` to `to` counted back in years (0 = LTM, 1 = LTM-1), from ≥ to. */
  | { kind: "ltm"; from: number; to: number }
  /** Quarterly columns whose calendar quarter (year × 4 + quarter − 1) runs from `from` to `to`; `year`:
   * only the calendar Q4 columns, each the end of a four-quarter window (CY). */
  | { kind: "calendar"; span: "quarter" | "year"; from: number; to: number };

export interface PeriodPlan {
  periodType: "annual" | "quarterly";
  /** `years` to ask the API for (within the catalogue's bounds). */
  years: number;
  pick: ColumnPick;
  /** The period as the user wrote it, for messages. */
  text: string;
}

/** The catalogue's bound on `years` (the API serves 20 fiscal years). */
export const MAX_YEARS: number = YEARS_MAX;

function bad(text: string, why?: string): never {
  throw invalidArgument("period", `period "${text}" ${why ?? "is not understood"}; use ${PERIOD_HELP}`);
}

type Token = { type: "annual" | "quarterly" | "ltm" | "cy" | "cq"; rel?: number; label?: string; year?: number; cq?: number };

function token(t: string, text: string): Token {
  let m = /^(FY|FQ|LTM|TTM)(?:([+-])(\d+))?$/.exec(t);
  if (m) {
    if (m[2] === "+" && Number(m[3]) !== 0) bad(text, "looks ahead; only past periods have figures");
    const type = m[1] === "FY" ? "annual" : m[1] === "FQ" ? "quarterly" : "ltm";
    return { type, rel: m[3] ? Number(m[3]) : 0 };
  }
  if ((m = /^CY(\d{4})$/.exec(t))) return { type: "cy", year: Number(m[1]), cq: Number(m[1]) * 4 + 3 };
  if ((m = /^CQ([1-4])(\d{4})$/.exec(t)) || (m = /^(?:(\d{4})CQ([1-4]))$/.exec(t))) {
    const [q, y] = m[0].startsWith("CQ") ? [m[1], m[2]] : [m[2], m[1]];
    return { type: "cq", year: Number(y), cq: Number(y) * 4 + Number(q) - 1 };
  }
  if ((m = /^FY(\d{4})$/.exec(t))) return { type: "annual", label: `FY${m[1]}`, year: Number(m[1]) };
  if ((m = /^(\d{4})Q([1-4])$/.exec(t))) return { type: "quarterly", label: `${m[1]}Q${m[2]}`, year: Number(m[1]) };
  if ((m = /^F?Q([1-4])(?:FY)?(\d{4})$/.exec(t))) return { type: "quarterly", label: `${m[2]}Q${m[1]}`, year: Number(m[2]) };
  if ((m = /^(\d{4})$/.exec(t))) return { type: "annual", label: `FY${m[1]}`, year: Number(m[1]) };
  return bad(text);
}

/**
 * Years to ask for so that fiscal year `year` is in the answer. The API counts `years` back from the
 * company's latest fiscal year, which is this calendar year or the one before (or, for some filers,
 * labelled one ahead): asking for currentYear - year + 2 (at most MAX_YEARS) covers every case, and a
 * year only refused when no company can have it in its window.
 */
function yearsBackTo(year: number, text: string, currentYear: number): number {
  if (currentYear - year > MAX_YEARS) bad(text, `is further back than the ${MAX_YEARS} fiscal years the API serves`);
  return Math.max(1, Math.min(MAX_YEARS, currentYear - year + 2));
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
  if (a.type !== b.type) bad(text, a.type === "ltm" || b.type === "ltm" ? "mixes LTM with fiscal periods" : "mixes years and quarters (or fiscal and calendar periods)");
  if (a.cq !== undefined && b.cq !== undefined) return calendarPlan(a, b, text, currentYear);
  if (a.rel !== undefined && b.rel !== undefined) {
    const from = Math.max(a.rel, b.rel);
    const to = Math.min(a.rel, b.rel);
    if (a.type === "ltm") {
      // LTM-n needs quarters 4n..4n+3 back, plus the four before for revenue growth.
      const years = from + 2;
      if (from + 1 > MAX_YEARS) bad(text, `is further back than the ${MAX_YEARS} fiscal years the API serves`);
      return { periodType: "quarterly", years: Math.min(MAX_YEARS, years), pick: { kind: "ltm", from, to }, text };
    }
    const perYear = a.type === "quarterly" ? 4 : 1;
    const years = Math.ceil((from + 1) / perYear);
    if (years > MAX_YEARS) bad(text, `is further back than the ${MAX_YEARS} fiscal years the API serves`);
    return { periodType: a.type === "quarterly" ? "quarterly" : "annual", years, pick: { kind: "offsets", from, to }, text };
  }
  if (a.label && b.label && a.type !== "ltm") {
    const [lo, hi] = a.label <= b.label ? [a.label, b.label] : [b.label, a.label];
    const year = Math.min(a.year ?? currentYear, b.year ?? currentYear);
    return { periodType: a.type === "quarterly" ? "quarterly" : "annual", years: yearsBackTo(year, text, currentYear), pick: { kind: "labels", from: lo, to: hi }, text };
  }
  return bad(text, "mixes relative (FY-1) and absolute (FY2024) periods");
}

/** CY2024, CQ3 2024 and runs of them: quarterly answers, picked by each quarter's calendar quarter. */
function calendarPlan(a: Token, b: Token, text: string, currentYear: number): PeriodPlan {
  const [lo, hi] = (a.cq ?? 0) <= (b.cq ?? 0) ? [a, b] : [b, a];
  // one year more than a fiscal year needs: a fiscal label may run a year ahead of the calendar, and
  // a CY window's growth needs the four quarters before it
  const years = Math.min(MAX_YEARS, yearsBackTo(lo.year ?? currentYear, text, currentYear) + 1);
  return { periodType: "quarterly", years, pick: { kind: "calendar", span: a.type === "cy" ? "year" : "quarter", from: lo.cq ?? 0, to: hi.cq ?? 0 }, text };
}

const DAY_MS = 86_400_000;

/** Calendar quarter of a fiscal period ending on `endIso` (year × 4 + quarter − 1): the quarter holding
 * the middle of its last three months. Null for a date that is not one. */
export function calendarQuarterIndex(endIso: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(endIso)) return null;
  const t = Date.parse(`${endIso}T00:00:00Z`);
  if (Number.isNaN(t)) return null;
  const mid = new Date(t - 45 * DAY_MS);
  return mid.getUTCFullYear() * 4 + Math.floor(mid.getUTCMonth() / 3);
}

/** "CQ3 2024" of a calendar quarter index. */
export function calendarQuarterText(index: number): string {
  return `CQ${(index % 4) + 1} ${Math.floor(index / 4)}`;
}

/**
 * Indices of the answer's columns the plan shows, oldest first. Empty when none are available.
 * `ends` (the columns' period ends) place calendar periods.
 */
export function pickColumns(labels: readonly string[], pick: ColumnPick, ends: readonly string[] = []): number[] {
  const n = labels.length;
  const all = labels.map((_, i) => i);
  switch (pick.kind) {
    case "last":
      return all.slice(Math.max(0, n - pick.count));
    case "offsets":
      return all.filter((i) => n - 1 - i <= pick.from && n - 1 - i >= pick.to);
    case "labels":
      return all.filter((i) => labels[i] >= pick.from && labels[i] <= pick.to && labels[i].length === pick.from.length);
    case "ltm":
      // the newest column of each window, oldest window first; windows lacking four quarters are dropped
      return all.filter((i) => {
        const back = n - 1 - i;
        return back % 4 === 0 && back / 4 <= pick.from && back / 4 >= pick.to && i >= 3;
      });
    case "calendar":
      // a CY column is the calendar Q4 quarter ending a window of four
      return all.filter((i) => {
        const q = calendarQuarterIndex(ends[i] ?? "");
        if (q === null || q < pick.from || q > pick.to) return false;
        return pick.span === "quarter" || (q % 4 === 3 && i >= 3);
      });
  }
}
