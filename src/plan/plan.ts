/**
 * The one refresh plan: formulas -> every SVC call each makes (calls.ts) -> its arguments as Excel
 * would pass them (the resolver, through the host's cell reader, arguments named as the functions'
 * help names them) -> the requests it makes (the functions' own mapping) -> what cannot be priced,
 * is invalid or volatile, each with its reason, each problem once -> the order to refresh in.
 * Pure: the pane, the workbench and the CLI each hand it their reader and mapping.
 */
import { argRequired, argsOf } from "../api";
import { isSvcError } from "../api";
import { DefinedName, ParamInfo, Resolved, parseCached, parseCell, parseFormula, resolveCalls, walk } from "../formula";
import { svcCallsHiddenBy, svcCallsOf, SvcCall } from "../formula";
import { Runs, helperRuns } from "./lambda";
import { resultArea, stagesOf } from "./stages";
import type { FormulaCell, Note, PlanDeps, PlannedCall, PlannedCell, RefreshPlanOf } from "./types";
import type { PlanRequest } from "../engine";

/** Each argument's name and whether it may be left out, from the functions' help. */
export function paramsOf(fn: string): ParamInfo[] {
  return argsOf(fn).map((name) => ({ name, optional: !argRequired(fn, name) }));
}

const errorText = (e: unknown) => (isSvcError(e) ? e.detail : e instanceof Error ? e.message : String(e));

const sheetOf = (address: string) => {
  try {
    return parseCell(address).sheet;
  } catch {
    return "";
  }
};

/** A formula that uses a defined name (which might hold an SVC call). */
function usesName(formula: string): boolean {
  let found = false;
  try {
    walk(parseCached(formula.trim()), (n) => {
      if (n.kind === "name") found = true;
    });
  } catch {
    return false;
  }
  return found;
}

/** The defined names of the workbook (one read, only when a formula uses a name), or none when the reader cannot say. */
async function namesOf(formulas: readonly FormulaCell[], deps: PlanDeps): Promise<readonly DefinedName[]> {
  if (!formulas.some((f) => usesName(f.formula))) return [];
  try {
    return (await deps.reader.read({ areas: [], spills: [], names: true })).names;
  } catch {
    return [];
  }
}

/** A call whose arguments are all literals (priced even when reading cells failed). */
function literalCall(text: string): { fn: string; args: unknown[] } | null {
  try {
    return parseFormula(text);
  } catch {
    return null;
  }
}

type Outcome = { reqs: PlanRequest[]; from: "cells" | "last-run" } | { outcome: "invalid" | "unpriced"; message: string };

/** One call's requests, or why it has none. `last` is the cell's last run when the call is the cell's only one. */
function outcomeOf(call: SvcCall, r: Resolved | null, deps: PlanDeps, last: ReturnType<NonNullable<PlanDeps["lastRun"]>>): Outcome {
  if (!r || !call.text) return { outcome: "unpriced", message: `SVC.${call.fn}: the formula could not be read, so only running it tells its arguments` };
  if (r.status === "not-svc") return { outcome: "unpriced", message: `SVC.${call.fn}: only running it tells its arguments` };
  if (r.status === "invalid") return { outcome: "invalid", message: r.message };
  const literal = r.status === "needs-run" && !last ? literalCall(call.text) : null;
  try {
    if (r.status === "resolved") return { reqs: deps.requestsFor(r.fn, r.args), from: "cells" };
    if (literal) return { reqs: deps.requestsFor(literal.fn, literal.args), from: "cells" };
    if (last) return { reqs: deps.requestsFor(r.fn, last.args), from: "last-run" };
  } catch (e) {
    return { outcome: "invalid", message: errorText(e) };
  }
  return { outcome: "unpriced", message: r.reason };
}

interface Found {
  f: FormulaCell;
  single: boolean;
  calls: SvcCall[];
  /** Index of each call's site in the resolver's input (-1: no text to resolve). */
  sites: number[];
}

/** A formula's calls: a LAMBDA helper's are those of each run (unreadable when its extent is unknown). */
function callsOf(f: FormulaCell, names: readonly DefinedName[], runs: Runs | undefined): { calls: SvcCall[]; single: boolean } {
  const sheet = sheetOf(f.address);
  if (runs === undefined) return svcCallsOf(f.formula, sheet, names);
  if (runs === null) return { calls: svcCallsOf(f.formula, sheet, names).calls.map((c) => ({ ...c, text: null, top: false })), single: false };
  return { calls: runs.flatMap((run) => svcCallsOf(run, sheet, names).calls.map((c) => ({ ...c, top: false }))), single: false };
}

/** The cells that make SVC calls, and the resolver's sites for their calls. */
function findCalls(formulas: readonly FormulaCell[], names: readonly DefinedName[], helpers: ReadonlyMap<number, Runs>) {
  const found: Found[] = [];
  const sites: { address: string; formula: string }[] = [];
  for (const [i, f] of formulas.entries()) {
    const { calls, single } = callsOf(f, names, helpers.get(i));
    if (!calls.length) continue;
    const idx = calls.map((c) => (c.text ? sites.push({ address: f.address, formula: c.text }) - 1 : -1));
    found.push({ f, single, calls, sites: idx });
  }
  return { found, sites };
}

class Builder {
  readonly plan: RefreshPlanOf = { cells: [], requests: [], invalid: [], unpriced: [], volatile: [], hidden: [], stages: [] };
  private readonly said = new Set<string>();

  note(list: Note[], address: string, message: string): void {
    const key = `${address}\u0000${message}`;
    if (this.said.has(key)) return;
    this.said.add(key);
    list.push({ address, message });
  }

  add(x: Found, resolved: readonly Resolved[], deps: PlanDeps): void {
    const last = x.single ? deps.lastRun?.(x.f.address) : undefined;
    const cell: PlannedCell = { address: x.f.address, formula: x.f.formula, single: x.single, calls: [], volatile: [], reads: [] };
    const volatile = new Set<string>();
    x.calls.forEach((call, i) => {
      const r = x.sites[i] >= 0 ? resolved[x.sites[i]] : null;
      if (r && r.status !== "not-svc") {
        r.volatile.forEach((v) => volatile.add(v));
        cell.reads.push(...r.reads);
      }
      const out = outcomeOf(call, r, deps, call.top && last && (!last.fn || last.fn === call.fn) ? last : undefined);
      const planned: PlannedCall = { fn: call.fn, text: call.text, name: call.name, outcome: "priced", from: null, first: this.plan.requests.length, count: 0, message: null };
      if ("outcome" in out) {
        Object.assign(planned, { outcome: out.outcome, message: out.message });
        this.note(out.outcome === "invalid" ? this.plan.invalid : this.plan.unpriced, cell.address, out.message);
      } else {
        Object.assign(planned, { from: out.from, count: out.reqs.length });
        this.plan.requests.push(...out.reqs);
      }
      cell.calls.push(planned);
    });
    cell.volatile = [...volatile];
    if (cell.volatile.length) this.plan.volatile.push({ address: cell.address, functions: cell.volatile });
    this.plan.cells.push(cell);
  }

  stage(deps: PlanDeps): void {
    const cells = this.plan.cells.map((c) => {
      const last = c.single ? deps.lastRun?.(c.address) : undefined;
      return { address: c.address, reads: c.reads, result: resultArea(c.address, last?.rows, last?.cols) };
    });
    stagesOf(cells).forEach((k, i) => (this.plan.stages[k] ??= []).push(cells[i].address));
  }
}

/**
 * The refresh of `formulas` (any formulas: those that make no SVC call are left out): every SVC call
 * priced from its arguments, the ones that cannot be with their reason, and the order to run in.
 * Reads the cells in a bounded number of passes whatever the number of formulas.
 */
export async function planRefresh(formulas: readonly FormulaCell[], deps: PlanDeps): Promise<RefreshPlanOf> {
  const names = await namesOf(formulas, deps);
  const helpers = await helperRuns(formulas, sheetOf, names, deps.reader);
  const { found, sites } = findCalls(formulas, names, helpers);
  const resolved = sites.length ? await resolveCalls(sites, deps.reader, { params: deps.params ?? paramsOf, now: deps.now }) : [];
  const b = new Builder();
  for (const x of found) b.add(x, resolved, deps);
  for (const { f } of found) {
    const functions = svcCallsHiddenBy(f.formula, sheetOf(f.address), names);
    if (functions.length) b.plan.hidden.push({ address: f.address, functions });
  }
  b.stage(deps);
  return b.plan;
}

/** The requests of one planned cell. */
export function requestsOfCell(plan: RefreshPlanOf, cell: PlannedCell): PlanRequest[] {
  return cell.calls.flatMap((c) => plan.requests.slice(c.first, c.first + c.count));
}
