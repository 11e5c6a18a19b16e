/**
 * The values and references of formula text: what Excel hands a custom function, and
 * where it reads them from. Positions are zero-based.
 */
import type { Area } from "../recalc";

/** null = an empty cell or an omitted argument. */
export type Scalar = string | number | boolean | null;
/** An Excel error value: "#REF!", "#N/A", "#DIV/0!" ... */
export interface ErrorValue {
  error: string;
}
export type CellValue = Scalar | ErrorValue;
/** A range arrives as a 2-D array (rows of cells). */
export type ArgValue = CellValue | Scalar[][];

export interface CellRef {
  sheet: string;
  row: number;
  col: number;
}

/** A reference's rectangle of cells: the one rectangle type (src/recalc), on a named sheet. */
export type AreaRef = Area;

export interface DefinedName {
  name: string;
  /** null: workbook scope; otherwise the sheet the name belongs to. */
  sheet: string | null;
  /** What the name refers to, as formula text without "=": "Inputs!$B$1", "0.05". */
  formula: string;
}

export function isErrorValue(v: unknown): v is ErrorValue {
  return typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as ErrorValue).error === "string";
}

/** An Excel Table (ListObject) as its table part describes it. */
export interface ExcelTable {
  /** The name formulas use (the part's displayName). */
  name: string;
  sheet: string;
  /** The whole table: header row, data rows and totals row. */
  r0: number;
  c0: number;
  r1: number;
  c1: number;
  /** Column names, left to right. */
  columns: string[];
  /** 0 or 1 each. */
  headerRows: number;
  totalsRows: number;
}
