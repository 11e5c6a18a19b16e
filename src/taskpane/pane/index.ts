/**
 * The task pane UI: account, quota & activity, notices & sources, formula builder, screener, market
 * feeds, refresh data. Plain DOM (createElement + textContent; never innerHTML with API text), looks
 * from pane.css classes only (strict CSP). mountPane returns an unmount function.
 *
 * The page bootstrap (src/taskpane/index.ts) mounts it with the host's engine and sign-in, and the
 * Office wrappers from src/office (calculate.ts, links.ts).
 */
import { listSources, onSourcesChange } from "../../functions/sources";
import { safeExternalUrl } from "../../office/links";
import { accountSection } from "./account";
import { builderSection } from "./builder";
import { el } from "./dom";
import { feedsSection } from "./feeds";
import { noticesSection } from "./notices";
import { quotaSection } from "./quota";
import { refreshSection } from "./refresh";
import { screenerSection } from "./screener";
import { PaneContext, PaneDeps } from "./types";

export { authPortFromHost } from "./auth-port";
export type { AuthPort, AuthState, PaneAuthStatus, PaneDeps, SourcesPort } from "./types";

export const DEFAULT_ACTION_TIMEOUT_MS = 60_000;

export function mountPane(root: HTMLElement, deps: PaneDeps): () => void {
  const disposers: Array<() => void> = [];
  const ctx: PaneContext = {
    ...deps,
    sources: deps.sources ?? { list: listSources, onChange: onSourcesChange },
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

  const pane = el("div", { className: "svc-pane", attrs: { "data-svc-pane": "" } });
  const builders: Array<[string, (c: PaneContext) => HTMLElement]> = [
    ["Account", accountSection],
    ["Quota & activity", quotaSection],
    ["Notices & sources", noticesSection],
    ["Formula builder", builderSection],
    ["Screener", screenerSection],
    ["Market feeds", feedsSection],
    ["Refresh data", refreshSection],
  ];
  for (const [name, build] of builders) {
    try {
      pane.appendChild(build(ctx));
    } catch (e) {
      // One broken section never takes the others (or the sign-in) down with it.
      pane.appendChild(el("p", { className: "svc-status svc-status-error", text: `${name} is unavailable: ${(e as Error)?.message ?? String(e)}` }));
    }
  }
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
