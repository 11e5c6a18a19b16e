/**
 * The add-in page's entry (Excel's shared runtime): start the host — one engine, installed with
 * setEngine — before any custom function can be invoked. The pane UI hangs off this module.
 */
import { startHost } from "../host/runtime";

const host = startHost();

function showStatus(text: string): void {
  const el = typeof document !== "undefined" ? document.getElementById("svc-status") : null;
  if (el) el.textContent = text;
}

if (typeof Office !== "undefined" && typeof Office.onReady === "function") {
  void Office.onReady(() => showStatus(`Ready (API ${host.config.baseUrl})`));
}
