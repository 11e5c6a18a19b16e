/**
 * What the Refresh section says about a price and a finished refresh: the counts, then one line per
 * formula that needs saying — no call (which argument and why), priced from its last run, priced only
 * after it runs, recalculated on every edit (and the way out) — and the summary with real costs.
 */
import { append, clear, el } from "../dom";
import { NotedCell, RefreshSet } from "./plan";
import type { RefreshSummary } from "./run";
import type { RefreshPlan } from "../types";
import { volatileText } from "./volatile";

/** Lines shown per kind; the rest are counted. */
const MAX_NOTES = 25;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "12 formulas, 14 requests, 2 shared with another call, 1 with invalid arguments (no call), ..." */
export function detailText(set: RefreshSet, plan: RefreshPlan, invalid: readonly NotedCell[]): string {
  const formulas = set.stages.reduce((n, s) => n + (s?.length ?? 0), 0);
  const parts = [plural(formulas, "formula"), plural(plan.requests, "request")];
  if (plan.requests > plan.calls) parts.push(`${plan.requests - plan.calls} shared with another call`);
  if (invalid.length) parts.push(`${invalid.length} with invalid arguments (no call)`);
  const lastRun = set.cells.filter((c) => c.from === "last-run").length;
  if (lastRun) parts.push(`${lastRun} priced from the arguments of its last run`);
  if (set.unpriced.length) parts.push(`${set.unpriced.length} priced only once it has run (refreshed anyway)`);
  if (set.volatile.length) parts.push(`${set.volatile.length} recalculated by Excel on every edit`);
  if (set.stages.length > 1) parts.push(`${set.stages.length} steps (formulas that read another result run after it)`);
  return parts.join(", ") + ".";
}

function noteList(kind: string, rows: readonly { address: string; text: string }[]): HTMLElement | null {
  if (!rows.length) return null;
  const ul = el("ul", { className: `svc-notes svc-notes-${kind}`, attrs: { "data-list": `notes-${kind}` } });
  for (const r of rows.slice(0, MAX_NOTES)) ul.appendChild(el("li", { text: `${r.address}: ${r.text}`, attrs: { "data-address": r.address, "data-kind": kind } }));
  if (rows.length > MAX_NOTES) ul.appendChild(el("li", { className: "svc-hint", text: `and ${rows.length - MAX_NOTES} more` }));
  return ul;
}

/** The per-formula lines under a price. */
export function renderNotes(box: HTMLElement, set: RefreshSet, invalid: readonly NotedCell[]): void {
  clear(box);
  const lastRun = set.cells.filter((c) => c.from === "last-run");
  append(box, [
    noteList("invalid", invalid.map((x) => ({ address: x.address, text: `${x.message} (no call)` }))),
    noteList("last-run", lastRun.map((c) => ({ address: c.address, text: "priced from the arguments Excel last passed it (a nested call or a function only Excel evaluates)" }))),
    noteList("unpriced", set.unpriced.map((x) => ({ address: x.address, text: `${x.message}; not run yet in this session, so it is priced after it runs` }))),
    noteList("volatile", set.volatile.map((v) => ({ address: v.address, text: volatileText(v.functions) }))),
    noteList("skipped", set.skipped.map((x) => ({ address: x.address, text: x.message }))),
  ]);
}

/** The summary after a refresh: spent vs priced, updated cells, errors, and what unpriced formulas cost. */
export function renderSummary(box: HTMLElement, r: RefreshSummary): void {
  clear(box);
  const head =
    `Refresh done: ${plural(r.spent, "call")} spent (priced ≈ ${r.priced}); ${plural(r.updated, "cell")} updated` +
    (r.cancelled ? `; ${plural(r.cancelled, "queued call")} cancelled` : "") +
    ".";
  box.appendChild(el("p", { className: "svc-summary-head", text: head, attrs: { "data-spent": String(r.spent), "data-priced": String(r.priced), "data-updated": String(r.updated) } }));
  if (r.unpriced.length) {
    const ul = el("ul", { className: "svc-notes", attrs: { "data-list": "summary-unpriced" } });
    for (const u of r.unpriced) {
      const cost = u.cost === null ? "its cost is not known (it did not run)" : `it cost ${plural(u.cost, "call")}`;
      ul.appendChild(el("li", { text: `${u.address} was not priced beforehand (${u.message}): ${cost}.`, attrs: { "data-address": u.address, "data-cost": String(u.cost ?? "") } }));
    }
    box.appendChild(ul);
  }
  if (r.errors.length) {
    const ul = el("ul", "svc-summary-errors");
    for (const e of r.errors) ul.appendChild(el("li", { text: `${e.address}: ${e.message}` }));
    append(box, [el("p", { text: `${plural(r.errors.length, "error")}:` }), ul]);
  }
}
