/**
 * How Excel displays a typed value, for the hosts that are not Excel (the workbench, the fake
 * Office host, the pane's tables): the number formats shaping uses (values.ts NUMBER_FORMATS) and
 * the entity card's text. The value itself is never changed.
 */
import { TypedValue, isTypedValue } from "./values";

/** Calendar date of an Excel 1900-system serial (60 is Excel's 1900-02-29, which it displays). */
export function dateOfSerial(serial: number): { y: number; m: number; d: number } | null {
  const day = Math.floor(serial);
  if (!Number.isFinite(day) || day < 1) return null;
  if (day === 60) return { y: 1900, m: 2, d: 29 };
  const dt = new Date(Date.UTC(1899, 11, 31) + (day > 60 ? day - 1 : day) * 86_400_000);
  return { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate() };
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

function grouped(v: number, decimals: number): string {
  return new Intl.NumberFormat("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true }).format(v);
}

/** A number as Excel shows it under one of our number formats (others: up to 6 decimals). */
export function formatNumber(value: number, numberFormat: string): string {
  const f = numberFormat.trim();
  if (f.startsWith("yyyy-mm-dd")) {
    const d = dateOfSerial(value);
    if (!d) return String(value);
    const date = `${pad(d.y, 4)}-${pad(d.m)}-${pad(d.d)}`;
    if (!/hh:mm/.test(f)) return date;
    const minutes = Math.round((value - Math.floor(value)) * 24 * 60);
    return `${date} ${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}`;
  }
  if (f === "0") return String(Math.round(value));
  const pct = /^0(?:\.(0+))?%$/.exec(f);
  if (pct) return `${(value * 100).toFixed(pct[1]?.length ?? 0)}%`;
  const num = /^#,##0(?:\.(0+))?$/.exec(f);
  if (num) return grouped(value, num[1]?.length ?? 0);
  return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(6)));
}

/** Display text of a typed value: the formatted number, or the entity's text. */
export function displayText(v: TypedValue): string {
  return v.type === "Double" ? formatNumber(v.basicValue, v.numberFormat) : v.text;
}

/** Display text of any cell value a function returned (typed or plain); null when it is neither. */
export function typedDisplay(v: unknown): string | null {
  return isTypedValue(v) ? displayText(v) : null;
}
