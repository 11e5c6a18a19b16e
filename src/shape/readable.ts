/**
 * Readable display: the text Excel shows for a value with the data types on, for the
 * places that are not Excel — the CLI's tables and the workbench's cells. The value itself is never
 * changed (`--json` and formulas keep Excel's values: date serials, fractions).
 *
 * - a typed value (what shaping returns where data types exist): its number format — thousands
 *   separators for money and counts, percents for fractions, dates as dates, identifiers as written;
 * - a plain number: as its `hint` says (a NumberKind, or a field name read through the unit
 *   convention of src/shape/fields.ts), else Excel's General format (no separators, up to ten
 *   significant digits) — so an identifier such as a CIK is never grouped;
 * - an error value: its code; booleans TRUE/FALSE; text as it is; missing (null) blank.
 */
import { formatNumber, displayText } from "./display";
import { FIELD_KINDS } from "./fields";
import { NUMBER_FORMATS, NumberKind, isTypedValue } from "./values";

/** A NumberKind, or the name of the field the value came from (`filing_date`, `cik`, `value_usd_m`). */
export type ReadableHint = NumberKind | string;

function kindOf(hint: ReadableHint | undefined): NumberKind | undefined {
  if (hint === undefined) return undefined;
  if (Object.prototype.hasOwnProperty.call(NUMBER_FORMATS, hint)) return hint as NumberKind;
  const field = FIELD_KINDS[hint];
  return field === "percent" ? "fraction" : field;
}

/** Excel's General format: integers as they are, others to ten significant digits, never grouped. */
function general(n: number): string {
  if (!Number.isFinite(n)) return "";
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n);
  return String(Number(n.toPrecision(10)));
}

function errorCode(v: object): string | null {
  const o = v as { error?: unknown; code?: unknown };
  if (typeof o.error === "string" && o.error.startsWith("#")) return o.error;
  if (typeof o.code === "string" && o.code.startsWith("#")) return o.code;
  return null;
}

/** The text a cell shows for `value` (see the module comment). */
export function readableText(value: unknown, hint?: ReadableHint): string {
  if (value === null || value === undefined) return "";
  if (isTypedValue(value)) return displayText(value);
  if (typeof value === "number") {
    const kind = kindOf(hint);
    return kind ? formatNumber(value, NUMBER_FORMATS[kind]) : general(value);
  }
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "string") return value;
  if (typeof value === "object") return errorCode(value) ?? "";
  return String(value);
}

/** True when Excel would align the value right (numbers, dates, percents). */
export function isNumeric(value: unknown): boolean {
  return typeof value === "number" || (isTypedValue(value) && value.type === "Double");
}
