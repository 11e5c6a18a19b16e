/**
 * What the pane needs from the page. The page's bootstrap (src/taskpane/index.ts) supplies the
 * real engine, sign-in controller and Office wrappers; tests supply stubs.
 */
import type { Statement } from "../../api";
import type { PlanRequest, RefreshPlan, SvcEngine } from "../../engine";
import type { CellSource, ValueSource } from "../../functions";
import type { CellReader } from "../../formula";
import type { FreezeResult, UnfreezeResult } from "../../office";
import type { FrozenEntry } from "../../office";
import type { FormulaCell, Scope } from "../../office";
import type { KeptSources, WorkbookReading } from "../../plan";

/** One tool request of a formula, and the engine's price of a set of them. */

/** The engine's refresh API; optional until every engine has it. */
export interface RefreshApi {
  plan(reqs: PlanRequest[], opts?: { refresh?: boolean }): Promise<RefreshPlan>;
  invalidate(reqs: PlanRequest[]): Promise<number>;
  /** Resolves when the given requests, made due by invalidate, have been answered or failed. */
  settled(reqs: PlanRequest[], opts?: { signal?: AbortSignal }): Promise<void>;
  cancelQueued(): number;
  forgetConnection?(): Promise<void>;
}

export type PaneEngine = SvcEngine & Partial<RefreshApi>;

/** Per-value source of a FINANCIALS spill. */

/** A cell source with its error and provenance (optional for older registries). */
export type SourceView = CellSource & { error?: string | null; provenance?: ValueSource[] };

/** The workbook as the pane changes it (src/office/workbook.ts). */
export interface WorkbookPort {
  readSvcFormulas(scope: Scope): Promise<FormulaCell[]>;
  selectCell(address: string): Promise<void>;
  insertAtActiveCell(formula: string): Promise<string>;
  recalculateCells(addresses: readonly string[]): Promise<void>;
  freeze(scope: Scope): Promise<FreezeResult>;
  unfreeze(within?: string): Promise<UnfreezeResult>;
  listFrozen(): Promise<FrozenEntry[]>;
  /** The selected cell's address, for Show source. */
  activeCell(): Promise<string | null>;
  /** A reader of cells for the argument resolver: one host request per pass. */
  cellReader?(): CellReader;
  /** The anchor of the spilled result a cell belongs to (null when it is in none): ExcelApi 1.12. */
  spillParent?(address: string): Promise<string | null>;
  /** Every sheet's used values and formulas and the names: read before and after a refresh (its change record). */
  snapshot?(): Promise<WorkbookReading>;
  /** Add a sheet of plain values after the last one (text stays text): the change list. */
  addSheet?(name: string, rows: (string | number | boolean | null)[][]): Promise<void>;
  /**
   * What the last refresh kept in the workbook of each SVC cell (null: nothing was kept), and the size
   * of the results at `anchors` now: read when a refresh starts, so a reopened workbook knows its past.
   */
  keptSources?(anchors: readonly string[]): Promise<{ kept: Map<string, KeptSources> | null; sizes: Map<string, { rows: number; cols: number }> }>;
  /** Keep these cells' sources in the workbook for the next refresh (the others stay). */
  keepSources?(update: ReadonlyMap<string, KeptSources>): Promise<void>;
  /** Excel's calculation mode (Automatic, AutomaticExceptTables, Manual): in Manual, dependents of refreshed cells stay stale. */
  calculationMode?(): Promise<string>;
}

/** Metric keys with labels and units (src/api/dictionary.ts MetricDictionary fits). */
export interface MetricInfoView {
  key: string;
  label?: string;
  unit?: string;
}
export interface MetricsPort {
  financialMetrics(statement: Statement): readonly string[];
  financialInfo(key: string): MetricInfoView | undefined;
  screenMetrics(): readonly string[];
  screenInfo(key: string): MetricInfoView | undefined;
}

export type AuthState = "signed_out" | "signing_in" | "signed_in" | "reauth_required" | "error";

export interface PaneAuthStatus {
  state: AuthState;
  /** Why (shown as text): e.g. "The connection was revoked; sign in again". */
  message?: string;
  /** For state "error": whether a Retry button makes sense. */
  canRetry?: boolean;
}

/**
 * The sign-in controller as the pane sees it. OAuthClient's status()/onStatusChange() fit as they
 * are (status may be async); signIn() runs the dialog flow and rejects with a SignInError (its
 * `code`: dialog_blocked, dialog_closed, access_denied, ...) when sign-in did not complete.
 */
export interface AuthPort {
  status(): PaneAuthStatus | Promise<PaneAuthStatus>;
  onStatusChange(listener: (s: PaneAuthStatus) => void): () => void;
  signIn(): Promise<unknown>;
  signOut(): Promise<unknown>;
}

/** Where the results on the sheet came from (src/functions/sources.ts by default). */
export interface SourcesPort {
  list(): CellSource[];
  onChange(listener: () => void): () => void;
}

export interface PaneDeps {
  engine: PaneEngine;
  /** Absent when the page uses a development API key (no sign-in). */
  auth?: AuthPort;
  /** Excel.run + application.calculate(full) (src/office/calculate.ts). */
  calculateFull: () => Promise<void>;
  /** Open an external http(s) link (src/office/links.ts openExternalLink). */
  openLink: (url: string) => void;
  config: { baseUrl: string; appUrl: string };
  /** Write a formula into the active cell (src/office/workbook.ts); the Insert button is hidden without it. */
  insertFormula?: (formula: string) => Promise<unknown>;
  /** The workbook (Data tab: refresh, freeze, select, show source); absent outside Excel. */
  workbook?: WorkbookPort;
  /** The requests a formula makes (to price a refresh). */
  requestsFor?: (fn: string, args: readonly unknown[]) => PlanRequest[];
  /** Evaluate an SVC function exactly as a cell does (src/functions/call.ts callFunction): the preview. */
  evaluate?: (fn: string, args: readonly unknown[]) => Promise<unknown[][]>;
  /** Metric keys by statement with labels and units; defaults to the catalogue's spec lists. */
  metrics?: MetricsPort;
  /** The page runtime's SourceBook (src/functions/sources.ts); none: no results listed. */
  sources?: SourcesPort;
  /** Copy text; defaults to navigator.clipboard with a select-and-copy fallback. */
  copyText?: (text: string) => Promise<void>;
  /** Longest any pane action may take before it reports a timeout (default 60 s). */
  actionTimeoutMs?: number;
}

/** Resolved deps passed to each section. */
export interface PaneContext extends PaneDeps {
  sources: SourcesPort;
  metrics: MetricsPort;
  actionTimeoutMs: number;
  /** Register a cleanup to run on unmount. */
  onDispose(fn: () => void): void;
  /** Open a URL only when it is http(s); returns whether it was handed to openLink. */
  open(url: unknown): boolean;
}
