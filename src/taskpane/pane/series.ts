/**
 * Economy series by label: the snapshot answer (get_economy without series_id) names every series
 * (indicators[].id, .label). The pane relabels its series pickers from it — at once when the snapshot
 * is already cached (the engine prices it at 0 calls), else on the user's click, which costs the one
 * call the button says.
 */
import { StatusLine, append, button, el } from "./dom";
import { act } from "./common";
import { PaneContext } from "./types";

const SNAPSHOT = { tool: "get_economy" as const, params: {} };

/** id -> label from a snapshot answer's data (tolerant of missing fields). */
export function seriesLabels(data: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  const list = Array.isArray(data.indicators) ? data.indicators : [];
  for (const i of list) {
    if (!i || typeof i !== "object") continue;
    const { id, label } = i as { id?: unknown; label?: unknown };
    if (typeof id === "string" && typeof label === "string" && label.trim()) out.set(id, label.trim());
  }
  return out;
}

function relabel(select: HTMLSelectElement, labels: Map<string, string>): void {
  for (const o of Array.from(select.options)) {
    const l = labels.get(o.value);
    if (l) o.textContent = `${l} — ${o.value}`;
  }
}

/** A "Name the series" control for the series picker `select`; names them at once when free. */
export function seriesNamer(ctx: PaneContext, select: HTMLSelectElement): HTMLElement {
  const status = new StatusLine();
  const load = async (): Promise<number> => {
    const answer = await ctx.engine.request(SNAPSHOT.tool, SNAPSHOT.params);
    const labels = seriesLabels(answer.data);
    relabel(select, labels);
    return labels.size;
  };
  const btn = button("Name the series (1 call, then cached)", () => {
    void act(ctx, status, { busy: "Reading the series names…", label: "Series names" }, load, (n) => {
      btn.hidden = n > 0;
      return n ? null : "The API gave no series names.";
    }, [btn]);
  }, "svc-button svc-small");
  const node = el("div", "svc-series-namer");
  append(node, [btn, status.node]);
  // Free when the snapshot is cached: name them without asking.
  if (ctx.engine.plan) {
    ctx.engine.plan([SNAPSHOT]).then(
      (p) => {
        if (p.calls === 0 && p.invalid.length === 0) void load().then((n) => (btn.hidden = n > 0), () => undefined);
      },
      () => undefined
    );
  }
  return node;
}
