/**
 * The add-in page's entry (Excel's shared runtime): start the host — one engine, one runtime for
 * the cells (src/compose/page-runtime.ts) — before any custom function can be invoked. The custom functions register in this same
 * chunk (functions.js), right after this module. The pane (and Fluent UI) is a separate chunk loaded
 * only once Office is ready, so no cell ever waits for the UI: see ./ui.ts.
 */
import { startHost } from "../compose/page-runtime";

const host = startHost();

function showStatus(text: string): void {
  const el = typeof document !== "undefined" ? document.getElementById("svc-status") : null;
  if (el) el.textContent = text;
}

if (typeof Office !== "undefined" && typeof Office.onReady === "function") {
  // The runtime also starts hidden for a recalculation; the pane is loaded once the page is ready.
  void Office.onReady(() => {
    showStatus(`Loading the pane (API ${host.config.baseUrl})…`);
    import(/* webpackChunkName: "pane" */ "./ui").then(
      (ui) => ui.start(host),
      (e) => showStatus(`The pane could not load: ${(e as Error)?.message ?? e}`)
    );
  });
}
