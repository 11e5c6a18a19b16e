/**
 * Data tab, "Refresh with a price": choose the selection, the sheet or the workbook; the engine
 * prices exactly those answers (plan with refresh:true: canonical requests, cache, wide answers,
 * coalescing) and the pane shows "≈ N calls; R left today" before anything is spent. Refresh
 * invalidates exactly those answers and recalculates exactly those cells, with progress ("12 of 37"),
 * Cancel (queued calls are dropped: cells keep their last values, marked stale) and a summary.
 * Nothing here runs by itself, and never on open.
 */
import type { Scope } from "../../office/workbook";
import { Btn, StatusLine, append, button, clear, el, setDisabled } from "./dom";
import { failureText } from "./failure";
import { RefreshSet, invalidCells, refreshSet } from "./refresh-plan";
import { PaneContext, RefreshPlan, SourceView } from "./types";

const SCOPES: ReadonlyArray<[Scope, string]> = [
  ["selection", "Selected cells"],
  ["sheet", "This sheet"],
  ["workbook", "Whole workbook"],
];

const fmt = new Intl.NumberFormat("en-US");

/** "≈ 37 calls; 1,412 left today" (remaining unknown until the API has answered once). */
export function priceText(plan: RefreshPlan, remaining: number | null | undefined): string {
  const calls = `≈ ${fmt.format(plan.calls)} call${plan.calls === 1 ? "" : "s"}`;
  const left = remaining === null || remaining === undefined ? "quota left today: not known yet" : `${fmt.format(remaining)} left today`;
  return `${calls}; ${left}`;
}

/** How long the engine must stay idle before a refresh counts as settled. */
const SETTLE_MS = 400;

export interface RefreshSummary {
  spent: number;
  priced: number;
  updated: number;
  errors: { address: string; message: string }[];
  cancelled: number;
}

export function refreshSection(ctx: PaneContext, onDone: () => void = () => undefined): HTMLElement {
  const root = el("section", { className: "svc-section", attrs: { "data-section": "svc-refresh", "aria-labelledby": "svc-refresh-title" } });
  const title = el("h2", { className: "svc-section-title", text: "Refresh", attrs: { id: "svc-refresh-title" } });
  const scope = el("select", { className: "svc-input", attrs: { id: "svc-refresh-scope", name: "scope" } });
  for (const [v, label] of SCOPES) scope.appendChild(el("option", { text: label, attrs: { value: v } }));
  scope.value = "sheet";
  const scopeRow = el("div", "svc-field", [el("label", { className: "svc-label", text: "Refresh", attrs: { for: "svc-refresh-scope" } }), scope]);
  const hint = el("p", { className: "svc-hint", text: "Results are cached to save your daily quota. Nothing is fetched until you confirm the price." });
  const price = el("p", { className: "svc-price", attrs: { "data-field": "price", role: "status", "aria-live": "polite" } });
  const detail = el("p", { className: "svc-hint", attrs: { "data-field": "price-detail" } });
  const progressText = el("p", { className: "svc-progress-text", attrs: { "data-field": "progress", role: "status", "aria-live": "polite" } });
  const bar = el("fluent-progress-bar" as "div", { className: "svc-progress", attrs: { "aria-label": "Refresh progress", max: "1", value: "0" } });
  const summary = el("div", { className: "svc-summary", attrs: { "data-field": "summary", role: "status", "aria-live": "polite" } });
  const status = new StatusLine();
  const askBtn: Btn = button("Price refresh…", () => void ask(), "svc-button");
  const goBtn: Btn = button("Refresh now", () => void run(), "svc-button svc-primary");
  const noBtn: Btn = button("Not now", () => reset("Refresh not started: nothing was spent."), "svc-button");
  const cancelBtn: Btn = button("Cancel", () => cancel(), "svc-button");
  const confirmRow = el("div", "svc-buttons", [goBtn, noBtn]);
  const runRow = el("div", "svc-buttons", [cancelBtn]);
  append(root, [title, hint, scopeRow, el("div", "svc-buttons", [askBtn]), price, detail, confirmRow, progressText, bar, runRow, summary, status.node]);

  let pending: { set: RefreshSet; plan: RefreshPlan } | null = null;
  let running: { cancelled: number; stop: boolean } | null = null;

  const show = (node: HTMLElement, on: boolean): void => {
    node.hidden = !on;
  };
  const reset = (message?: string): void => {
    pending = null;
    show(confirmRow, false);
    show(runRow, false);
    show(bar, false);
    price.textContent = "";
    detail.textContent = "";
    setDisabled(askBtn, false);
    scope.disabled = false;
    if (message) status.show("info", message);
    else status.hide();
  };
  reset();

  async function ask(): Promise<void> {
    clear(summary);
    progressText.textContent = "";
    status.hide();
    const engine = ctx.engine;
    if (!ctx.workbook || !ctx.requestsFor || !engine.plan || !engine.invalidate || !engine.cancelQueued) {
      status.show("error", "Refresh is not available here: it needs Excel and the engine's planner.");
      return;
    }
    setDisabled(askBtn, true);
    try {
      const cells = await ctx.workbook.readSvcFormulas(scope.value as Scope);
      const set = refreshSet(cells, ctx.requestsFor);
      if (set.cells.length === 0) {
        reset(
          set.skipped.length
            ? `No SVC formula here can be priced (${set.skipped.length} use cell references or nested calls; recalculate them in Excel).`
            : "No SVC formulas here: nothing to refresh."
        );
        return;
      }
      const plan = await engine.plan(set.requests, { refresh: true });
      pending = { set, plan };
      price.textContent = priceText(plan, engine.stats().quota_remaining);
      const parts = [`${set.cells.length} formula${set.cells.length === 1 ? "" : "s"}`, `${plan.requests} request${plan.requests === 1 ? "" : "s"}`];
      if (plan.requests > plan.calls) parts.push(`${plan.requests - plan.calls} shared with another call`);
      const bad = invalidCells(set, plan.invalid);
      if (bad.length) parts.push(`${bad.length} with invalid arguments (no call)`);
      if (set.skipped.length) parts.push(`${set.skipped.length} not refreshed (arguments refer to cells)`);
      const blocked = engine.quotaBlockedUntil();
      detail.textContent = parts.join(", ") + "." + (blocked !== null ? " The daily quota is used up until 00:00 UTC: cells will keep their cached values." : "");
      show(confirmRow, true);
      scope.disabled = true;
    } catch (e) {
      setDisabled(askBtn, false);
      status.show("error", failureText(e));
    }
  }

  async function run(): Promise<void> {
    if (!pending || running) return;
    const { set, plan } = pending;
    const engine = ctx.engine as Required<Pick<typeof ctx.engine, "invalidate" | "cancelQueued">> & typeof ctx.engine;
    const wb = ctx.workbook!;
    show(confirmRow, false);
    show(runRow, true);
    show(bar, true);
    setDisabled(cancelBtn, false);
    const state = (running = { cancelled: 0, stop: false });
    const before = engine.stats().calls;
    const started = Date.now();
    const progress = (): void => {
      const spent = engine.stats().calls - before;
      progressText.textContent = `${fmt.format(spent)} of ${fmt.format(plan.calls)} calls`;
      bar.setAttribute("max", String(Math.max(1, plan.calls)));
      bar.setAttribute("value", String(Math.min(spent, plan.calls)));
    };
    const off = engine.onChange(progress);
    progress();
    try {
      await engine.invalidate(set.requests);
      await wb.recalculateCells(set.cells.map((c) => c.address));
      await settle(ctx, started, state);
    } catch (e) {
      status.show("error", failureText(e));
    } finally {
      off();
      progress();
      running = null;
      const result = summarise(ctx, set, started, engine.stats().calls - before, plan.calls, state.cancelled);
      renderSummary(result);
      pending = null;
      price.textContent = ""; // the price was spent: a stale "≈ N calls; R left" would mislead
      detail.textContent = "";
      show(runRow, false);
      setDisabled(askBtn, false);
      scope.disabled = false;
      onDone();
    }
  }

  function cancel(): void {
    if (!running) return;
    const dropped = ctx.engine.cancelQueued ? ctx.engine.cancelQueued() : 0;
    running.cancelled += dropped;
    running.stop = true;
    setDisabled(cancelBtn, true);
    progressText.textContent += ` — cancelled ${dropped} queued call${dropped === 1 ? "" : "s"}; cells keep their last values (marked stale).`;
  }

  function renderSummary(r: RefreshSummary): void {
    clear(summary);
    const head = `Refresh done: ${r.spent} call${r.spent === 1 ? "" : "s"} spent (priced ≈ ${r.priced}); ${r.updated} cell${r.updated === 1 ? "" : "s"} updated` +
      (r.cancelled ? `; ${r.cancelled} queued call${r.cancelled === 1 ? "" : "s"} cancelled` : "") + ".";
    summary.appendChild(el("p", { className: "svc-summary-head", text: head, attrs: { "data-spent": String(r.spent), "data-priced": String(r.priced), "data-updated": String(r.updated) } }));
    if (r.errors.length) {
      const ul = el("ul", "svc-summary-errors");
      for (const e of r.errors) ul.appendChild(el("li", { text: `${e.address}: ${e.message}` }));
      append(summary, [el("p", { text: `${r.errors.length} error${r.errors.length === 1 ? "" : "s"}:` }), ul]);
    }
  }

  return root;
}

/** Wait until the engine has been idle for SETTLE_MS (the cells' functions have run), or Cancel. */
async function settle(ctx: PaneContext, started: number, state: { stop: boolean }): Promise<void> {
  const deadline = started + ctx.actionTimeoutMs;
  let quietSince = 0;
  await new Promise((r) => setTimeout(r, 50));
  while (Date.now() < deadline) {
    const pending = ctx.engine.stats().pending;
    if (pending === 0) {
      if (!quietSince) quietSince = Date.now();
      if (Date.now() - quietSince >= SETTLE_MS) return;
    } else quietSince = 0;
    if (state.stop && pending === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

function summarise(ctx: PaneContext, set: RefreshSet, started: number, spent: number, priced: number, cancelled: number): RefreshSummary {
  const by = new Map((ctx.sources.list() as SourceView[]).map((s) => [s.address, s]));
  let updated = 0;
  const errors: { address: string; message: string }[] = [];
  for (const c of set.cells) {
    const s = by.get(c.address);
    if (!s) continue;
    if (s.error) errors.push({ address: c.address, message: s.error });
    else if (s.fetchedAt >= started && !s.stale) updated++;
  }
  return { spent, priced, updated, errors, cancelled };
}
