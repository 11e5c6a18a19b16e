/**
 * The fake workbook's data: sheets of cells (what was typed: a constant or a formula), the formula
 * state the host keeps per formula cell, defined names, the selection, custom XML parts, comments.
 * Behaviour lives in host.ts (edits, spills, recalculation) and excel/ (the Office.js object model).
 */
import type { Area } from "../recalc";
import { MAX_COLS, cellAddress } from "./a1";
import type { ArgValue, DefinedName } from "../formula";
import type { Input, Result } from "./values";
import type { ExcelTable } from "../formula";

export interface FormulaState {
  text: string;
  volatile: boolean;
  /** Contains an SVC call: evaluated asynchronously through the resolver and the registry. */
  svc: boolean;
  result: Result | null;
  /** A custom function of this cell is running (the cell shows #BUSY! or its stale value). */
  invoking: boolean;
  /** Placed spill range (the anchor included), or null. */
  spill: Area | null;
  /** The range a grid result wants while it is blocked (#SPILL!). */
  want: Area | null;
  /** The last invocation of each SVC call in the formula (by position): re-run only when its arguments change. */
  calls: Map<number, { fn: string; args: ArgValue[]; result: Result }>;
  ctrl: AbortController | null;
  /** Bumped by every evaluation; an older evaluation finishing late is ignored. */
  gen: number;
}

export interface Cell {
  sheet: Sheet;
  r: number;
  c: number;
  input: Input;
  f: FormulaState | null;
}

export class Sheet {
  readonly cells = new Map<number, Cell>();
  /** Spilled cells (not anchors) -> their anchor. */
  readonly spillOwner = new Map<number, Cell>();
  readonly numberFormats = new Map<number, string>();
  /** Worksheet.protection.protect(): writes to its cells fail with AccessDenied. */
  protected = false;
  constructor(
    readonly id: number,
    public name: string
  ) {}
}

export const keyOf = (r: number, c: number): number => r * MAX_COLS + c;
export const addressOf = (cell: { sheet: Sheet; r: number; c: number }): string => cellAddress(cell.sheet.name, cell.r, cell.c);
export const areaOfCell = (cell: { sheet: Sheet; r: number; c: number }): Area => ({ sheet: cell.sheet.name, r0: cell.r, c0: cell.c, r1: cell.r, c1: cell.c });

/** Sheet, then row, then column: the order Excel settles a circular reference, and ties among ready cells. */
export function readingOrder(a: Cell, b: Cell): number {
  return a.sheet.id - b.sheet.id || a.r - b.r || a.c - b.c;
}

export interface NameEntry extends DefinedName {
  comment: string;
  visible: boolean;
}

export interface XmlPart {
  id: string;
  namespace: string;
  xml: string;
}

export class Workbook {
  readonly sheets: Sheet[] = [];
  private nextSheetId = 1;
  active: Sheet;
  /** The user's selection; null when a shape is selected (no active cell). */
  selection: Area | null;
  readonly names: NameEntry[] = [];
  /** The Excel Tables of an opened file (structured references read them). */
  readonly tables: ExcelTable[] = [];
  xmlParts: XmlPart[] = [];
  /** workbook.settings: the document's key/value store. */
  readonly settings = new Map<string, unknown>();
  /** Custom XML parts added so far (their ids are numbered per document). */
  partsAdded = 0;
  readonly comments = new Map<string, string>();
  /** The cell a person is typing in (cell-edit mode), or null. */
  editing: string | null = null;

  constructor(sheetNames: readonly string[] = ["Sheet1"]) {
    for (const n of sheetNames) this.addSheet(n);
    this.active = this.sheets[0];
    this.selection = { sheet: this.active.name, r0: 1, c0: 1, r1: 1, c1: 1 };
  }

  /** Sheet names are case-insensitive in Excel. */
  sheet(name: string): Sheet | undefined {
    const n = name.toLowerCase();
    return this.sheets.find((s) => s.name.toLowerCase() === n);
  }

  addSheet(name?: string): Sheet {
    let n = name;
    if (n === undefined) {
      let i = this.sheets.length + 1;
      while (this.sheet(`Sheet${i}`)) i++;
      n = `Sheet${i}`;
    }
    const s = new Sheet(this.nextSheetId++, n);
    this.sheets.push(s);
    return s;
  }

  definedNames(): NameEntry[] {
    return this.names;
  }

  findName(name: string, sheet: string | null): NameEntry | undefined {
    const n = name.toLowerCase();
    const s = sheet?.toLowerCase() ?? null;
    return this.names.find((x) => x.name.toLowerCase() === n && (x.sheet?.toLowerCase() ?? null) === s);
  }
}

/** Excel's rules for a sheet name: 1-31 characters, none of \ / ? * [ ] :, not starting or ending with '. */
export function sheetNameProblem(name: string): string | null {
  if (name.length < 1 || name.length > 31) return "a sheet name has 1 to 31 characters";
  if (/[\\/?*[\]:]/.test(name)) return "a sheet name cannot contain \\ / ? * [ ] :";
  if (name.startsWith("'") || name.endsWith("'")) return "a sheet name cannot start or end with an apostrophe";
  if (name.toLowerCase() === "history") return "History is a reserved sheet name";
  return null;
}

/** Excel's rules for a defined name: a letter, _ or \ first; letters, digits, _ and . after; not a cell reference; no TRUE/FALSE. */
export function nameProblem(name: string): string | null {
  if (!/^[A-Za-z_\\\u00C0-\uFFFF][A-Za-z0-9_.\u00C0-\uFFFF]{0,254}$/.test(name)) return "a name starts with a letter, _ or \\ and holds letters, digits, _ and . only";
  if (/^[A-Za-z]{1,3}\d+$/.test(name) && /^[A-Za-z]{1,3}/.test(name)) {
    const col = /^[A-Za-z]{1,3}/.exec(name)?.[0] ?? "";
    if (col.length < 3 || col.toUpperCase() <= "XFD") return "a name cannot be a cell reference";
  }
  if (/^[Rr]\d*([Cc]\d*)?$/.test(name) || /^[Cc]\d*$/.test(name)) return "a name cannot be an R1C1 reference";
  if (/^(TRUE|FALSE)$/i.test(name)) return "TRUE and FALSE are not names";
  return null;
}
