/**
 * How Excel displays a typed value, for the hosts that are not Excel (the workbench, the fake
 * Office host, the pane's tables): the number formats shaping uses (values.ts NUMBER_FORMATS) and
 * the entity card's text. The value itself is never changed.
 */
import { TypedValue } from "./values";

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

/** One section of a format code for `value` (positive; negative; zero), without colours, quotes and escapes. */
function sectionFor(value: number, code: string): { body: string; negative: boolean } {
  const parts = code.split(";");
  const body = value < 0 && parts.length > 1 ? parts[1] : value === 0 && parts.length > 2 ? parts[2] : parts[0];
  const clean = body.replace(/\[[^\]]*\]/g, "").replace(/\\(.)/g, "$1").replace(/"([^"]*)"/g, "$1").replace(/[_*]./g, "").trim();
  return { body: clean, negative: value < 0 && parts.length === 1 };
}

/** A date or time serial under a code of y, m, d, h tokens ("m/d/yyyy", "d-mmm-yy"); null when the code is not a date. */
function dateText(value: number, code: string): string | null {
  if (!/[yd]/i.test(code) || /[0#]/.test(code)) return null;
  const d = dateOfSerial(value);
  if (!d) return null;
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const minutes = Math.round((value - Math.floor(value)) * 1440);
  const clock = (h: string) => `${h.length === 2 ? pad(Math.floor(minutes / 60) % 24) : Math.floor(minutes / 60) % 24}:${pad(minutes % 60)}`;
  return code.replace(/hh:mm|h:mm|yyyy|yy|mmmm|mmm|mm|m|dd|d|ss/gi, (t) => {
    const k = t.toLowerCase();
    if (k.endsWith(":mm")) return clock(k.split(":")[0]);
    if (k === "yyyy") return pad(d.y, 4);
    if (k === "yy") return pad(d.y % 100);
    if (k === "mmm" || k === "mmmm") return months[d.m - 1];
    if (k === "mm") return pad(d.m);
    if (k === "m") return String(d.m);
    if (k === "dd") return pad(d.d);
    if (k === "d") return String(d.d);
    return "00";
  });
}

/**
 * A number as a cell under any number format code shows it, in the forms models use: grouping,
 * decimals, percents, sections (negative in parentheses), dates; others as formatNumber shows them.
 */
export function numberText(value: number, code: string): string {
  if (code.trim() === "" || /^general$/i.test(code.trim())) return formatNumber(value, "General");
  const { body, negative } = sectionFor(value, code);
  const date = dateText(value, body);
  if (date !== null) return date;
  const sci = /^0(?:\.(0+))?E\+00$/i.exec(body);
  if (sci) return value.toExponential(sci[1]?.length ?? 0).toUpperCase().replace(/E([+-])(\d)$/, "E$10$2");
  const m = /^(.*?)([#0,]*0(?:\.0+)?%?)(.*)$/.exec(body);
  if (!m) return formatNumber(value, "General");
  const [, before, num, after] = m;
  const decimals = /\.(0+)/.exec(num)?.[1].length ?? 0;
  const pct = num.endsWith("%");
  const shown = pct ? `${(Math.abs(value) * 100).toFixed(decimals)}%` : num.includes(",") ? grouped(Math.abs(value), decimals) : Math.abs(value).toFixed(decimals);
  return `${negative ? "-" : ""}${before}${shown}${after}`;
}

/** Display text of a typed value: the formatted number, or the entity's text. */
export function displayText(v: TypedValue): string {
  return v.type === "Double" ? formatNumber(v.basicValue, v.numberFormat) : v.text;
}
