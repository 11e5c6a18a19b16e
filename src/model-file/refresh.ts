/**
 * refresh: every SVC formula computed in waves (a formula reading another SVC result waits for it),
 * then the plain formulas that read what changed, recomputed with the engine (across sheets,
 * transitively). Results are written as Excel writes them (results.ts); what cannot be computed here
 * keeps its stored value and is listed as stale, never silently left. A plain formula is written only
 * if its recomputation from the file's own inputs gives the value Excel stored (model/verify.ts):
 * otherwise it and everything reading it keep their stored values, listed stale with the reason.
 */
import { AreaIndex, Rect, Schedule, cellRect, sameRect } from "../recalc";
import { engineSpelling } from "./model/file-text";
import { recompute } from "./model/recompute";
import { Verifier } from "./model/verify";
import { buildGraph, FormulaNode, Graph } from "./model/graph";
import { Model, siteAddress } from "./model/model";
import { CellReport, displayFormula, RefreshReport, reportFor, StaleReport } from "./report";
import { Result, writeResult } from "./model/results";
import { spliceWrites } from "./model/save";
import { ChangeCells, changeCells } from "./model/change-cells";
import { readSources, writeSources } from "./parts/sources-part";
import { CallWords, cellSources, NodeCall } from "./model/kept-sources";
import { cellSourceOf } from "./model/source";
import { CallAnswer, evaluateSvc, SvcCall } from "./model/svc-eval";
import { stripAddinBookPrefix } from "../formula";
import { WorkingCopy } from "./model/working";
import { a1 } from "./parts/a1";
import { CellSource, isErrorValue, ParamInfo, unsupportedFunctions } from "../formula";

export interface RefreshPorts {
  /** Send one batch of distinct SVC calls; every call settles with a value or an error. */
  call(calls: SvcCall[]): Promise<CallAnswer[]>;
  /** The clock TODAY() and NOW() read in recomputed formulas. */
  now?: () => Date;
  /** Argument names of an SVC function (for messages naming the argument). */
  params?: (fn: string) => readonly ParamInfo[];
  /**
   * The cells ("Sheet!A1") whose formulas make an SVC call, by the refresh plan's one test (a call
   * inside a defined name the formula uses counts); default: an SVC call written in the formula.
   */
  svcCells?: ReadonlySet<string>;
  /** An SVC call in words ("MSFT revenue FY"); given, the file keeps it with its values' sources for the next run and freeze. */
  words?: CallWords;
  /** false only to measure what self-verification costs (the model benchmark); a refresh verifies. */
  verify?: boolean;
}

export interface RefreshResult {
  bytes: Uint8Array;
  report: RefreshReport;
  /** Cells whose stored value, formula or metadata changed. */
  written: number;
  /** Every formula the refresh reached ("Sheet!A1"), in the order it computed them (src/recalc's order). */
  reached: string[];
  /** Each SVC result and recomputed dependent before and after (for the change record). */
  changes: ChangeCells;
}

class Run {
  readonly w: WorkingCopy;
  readonly src: CellSource;
  readonly graph: Graph;
  readonly changed = new AreaIndex<true>();
  readonly stale = new AreaIndex<string>();
  readonly reached: FormulaNode[] = [];
  readonly cells = new Map<string, CellReport>();
  readonly staleList: StaleReport[] = [];
  readonly recomputed: { sheet: string; cell: string }[] = [];
  readonly answers = new Map<string, CallAnswer>();
  /** The call each SVC cell showed the answer of ("Model!B4" -> call and its answer's sources). */
  readonly calls = new Map<string, NodeCall>();
  readonly verifier: Verifier | null;

  constructor(readonly model: Model, readonly ports: RefreshPorts) {
    this.w = new WorkingCopy(model);
    this.src = cellSourceOf(model, this.w);
    const svcCells = ports.svcCells;
    this.graph = buildGraph(model, this.w, svcCells ? (address) => svcCells.has(address) : undefined);
    this.verifier = ports.verify === false ? null : new Verifier(model, ports.now);
    if (!svcCells) for (const s of model.sites) this.cells.set(s.address, reportFor(s));
    else for (const n of this.graph.dirty.filter((x) => x.svc)) this.cells.set(this.address(n), { sheet: n.sheet, cell: a1(n.row, n.col), formula: displayFormula(n.text), error: null });
  }

  address(n: { sheet: string; row: number; col: number }): string {
    return siteAddress(n.sheet, a1(n.row, n.col));
  }

  markStale(n: FormulaNode, reason: string): void {
    this.stale.add(this.address(n), this.w.spill(n) ?? { sheet: n.sheet, ...cellRect(n.row, n.col) });
    this.staleList.push({ sheet: n.sheet, cell: a1(n.row, n.col), formula: n.text, reason });
  }

  staleInput(n: FormulaNode): string | null {
    for (const r of n.reads) {
      const hit = this.stale.first(r);
      if (hit !== undefined) return hit;
    }
    return null;
  }

  noteChange(n: FormulaNode, box: Rect, old: Rect): void {
    this.changed.add(true, { sheet: n.sheet, ...box });
    this.changed.add(true, { sheet: n.sheet, ...old });
  }

  /** Whether any of a formula's reads meets a region changed so far. */
  readsChanged(n: FormulaNode): boolean {
    return n.reads.some((r) => this.changed.first(r) !== undefined);
  }

  plain(n: FormulaNode): void {
    const staleIn = this.staleInput(n);
    if (staleIn) return this.markStale(n, `reads ${staleIn}, which could not be recomputed`);
    if (!this.readsChanged(n)) return;
    const untrusted = this.verifier?.check(n);
    if (untrusted) return this.markStale(n, untrusted);
    const r = recompute(n, this.src, { now: this.ports.now, array: this.w.cell(n)?.formula?.kind === "array", date1904: this.model.workbook.date1904, platform: this.model.workbook.platform });
    if ("unsupported" in r) return this.markStale(n, r.unsupported);
    const value = r.value;
    const before = this.w.value(n);
    const out = writeResult(this.w, n.sheet, n.row, n.col, value as Result);
    const same = !Array.isArray(value) && sameRect(out.box, out.old) && JSON.stringify(before) === JSON.stringify(this.w.value(n));
    if (same) return;
    this.noteChange(n, out.box, out.old);
    this.recomputed.push({ sheet: n.sheet, cell: a1(n.row, n.col) });
  }

  async svc(nodes: FormulaNode[]): Promise<void> {
    const broken = nodes.filter((n) => stripAddinBookPrefix(n.text).changed);
    for (const n of broken) this.fail(n, "#NAME?", "the formula carries a dead external-link prefix ([1]!...): run `svc-excel repair` first");
    const excelOnly = nodes.filter((n) => !broken.includes(n) && unsupportedFunctions(engineSpelling(n.text), this.model.names).length > 0);
    for (const n of excelOnly) this.fail(n, "stale", `uses ${unsupportedFunctions(engineSpelling(n.text), this.model.names).join(", ")}, which only Excel computes: the stored value is kept`);
    const live = nodes.filter((n) => !broken.includes(n) && !excelOnly.includes(n));
    const sheets = this.model.sheets.map((x) => x.name);
    const ctx = { src: this.src, sheets, call: (calls: SvcCall[]) => this.ports.call(calls), addressOf: (n: FormulaNode) => this.address(n), answers: this.answers, now: this.ports.now, date1904: this.model.workbook.date1904, params: this.ports.params };
    const outcomes = await evaluateSvc(live, ctx);
    for (const n of live) {
      const o = outcomes.get(n);
      if (!o) continue;
      const out = writeResult(this.w, n.sheet, n.row, n.col, o.value as Result);
      this.noteChange(n, out.box, out.old);
      if (o.call) this.calls.set(this.address(n), o.call);
      const report = this.cells.get(this.address(n));
      if (!report) continue;
      if (out.problem) report.error = out.problem;
      else if (isErrorValue(o.value)) report.error = { code: o.value.error, message: o.message ?? `the formula returned ${o.value.error}` };
      if (out.note) report.note = out.note;
      if (o.hidden) report.hidden = o.hidden;
    }
  }

  fail(n: FormulaNode, code: string, message: string): void {
    const report = this.cells.get(this.address(n));
    if (report) report.error = { code, message };
    this.markStale(n, message);
  }

  /** Compute what is ready: plain formulas at once, SVC formulas collected into `batch` (their calls go together). */
  private drain(order: Schedule<FormulaNode>, batch: FormulaNode[]): void {
    for (let n = order.take(); n; n = order.take()) {
      this.reached.push(n);
      if (n.svc) order.start(n), batch.push(n);
      else this.plain(n), order.end(n);
    }
  }

  /** The SVC formulas and their dependents in src/recalc's order: a formula waits for every dirty one it reads. */
  async go(): Promise<void> {
    const order = new Schedule(this.graph.formulas);
    order.mark(this.graph.dirty.filter((n) => n.svc), { more: this.graph.grows });
    let batch: FormulaNode[] = [];
    this.drain(order, batch);
    while (batch.length > 0) {
      await this.svc(batch);
      const next: FormulaNode[] = [];
      for (const n of batch) order.end(n), this.drain(order, next);
      batch = next;
    }
    for (const n of this.graph.dirty.filter((x) => order.dirty.has(x))) {
      if (n.svc) this.fail(n, "#N/A", "circular reference: the formula depends on its own result; not refreshed");
      else this.markStale(n, "circular reference");
    }
  }
}

/** Refresh every SVC formula of the model and the plain formulas that depend on them. */
export async function refreshModel(model: Model, ports: RefreshPorts): Promise<RefreshResult> {
  const run = new Run(model, ports);
  await run.go();
  const written = spliceWrites(run.w);
  const report: RefreshReport = { cells: [...run.cells.values()], recomputed: run.recomputed, stale: run.staleList };
  const recomputed = new Set(run.recomputed.map((r) => `${r.sheet}!${r.cell}`));
  const kept = readSources(model.pkg, model.workbook.part);
  const words = ports.words ?? ((fn: string) => ({ subject: "", what: fn }));
  // a cell not computed this run (stale, broken) keeps what the last refresh kept of it
  const sources = new Map(model.sites.map((s) => [s.address, run.calls.has(s.address) ? cellSources(run.calls.get(s.address), words) : kept?.get(s.address) ?? cellSources(undefined, words)]));
  const changes = changeCells(model, run.w, run.graph.dirty, {
    recomputed: (n) => recomputed.has(`${n.sheet}!${a1(n.row, n.col)}`),
    message: (n) => run.cells.get(run.address(n))?.error?.message ?? null,
    sources: (n) => ({ old: kept?.get(run.address(n)) ?? null, new: sources.get(run.address(n)) ?? null, answer: run.calls.get(run.address(n))?.sources ?? null }),
  });
  // kept only for a caller that names the calls (the CLI): others get the file with nothing but the cells changed
  if (ports.words) writeSources(model.pkg, model.workbook.part, sources);
  const reached = run.reached.map((n) => run.address(n));
  return { bytes: model.pkg.write(), report, written, reached, changes: { ...changes, sourcesKept: kept !== null } };
}
