/**
 * Typed cell values: Excel's data-type objects (the JSON schema custom functions return when the
 * host supports data types). Shaping marks each number with its kind; the function layer hands the
 * object to Excel, or its plain `basicValue` where the host has no data types. The number a formula
 * reads is the same either way; only the display differs.
 */

/** Excel.DoubleCellValue with a number format (display only). */
export interface FormattedNumber {
  type: "Double";
  basicValue: number;
  numberFormat: string;
}

/** A property of an entity card: text, a formatted number, or a boolean. */
export type EntityProperty =
  | { type: "String"; basicValue: string }
  | FormattedNumber
  | { type: "Boolean"; basicValue: boolean };

/** Excel.EntityCellValue (the subset we use): a card with properties, a layout and the data provider. */
export interface EntityValue {
  type: "Entity";
  text: string;
  properties: Record<string, EntityProperty>;
  layouts?: { card?: { title?: { property: string }; sections?: { layout: "List"; title?: string; properties: string[] }[] } };
  provider?: { description: string; logoTargetAddress?: string };
}

export type TypedValue = FormattedNumber | EntityValue;

/** How a number is displayed; the value is never changed by its kind. */
export type NumberKind = "date" | "timestamp" | "fraction" | "usd_m" | "usd" | "per_share" | "shares_m" | "count" | "id" | "number";

export const NUMBER_FORMATS: Readonly<Record<NumberKind, string>> = {
  date: "yyyy-mm-dd",
  timestamp: "yyyy-mm-dd hh:mm",
  fraction: "0.00%",
  usd_m: "#,##0.0",
  usd: "#,##0",
  per_share: "#,##0.00",
  shares_m: "#,##0.0",
  count: "#,##0",
  /** An identifier that is a number (a CIK): shown as written, never grouped. */
  id: "0",
  number: "General",
};

export function formatted(value: number, kind: NumberKind): FormattedNumber {
  return { type: "Double", basicValue: value, numberFormat: NUMBER_FORMATS[kind] };
}

export function isTypedValue(v: unknown): v is TypedValue {
  if (!v || typeof v !== "object" || Array.isArray(v)) return false;
  const t = (v as { type?: unknown }).type;
  return (t === "Double" && typeof (v as FormattedNumber).basicValue === "number") || (t === "Entity" && typeof (v as EntityValue).text === "string");
}

/** The plain value of a typed cell (what a host without data types shows). */
export function plainValue(v: TypedValue): number | string {
  return v.type === "Double" ? v.basicValue : v.text;
}
