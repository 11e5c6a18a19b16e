/**
 * Build tab, "Screener". Filters on the screen metrics (with labels and units from the dictionary)
 * with min/max, then the sort and limit inputs of the catalogue; run, result and formula are the
 * shared tool panel (tool-panel.ts).
 */
import { paramOf } from "../../api";
import { metricLabel } from "./metrics";
import { append, button, el, section } from "./dom";
import { PanelInput, catalogueInputs, toolPanel } from "./tool-panel";
import { PaneContext } from "./types";

const TOOL = "screen_companies";

interface FilterRow {
  node: HTMLElement;
  metric: HTMLSelectElement;
  min: HTMLInputElement;
  max: HTMLInputElement;
}

/** `metric:min:max` for the API (either bound may be empty), or null for a row without bounds. */
export function filterText(metric: string, min: string, max: string): string | null {
  const lo = min.trim();
  const hi = max.trim();
  if (!metric || (lo === "" && hi === "")) return null;
  return `${metric}:${lo}:${hi}`;
}

/** One filter row: a metric and its bounds, with a Remove button. */
function filterRow(ctx: PaneContext, n: number, changed: () => void, remove: (row: FilterRow) => void): FilterRow {
  const metric = el("select", { className: "svc-input", attrs: { id: `svc-screen-metric-${n}`, "aria-label": `Filter ${n} metric` } });
  metric.appendChild(el("option", { text: "(choose a metric)", attrs: { value: "" } }));
  for (const m of ctx.metrics.screenMetrics()) metric.appendChild(el("option", { text: metricLabel(ctx.metrics.screenInfo(m), m), attrs: { value: m } }));
  const bound = (what: string) => el("input", { className: "svc-input svc-bound", attrs: { type: "number", step: "any", placeholder: what, "aria-label": `Filter ${n} ${what}` } });
  const min = bound("minimum");
  const max = bound("maximum");
  const node = el("div", "svc-filter-row", [metric, min, max]);
  const row: FilterRow = { node, metric, min, max };
  node.appendChild(button("Remove", () => remove(row), "svc-button svc-small"));
  for (const i of [metric, min, max]) i.addEventListener("input", changed);
  metric.addEventListener("change", changed);
  return row;
}

/** The filters argument: rows added and removed by the user; reads as the list of filters. */
function filtersInput(ctx: PaneContext): PanelInput {
  const rows: FilterRow[] = [];
  const listeners: Array<() => void> = [];
  const changed = () => listeners.forEach((l) => l());
  const box = el("div", "svc-filters");
  const remove = (row: FilterRow): void => {
    rows.splice(rows.indexOf(row), 1);
    row.node.remove();
    changed();
  };
  const add = (): void => {
    const row = filterRow(ctx, rows.length + 1, changed, remove);
    rows.push(row);
    box.appendChild(row.node);
  };
  add();
  const node = el("div", "svc-filters-input");
  // How a bound is written (percent metrics in percent, USD in millions): the catalogue's filters help.
  const units = el("p", { className: "svc-hint", text: `${paramOf(TOOL, "filters")?.description ?? ""}.`, attrs: { "data-field": "filter-units" } });
  append(node, [units, box, el("div", "svc-buttons", [button("Add filter", add, "svc-button svc-small")])]);
  const read = (): string[] | null => {
    const f = rows.map((r) => filterText(r.metric.value, r.min.value, r.max.value)).filter((x): x is string => x !== null);
    return f.length ? f : null;
  };
  return { name: "filters", node, read, onInput: (l) => listeners.push(l) };
}

export function screenerSection(ctx: PaneContext): HTMLElement {
  const { root, body } = section("svc-screener", "Screener");
  const filters = filtersInput(ctx);
  toolPanel(ctx, body, {
    tool: TOOL,
    inputs: [filters, ...catalogueInputs(TOOL, "svc-screen", ["filters"])],
    run: { label: "Run screen", busy: "Screening…", title: "The screen" },
    missing: () => (filters.read() === null ? "Add at least one filter with a minimum or a maximum." : null),
    formulaTitle: "Formula for this screen",
  });
  return root;
}
