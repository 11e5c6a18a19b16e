/**
 * Running a priced refresh: the priced answers are made due, then each stage is recalculated
 * (upstream first) and allowed to settle. A later stage is resolved again from the cells as they are
 * now — a refreshed PEERS spill may name other peers — and only its cells that Excel has not already
 * recalculated from fresh answers run again. Cancel drops the queued calls and stops between stages.
 */
import type { PaneContext, PlanRequest, SourceView } from "../types";
import { PlanDeps, RefreshSet, priceFormulas } from "./plan";

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
  errors: { address: string; message: string }[];
  cancelled: number;
  /** Formulas that could not be priced beforehand, with what they cost. */
  unpriced: { address: string; message: string; cost: number | null }[];
}

type Engine = Required<Pick<PaneContext["engine"], "invalidate" | "plan" | "settled">> & PaneContext["engine"];
type Workbook = NonNullable<PaneContext["workbook"]>;

const keyOf = (r: PlanRequest) => JSON.stringify(r);

/**
 * Wait until the stage's requests, made due by invalidate, have been asked again and answered or
 * failed (the engine's signal), or Cancel, or the action's time limit.
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

/** The requests of the cells at `addresses`, as priced. */
function requestsAt(set: RefreshSet, addresses: readonly string[]): PlanRequest[] {
  const at = new Set(addresses);
  return set.cells.filter((c) => at.has(c.address)).flatMap((c) => set.requests.slice(c.first, c.first + c.count));
}

/** A later stage as it is now: the cells still to run, and their requests not yet made due. */
async function restage(ctx: PaneContext, set: RefreshSet, addresses: readonly string[], started: number, deps: PlanDeps, due: Set<string>) {
  const formulas = addresses.map((address) => ({ address, formula: set.formulas.get(address) ?? "" }));
  const { set: now } = await priceFormulas(formulas, deps);
  const by = new Map((ctx.sources.list() as SourceView[]).map((s) => [s.address, s]));
  // Excel recalculated a cell by itself when its upstream changed: if that ran on a fresh answer, it is done.
  const todo = addresses.filter((a) => (by.get(a)?.fetchedAt ?? 0) < started);
  const fresh = new Set(todo);
  const reqs = now.cells.filter((c) => fresh.has(c.address)).flatMap((c) => now.requests.slice(c.first, c.first + c.count));
  const newer = reqs.filter((r) => !due.has(keyOf(r)));
  for (const r of newer) due.add(keyOf(r));
  return { todo, newer, reqs };
}

/** Make the priced answers due and recalculate stage by stage. */
export async function runStages(ctx: PaneContext, set: RefreshSet, state: RunState, deps: () => PlanDeps, started: number): Promise<void> {
  const engine = ctx.engine as Engine;
  const wb = ctx.workbook as Workbook;
  const due = new Set(set.requests.map(keyOf));
  await engine.invalidate(set.requests);
  for (const [k, addresses] of set.stages.entries()) {
    if (state.stop || !addresses?.length) continue;
    let todo: readonly string[] = addresses;
    let reqs = requestsAt(set, addresses);
    if (k > 0) {
      const next = await restage(ctx, set, addresses, started, deps(), due);
      if (next.newer.length) await engine.invalidate(next.newer);
      todo = next.todo;
      reqs = next.reqs;
    }
    if (todo.length) await wb.recalculateCells(todo);
    await settle(ctx, reqs, started, state);
  }
}

/** What the unpriced formulas cost: the calls their recorded arguments add to what was priced (one read for all). */
async function unpricedCosts(ctx: PaneContext, set: RefreshSet, deps: PlanDeps): Promise<RefreshSummary["unpriced"]> {
  if (!set.unpriced.length) return [];
  const engine = ctx.engine as Engine;
  const { set: now } = await priceFormulas(set.unpriced.map((u) => ({ address: u.address, formula: set.formulas.get(u.address) ?? "" })), deps);
  const out: RefreshSummary["unpriced"] = [];
  let base = [...set.requests];
  let calls = (await engine.plan(base, { refresh: true })).calls;
  for (const u of set.unpriced) {
    const c = now.cells.find((x) => x.address === u.address);
    if (!c) {
      out.push({ ...u, cost: now.invalid.some((x) => x.address === u.address) ? 0 : null });
      continue;
    }
    base = [...base, ...now.requests.slice(c.first, c.first + c.count)];
    const total = (await engine.plan(base, { refresh: true })).calls;
    out.push({ ...u, cost: total - calls });
    calls = total;
  }
  return out;
}

export async function summarise(ctx: PaneContext, set: RefreshSet, run: { started: number; spent: number; priced: number; cancelled: number }, deps: PlanDeps): Promise<RefreshSummary> {
  const by = new Map((ctx.sources.list() as SourceView[]).map((s) => [s.address, s]));
  let updated = 0;
  const errors: { address: string; message: string }[] = [];
  for (const address of set.stages.flat()) {
    const s = by.get(address);
    if (!s) continue;
    if (s.error) errors.push({ address, message: s.error });
    else if (s.fetchedAt >= run.started && !s.stale) updated++;
  }
  return { spent: run.spent, priced: run.priced, updated, errors, cancelled: run.cancelled, unpriced: await unpricedCosts(ctx, set, deps) };
}
