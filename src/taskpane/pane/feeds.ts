/**
 * Section 6: market feeds — the insider feed, the congress feed and the economy snapshot (or one
 * series' history). Each browser's inputs come from the tool's parameter specs; results show as a
 * table with the required notices under it, links opened only when http(s), and the formula that
 * puts the same table on the sheet.
 */
import { ToolName } from "../../api";
import { Btn, append, button, el, section } from "./dom";
import { seriesNamer } from "./series";
import { catalogueInputs, toolPanel } from "./tool-panel";
import { PaneContext } from "./types";

const FEED_TOOLS: readonly ToolName[] = ["get_insider_feed", "get_congress_feed", "get_economy"];

const TITLES: Partial<Record<ToolName, string>> = {
  get_insider_feed: "Insider feed",
  get_congress_feed: "Congress feed",
  get_economy: "Economy",
};

function feedBrowser(ctx: PaneContext, tool: ToolName): HTMLElement {
  const wrap = el("div", { className: "svc-feed", attrs: { "data-tool": tool } });
  const inputs = catalogueInputs(tool, `svc-feed-${tool}`);
  const title = TITLES[tool] ?? tool;
  const seriesPick = tool === "get_economy" ? inputs.find((i) => i.name === "series_id")?.node.querySelector("select") : null;
  toolPanel(ctx, wrap, {
    tool,
    inputs,
    run: { label: `Show ${title.toLowerCase()}`, busy: "Loading…", title },
    extra: [seriesPick ? seriesNamer(ctx, seriesPick) : null],
  });
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
