/** A workbook to write from nothing: what the sample model script and the workbench's Save hand to createWorkbook. */
import type { CellValue } from "../../formula";
import type { Rect } from "../../recalc";

/** How a cell's number shows; each is one cell format of the written styles part. */
export type CellStyle = "bold" | "number" | "percent" | "date";

export interface NewCell {
  /** Zero-based. */
  row: number;
  col: number;
  /** The constant, or the formula's stored result (a spill anchor: its first value). */
  value: CellValue;
  /** The formula as typed in Excel ("=SVC.FINANCIALS(A2,B$1)"); stored in the file's form. */
  formula?: string;
  /** A dynamic array: the range its result covers (the anchor included); written with cm="1" and XLDAPR metadata. */
  spill?: Rect;
  /** A formula's result or a value a spill fills (text as t="str"); else a typed constant (text in the shared strings). */
  result?: boolean;
  style?: CellStyle;
}

export interface NewChart {
  title: string;
  kind: "bar" | "line";
  /** Absolute references with their sheet: "Model!$A$2:$A$5". */
  categories: string;
  series: { name: string; values: string }[];
  /** Zero-based top-left and bottom-right cells the chart covers. */
  from: { row: number; col: number };
  to: { row: number; col: number };
}

export interface NewSheet {
  name: string;
  cells: NewCell[];
  /** Column widths in characters, by zero-based column. */
  widths?: Record<number, number>;
  charts?: NewChart[];
}

export interface NewName {
  name: string;
  /** Without "=": "Inputs!$B$1". */
  formula: string;
  /** Scope: the sheet's name, or null for the workbook. */
  sheet: string | null;
  hidden?: boolean;
}

export interface NewWorkbook {
  sheets: NewSheet[];
  names?: NewName[];
  /** The sheet selected on open (index; 0 by default). */
  active?: number;
  /** Written into docProps/core.xml (created and modified); a fixed date keeps the file byte-stable. */
  when: Date;
  creator?: string;
}
