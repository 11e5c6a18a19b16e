/**
 * From the SVC formulas of a range to the requests a refresh makes. Every formula is read by the one
 * argument resolver (src/formula) through the workbook's cell reader — literal or not:
 *   resolved   its arguments as Excel would pass them -> the functions' own mapping (requestsFor)
 *   invalid    the argument that makes the call pointless, with the resolver's message: no call
 *   needs-run  priced from the arguments the function itself last received for that cell;
 *              never run in this session: refreshed anyway, priced after the fact (its real cost)
 * Formulas that read another SVC result are staged after it (refresh-stages.ts).
 */
import { argRequired, argsOf } from "../../../api/arguments";
import { isSvcError } from "../../../api/errors";
import { CellReader, FormulaSite, ParamInfo, Resolved, parseFormula, resolveCalls } from "../../../formula";
import type { FormulaCell } from "../../../office/workbook";
import { resultArea, stagesOf } from "./stages";
import { PaneContext, PlanRequest, SourceView, WorkbookPort } from "../types";

export interface PricedCell {
  address: string;
  formula: string;
  /** Index of this cell's first request in `requests`, and how many it makes. */
  first: number;
  count: number;
  /** "cells": from its arguments now; "last-run": from what the function last received. */
  from: "cells" | "last-run";
}

export interface NotedCell {
  address: string;
  message: string;
}

export interface RefreshSet {
  cells: PricedCell[];
  requests: PlanRequest[];
  /** No call: the resolver or the function's mapping says the arguments cannot be right. */
  invalid: NotedCell[];
  /** Refreshed anyway, priced only after the fact: only running tells their arguments. */
  unpriced: NotedCell[];
  /** Arguments that depend on TODAY, NOW, RAND, RANDBETWEEN, OFFSET or INDIRECT. */
  volatile: { address: string; functions: string[] }[];
  /** Formulas that are not one SVC call (nothing to refresh). */
  skipped: NotedCell[];
  /** The addresses to recalculate, upstream first (every SVC formula of the scope). */
  stages: string[][];
  /** Every formula read, by address (to resolve a stage again). */
  formulas: Map<string, string>;
}

/** What planning needs from the page. */
export interface PlanDeps {
  reader: CellReader;
  requestsFor: (fn: string, args: readonly unknown[]) => PlanRequest[];
  /** The cell's last run: its arguments and the size of its result. */
  lastRun: (address: string) => { args: unknown[]; rows?: number; cols?: number } | undefined;
}

/** Each argument's name and whether it may be left out, from the catalogue (messages name the argument). */
export function paramsOf(fn: string): ParamInfo[] {
  return argsOf(fn).map((name) => ({ name, optional: !argRequired(fn, name) }));
}

/** A reader that cannot read (a page whose workbook gives none): the resolver says so per formula. */
const NO_READER: CellReader = {
  read: async () => {
    throw new Error("this page cannot read the workbook's cells");
  },
};

/** Planning's inputs from the pane: the workbook's reader, the functions' mapping, each cell's last run. */
export function planDepsFor(ctx: PaneContext, wb: WorkbookPort, requestsFor: PlanDeps["requestsFor"]): PlanDeps {
  const by = new Map((ctx.sources.list() as SourceView[]).map((s) => [s.address, s]));
  return {
    reader: wb.cellReader ? wb.cellReader() : NO_READER,
    requestsFor,
    lastRun: (address) => {
      const s = by.get(address);
      return s && Array.isArray(s.args) ? { args: s.args, rows: s.rows, cols: s.cols } : undefined;
    },
  };
}

const errorText = (e: unknown) => (isSvcError(e) ? e.detail : e instanceof Error ? e.message : String(e));

/** The call of a formula whose arguments are all literals (it needs no cell, even when reading cells failed). */
function literalCall(formula: string): { fn: string; args: unknown[] } | null {
  try {
    return parseFormula(formula);
  } catch {
    return null;
  }
}

/** A resolved or needs-run cell's requests, or the reason it has none. */
function requestsOf(r: Resolved, f: FormulaCell, deps: PlanDeps): { reqs: PlanRequest[]; from: PricedCell["from"] } | { note: "invalid" | "unpriced"; message: string } {
  if (r.status === "not-svc") return { note: "invalid", message: "not one SVC call" };
  if (r.status === "invalid") return { note: "invalid", message: r.message };
  const last = r.status === "needs-run" ? deps.lastRun(f.address) : undefined;
  const literal = r.status === "needs-run" && !last ? literalCall(f.formula) : null;
  if (r.status === "needs-run" && !last && !literal) return { note: "unpriced", message: r.reason };
  try {
    if (r.status === "resolved") return { reqs: deps.requestsFor(r.fn, r.args), from: "cells" };
    if (literal) return { reqs: deps.requestsFor(literal.fn, literal.args), from: "cells" };
    return { reqs: deps.requestsFor(r.fn, last?.args ?? []), from: "last-run" };
  } catch (e) {
    return { note: "invalid", message: errorText(e) };
  }
}

/** Resolve formulas (one batched read) and map each to its requests; no staging. */
export async function priceFormulas(formulas: readonly FormulaCell[], deps: PlanDeps): Promise<{ set: RefreshSet; resolved: Resolved[] }> {
  const set: RefreshSet = { cells: [], requests: [], invalid: [], unpriced: [], volatile: [], skipped: [], stages: [], formulas: new Map() };
  const sites: FormulaSite[] = formulas.map((f) => ({ address: f.address, formula: f.formula }));
  const resolved = await resolveCalls(sites, deps.reader, { params: paramsOf });
  resolved.forEach((r, i) => {
    const f = formulas[i];
    set.formulas.set(f.address, f.formula);
    if (r.status === "not-svc") return void set.skipped.push({ address: f.address, message: "not one SVC call: Excel recalculates it as a whole" });
    if (r.volatile.length) set.volatile.push({ address: f.address, functions: r.volatile });
    const out = requestsOf(r, f, deps);
    if ("note" in out) return void (out.note === "invalid" ? set.invalid : set.unpriced).push({ address: f.address, message: out.message });
    set.cells.push({ address: f.address, formula: f.formula, first: set.requests.length, count: out.reqs.length, from: out.from });
    set.requests.push(...out.reqs);
  });
  return { set, resolved };
}

/** The refresh of a scope: prices, notes, and the order to run in (upstream first). */
export async function refreshSet(formulas: readonly FormulaCell[], deps: PlanDeps): Promise<RefreshSet> {
  const { set, resolved } = await priceFormulas(formulas, deps);
  const staged = formulas
    .map((f, i) => ({ f, r: resolved[i] }))
    .filter((x) => x.r.status !== "not-svc")
    .map(({ f, r }) => {
      const last = deps.lastRun(f.address);
      return { address: f.address, reads: r.status === "not-svc" ? [] : r.reads, result: resultArea(f.address, last?.rows, last?.cols) };
    });
  const stage = stagesOf(staged);
  staged.forEach((c, i) => {
    (set.stages[stage[i]] ??= []).push(c.address);
  });
  return set;
}

/** The cells whose requests the plan found invalid (they will show their error, costing nothing). */
export function invalidCells(set: RefreshSet, invalid: readonly { index: number; message: string }[]): NotedCell[] {
  const out: NotedCell[] = [];
  for (const inv of invalid) {
    const c = set.cells.find((x) => inv.index >= x.first && inv.index < x.first + x.count);
    if (c && !out.some((o) => o.address === c.address)) out.push({ address: c.address, message: inv.message });
  }
  return out;
}
