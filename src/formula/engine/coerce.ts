/**
 * Excel's conversions between value types: text to number (as `="3"+1` reads it), number to text
 * (the General format `&` uses), to a truth value, and the order of comparisons (numbers < text <
 * TRUE/FALSE; text ignores case; an empty cell is the other side's empty value).
 */
import type { CellValue, ErrorValue } from "../types";
import { looksLikeDate, readDateText } from "./date-text";
import { err, unsupported } from "./kinds";

const NUMBER_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*(%?)\s*$/;

/**
 * A number from text as Excel's arithmetic reads it, or #VALUE!. Dates and times are read in the
 * forms every English locale reads alike (date-text.ts); other date or currency text is UNSUPPORTED.
 */
export function numberFromText(s: string): number | ErrorValue {
  const m = NUMBER_TEXT.exec(s.replace(/,(?=\d{3}(\D|$))/g, ""));
  if (m) return Number(s.replace(/[%,\s]/g, "")) / (m[3] ? 100 : 1);
  // signs repeated before digits ("--8") are no number in any locale
  if (/^\s*[+-]{2,}\d/.test(s)) return err("#VALUE!");
  const date = readDateText(s);
  if (date) return date.serial;
  if (looksLikeDate(s)) unsupported(`the text "${s}" read as a number (currency, date or time text)`);
  return err("#VALUE!");
}

export function toNumber(v: CellValue): number | ErrorValue {
  if (v === null) return 0;
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "string") return numberFromText(v);
  return v;
}

/** The General format of a number as `&` and text functions show it: 15 significant digits. */
export function numberText(x: number): string {
  if (x === 0) return "0";
  const abs = Math.abs(x);
  if (abs >= 1e15 || abs < 1e-9) {
    const [m, e] = x.toExponential(14).split("e");
    const mant = m.replace(/\.?0+$/, "");
    const exp = Number(e);
    return `${mant}E${exp < 0 ? "-" : "+"}${String(Math.abs(exp)).padStart(2, "0")}`;
  }
  const s = x.toPrecision(15);
  if (!s.includes("e")) return s.includes(".") ? s.replace(/\.?0+$/, "") : s;
  // below 1e-6 toPrecision writes an exponent: Excel writes the decimals (down to 1e-9)
  const [m, e] = s.split("e");
  const digits = m.replace(/^-/, "").replace(".", "");
  const plain = `0.${"0".repeat(-Number(e) - 1)}${digits}`.replace(/0+$/, "");
  return (x < 0 ? "-" : "") + plain;
}

export function toText(v: CellValue): string | ErrorValue {
  if (v === null) return "";
  if (typeof v === "string") return v;
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (typeof v === "number") return numberText(v);
  return v;
}

/** A condition: numbers (0 is FALSE), TRUE/FALSE, an empty cell (FALSE), "TRUE"/"FALSE" text; other text is #VALUE!. */
export function toBool(v: CellValue): boolean | ErrorValue {
  if (v === null) return false;
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "string") {
    const u = v.toUpperCase();
    return u === "TRUE" ? true : u === "FALSE" ? false : err("#VALUE!");
  }
  return v;
}

const rank = (v: CellValue) => (typeof v === "number" ? 0 : typeof v === "string" ? 1 : 2);

/** -1, 0 or 1 as Excel orders two values (no errors here). */
export function compareValues(a: CellValue, b: CellValue): number {
  const x = a === null ? (b === null ? 0 : typeof b === "string" ? "" : typeof b === "boolean" ? false : 0) : a;
  const y = b === null ? (typeof x === "string" ? "" : typeof x === "boolean" ? false : 0) : b;
  if (rank(x) !== rank(y)) return rank(x) < rank(y) ? -1 : 1;
  if (typeof x === "string" && typeof y === "string") {
    const p = x.toUpperCase(), q = y.toUpperCase();
    return p < q ? -1 : p > q ? 1 : 0;
  }
  const p = Number(x), q = Number(y);
  return p < q ? -1 : p > q ? 1 : 0;
}
