/**
 * The add-in page's entry (Excel's shared runtime): start the host — one engine, installed with
 * setEngine — before any custom function can be invoked. The pane UI hangs off this module.
 */
import { startHost } from "../host/runtime";
import { calculateFull, insertFormulaIntoActiveCell } from "../office/calculate";
import { openExternalLink } from "../office/links";
import { authPortFromHost, mountPane } from "./pane";

const host = startHost();

function showStatus(text: string): void {
  const el = typeof document !== "undefined" ? document.getElementById("svc-status") : null;
  if (el) el.textContent = text;
}

function mount(): void {
  const root = typeof document !== "undefined" ? document.getElementById("svc-app") : null;
  if (!root || root.childElementCount > 0) return;
  mountPane(root, {
    engine: host.engine,
    auth: authPortFromHost(host),
    calculateFull,
    insertFormula: insertFormulaIntoActiveCell,
    openLink: (url) => {
      openExternalLink(url);
    },
    config: host.config,
  });
}

if (typeof Office !== "undefined" && typeof Office.onReady === "function") {
  // The runtime also starts hidden for a recalculation; the pane is built once the page is ready.
  void Office.onReady(() => {
    showStatus(`Ready (API ${host.config.baseUrl})`);
    try {
      mount();
    } catch (e) {
      showStatus(`The pane could not start: ${(e as Error)?.message ?? e}`);
    }
  });
}
