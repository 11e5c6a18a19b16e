/**
 * The task pane UI, organised as an analyst works, in three Fluent tabs (fluent-tablist: arrow keys
 * move between tabs, each panel is a labelled tabpanel):
 *   Data     refresh with a price, the workbook's SVC results (Show source), freeze / unfreeze
 *   Build    formula builder, screener, market feeds (Insert at the active cell, Copy)
 *   Account  sign-in, requests sent and quota left
 * Plain DOM (createElement + textContent; never innerHTML with API text), looks from pane.css and the
 * Fluent tokens only (strict CSP). mountPane returns an unmount function. The page loads this module
 * (and Fluent) only after the custom functions have registered (src/taskpane/index.ts -> ui.ts).
 */
import { safeExternalUrl } from "../../office";
import { accountSection } from "./account";
import { builderSection } from "./builder";
import { dataSection } from "./data";
import { append, el } from "./dom";
import { feedsSection } from "./feeds";
import { freezeSection } from "./freeze";
import { SPEC_METRICS } from "./metrics";
import { quotaSection } from "./quota";
import { refreshSection } from "./refresh/refresh";
import { screenerSection } from "./screener";
import { PaneContext, PaneDeps } from "./types";

export { authPortFromHost } from "./auth-port";
export type { PaneDeps } from "./types";

export const DEFAULT_ACTION_TIMEOUT_MS = 60_000;

export type TabId = "data" | "build" | "account";

/** The pane's context from what the page hands in (defaults for what it leaves out). */
function contextOf(deps: PaneDeps, disposers: Array<() => void>): PaneContext {
  return {
    ...deps,
    sources: deps.sources ?? { list: () => [], onChange: () => () => undefined },
    metrics: deps.metrics ?? SPEC_METRICS,
    actionTimeoutMs: deps.actionTimeoutMs ?? DEFAULT_ACTION_TIMEOUT_MS,
    onDispose: (fn) => disposers.push(fn),
    open: (url) => {
      const safe = safeExternalUrl(url);
      if (!safe) return false;
      try {
        deps.openLink(safe);
        return true;
      } catch {
        return false;
      }
    },
  };
}

/** Build a section; one broken section never takes the others (or the sign-in) down with it. */
function safely(name: string, build: () => HTMLElement): HTMLElement {
  try {
    return build();
  } catch (e) {
    return el("p", { className: "svc-status svc-status-error", text: `${name} is unavailable: ${(e as Error)?.message ?? String(e)}` });
  }
}

/** The three tabs and the sections in each, in order. */
function tabsOf(ctx: PaneContext): Array<[TabId, string, () => HTMLElement[]]> {
  let data: ReturnType<typeof dataSection> | null = null;
  const reloadData = (): void => data?.reload();
  const dataTab = (): HTMLElement[] => [
    safely("Refresh", () => refreshSection(ctx, reloadData)),
    safely("Results", () => (data = dataSection(ctx)).node),
    safely("Freeze", () => freezeSection(ctx, reloadData)),
  ];
  return [
    ["data", "Data", dataTab],
    ["build", "Build", () => [safely("Formula builder", () => builderSection(ctx)), safely("Screener", () => screenerSection(ctx)), safely("Market feeds", () => feedsSection(ctx))]],
    ["account", "Account", () => [safely("Account", () => accountSection(ctx)), safely("Quota", () => quotaSection(ctx))]],
  ];
}

export function mountPane(root: HTMLElement, deps: PaneDeps): () => void {
  const disposers: Array<() => void> = [];
  const ctx = contextOf(deps, disposers);
  const pane = el("div", { className: "svc-pane", attrs: { "data-svc-pane": "" } });
  const tablist = el("fluent-tablist" as "div", { className: "svc-tabs", attrs: { "aria-label": "SVC pane", appearance: "subtle", size: "small" } });
  const panels = el("div", "svc-panels");
  for (const [id, label, build] of tabsOf(ctx)) {
    const tab = el("fluent-tab" as "div", { className: "svc-tab", text: label, attrs: { id: `svc-tab-${id}`, "aria-controls": `svc-panel-${id}`, "data-tab": id } });
    tablist.appendChild(tab);
    const panel = el("div", { className: "svc-panel", attrs: { id: `svc-panel-${id}`, role: "tabpanel", "aria-labelledby": `svc-tab-${id}`, "data-panel": id, tabindex: "0" } });
    append(panel, build());
    panels.appendChild(panel);
  }
  append(pane, [tablist, panels]);
  root.appendChild(pane);

  let mounted = true;
  return () => {
    if (!mounted) return;
    mounted = false;
    for (const d of disposers.splice(0)) {
      try {
        d();
      } catch {
        /* keep unmounting */
      }
    }
    pane.remove();
  };
}
