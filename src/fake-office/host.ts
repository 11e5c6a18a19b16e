/**
 * The fake Excel's calculation host: the workbook model plus everything that follows an edit —
 * dependency index, incremental spills, recalculation of exactly the dependents, evaluation through
 * C1 (engine and resolver) and the custom-function registry, and a journal of display changes so a
 * redraw reads only what changed. DOM-free: the jest tests and scripts/bench-host.js run it in Node.
 */
import { Area, DependencyGraph } from "../recalc";
import { areaText, cellAddress, parseArea } from "./a1";
import { contentAt, formulaAt, shownAt, Shown } from "./display";
import { invalidArgument, itemAlreadyExists } from "./errors";
import { EvalContext, evaluatePlain, evaluateSvc, previewSvc } from "./evaluate";
import { CellReader, CellRef, CellSource, holdsSvcCall, MAX_COLS, MAX_ROWS, referencesOf, roughReferencesOf } from "../formula";
import { Functions, Metadata } from "./functions";
import { Cell, FormulaState, NameEntry, Sheet, Workbook, addressOf, areaOfCell, keyOf, nameProblem, readingOrder, sheetNameProblem } from "./model";
import { Recalc, RecalcHost } from "./recalc";
import { Spills } from "./spills";
import { Input, Result, asCellValue } from "./values";
import { Journal } from "./journal";
import { checkedShape, newState } from "./formula-state";
import { Platform, VALUE_PREVIEW_RUNTIME, platformNamed } from "./platform";

export type Note = (type: string, detail?: Record<string, unknown>) => void;

export interface HostOptions {
  sheets?: readonly string[];
  note?: Note;
  metadata: () => Promise<Metadata>;
  platform?: Platform; // which Excel to play; the current Windows build when omitted
}

export class Host implements RecalcHost, EvalContext {
  readonly book: Workbook;
  readonly fns: Functions;
  readonly recalc: Recalc;
  readonly journal = new Journal();
  readonly note: Note;
  readonly platform: Platform;
  private readonly spills: Spills;
  /** Every formula: its cell, what it reads, where it spills (the same graph the model-file refresh builds). */
  readonly graph = new DependencyGraph<Cell>(readingOrder);
  readonly evaluations = new Map<string, number>();
  readonly invocations = new Map<string, number>();
  reads = 0; // CellReader.read calls: host round trips of the resolver
  lastCalculation: Promise<unknown[]> = Promise.resolve([]);
  readonly source: CellSource;
  readonly reader: CellReader;

  constructor(opts: HostOptions) {
    this.note = opts.note ?? (() => undefined);
    this.platform = opts.platform ?? platformNamed(null);
    this.book = new Workbook(opts.sheets ?? ["Sheet1", "Sheet2"]);
    this.fns = new Functions(this.note, opts.metadata, this.platform.customFunctionsRuntime >= VALUE_PREVIEW_RUNTIME);
    this.recalc = new Recalc(this);
    this.spills = new Spills(this.graph, (areas) => this.changed(areas), () => this.book.tables);
    this.source = {
      value: (ref) => {
        const s = this.book.sheet(ref.sheet);
        return s ? asCellValue(contentAt(s, ref.row, ref.col)) : { error: "#REF!" };
      },
      names: () => this.book.names,
      tables: () => this.book.tables,
      spill: (anchor) => {
        const s = this.book.sheet(anchor.sheet);
        return s?.cells.get(keyOf(anchor.row, anchor.col))?.f?.spill ?? null;
      },
      used: (sheet) => {
        const s = this.book.sheet(sheet);
        return s ? this.usedArea(s) : null;
      },
      formula: (ref) => {
        const s = this.book.sheet(ref.sheet);
        return s ? formulaAt(s, ref.row, ref.col) : null;
      },
      sheetNames: () => this.book.sheets.map((s) => s.name),
    };
    // The resolver's port: every cell is at hand, so one read answers any request (counted: host round trips).
    this.reader = {
      read: async () => {
        this.reads++;
        const values = (ref: CellRef) => (this.book.sheet(ref.sheet) ? this.source.value(ref) : null);
        return { values, spill: this.source.spill, names: this.book.names, sheets: this.book.sheets.map((s) => s.name) };
      },
    };
  }

  // ---------------------------------------------------------------- recalculation (RecalcHost)

  evaluate(cell: Cell, force: boolean): Promise<void> | void {
    if (!cell.f) return;
    return cell.f.svc ? evaluateSvc(this, cell, force) : evaluatePlain(this, cell);
  }

  // ---------------------------------------------------------------- evaluation (EvalContext)

  apply(cell: Cell, result: Result): void {
    if (!cell.f) return;
    cell.f.result = checkedShape(result);
    this.changed(this.spills.place(cell));
    if (cell.f.svc) this.note("cell", { address: addressOf(cell), state: "done" });
  }

  invoking(cell: Cell, on: boolean): void {
    if (!cell.f || cell.f.invoking === on) return;
    cell.f.invoking = on;
    this.journal.touch(cell.sheet, cell.r, cell.c);
    if (on) this.note("cell", { address: addressOf(cell), state: "busy" });
  }

  count(cell: Cell, what: "evaluations" | "invocations"): void {
    const m = what === "evaluations" ? this.evaluations : this.invocations;
    const a = addressOf(cell);
    m.set(a, (m.get(a) ?? 0) + 1);
  }

  /** Cells whose display changed: redraw them and make their readers dirty. */
  private changed(areas: readonly Area[]): void {
    for (const a of areas) {
      const s = this.book.sheet(a.sheet);
      if (s) this.journal.touchArea(s, a);
    }
    this.recalc.markReaders(areas);
  }

  // ---------------------------------------------------------------- edits

  sheetOf(name: string): Sheet {
    const s = this.book.sheet(name);
    if (!s) throw invalidArgument(`no sheet named ${name}`);
    return s;
  }

  /** What a formula reads (tables as their cells); one the engine cannot read, what its tokens may refer to, or every cell. */
  private refsOf(text: string, cell: Cell): Area[] {
    const { names, tables } = this.book;
    const at = { sheet: cell.sheet.name, row: cell.r, col: cell.c };
    let areas: Area[];
    try {
      areas = referencesOf(text, at, names, tables);
    } catch {
      areas = roughReferencesOf(text.replace(/^\s*=/, ""), at, names, tables) ?? this.book.sheets.map((s) => ({ sheet: s.name, r0: 0, c0: 0, r1: MAX_ROWS - 1, c1: MAX_COLS - 1 }));
    }
    return areas.map((a) => ({ ...a, sheet: this.book.sheet(a.sheet)?.name ?? a.sheet }));
  }

  private index(cell: Cell): void {
    if (cell.f) this.graph.set(cell, areaOfCell(cell), this.refsOf(cell.f.text, cell), cell.f.volatile);
  }

  private dropFormula(cell: Cell): Area[] {
    const f = cell.f;
    if (!f) return [];
    f.ctrl?.abort();
    const freed = this.spills.retract(cell);
    this.spills.unwait(cell);
    this.graph.remove(cell);
    cell.f = null;
    this.recalc.forget(cell);
    return freed ? [freed] : [];
  }

  /**
   * Put typed contents in a cell (null clears it): a formula is evaluated (forced) with everything
   * that reads the cell; a constant makes the cell's readers dirty.
   */
  input(sheet: Sheet, r: number, c: number, input: Input | null): Cell | null {
    const key = keyOf(r, c);
    let cell = sheet.cells.get(key);
    const touched: Area[] = [];
    if (input === null) {
      if (!cell) return null;
      const freed = this.dropFormula(cell);
      sheet.cells.delete(key);
      touched.push(areaOfCell(cell), ...freed);
      this.changed(touched);
      this.spills.refill(touched);
      this.edited(sheet, r, c);
      return null;
    }
    if (!cell) {
      cell = { sheet, r, c, input, f: null };
      sheet.cells.set(key, cell);
      touched.push(...this.spills.typedAt(sheet, r, c));
    }
    cell.input = input;
    if ("formula" in input) {
      const prev = cell.f;
      prev?.ctrl?.abort();
      cell.f = newState(input.formula, prev, holdsSvcCall(input.formula, sheet.name, this.book.names));
      this.index(cell);
      this.changed(touched);
      this.journal.touch(sheet, r, c); // it shows #BUSY! (or its last value) until evaluated
      this.recalc.mark([cell], true);
    } else {
      const freed = this.dropFormula(cell);
      touched.push(areaOfCell(cell), ...freed);
      this.changed(touched);
      this.spills.refill(freed);
    }
    this.edited(sheet, r, c);
    return cell;
  }

  /** Every edit recalculates the volatile cells too (TODAY, NOW, RAND...), as Excel does. */
  private edited(sheet: Sheet, r: number, c: number): void {
    this.note("edit", { address: cellAddress(sheet.name, r, c) });
    const volatile = this.graph.volatileFormulas();
    if (volatile.size) this.recalc.mark(volatile, false);
  }

  /** The cell's result once it has settled (null for a constant or an empty cell). */
  async settledResult(cell: Cell | null): Promise<Result | null> {
    if (!cell) return null;
    await this.recalc.cellSettled(cell);
    return cell.f ? cell.f.result : null;
  }

  /** Excel's value preview of `formula` being edited at `address`: its SVC calls never spend; nothing is written. */
  preview(address: string, formula: string): Promise<Result> {
    return formula.trim().startsWith("=") ? previewSvc(this, address, formula) : Promise.resolve({ value: formula });
  }

  // ---------------------------------------------------------------- reading

  shown(sheet: Sheet, r: number, c: number): Shown | null {
    return shownAt(sheet, r, c);
  }

  /** What Range.formulas reads: the formula, else the value shown ("" when empty). */
  formulaAt(sheet: Sheet, r: number, c: number): unknown {
    const cell = sheet.cells.get(keyOf(r, c));
    if (cell && "formula" in cell.input) return cell.input.formula;
    const v = asCellValue(contentAt(sheet, r, c));
    if (v === null) return "";
    return typeof v === "object" ? v.error : v;
  }

  spillOf(sheet: Sheet, r: number, c: number): Area | null {
    return sheet.cells.get(keyOf(r, c))?.f?.spill ?? null;
  }

  formulaCells(): Cell[] {
    const out: Cell[] = [];
    for (const s of this.book.sheets) for (const cell of s.cells.values()) if (cell.f) out.push(cell);
    return out;
  }

  /** The smallest range holding every typed cell and spilled value of a sheet, or null when it is empty. */
  usedArea(sheet: Sheet): Area | null {
    let a: Area | null = null;
    const grow = (r0: number, c0: number, r1: number, c1: number) => {
      if (!a) a = { sheet: sheet.name, r0, c0, r1, c1 };
      else a = { sheet: sheet.name, r0: Math.min(a.r0, r0), c0: Math.min(a.c0, c0), r1: Math.max(a.r1, r1), c1: Math.max(a.c1, c1) };
    };
    for (const cell of sheet.cells.values()) {
      const s = cell.f?.spill;
      if (s) grow(s.r0, s.c0, s.r1, s.c1);
      else grow(cell.r, cell.c, cell.r, cell.c);
    }
    return a;
  }

  // ---------------------------------------------------------------- calculation

  private results(): Promise<unknown[]> {
    return this.recalc.settled().then(() => this.formulaCells().filter((c) => c.f?.svc).map((c) => c.f?.result));
  }

  /** Application.calculate: Full / FullRebuild re-run every formula (SVC calls included); Recalculate the volatile ones. */
  calculate(type: string): Promise<unknown[]> {
    this.note("calculate", { calculationType: type });
    if (type === "Full" || type === "FullRebuild") this.recalc.markWithStale(this.formulaCells(), true);
    else this.recalc.markWithStale(this.graph.volatileFormulas(), false);
    this.lastCalculation = this.results();
    return this.lastCalculation;
  }

  /** Range.calculate: the formulas in the range run again (their readers follow). */
  calculateRange(area: Area): Promise<unknown[]> {
    this.note("calculateRange", { address: areaText(area) });
    this.recalc.mark(this.graph.formulasIn(area), true);
    this.lastCalculation = this.results();
    return this.lastCalculation;
  }

  // ---------------------------------------------------------------- sheets, names, selection

  addSheet(name?: string): Sheet {
    if (name !== undefined) {
      const problem = sheetNameProblem(name);
      if (problem) throw invalidArgument(problem);
      if (this.book.sheet(name)) throw itemAlreadyExists(`Worksheet ${name}`);
    }
    const s = this.book.addSheet(name);
    this.note("sheet", { op: "add", name: s.name });
    this.reindexMentioning(s.name);
    return s;
  }

  activate(sheet: Sheet): void {
    this.book.active = sheet;
    this.note("activate", { sheet: sheet.name });
  }

  select(area: Area | null): void {
    this.book.selection = area;
    if (area) this.book.active = this.sheetOf(area.sheet);
    this.note("select", { address: area ? areaText(area) : null });
  }

  defineName(name: string, formula: string, sheet: string | null, comment = ""): NameEntry {
    const problem = nameProblem(name);
    if (problem) throw invalidArgument(problem);
    const scope = sheet === null ? null : this.sheetOf(sheet).name;
    if (this.book.findName(name, scope)) throw itemAlreadyExists(`Name ${name}`);
    const entry: NameEntry = { name, sheet: scope, formula: formula.replace(/^=/, ""), comment, visible: true };
    this.book.names.push(entry);
    this.note("name", { op: "add", name, sheet: scope });
    this.reindexMentioning(name);
    return entry;
  }

  setNameFormula(entry: NameEntry, formula: string): void {
    entry.formula = formula.replace(/^=/, "");
    this.note("name", { op: "set", name: entry.name, sheet: entry.sheet });
    this.reindexMentioning(entry.name);
  }

  deleteName(entry: NameEntry): void {
    const i = this.book.names.indexOf(entry);
    if (i >= 0) this.book.names.splice(i, 1);
    this.note("name", { op: "delete", name: entry.name, sheet: entry.sheet });
    this.reindexMentioning(entry.name);
  }

  /** A name or sheet appeared or changed: formulas mentioning it read other cells now; they recalculate. */
  private reindexMentioning(word: string): void {
    const re = new RegExp(`(^|[^A-Za-z0-9_.])'?${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}'?([^A-Za-z0-9_.(]|$)`, "i");
    const hit = this.formulaCells().filter((c) => re.test((c.f as FormulaState).text));
    for (const c of this.formulaCells()) this.index(c);
    if (hit.length) this.recalc.mark(hit, false);
  }

  /** The area of a name's reference formula ("Inputs!$B$1"), or null when it is not a reference. */
  nameArea(entry: NameEntry): Area | null {
    try {
      const a = parseArea(entry.formula, entry.sheet ?? this.book.active.name);
      return this.book.sheet(a.sheet) ? { ...a, sheet: this.sheetOf(a.sheet).name } : null;
    } catch {
      return null;
    }
  }
}
