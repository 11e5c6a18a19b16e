/**
 * What a cell holds and shows, and Excel's rules for turning written data into cell contents:
 *  - typing (and Range.values / Range.formulas, which Excel reads as typed input): "=..." is a
 *    formula, and so is text starting with "+", "-" or "@" that is not a number ("+A1" -> "=+A1",
 *    "@SUM(A1)" -> "=SUM(A1)"); "'..." is text; numbers, TRUE/FALSE and error literals are values;
 *  - Range.valuesAsJson (ExcelApi 1.16): typed cell values; a String stays text whatever it starts with.
 */
import { invalidArgument } from "./errors";
import type { CellValue, ErrorValue, Scalar } from "../formula";

/** A value an add-in's function returned as an Excel data type (Double with a format, Entity, ...). */
export type DataValue = { type: string; basicValue?: unknown; [k: string]: unknown };
export type Constant = Scalar | ErrorValue | DataValue;
export type Input = { formula: string } | { constant: Constant };
/** One cell of a result grid: a value, an error (with the function's message) or a data type. */
export type GridCell = Scalar | { error: string; message?: string | null } | DataValue;
/** `unverified`: the value is Excel's stored one, not computed here (why). */
export type Result = { value: GridCell | GridCell[][]; unverified?: string } | { error: string; message: string | null };

const ERRORS = ["#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA", "#SPILL!", "#CALC!", "#BUSY!", "#CONNECT!", "#BLOCKED!", "#FIELD!", "#UNKNOWN!"];
const ERROR_TYPES: Record<string, string> = {
  "#NULL!": "Null",
  "#DIV/0!": "Div0",
  "#VALUE!": "Value",
  "#REF!": "Ref",
  "#NAME?": "Name",
  "#NUM!": "Num",
  "#N/A": "NotAvailable",
  "#GETTING_DATA": "GettingData",
  "#SPILL!": "Spill",
  "#CALC!": "Calc",
  "#BUSY!": "Busy",
  "#CONNECT!": "Connect",
  "#BLOCKED!": "Blocked",
  "#FIELD!": "Field",
};

export function isError(v: unknown): v is { error: string; message?: string | null } {
  return !!v && typeof v === "object" && typeof (v as { error?: unknown }).error === "string";
}
/** A formula engine's error (narrows a CellValue). */
export function isErrorValue(v: CellValue): v is ErrorValue {
  return v !== null && typeof v === "object";
}
export function isDataValue(v: unknown): v is DataValue {
  return !!v && typeof v === "object" && !Array.isArray(v) && typeof (v as { type?: unknown }).type === "string";
}

/** Text typed into a cell (or written through values/formulas) -> its contents; null clears. */
export function typed(text: string): Input | null {
  if (text === "") return null;
  if (text.startsWith("'")) return { constant: text.slice(1) };
  if (text.startsWith("=")) return { formula: text };
  const t = text.trim();
  const num = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?%?$/.test(t) ? Number(t.replace(/%$/, "")) / (t.endsWith("%") ? 100 : 1) : NaN;
  if (t !== "" && Number.isFinite(num)) return { constant: num };
  if (/^(TRUE|FALSE)$/i.test(t)) return { constant: t.toUpperCase() === "TRUE" };
  if (ERRORS.includes(t.toUpperCase())) return { constant: { error: t.toUpperCase() } };
  if (text.startsWith("+") || text.startsWith("-")) return { formula: `=${text}` };
  if (text.startsWith("@")) return { formula: `=${text.slice(1)}` };
  return { constant: text };
}

/**
 * One element written through Range.values or Range.formulas: undefined means "leave the cell as it
 * is" (Excel ignores null in the input array). Objects are refused as Excel refuses them.
 */
export function fromWritten(v: unknown, where: string): Input | null | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw invalidArgument(`not a number Excel can hold: ${v}`, where);
    return { constant: v };
  }
  if (typeof v === "boolean") return { constant: v };
  if (typeof v === "string") return typed(v);
  throw invalidArgument(`${Array.isArray(v) ? "an array" : "an object"} is not a cell value`, where);
}

/** One element written through Range.valuesAsJson (an Excel.CellValue). Strings stay text. */
export function fromJson(v: unknown, where: string): Input | null | undefined {
  if (v === null || v === undefined) return undefined;
  if (!isDataValue(v)) throw invalidArgument("valuesAsJson takes CellValue objects ({type, basicValue})", where);
  const b = v.basicValue;
  switch (v.type) {
    case "Empty":
      return null;
    case "String":
      if (typeof b !== "string") throw invalidArgument("a String cell value needs a text basicValue", where);
      return { constant: b };
    case "Boolean":
      if (typeof b !== "boolean") throw invalidArgument("a Boolean cell value needs a boolean basicValue", where);
      return { constant: b };
    case "Double":
      if (typeof b !== "number" || !Number.isFinite(b)) throw invalidArgument("a Double cell value needs a number basicValue", where);
      return { constant: v.numberFormat ? { ...v } : b };
    case "Error":
      return { constant: { error: typeof b === "string" && ERRORS.includes(b) ? b : "#VALUE!" } };
    default:
      return { constant: { ...v } };
  }
}

/** The primitive behind a data type, as Range.values and formulas referring to the cell see it. */
export function basicOf(v: DataValue): CellValue {
  const b = v.basicValue;
  if (v.type === "Error") return { error: typeof b === "string" ? b : "#VALUE!" };
  if (typeof b === "string" || typeof b === "number" || typeof b === "boolean") return b;
  return { error: "#VALUE!" };
}

/** A shown cell content as a formula engine / resolver sees it. */
export function asCellValue(v: GridCell | Constant | undefined): CellValue {
  if (Array.isArray(v)) return asCellValue((v as GridCell[][])[0]?.[0]);
  if (v === undefined || v === null) return null;
  if (isError(v)) return { error: v.error };
  if (isDataValue(v)) return basicOf(v);
  return v as Scalar;
}

/** Range.values: errors as their text, empty as "". */
export function asRangeValue(v: GridCell | Constant | undefined): Scalar {
  const c = asCellValue(v);
  if (c === null) return "";
  return isErrorValue(c) ? c.error : c;
}

/** Range.valuesAsJson: every cell as an Excel.CellValue. */
export function asJsonValue(v: GridCell | Constant | undefined): DataValue {
  if (isDataValue(v)) return { ...v };
  const c = asCellValue(v);
  if (c === null || c === "") return { type: "Empty", basicType: "Empty", basicValue: "" };
  if (isErrorValue(c)) return { type: "Error", basicType: "Error", basicValue: c.error, errorType: ERROR_TYPES[c.error] ?? "Value" };
  if (typeof c === "number") return { type: "Double", basicType: "Double", basicValue: c };
  if (typeof c === "boolean") return { type: "Boolean", basicType: "Boolean", basicValue: c };
  return { type: "String", basicType: "String", basicValue: c };
}

/** Range.text: what the cell displays (General format). */
export function asText(v: GridCell | Constant | undefined): string {
  const c = asCellValue(v);
  if (c === null) return "";
  if (isErrorValue(c)) return c.error;
  if (typeof c === "boolean") return c ? "TRUE" : "FALSE";
  if (typeof c === "number") return Number.isInteger(c) ? String(c) : String(Number(c.toPrecision(11)));
  return c;
}

/** An Excel literal for a value (array constants for grids), to substitute a nested call's result. */
export function literal(v: GridCell | GridCell[][]): string {
  if (Array.isArray(v)) return `{${v.map((row) => row.map((x) => literal(x)).join(",")).join(";")}}`;
  const c = asCellValue(v);
  if (c === null) return '""';
  if (isErrorValue(c)) return c.error;
  if (typeof c === "boolean") return c ? "TRUE" : "FALSE";
  if (typeof c === "number") return String(c);
  return `"${c.replace(/"/g, '""')}"`;
}

export function sameArgs(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
