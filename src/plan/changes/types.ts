/** The change record of a refresh: what each SVC result and each recomputed dependent held before and after. */
import type { AreaRef, CellValue } from "../../formula";

export type Grid = CellValue[][];

/** The filing a value was taken from (its accession number, form when known, and a link to it). */
export interface Filing {
  accession: string;
  form: string | null;
  url: string | null;
}

/** Where one value of a result came from, at (row, col) from the formula's anchor (FINANCIALS provenance). */
export interface ValueOrigin {
  row: number;
  col: number;
  /** The period label as the cell shows it (FY2025, FQ3 2025...). */
  period: string;
  /** The metric key ("revenue"), when known. */
  metric?: string | null;
  filing: Filing | null;
}

/** One SVC formula cell as it was before the refresh and after it: the grid its result covers. */
export interface SvcCellRun {
  sheet: string;
  row: number;
  col: number;
  old: Grid;
  new: Grid;
  /** The message behind an error result, when known. */
  oldMessage?: string | null;
  newMessage?: string | null;
  /** Provenance of each value, when the function gives it; null: not known (e.g. a file's stored values). */
  oldOrigins?: readonly ValueOrigin[] | null;
  newOrigins?: readonly ValueOrigin[] | null;
  /** The call's subject (its ticker, or "" when it has none): the first word of each value's `what`. */
  subject?: string;
  /** What the call asks for, in words ("NVDA revenue FY", "NVDA headlines"); "" when not known. */
  what?: string;
  /** The number format each cell of the new grid shows (the cell's own, else the data type's); null: General. */
  formats?: readonly (readonly (string | null)[])[] | null;
}

/** A plain formula the refresh recomputed (or Excel recalculated): what it reads, its value before and after. */
export interface FormulaRun {
  sheet: string;
  row: number;
  col: number;
  reads: readonly AreaRef[];
  old: CellValue;
  new: CellValue;
  /** The cell's number format, when known. */
  format?: string | null;
}

export type ChangeKind = "new period" | "revised" | "new rows" | "error appeared" | "error cleared" | "changed" | "dependent" | "unchanged";

/** Kinds in the order the counts are shown. */
export const KINDS: readonly ChangeKind[] = ["dependent", "new period", "revised", "new rows", "error appeared", "error cleared", "changed", "unchanged"];

export interface Change {
  sheet: string;
  /** What the value is: ticker, metric or field, period ("NVDA revenue FY2026"); "" for a dependent. */
  what: string;
  /** The number format the cell shows its value in (null: General, or a whole result's change). */
  format: string | null;
  /** Old and new as the cell shows them (its number format). */
  oldText: string;
  newText: string;
  /** A list or feed that grew: the rows that appeared, each as one line of text. */
  added?: string[];
  /** The cell that changed ("C4"); for a change of a whole result (new period, new rows), its formula's cell. */
  cell: string;
  old: CellValue;
  new: CellValue;
  kind: ChangeKind;
  /** Why, in words: "restated by 10-K/A 0000789019-26-000012", "FY2026 appeared; columns now FY2024 to FY2026". */
  detail: string;
  /** The filing the new value came from, when known. */
  filing: Filing | null;
  /** The filing the old value came from, when known. */
  oldFiling: Filing | null;
  /** A dependent's change: the SVC cells ("Model!B3") that moved it. */
  movedBy: string[];
  /** |new - old| / |old| for numbers (Infinity from 0), else null. */
  relative: number | null;
}

/** Shows a number under a cell's number format, as the host's display does. */
export type ShowNumber = (value: number, format: string) => string;

export interface ChangeRecord {
  /** Changes ordered by what matters to a model: dependents first, largest relative change first. */
  changes: Change[];
  /** How many results or dependents of each kind (unchanged SVC results counted too). */
  counts: Record<ChangeKind, number>;
  /** Said once above the list, e.g. that the old values' sources are not known (a first refresh). */
  notes: string[];
}
