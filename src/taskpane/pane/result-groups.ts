/**
 * The Data tab's results grouped by sheet and function, so a model of many SVC cells is a few
 * lines: each group a disclosure ("Model · SVC.FINANCIALS — 12 results, 1 error") that opens to its
 * rows, and Freeze and Show source stay within reach. A handful of results stays one flat list.
 */
import { append, el } from "./dom";

/** From this many results on, the list is grouped. */
export const GROUP_FROM = 8;

export interface ResultItem {
  address: string;
  fn: string;
  error: boolean;
  node: HTMLElement;
}

function sheetOf(address: string): string {
  const bang = address.lastIndexOf("!");
  return bang < 0 ? "" : address.slice(0, bang).replace(/^'(.*)'$/, "$1").replace(/''/g, "'");
}

/** The list items of the results list: the rows themselves, or one group per sheet and function. */
export function groupedResults(items: readonly ResultItem[]): HTMLElement[] {
  if (items.length < GROUP_FROM) return items.map((i) => i.node);
  const groups = new Map<string, ResultItem[]>();
  for (const i of items) {
    const key = `${sheetOf(i.address)} · SVC.${i.fn}`;
    const list = groups.get(key) ?? [];
    list.push(i);
    groups.set(key, list);
  }
  return [...groups].map(([key, list]) => {
    const errors = list.filter((i) => i.error).length;
    const label = `${key} — ${list.length} result${list.length === 1 ? "" : "s"}${errors ? `, ${errors} error${errors === 1 ? "" : "s"}` : ""}`;
    const details = el("details", "svc-group");
    append(details, [el("summary", { className: "svc-group-title", text: label }), el("ul", { className: "svc-results", attrs: { "aria-label": key } }, list.map((i) => i.node))]);
    return el("li", { className: "svc-result-group", attrs: { "data-group": key } }, [details]);
  });
}

/** Open the group holding `row` (a selected result must be visible). */
export function revealRow(row: HTMLElement): void {
  const details = row.closest("details");
  if (details) details.open = true;
}
