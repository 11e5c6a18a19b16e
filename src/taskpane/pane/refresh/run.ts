/**
 * Running a priced refresh: the priced answers are made due, then each stage (upstream first) has
 * its answers fetched again — the engine caches them — and its cells recalculated (Range.calculate),
 * so a composite formula (`=SVC.FINANCIALS(...)/1000`, a sum of two calls, a call in a name) shows
 * the new figure from the cache; then the stage settles. A later stage is planned again from the
 * cells as they are now — a refreshed PEERS spill may name other peers — and only its cells that
 * Excel has not already recalculated from fresh answers run again. Cancel drops the queued calls and
 * stops between stages.
 */
import { PlanDeps, RefreshPlanOf, planRefresh, requestsOfCell } from "../../../plan";
import type { WorkbookReading } from "../../../plan";
import { parseCell } from "../../../formula";
import type { PaneContext, SourceView } from "../types";
import type { PlanRequest } from "../../../engine";

export interface RunState {
  cancelled: number;
  stop: boolean;
  /** Aborted by Cancel: the wait for the stage's answers ends at once. */
  abort?: AbortController;
}

export interface RefreshSummary {
  spent: number;
  priced: number;
  updated: number;
  /** The SVC calls that failed; `hidden`: the formula shows a value instead (IFERROR, ISERROR...), with the error's code. */
  errors: { address: string; message: string; hidden?: string }[];
  cancelled: number;
  /** Formulas that could not be priced beforehand, with what they cost. */
  unpriced: { address: string; message: string; cost: number | null }[];
}

type Engine = Required<Pick<PaneContext["engine"], "invalidate" | "plan" | "settled">> & PaneContext["engine"];
type Workbook = NonNullable<PaneContext["workbook"]>;

const keyOf = (r: PlanRequest) => JSON.stringify(r);

/**
 * Wait until the stage's requests, made due by invalidate, have been asked again and answered or
 * failed (the engine's signal; the cells that asked have finished), or Cancel, or the action's time limit.
 */
async function settle(ctx: PaneContext, reqs: PlanRequest[], started: number, state: RunState): Promise<void> {
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(), Math.max(0, started + ctx.actionTimeoutMs - Date.now()));
  const stop = () => limit.abort();
  state.abort?.signal.addEventListener("abort", stop, { once: true });
  if (state.stop) limit.abort();
  try {
    await (ctx.engine as Engine).settled(reqs, { signal: limit.signal });
  } finally {
    clearTimeout(timer);
    state.abort?.signal.removeEventListener("abort", stop);
  }
}

const formulasOf = (plan: RefreshPlanOf, addresses: readonly string[]) => {
  const by = new Map(plan.cells.map((c) => [c.address, c.formula]));
  return addresses.map((address) => ({ address, formula: by.get(address) ?? "" }));
};

/** A stage as it is now: the cells still to run, their requests, and those not yet made due. */
async function restage(ctx: PaneContext, plan: RefreshPlanOf, addresses: readonly string[], started: number, deps: PlanDeps, due: Set<string>) {
  const now = await planRefresh(formulasOf(plan, addresses), deps);
  const by = new Map((ctx.sources.list() as SourceView[]).map((s) => [s.address, s]));
  // Excel recalculated a cell by itself when its upstream changed: if that ran on a fresh answer, it is done.
  const todo = addresses.filter((a) => (by.get(a)?.fetchedAt ?? 0) < started);
  const fresh = new Set(todo);
  const reqs = now.cells.filter((c) => fresh.has(c.address)).flatMap((c) => requestsOfCell(now, c));
  const newer = reqs.filter((r) => !due.has(keyOf(r)));
  for (const r of newer) due.add(keyOf(r));
  return { todo, reqs, newer };
}

/** Fetch the answers a stage needs (the engine caches them; failures show in the cells). */
async function fetchAll(engine: Engine, reqs: readonly PlanRequest[]): Promise<void> {
  const unique = new Map(reqs.map((r) => [keyOf(r), r]));
  await Promise.allSettled([...unique.values()].map((r) => engine.request(r.tool, r.params)));
}

/** Make the priced answers due, then stage by stage fetch them and recalculate the cells. */
export async function runStages(ctx: PaneContext, plan: RefreshPlanOf, state: RunState, deps: () => PlanDeps, started: number): Promise<void> {
  const engine = ctx.engine as Engine;
  const wb = ctx.workbook as Workbook;
  const due = new Set(plan.requests.map(keyOf));
  await engine.invalidate(plan.requests);
  for (const [k, addresses] of plan.stages.entries()) {
    if (state.stop || !addresses?.length) continue;
    let todo: readonly string[] = addresses;
    let reqs = plan.cells.filter((c) => addresses.includes(c.address)).flatMap((c) => requestsOfCell(plan, c));
    if (k > 0) {
      const next = await restage(ctx, plan, addresses, started, deps(), due);
      if (next.newer.length) await engine.invalidate(next.newer);
      ({ todo, reqs } = next);
    }
    if (!todo.length) continue;
    await fetchAll(engine, reqs);
    if (state.stop) continue;
    await wb.recalculateCells(todo);
    await settle(ctx, reqs, started, state);
  }
}

/** What the unpriced formulas cost: the calls their recorded arguments add to what was priced (one read for all). */
async function unpricedCosts(ctx: PaneContext, plan: RefreshPlanOf, deps: PlanDeps): Promise<RefreshSummary["unpriced"]> {
  if (!plan.unpriced.length) return [];
  const engine = ctx.engine as Engine;
  const now = await planRefresh(formulasOf(plan, plan.unpriced.map((u) => u.address)), deps);
  const out: RefreshSummary["unpriced"] = [];
  let base = [...plan.requests];
  let calls = (await engine.plan(base, { refresh: true })).calls;
  for (const u of plan.unpriced) {
    const c = now.cells.find((x) => x.address === u.address);
    if (!c || c.calls.some((x) => x.outcome === "unpriced")) {
      out.push({ ...u, cost: now.invalid.some((x) => x.address === u.address) ? 0 : null });
      continue;
    }
    base = [...base, ...requestsOfCell(now, c)];
    const total = (await engine.plan(base, { refresh: true })).calls;
    out.push({ ...u, cost: total - calls });
    calls = total;
  }
  return out;
}

/** Whether the cell at `address` shows an error in the reading (null: the reading does not hold it). */
function showsError(reading: WorkbookReading | null, address: string): boolean | null {
  const at = parseCell(address);
  const s = reading?.sheets.find((x) => x.sheet.toUpperCase() === at.sheet.toUpperCase());
  if (!s) return null;
  const v = s.values[at.row - s.row]?.[at.col - s.col];
  return !!v && typeof v === "object" && "error" in v;
}

export async function summarise(ctx: PaneContext, plan: RefreshPlanOf, run: { started: number; spent: number; priced: number; cancelled: number }, deps: PlanDeps, after: WorkbookReading | null = null): Promise<RefreshSummary> {
  const by = new Map((ctx.sources.list() as SourceView[]).map((s) => [s.address, s]));
  let updated = 0;
  const errors: RefreshSummary["errors"] = [];
  for (const address of plan.stages.flat()) {
    const s = by.get(address);
    if (!s) continue;
    if (s.error) errors.push(showsError(after, address) === false ? { address, message: s.error, hidden: s.errorCode ?? "#N/A" } : { address, message: s.error });
    else if (s.fetchedAt >= run.started && !s.stale) updated++;
  }
  return { spent: run.spent, priced: run.priced, updated, errors, cancelled: run.cancelled, unpriced: await unpricedCosts(ctx, plan, deps) };
}
