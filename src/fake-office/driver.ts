/**
 * The test and workbench driver, window.__fakeExcel: what a person does in Excel (type into a
 * cell, select, add a sheet, define a name, recalculate) and what a test asks (what a cell shows,
 * which cells were evaluated how often). Browser-only parts (log, dialogs, metadata fetch) are
 * added by index.ts; this part runs in Node too.
 */
import type { Area } from "../recalc";
import { areaText, cellAddress, parseArea } from "./a1";
import type { Shown } from "./display";
import type { Host } from "./host";
import { Cell, addressOf, keyOf, readingOrder } from "./model";
import { Pin, pinCell } from "./plain";
import { Constant, Result, literal, typed } from "./values";
import { bareSvcName, svcCallTokensIn } from "../api";

export interface DriverCell {
  address: string;
  id: string;
  args: unknown[];
  formula: string;
  result: Result | null;
  state: "busy" | "done";
}

type At = { sheet: ReturnType<Host["sheetOf"]>; r: number; c: number };

function areaIn(host: Host, address: string): Area {
  const a = parseArea(address, host.book.active.name);
  return { ...a, sheet: host.sheetOf(a.sheet).name };
}

function cellIn(host: Host, address: string): At {
  const a = areaIn(host, address);
  return { sheet: host.sheetOf(a.sheet), r: a.r0, c: a.c0 };
}

function shownList(host: Host, cells: Iterable<At>): Array<[string, Shown | null]> {
  const out: Array<[string, Shown | null]> = [];
  for (const x of cells) out.push([cellAddress(x.sheet.name, x.r, x.c), host.shown(x.sheet, x.r, x.c)]);
  return out;
}

function allShown(host: Host, sheetName?: string): Array<[string, Shown]> {
  const out: Array<[string, Shown]> = [];
  for (const s of host.book.sheets) {
    if (sheetName && s !== host.sheetOf(sheetName)) continue;
    const keys = new Set<number>([...s.cells.keys(), ...s.spillOwner.keys()]);
    for (const k of [...keys].sort((a, b) => a - b)) {
      const r = Math.floor(k / 16_384);
      const c = k % 16_384;
      const v = host.shown(s, r, c);
      if (v) out.push([cellAddress(s.name, r, c), v]);
    }
  }
  return out;
}

/** The SVC formula cells: [{address, id, args (last invoked), formula, result, state}]. */
function svcCells(host: Host): DriverCell[] {
  return host
    .formulaCells()
    .filter((c) => c.f?.svc)
    .sort(readingOrder)
    .map((c) => {
      const f = c.f as NonNullable<Cell["f"]>;
      const last = f.calls.get(Math.max(-1, ...f.calls.keys()));
      const id = last?.fn ?? svcCallTokensIn(f.text)[0] ?? "";
      return { address: addressOf(c), id, args: last?.args ?? [], formula: f.text, result: f.result, state: host.recalc.pending(c) || f.invoking || !f.result ? "busy" : "done" };
    });
}

/** What a person does to cells: type, put a value, clear. */
function editing(host: Host) {
  /** Type into a cell as a person does: "" clears, "=..." is a formula, "'..." text, numbers are numbers. */
  async function setFormula(address: string, text: unknown, pin?: Pin): Promise<Result | null> {
    const { sheet, r, c } = cellIn(host, address);
    const t = text === null || text === undefined ? "" : String(text);
    const cell = host.input(sheet, r, c, t.trim() === "" ? null : typed(t));
    if (pin && cell?.f) pinCell(cell, pin); // before the recalculation the edit scheduled runs
    return host.settledResult(cell && cell.f ? cell : null);
  }
  return {
    ids: () => host.fns.ids(),
    invoke: (id: string, args: unknown[] = [], opts: { address?: string; signal?: AbortSignal } = {}) => host.fns.invoke(id, args, opts),
    /** Put =SVC.ID(literal args) in a cell and evaluate it -> {value} | {error, message}. */
    enter: (address: string, id: string, args: unknown[] = []) => {
      const a = args.map((x) => (x === null || x === undefined ? "" : literal(x as Constant as never)));
      while (a.length && a[a.length - 1] === "") a.pop();
      return setFormula(address, `=SVC.${bareSvcName(String(id))}(${a.join(",")})`);
    },
    setFormula,
    /** A value put in a cell as it is (no formula reading): null or "" clears. */
    setConstant: (address: string, v: unknown) => {
      const { sheet, r, c } = cellIn(host, address);
      host.input(sheet, r, c, v === null || v === undefined || v === "" ? null : { constant: v as Constant });
    },
    clearCell: (address: string) => {
      const { sheet, r, c } = cellIn(host, address);
      host.input(sheet, r, c, null);
    },
  };
}

/** What a test asks of the cells: what they show, what changed, their formulas. */
function inspection(host: Host) {
  return {
    cells: (): DriverCell[] => svcCells(host),
    /** What every cell shows: [address, {value|error, message, anchor, spill, busy, stale, spillRows, spillCols}]. */
    shown: (sheet?: string) => allShown(host, sheet),
    /** What changed since `version` (null entries were cleared); `full` when the journal no longer reaches back that far. */
    shownSince: (version: number, sheet?: string) => {
      const changed = host.journal.since(version, sheet ? host.sheetOf(sheet) : undefined);
      const now = host.journal.version;
      if (!changed) return { version: now, full: true, cells: allShown(host, sheet) as Array<[string, Shown | null]> };
      return { version: now, full: false, cells: shownList(host, changed) };
    },
    version: () => host.journal.version,
    formulaAt: (address: string) => {
      const { sheet, r, c } = cellIn(host, address);
      const cell = sheet.cells.get(keyOf(r, c));
      if (!cell) return "";
      return "formula" in cell.input ? cell.input.formula : cell.input.constant;
    },
    /** The formulas of a sheet in reading order: [{address, formula}]. */
    formulasOf: (sheet: string) =>
      host
        .formulaCells()
        .filter((c) => c.sheet === host.sheetOf(sheet))
        .sort(readingOrder)
        .map((c) => ({ address: addressOf(c), formula: (c.f as NonNullable<Cell["f"]>).text })),
  };
}

/** The workbook around the cells: selection, sheets, names, parts. */
function workbookParts(host: Host) {
  return {
    select: (address: string | null) => host.select(address ? areaIn(host, address) : null),
    selection: () => (host.book.selection ? areaText(host.book.selection) : null),
    activeSheet: () => host.book.active.name,
    activate: (name: string) => host.activate(host.sheetOf(name)),
    sheetNames: () => host.book.sheets.map((s) => s.name),
    addSheet: (name?: string) => host.addSheet(name).name,
    names: {
      define: (name: string, formula: string, sheet: string | null = null) => {
        const n = host.defineName(name, formula, sheet);
        return { name: n.name, sheet: n.sheet, formula: n.formula };
      },
      list: () => host.book.names.map((n) => ({ name: n.name, sheet: n.sheet, formula: n.formula })),
      remove: (name: string, sheet: string | null = null) => {
        const n = host.book.findName(name, sheet);
        if (n) host.deleteName(n);
        return !!n;
      },
    },
    xmlParts: () => host.book.xmlParts.map((p) => ({ id: p.id, namespace: p.namespace, xml: p.xml })),
    comments: () => [...host.book.comments.entries()],
    /** An Excel table over `area` ("Sheet1!A1:C5", header row first; its columns named Column1...). */
    addTable: (name: string, area: string) => {
      const a = areaIn(host, area);
      host.book.tables.push({ name, sheet: a.sheet, r0: a.r0, c0: a.c0, r1: a.r1, c1: a.c1, columns: Array.from({ length: a.c1 - a.c0 + 1 }, (_, i) => `Column${i + 1}`), headerRows: 1, totalsRows: 0 });
    },
    /** Review > Protect Sheet (on) or Unprotect Sheet. */
    protect: (sheet: string, on = true) => void (host.sheetOf(sheet).protected = on),
    /** A person typing in `address` (cell-edit mode: every Excel.run fails), or done typing (null). */
    editing: (address: string | null) => void (host.book.editing = address),
  };
}

const counters = (m: Map<string, number>) => Object.fromEntries(m);

/** Calculation and its counters. */
function calculation(host: Host) {
  return {
    calculate: (type: string) => host.calculate(type),
    /** Formulas > Calculation Options: Automatic, AutomaticExceptTables or Manual. */
    setCalculationMode: (mode: "Automatic" | "AutomaticExceptTables" | "Manual") => void (host.recalc.calculationMode = mode),
    lastCalculation: () => host.lastCalculation,
    /** Resolves when no cell is dirty or running. */
    settled: () => host.recalc.settled(),
    /** Formula evaluations per cell address since the page loaded (or resetCounters). */
    evaluations: () => counters(host.evaluations),
    /** Custom-function invocations per cell address. */
    invocations: () => counters(host.invocations),
    resetCounters: () => {
      host.evaluations.clear();
      host.invocations.clear();
    },
    /** CellReader.read calls made by the resolver (host round trips). */
    reads: () => host.reads,
    registeredAt: () => host.fns.registeredAt,
    metadata: () => host.fns.metadata(),
  };
}

export function createDriver(host: Host) {
  return { ...editing(host), ...inspection(host), ...workbookParts(host), ...calculation(host) };
}

export type Driver = ReturnType<typeof createDriver>;
