/**
 * Pure grid primitives shared by every tool's shaper: Excel dates, rectangular padding, record
 * tables and notice rows. A grid cell is a string, number, boolean, or `null` for a value the API
 * did not give (the function layer turns null into a blank, or #N/A with `na=na` — never 0).
 */

export type Cell = string | number | boolean | null;
export type Grid = Cell[][];

export interface ShapeOptions {
  /** 0: values only; 1: a header row (default); 2: header plus a row of period-end dates where that applies. */
  headers: 0 | 1 | 2;
  /** serial: ISO dates become Excel serial numbers (default); text: keep ISO text. */
  dates: "serial" | "text";
  /** Tool-specific choices from the options string (e.g. part=founders for LEADERSHIP). */
  extra: Record<string, string>;
}

export const DEFAULT_SHAPE: ShapeOptions = { headers: 1, dates: "serial", extra: {} };

/** Padding for cells that hold no data (not "missing": padding stays blank even with na=na). */
export const PAD = "";

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** Excel serial number of an ISO date or timestamp (timestamps in UTC, with the day fraction). */
export function excelSerial(iso: string): number | null {
  const d = ISO_DATE.exec(iso);
  if (d) {
    const ms = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]));
    return Math.round((ms - EXCEL_EPOCH_MS) / DAY_MS);
  }
  if (ISO_TIMESTAMP.test(iso)) {
    const ms = Date.parse(iso);
    if (Number.isNaN(ms)) return null;
    return Math.round(((ms - EXCEL_EPOCH_MS) / DAY_MS) * 1e6) / 1e6;
  }
  return null;
}

export function looksLikeDate(v: unknown): v is string {
  return typeof v === "string" && (ISO_DATE.test(v) || ISO_TIMESTAMP.test(v));
}

/** One API value as a cell: dates converted, lists joined, objects summarised, absent → null. */
export function cellOf(v: unknown, opts: ShapeOptions): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return Number.isFinite(v) ? v : null;
  if (typeof v === "boolean") return v;
  if (typeof v === "string") {
    if (opts.dates === "serial" && looksLikeDate(v)) return excelSerial(v) ?? v;
    return v;
  }
  if (Array.isArray(v)) {
    const parts = v.map((x) => (x !== null && typeof x === "object" ? objectText(x as Record<string, unknown>) : String(x)));
    return parts.length ? parts.join("; ") : null;
  }
  if (typeof v === "object") return objectText(v as Record<string, unknown>);
  return String(v);
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

/** A record table: one row per record in the API's order, the given columns, a header row when headers ≥ 1. */
export function recordTable(records: unknown, columns: readonly string[], opts: ShapeOptions): Grid {
  const list = Array.isArray(records) ? records : [];
  const rows: Grid = [];
  if (opts.headers >= 1) rows.push([...columns]);
  for (const rec of list) {
    const r = (rec ?? {}) as Record<string, unknown>;
    rows.push(columns.map((c) => cellOf(r[c], opts)));
  }
  return rows;
}

/** Notice rows the API requires to be shown: `Notice:` then the text. Only with headers ≥ 1. */
export function withNotices(rows: Grid, notices: readonly string[], opts: ShapeOptions): Grid {
  const list = notices.map((n) => n.trim()).filter((n) => n !== "");
  if (opts.headers === 0 || list.length === 0) return rectangular(rows);
  return rectangular([...rows, ...list.map((n): Cell[] => ["Notice:", n])], 2);
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
