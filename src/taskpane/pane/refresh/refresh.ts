/**
 * Data tab, "Refresh with a price": choose the selection, the sheet or the workbook; every formula
 * there that makes an SVC call (wrapped, composite, through a defined name) goes through the one
 * refresh plan (src/plan) and the engine prices exactly those answers (one call per distinct
 * identity): "≈ N calls; R left today" before anything is spent. Refresh fetches those answers again
 * and recalculates those cells, upstream first, with progress ("12 of 37"), Cancel (queued calls are
 * dropped: cells keep their last values, marked stale) and a summary. Nothing here runs by itself,
 * and never on open.
 */
import type { Scope } from "../../../office";
import { Btn, StatusLine, append, button, clear, el, setDisabled } from "../dom";
import { failureText } from "../failure";
import { ChangesPanel } from "../changes";
import { Price, RefreshPlanOf, planLines, planRefresh, priceDetail, pricePlan } from "../../../plan";
import { planDepsFor, pricerOf } from "./deps";
import { renderNotes, renderSummary } from "./notes";
import { RunState, runStages, summarise } from "./run";
import { PaneContext } from "../types";

const SCOPES: ReadonlyArray<[Scope, string]> = [
  ["selection", "Selected cells"],
  ["sheet", "This sheet"],
  ["workbook", "Whole workbook"],
];

const fmt = new Intl.NumberFormat("en-US");

/** "≈ 37 calls; 1,412 left today" (remaining unknown until the API has answered once). */
export function priceText(plan: { calls: number }, remaining: number | null | undefined): string {
  const calls = `≈ ${fmt.format(plan.calls)} call${plan.calls === 1 ? "" : "s"}`;
  const left = remaining === null || remaining === undefined ? "quota left today: not known yet" : `${fmt.format(remaining)} left today`;
  return `${calls}; ${left}`;
}

/** The section's nodes. */
class RefreshView {
  readonly root = el("section", { className: "svc-section", attrs: { "data-section": "svc-refresh", "aria-labelledby": "svc-refresh-title" } });
  readonly scope = el("select", { className: "svc-input", attrs: { id: "svc-refresh-scope", name: "scope" } });
  readonly price = el("p", { className: "svc-price", attrs: { "data-field": "price", role: "status", "aria-live": "polite" } });
  readonly detail = el("p", { className: "svc-hint", attrs: { "data-field": "price-detail" } });
  readonly notes = el("div", { className: "svc-price-notes", attrs: { "data-field": "price-notes" } });
  readonly progress = el("p", { className: "svc-progress-text", attrs: { "data-field": "progress", role: "status", "aria-live": "polite" } });
  readonly bar = el("fluent-progress-bar" as "div", { className: "svc-progress", attrs: { "aria-label": "Refresh progress", max: "1", value: "0" } });
  readonly summary = el("div", { className: "svc-summary", attrs: { "data-field": "summary", role: "status", "aria-live": "polite" } });
  readonly status = new StatusLine();
  readonly confirmRow: HTMLElement;
  readonly runRow: HTMLElement;

  constructor(readonly ask: Btn, go: Btn, no: Btn, readonly cancel: Btn) {
    for (const [v, label] of SCOPES) this.scope.appendChild(el("option", { text: label, attrs: { value: v } }));
    this.scope.value = "sheet";
    const title = el("h2", { className: "svc-section-title", text: "Refresh", attrs: { id: "svc-refresh-title" } });
    const hint = el("p", { className: "svc-hint", text: "Results are cached to save your daily quota. Nothing is fetched until you confirm the price." });
    const scopeRow = el("div", "svc-field", [el("label", { className: "svc-label", text: "Refresh", attrs: { for: "svc-refresh-scope" } }), this.scope]);
    this.confirmRow = el("div", "svc-buttons", [go, no]);
    this.runRow = el("div", "svc-buttons", [cancel]);
    append(this.root, [title, hint, scopeRow, el("div", "svc-buttons", [ask]), this.price, this.detail, this.notes, this.confirmRow, this.progress, this.bar, this.runRow, this.summary, this.status.node]);
  }

  /** Back to "nothing priced": buttons and scope enabled, an optional message. */
  reset(message?: string): void {
    for (const n of [this.confirmRow, this.runRow, this.bar]) n.hidden = true;
    this.price.textContent = "";
    this.detail.textContent = "";
    clear(this.notes);
    setDisabled(this.ask, false);
    this.scope.disabled = false;
    if (message) this.status.show("info", message);
    else this.status.hide();
  }
}

class RefreshSection {
  readonly view: RefreshView;
  private pending: { plan: RefreshPlanOf; price: Price } | null = null;
  private running: RunState | null = null;
  private readonly changes: ChangesPanel;

  constructor(private readonly ctx: PaneContext, private readonly onDone: () => void) {
    const ask = button("Price refresh…", () => void this.ask(), "svc-button");
    const go = button("Refresh now", () => void this.run(), "svc-button svc-primary");
    const no = button("Not now", () => this.reset("Refresh not started: nothing was spent."), "svc-button");
    const cancel = button("Cancel", () => this.cancel(), "svc-button");
    this.view = new RefreshView(ask, go, no, cancel);
    this.changes = new ChangesPanel(ctx);
    this.view.root.appendChild(this.changes.root);
    this.reset();
  }

  private reset(message?: string): void {
    this.pending = null;
    this.view.reset(message);
  }

  private async ask(): Promise<void> {
    const { ctx, view } = this;
    clear(view.summary);
    view.progress.textContent = "";
    view.status.hide();
    const { workbook: wb, requestsFor, engine } = ctx;
    if (!wb || !requestsFor || !engine.plan || !engine.invalidate || !engine.cancelQueued) {
      return view.status.show("error", "Refresh is not available here: it needs Excel and the engine's planner.");
    }
    setDisabled(view.ask, true);
    const t0 = performance.now();
    try {
      const plan = await planRefresh(await wb.readSvcFormulas(view.scope.value as Scope), planDepsFor(ctx, wb, requestsFor));
      if (plan.cells.length === 0) return this.reset("No SVC formulas here: nothing to refresh.");
      const price = await pricePlan(plan, pricerOf(ctx));
      this.pending = { plan, price };
      view.price.textContent = priceText(price, engine.stats().quota_remaining);
      view.price.dataset.ms = String(Math.round(performance.now() - t0)); // what pricing took (npm run bench reads it)
      view.price.dataset.calls = String(price.calls);
      const blocked = engine.quotaBlockedUntil() !== null ? " The daily quota is used up until 00:00 UTC: cells will keep their cached values." : "";
      view.detail.textContent = priceDetail(plan, price) + blocked;
      renderNotes(view.notes, planLines(plan, price));
      view.confirmRow.hidden = false;
      view.scope.disabled = true;
    } catch (e) {
      setDisabled(view.ask, false);
      view.status.show("error", failureText(e));
    }
  }

  private progress(before: number, priced: number): () => void {
    const { engine } = this.ctx;
    const { progress, bar } = this.view;
    return () => {
      const spent = engine.stats().calls - before;
      progress.textContent = `${fmt.format(spent)} of ${fmt.format(priced)} calls`;
      bar.setAttribute("max", String(Math.max(1, priced)));
      bar.setAttribute("value", String(Math.min(spent, priced)));
    };
  }

  private async run(): Promise<void> {
    const { ctx, view, pending } = this;
    const { workbook: wb, requestsFor } = ctx;
    if (!pending || this.running || !wb || !requestsFor) return;
    const { plan, price } = pending;
    view.confirmRow.hidden = true;
    view.runRow.hidden = view.bar.hidden = false;
    setDisabled(view.cancel, false);
    const state = (this.running = { cancelled: 0, stop: false, abort: new AbortController() });
    const before = ctx.engine.stats().calls;
    const started = Date.now();
    const progress = this.progress(before, price.calls);
    const off = ctx.engine.onChange(progress);
    progress();
    const held = await this.changes.before(plan.cells.map((c) => c.address)).catch(() => null); // the values before, for "What changed"
    try {
      await runStages(ctx, plan, state, () => planDepsFor(ctx, wb, requestsFor), started);
    } catch (e) {
      view.status.show("error", failureText(e));
    } finally {
      off();
      progress();
      this.running = null;
      const run = { started, spent: ctx.engine.stats().calls - before, priced: price.calls, cancelled: state.cancelled };
      const after = await this.changes.after(held, plan.cells.map((c) => c.address)).catch((e) => (view.status.show("error", failureText(e)), null));
      renderSummary(view.summary, await summarise(ctx, plan, run, planDepsFor(ctx, wb, requestsFor), after).catch(() => ({ ...run, updated: 0, errors: [], unpriced: [] })));
      // Range.calculate refreshed the cells; in Manual calculation Excel leaves their dependents stale.
      if ((await wb.calculationMode?.().catch(() => null)) === "Manual") view.status.show("info", MANUAL_NOTE);
      this.pending = null;
      // the price was spent: a stale "≈ N calls; R left" would mislead
      view.price.textContent = "";
      view.detail.textContent = "";
      clear(view.notes);
      view.runRow.hidden = true;
      setDisabled(view.ask, false);
      view.scope.disabled = false;
      this.onDone();
    }
  }

  private cancel(): void {
    if (!this.running) return;
    const dropped = this.ctx.engine.cancelQueued ? this.ctx.engine.cancelQueued() : 0;
    this.running.cancelled += dropped;
    this.running.stop = true;
    this.running.abort?.abort();
    setDisabled(this.view.cancel, true);
    this.view.progress.textContent += ` — cancelled ${dropped} queued call${dropped === 1 ? "" : "s"}; cells keep their last values (marked stale).`;
  }
}

export const MANUAL_NOTE = "Excel is in Manual calculation: press F9 to update dependents.";

export function refreshSection(ctx: PaneContext, onDone: () => void = () => undefined): HTMLElement {
  return new RefreshSection(ctx, onDone).view.root;
}
