/** The argument resolver's interface. */
import type { AreaRef, ArgValue, CellRef, CellValue, DefinedName, ExcelTable } from "../types";

export interface FormulaSite {
  /** "Sheet1!B2" */
  address: string;
  /** "=SVC.X(...)" or the file form "_xldudf_SVC_X(...)" */
  formula: string;
}

export interface ReadRequest {
  areas: AreaRef[];
  spills: CellRef[];
  names: boolean;
}

export interface ReadResult {
  /** Any cell inside a requested area or spill range. A cell of a sheet that does not exist is null. */
  values: (ref: CellRef) => CellValue;
  /** The spill range of an anchor asked in `spills` (null: the cell holds no spilled result). */
  spill: (anchor: CellRef) => AreaRef | null;
  /** When asked. */
  names: readonly DefinedName[];
  /** The workbook's Excel Tables, with the names, where the host knows them (without: a structured reference is worked out only by running). */
  tables?: readonly ExcelTable[];
  /** Sheet names (an unknown sheet is #REF!). */
  sheets: readonly string[];
}

/** The "read these cells" port. One call per pass; an implementation makes ONE host request per sheet. */
export interface CellReader {
  read(req: ReadRequest): Promise<ReadResult>;
}

export type Resolved =
  | { status: "resolved"; fn: string; args: ArgValue[]; volatile: string[]; reads: AreaRef[] }
  /** #VALUE!, no call. */
  | { status: "invalid"; fn: string; argIndex: number; message: string; volatile: string[]; reads: AreaRef[] }
  /** Only running tells (a nested SVC call, ...). */
  | { status: "needs-run"; fn: string; argIndex: number; reason: string; volatile: string[]; reads: AreaRef[] }
  | { status: "not-svc" };

export interface ParamInfo {
  name: string;
  optional: boolean;
}

export interface ResolveOptions {
  /** The clock TODAY() and NOW() read in arguments. */
  now?: () => Date;
  /** Each argument's name and whether it may be left out (default: "argument N", required). */
  params?: (fn: string) => readonly ParamInfo[];
  /**
   * What the host passes for an empty referenced cell: null (the web, current desktop builds; the
   * default) or 0 (older desktop builds). Pricing reads a workbook as the web does; a host plays its build.
   */
  emptyCellAs?: 0 | null;
}
