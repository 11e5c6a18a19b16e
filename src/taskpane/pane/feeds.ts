/**
 * Section 6: market feeds — the insider feed, the congress feed and the economy snapshot (or one
 * series' history). Each browser's inputs come from the tool's parameter specs; results show as a
 * table with the required notices under it, links opened only when http(s), and the formula that
 * puts the same table on the sheet.
 */
import { TOOLS, ToolName } from "../../api/catalogue";
import type { EngineAnswer } from "../../engine";
import { StatusLine, append, button, clear, el, section, Btn } from "./dom";
import { act, answerView, formulaBox } from "./common";
import { argSpecs, formulaText } from "./formula";
import { paramInput } from "./inputs";
import { seriesNamer } from "./series";
import { PaneContext } from "./types";

export const FEED_TOOLS: readonly ToolName[] = ["get_insider_feed", "get_congress_feed", "get_economy"];

const TITLES: Partial<Record<ToolName, string>> = {
  get_insider_feed: "Insider feed",
  get_congress_feed: "Congress feed",
  get_economy: "Economy",
};

function feedBrowser(ctx: PaneContext, tool: ToolName): HTMLElement {
  const spec = TOOLS[tool];
  const wrap = el("div", { className: "svc-feed", attrs: { "data-tool": tool } });
  const args = argSpecs(tool).filter((a) => a.fromCatalogue);
  const inputs = args.map((a) => ({ name: a.name, input: paramInput(a.param, { idPrefix: `svc-feed-${tool}` }) }));
  const status = new StatusLine();
  const result = el("div", "svc-result");
  const values = () => inputs.map((i) => i.input.read());
  const box = formulaBox(ctx, () => ({ fn: spec.fn, args: values() }));

  const formula = (): string => formulaText(spec.fn, values());
  const update = (): void => box.set(formula());
  for (const i of inputs) i.input.onInput(update);

  const run = button(`Show ${TITLES[tool]?.toLowerCase() ?? tool}`, () => {
    const params: Record<string, unknown> = {};
    for (const i of inputs) {
      const v = i.input.read();
      if (v !== null && v !== undefined) params[i.name] = v;
    }
    const shown = formula();
    void act(
      ctx,
      status,
      { busy: "Loading…", label: TITLES[tool] ?? tool },
      () => ctx.engine.request(tool, params),
      (answer: EngineAnswer) => {
        clear(result);
        result.appendChild(answerView(ctx, tool, answer));
        box.set(shown);
        return null;
      },
      [run]
    );
  }, "svc-button svc-primary");

  const seriesPick = tool === "get_economy" ? inputs.find((i) => i.name === "series_id")?.input.node.querySelector("select") : null;
  append(wrap, [
    el("p", { className: "svc-hint", text: spec.description }),
    ...inputs.map((i) => i.input.node),
    seriesPick ? seriesNamer(ctx, seriesPick) : null,
    el("div", "svc-buttons", [run]),
    status.node,
    result,
    box.node,
  ]);
  update();
  return wrap;
}

export function feedsSection(ctx: PaneContext): HTMLElement {
  const { root, body } = section("svc-feeds", "Market feeds");
  const tabs = el("div", { className: "svc-feed-tabs", attrs: { role: "tablist", "aria-label": "Feeds" } });
  const panels = el("div", "svc-tab-panels");
  const made = new Map<ToolName, HTMLElement>();
  const buttons: Btn[] = [];

  const show = (tool: ToolName): void => {
    for (const b of buttons) b.setAttribute("aria-selected", String(b.getAttribute("data-tool") === tool));
    for (const [t, p] of made) p.hidden = t !== tool;
    if (!made.has(tool)) {
      const p = feedBrowser(ctx, tool);
      made.set(tool, p);
      panels.appendChild(p);
    }
  };

  for (const tool of FEED_TOOLS) {
    const b = button(TITLES[tool] ?? tool, () => show(tool), "svc-button svc-feed-tab svc-small");
    b.setAttribute("role", "tab");
    b.setAttribute("data-tool", tool);
    buttons.push(b);
    tabs.appendChild(b);
  }
  append(body, [tabs, panels]);
  show(FEED_TOOLS[0]);
  return root;
}
