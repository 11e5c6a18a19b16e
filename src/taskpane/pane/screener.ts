/**
 * Build tab, "Screener". Filters on the screen metrics (with labels and units from the dictionary) with min/max, sort, run through the engine
 * (screen_companies), the result as a table with its notices, and the formula that reproduces it.
 */
import { TOOLS, paramOf } from "../../api/catalogue";
import { metricLabel } from "./metrics";
import type { EngineAnswer } from "../../engine";
import { StatusLine, append, button, clear, el, section } from "./dom";
import { act, answerView, formulaBox } from "./common";
import { formulaText } from "./formula";
import { paramInput } from "./inputs";
import { PaneContext } from "./types";

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

export function screenerSection(ctx: PaneContext): HTMLElement {
  const { root, body } = section("svc-screener", "Screener");
  const tool = "screen_companies";
  const rows: FilterRow[] = [];
  const filtersBox = el("div", "svc-filters");
  const sortInput = paramInput(paramOf(tool, "sort_by")!, { idPrefix: "svc-screen" });
  const descInput = paramInput(paramOf(tool, "descending")!, { idPrefix: "svc-screen" });
  const limitInput = paramInput(paramOf(tool, "limit")!, { idPrefix: "svc-screen" });
  const status = new StatusLine();
  const result = el("div", "svc-result");
  const box = formulaBox(ctx, () => (filters().length ? { fn: TOOLS[tool].fn, args: [filters().join(","), sortInput.read(), descInput.read(), limitInput.read()] } : null));
  const formulaWrap = el("div", "svc-formula-wrap", [el("h3", { className: "svc-subtitle", text: "Formula for this screen" }), box.node]);

  const addRow = (): void => {
    const n = rows.length + 1;
    const metric = el("select", { className: "svc-input", attrs: { id: `svc-screen-metric-${n}`, "aria-label": `Filter ${n} metric` } });
    metric.appendChild(el("option", { text: "(choose a metric)", attrs: { value: "" } }));
    for (const m of ctx.metrics.screenMetrics()) metric.appendChild(el("option", { text: metricLabel(ctx.metrics.screenInfo(m), m), attrs: { value: m } }));
    const min = el("input", { className: "svc-input svc-bound", attrs: { type: "number", step: "any", placeholder: "minimum", "aria-label": `Filter ${n} minimum` } });
    const max = el("input", { className: "svc-input svc-bound", attrs: { type: "number", step: "any", placeholder: "maximum", "aria-label": `Filter ${n} maximum` } });
    const node = el("div", "svc-filter-row", [metric, min, max]);
    const row: FilterRow = { node, metric, min, max };
    node.appendChild(
      button("Remove", () => {
        rows.splice(rows.indexOf(row), 1);
        node.remove();
        update();
      }, "svc-button svc-small")
    );
    for (const i of [metric, min, max]) i.addEventListener("input", update);
    metric.addEventListener("change", update);
    rows.push(row);
    filtersBox.appendChild(node);
  };

  const filters = (): string[] =>
    rows.map((r) => filterText(r.metric.value, r.min.value, r.max.value)).filter((f): f is string => f !== null);

  const formula = (): string | null => {
    const f = filters();
    if (!f.length) return null;
    return formulaText(TOOLS[tool].fn, [f.join(","), sortInput.read(), descInput.read(), limitInput.read()]);
  };

  function update(): void {
    box.set(formula());
  }

  const run = button("Run screen", () => {
    const f = filters();
    if (!f.length) {
      status.show("error", "Add at least one filter with a minimum or a maximum.");
      return;
    }
    const params: Record<string, unknown> = { filters: f };
    const sort = sortInput.read();
    const desc = descInput.read();
    const limit = limitInput.read();
    if (sort !== null) params.sort_by = sort;
    if (desc !== null) params.descending = desc;
    if (limit !== null) params.limit = limit;
    const shownFormula = formula();
    void act(
      ctx,
      status,
      { busy: "Screening…", label: "The screen" },
      () => ctx.engine.request(tool, params),
      (answer: EngineAnswer) => {
        clear(result);
        result.appendChild(answerView(ctx, tool, answer));
        box.set(shownFormula);
        return null;
      },
      [run]
    );
  }, "svc-button svc-primary");

  for (const i of [sortInput, descInput, limitInput]) i.onInput(update);
  append(body, [
    el("p", { className: "svc-hint", text: TOOLS[tool].description }),
    el("p", { className: "svc-hint", text: `Filters: ${paramOf(tool, "filters")?.description ?? ""}.`, attrs: { "data-field": "filter-units" } }),
    filtersBox,
    el("div", "svc-buttons", [button("Add filter", () => addRow(), "svc-button svc-small")]),
    sortInput.node,
    descInput.node,
    limitInput.node,
    el("div", "svc-buttons", [run]),
    status.node,
    result,
    formulaWrap,
  ]);
  addRow();
  update();
  return root;
}
