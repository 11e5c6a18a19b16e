/**
 * Pure grid primitives shared by every tool's shaper: Excel dates, typed numbers, rectangular padding, record
 * tables and notice rows. A grid cell is a string, number, boolean, or `null` for a value the API
 * did not give (the function layer turns null into a blank, or #N/A with `na=na` — never 0).
 */

import { FIELD_KINDS } from "./fields";
import { NumberKind, TypedValue, formatted } from "./values";

export type Cell = string | number | boolean | null | TypedValue;
export type Grid = Cell[][];

export interface ShapeOptions {
  /** 0: values only; 1: a header row (default); 2: header plus a row of period-end dates where that applies. */
  headers: 0 | 1 | 2;
  /** serial: dates become Excel serial numbers shown as dates (default); text: keep ISO text. */
  dates: "serial" | "text";
  /** Tool-specific choices from the options string (e.g. part=founders for LEADERSHIP). */
  extra: Record<string, string>;
}

/** Padding for cells that hold no data (not "missing": padding stays blank even with na=na). */
export const PAD = "";

/** Excel's limit on the characters of one cell. */
export const MAX_CELL_TEXT = 32_767;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const DAY_MS = 86_400_000;

/**
 * Excel serial of a calendar date in the 1900 date system: 1900-01-01 is 1, and Excel counts the
 * non-existent 1900-02-29 as day 60, so every date from 1900-03-01 on is one more than the day count.
 * Dates before 1900 have no serial (null); so has an invalid date.
 */
export function serialOfDate(y: number, m: number, d: number): number | null {
  if (y === 1900 && m === 2 && d === 29) return 60;
  if (m < 1 || m > 12 || d < 1) return null;
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  // 2024-02-30 is rejected, never rolled into March (shape stays pure: api/excel-date holds the argument-side twin)
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  const n = Math.round((ms - Date.UTC(1899, 11, 31)) / DAY_MS);
  if (n < 1) return null;
  return n >= 60 ? n + 1 : n;
}

/** Excel serial number of an ISO date or timestamp (a timestamp without an offset is UTC; with the day fraction). */
export function excelSerial(iso: string): number | null {
  const d = ISO_DATE.exec(iso);
  if (d) return serialOfDate(Number(d[1]), Number(d[2]), Number(d[3]));
  const t = ISO_TIMESTAMP.exec(iso);
  if (!t) return null;
  const day = serialOfDate(Number(t[1]), Number(t[2]), Number(t[3]));
  const [hh, mm, ss] = [Number(t[4]), Number(t[5]), Number(t[6] ?? 0)];
  if (day === null || hh > 23 || mm > 59 || ss > 59) return null;
  let ms = Date.UTC(Number(t[1]), Number(t[2]) - 1, Number(t[3]), hh, mm, ss) + Math.round(Number(t[7] ?? 0) * 1000);
  const zone = t[8];
  const zm = zone && zone !== "Z" ? /^([+-])(\d{2}):?(\d{2})$/.exec(zone) : null;
  if (zm) {
    const off = (Number(zm[2]) * 60 + Number(zm[3])) * 60_000;
    ms -= zm[1] === "+" ? off : -off;
  }
  // no offset: UTC (never the machine's zone)
  const sinceDay0 = ms - Date.UTC(1899, 11, 31);
  const n = Math.floor(sinceDay0 / DAY_MS);
  if (n < 1) return null;
  return Math.round(((n >= 60 ? n + 1 : n) + (sinceDay0 - n * DAY_MS) / DAY_MS) * 1e6) / 1e6;
}

/** A field the spec types as a date (or timestamp): a date cell, or ISO text with dates=text; text that is no valid date stays text. */
export function dateCell(v: unknown, opts: ShapeOptions): Cell {
  if (typeof v !== "string") return cellOf(v, opts);
  if (opts.dates === "text") return cellOf(v, opts);
  const serial = excelSerial(v.trim());
  if (serial === null) return cellOf(v, opts);
  return formatted(serial, ISO_DATE.test(v.trim()) ? "date" : "timestamp");
}

/** A number with its display kind (value unchanged); anything else as cellOf. */
export function numberCell(v: unknown, kind: NumberKind, opts: ShapeOptions, scale = 1): Cell {
  if (typeof v !== "number" || !Number.isFinite(v)) return cellOf(v, opts);
  return formatted(scale === 1 ? v : roundScaled(v * scale), kind);
}

/** v × scale without binary noise (14.81 / 100 = 0.1481, not 0.14810000000000001). */
export function roundScaled(x: number): number {
  return Number.isFinite(x) ? Number(x.toPrecision(15)) : x;
}

/** Text cut to Excel's cell limit, with an ellipsis saying so. */
export function cellText(s: string): string {
  return s.length > MAX_CELL_TEXT ? s.slice(0, MAX_CELL_TEXT - 1) + "\u2026" : s;
}

/**
 * One API value as a cell: text as text (never read as a date: only fields the spec types as dates
 * are, see dateCell), lists joined, objects summarised, absent → null, text cut at Excel's limit.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars
export function cellOf(v: unknown, _opts?: ShapeOptions): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "boolean") return v;
  if (typeof v === "string") return cellText(v);
  if (Array.isArray(v)) {
    const parts = v.map((x) => (x !== null && typeof x === "object" ? objectText(x as Record<string, unknown>) : String(x)));
    return parts.length ? cellText(parts.join("; ")) : null;
  }
  if (typeof v === "object") return cellText(objectText(v as Record<string, unknown>));
  return cellText(String(v));
}

/** A nested object in one cell: its `name` when it has one, else `k: v` pairs. */
function objectText(o: Record<string, unknown>): string {
  if (typeof o.name === "string") return o.name;
  return Object.entries(o)
    .filter(([, v]) => v !== null && v !== undefined && typeof v !== "object")
    .map(([k, v]) => `${k}: ${v}`)
    .join(", ");
}

/** Pad every row to the widest row so the spill stays rectangular. */
export function rectangular(rows: Grid, minWidth = 1): Grid {
  const width = Math.max(minWidth, ...rows.map((r) => r.length));
  return rows.map((r) => (r.length === width ? r : [...r, ...Array<Cell>(width - r.length).fill(PAD)]));
}

/** A record table: one row per record in the API's order, the given columns (typed by fieldCell), a header row when headers ≥ 1. */
export function recordTable(records: unknown, columns: readonly string[], opts: ShapeOptions): Grid {
  const list = Array.isArray(records) ? records : [];
  const rows: Grid = [];
  if (opts.headers >= 1) rows.push([...columns]);
  for (const rec of list) {
    const r = (rec ?? {}) as Record<string, unknown>;
    rows.push(columns.map((c) => fieldCell(c, r[c], opts)));
  }
  return rows;
}

/** Notice rows the API requires to be shown: `Notice:` then the text. Only with headers ≥ 1. */
export function withNotices(rows: Grid, notices: readonly string[], opts: ShapeOptions): Grid {
  const list = notices.map((n) => n.trim()).filter((n) => n !== "");
  if (opts.headers === 0 || list.length === 0) return rectangular(rows);
  return rectangular([...rows, ...list.map((n): Cell[] => ["Notice:", n])], 2);
}

/**
 * The grid without the `Notice:` rows withNotices added for `notices` (where notices are shown apart
 * from the data: the CLI, the pane), and without the padding column they needed.
 */
export function withoutNoticeRows(rows: Grid, notices: readonly string[]): Grid {
  const list = notices.map((n) => n.trim()).filter((n) => n !== "");
  let end = rows.length;
  while (end > 1 && list.length > 0 && rows[end - 1][0] === "Notice:" && list.includes(String(rows[end - 1][1]))) end--;
  if (end === rows.length) return rows;
  const body = rows.slice(0, end);
  // a one-column body was padded to two columns for the notice text
  const padded = body.every((r) => r.length === 2 && r[1] === PAD);
  return padded ? body.map((r) => r.slice(0, 1)) : body;
}

/** An empty answer still spills a header (or one blank cell), so the sheet shows "no rows", not an error. */
export function nonEmpty(rows: Grid): Grid {
  return rows.length ? rows : [[PAD]];
}

export function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

export function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

export function str(v: unknown): string {
  return typeof v === "string" ? v : v === null || v === undefined ? "" : String(v);
}

/** One field of a record, typed by the unit convention (fields.ts): dates, percent -> fraction, money, counts. */
export function fieldCell(name: string, v: unknown, opts: ShapeOptions): Cell {
  const kind = FIELD_KINDS[name];
  if (kind === "date" || kind === "timestamp") return dateCell(v, opts);
  if (kind === "percent") return numberCell(v, "fraction", opts, 1 / 100);
  if (kind) return numberCell(v, kind, opts);
  return cellOf(v, opts);
}
