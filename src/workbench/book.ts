/**
 * The workbench's view of the add-in page in its iframe: the fake Office host's driver
 * (window.__fakeExcel, src/fake-office/driver.ts) and the add-in's engine statistics, read through
 * the page runtime's accessor the entry hands in (src/compose/runtime-slot.ts pageHostOf). Only the
 * calls the workbench makes are typed here.
 */
import type { EngineStats } from "../engine";
import type { Pin } from "../fake-office/plain";
import type { LoadCell, SavedCell } from "../fake-office/book-io";
import type { Shown } from "../fake-office/display";
import type { ExcelTable } from "../formula";


export interface FakeExcel {
  /** Put a file's cells in, formulas with their stored results, nothing calculated. */
  load(cells: LoadCell[], tables?: ExcelTable[]): void;
  snapshot(): Array<{ name: string; cells: SavedCell[] }>;
  renameSheet(from: string, to: string): string;
  /** Empty the book and give it these sheets (a file opened: nothing of the scratch book is left). */
  replaceSheets(names: readonly string[]): void;
  /** Put a file's custom XML parts in (the add-in's sources part among them), as Excel opens them. */
  loadXmlParts(texts: readonly string[]): void;
  xmlParts(): Array<{ id: string; namespace: string; xml: string }>;
  /** What the formula bar shows to edit: the formula, or the constant as text. */
  editText(address: string): string;
  clearCell(address: string): void;
  setFormula(address: string, text: string, pin?: Pin): Promise<unknown>;
  /** A value put in a cell as it is (text stays text). */
  setConstant(address: string, value: unknown): void;
  formulaAt(address: string): unknown;
  shown(sheet?: string): Array<[string, Shown]>;
  shownSince(version: number, sheet?: string): { version: number; full: boolean; cells: Array<[string, Shown | null]> };
  version(): number;
  select(address: string | null): void;
  onEvent(l: (e: { type: string; address?: string | null; sheet?: string; name?: string }) => void): void;
  ids(): string[];
  sheetNames(): string[];
  addSheet(name?: string): string;
  activate(name: string): void;
  activeSheet(): string;
  names: { define(name: string, formula: string, sheet?: string | null): unknown; list(): Array<{ name: string; sheet: string | null; formula: string }> };
}

export interface SvcHost {
  engine: { stats(): EngineStats; onChange?(l: (s: EngineStats) => void): () => void };
}

interface ExcelNs {
  run(cb: (ctx: { application: { calculate(t: string): void }; sync(): Promise<void> }) => Promise<void>): Promise<void>;
  CalculationType: { full: string };
}

/** The add-in page, once the fake host and the add-in are both up. */
export interface Book {
  fx: FakeExcel;
  host: SvcHost;
  excel: ExcelNs | undefined;
}

interface BookWindow extends Window {
  __fakeExcel?: FakeExcel;
  Excel?: ExcelNs;
}

/** The add-in page's runtime in a window, once it has started. */
export type HostReader = (win: Window) => SvcHost | null;

/** The book in the `book` iframe: now (null until the fake host and the add-in are both up), or once ready. */
export interface BookFinder {
  current(): Book | null;
  whenReady(): Promise<Book>;
}

export function bookFinder(hostOf: HostReader): BookFinder {
  const current = (): Book | null => {
    const frame = document.getElementById("book") as HTMLIFrameElement | null;
    const w = frame?.contentWindow as BookWindow | null | undefined;
    const host = w ? hostOf(w) : null;
    if (!w?.__fakeExcel || !host) return null;
    return { fx: w.__fakeExcel, host, excel: w.Excel };
  };
  const whenReady = (): Promise<Book> =>
    new Promise((resolve) => {
      const tick = () => {
        const b = current();
        if (b && b.fx.ids().length > 0) resolve(b);
        else setTimeout(tick, 50);
      };
      tick();
    });
  return { current, whenReady };
}

/** Excel quotes a sheet name in an address unless it is a plain name that is not a cell reference. */
export function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !/^[A-Za-z]{1,3}\d+$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

/** "'My sheet'!B2:C3" -> {sheet: "My sheet", cell: "B2"} (the first cell). */
export function splitAddress(address: string): { sheet: string; cell: string } {
  const bang = address.lastIndexOf("!");
  const sheet = address.slice(0, bang).replace(/^'(.*)'$/, "$1").replace(/''/g, "'");
  return { sheet, cell: address.slice(bang + 1).split(":")[0].replace(/\$/g, "") };
}
