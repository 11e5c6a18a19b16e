/**
 * What the Refresh section shows about a price and a finished refresh: the plan's own counts and
 * lines (src/plan/words.ts: the same words the CLI prints), and the summary with real costs.
 */
import { append, clear, el } from "../dom";
import { LineKind, PlanLine, plural } from "../../../plan";
import type { RefreshSummary } from "./run";

/** Lines shown per kind; the rest are counted. */
const MAX_NOTES = 25;

const KINDS: readonly LineKind[] = ["invalid", "last-run", "unpriced", "volatile", "hides", "cell"];

function noteList(kind: string, rows: readonly PlanLine[]): HTMLElement | null {
  if (!rows.length) return null;
  const ul = el("ul", { className: `svc-notes svc-notes-${kind}`, attrs: { "data-list": `notes-${kind}` } });
  for (const r of rows.slice(0, MAX_NOTES)) ul.appendChild(el("li", { text: `${r.address}: ${r.text}`, attrs: { "data-address": r.address, "data-kind": kind } }));
  if (rows.length > MAX_NOTES) ul.appendChild(el("li", { className: "svc-hint", text: `and ${rows.length - MAX_NOTES} more` }));
  return ul;
}

/** The per-formula lines under a price, by kind. */
export function renderNotes(box: HTMLElement, lines: readonly PlanLine[]): void {
  clear(box);
  append(box, KINDS.map((k) => noteList(k, lines.filter((l) => l.kind === k))));
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
    const hidden = r.errors.filter((e) => e.hidden);
    const shown = r.errors.length - hidden.length;
    // the CLI's words (svc-excel refresh): an error IFERROR hides is listed as hidden, with its code
    for (const e of r.errors) ul.appendChild(el("li", { text: e.hidden ? `${e.address} ${e.hidden} hidden by the formula (it shows a value instead): ${e.message}` : `${e.address}: ${e.message}`, attrs: { "data-address": e.address, ...(e.hidden ? { "data-hidden": "1" } : {}) } }));
    append(box, [el("p", { text: `${plural(shown, "error")}${hidden.length ? `, ${hidden.length} hidden by IFERROR or the like` : ""}:` }), ul]);
  }
}
