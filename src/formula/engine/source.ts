/** The engine's contract: what it reads (a cell source), how it is asked (options), what it answers (a value or UNSUPPORTED). */
import type { AreaRef, ArgValue, CellRef, CellValue, DefinedName, ExcelTable } from "../types";

export interface CellSource {
  value(ref: CellRef): CellValue;
  names(): readonly DefinedName[];
  spill(anchor: CellRef): AreaRef | null;
  /**
   * Optional: the used area of a sheet (null when empty). Whole-column and whole-row references
   * (`SUM(A:A)`) read only inside it; without it they read all 1,048,576 rows.
   */
  used?(sheet: string): AreaRef | null;
  /** Optional: the workbook's Excel Tables. Without it a structured reference (`Sales[Amount]`) is UNSUPPORTED. */
  tables?(): readonly ExcelTable[];
  /**
   * Optional: the formula of a cell as the file stores it (no "=", `_xlfn.` kept), null when the cell
   * holds none. `array`: a cell of a legacy array formula's box ({=...}); `spilled`: a cell a dynamic
   * array spills into (not its anchor). Without it FORMULATEXT and ISFORMULA are UNSUPPORTED.
   */
  formula?(ref: CellRef): CellFormula | null;
  /** Optional: every sheet of the workbook in its order (chart sheets included), for SHEET and SHEETS. */
  sheetNames?(): readonly string[];
}

export interface CellFormula {
  text: string;
  kind: "cell" | "array" | "spilled";
}

export interface EvaluateOptions {
  /** The clock TODAY() and NOW() read (default: the computer's). */
  now?: () => Date;
  /** The workbook counts dates from 1904-01-01 (workbookPr date1904). */
  date1904?: boolean;
  /**
   * Evaluate as an array formula (`t="array"` in a file, a dynamic-array formula, a formula typed
   * in today's Excel): ranges are read whole and a range result spills. Default false: a formula
   * stored without `t="array"`, where Excel intersects a range with the formula's row or column.
   */
  array?: boolean;
  /** Answers SVC calls inside a plain formula (fn without the namespace). Without it they are #NAME?, as in Excel without the add-in. */
  svc?: (fn: string, args: ArgValue[]) => CellValue | CellValue[][];
  /** The workbook's folder and file name as Excel shows them in CELL("filename") (`C:\\Models\\`, `dcf.xlsx`). Without it CELL("filename") is UNSUPPORTED. */
  file?: { folder: string; name: string };
  /** The computer Excel computed the workbook on (docProps/app.xml's Application): CHAR and CODE above 127 read its code page. Without it they are UNSUPPORTED. */
  platform?: Platform;
}

/** Windows (code page Windows-1252) or the Mac (Mac Roman). */
export type Platform = "windows" | "mac";

/** A plain formula's result: one value, or a spilled array (errors inside stay errors). */
export type EngineValue = CellValue | CellValue[][];

/** What the engine cannot compute exactly as Excel does: no value, a reason ("OFFSET is not implemented"). */
export interface Unsupported {
  unsupported: string;
}

/** The engine's answer: Excel's value, or UNSUPPORTED with the reason. */
export type Evaluation = EngineValue | Unsupported;

export function isUnsupported(v: unknown): v is Unsupported {
  return typeof v === "object" && v !== null && !Array.isArray(v) && typeof (v as Unsupported).unsupported === "string";
}

