/**
 * The pane chunk (loaded after the custom functions registered): Fluent UI web components, the
 * light theme's tokens, and the pane wired to the host's engine, sign-in and the workbook.
 *
 * Fluent: @fluentui/web-components 3 defines its elements (fluent-button, fluent-tablist, ...) when
 * its bundle runs; setTheme writes the theme tokens as CSS custom properties into a constructed
 * stylesheet (document.adoptedStyleSheets), which a strict CSP (style-src 'self', no inline styles)
 * allows. The self-contained bundle is used because its peer @microsoft/fast-element is not
 * installed (legacy-peer-deps).
 */
import "@fluentui/web-components/web-components.min.js";
import { webLightTheme } from "@fluentui/tokens";
import type { Host } from "../host";
import { callFunction } from "../functions";
import { requestsFor } from "../functions";
import { calculateFull } from "../office";
import { openExternalLink } from "../office";
import { insertAtActiveCell } from "../office";
import { officeWorkbook } from "./workbook-port";
import { wireHeader } from "./header";
import { authPortFromHost, mountPane } from "./pane";

declare global {
  var Fluent: { setTheme(theme: Record<string, string | number>): void } | undefined;
}

function showStatus(text: string): void {
  const el = document.getElementById("svc-status");
  if (el) el.textContent = text;
}

export function start(host: Host): void {
  const root = document.getElementById("svc-app");
  if (!root || root.childElementCount > 0) return;
  try {
    globalThis.Fluent?.setTheme(webLightTheme as unknown as Record<string, string>);
    const auth = authPortFromHost(host);
    mountPane(root, {
      engine: host.engine,
      auth,
      calculateFull,
      insertFormula: insertAtActiveCell,
      workbook: officeWorkbook((address) => host.cells.sources.sourceOf(address)?.provenance),
      evaluate: (fn, args) => callFunction(host.cells, fn, args),
      sources: { list: () => host.cells.sources.list(), onChange: (l) => host.cells.sources.onChange(l) },
      requestsFor: (fn, args) => requestsFor(fn, args, host.cells.dictionary()),
      // The runtime's dictionary (labels, units, industry lines) once read; the spec's lists until then.
      metrics: {
        financialMetrics: (s) => host.cells.dictionary().financialMetrics(s),
        financialInfo: (k) => host.cells.dictionary().financialInfo(k),
        screenMetrics: () => host.cells.dictionary().screenMetrics(),
        screenInfo: (k) => host.cells.dictionary().screenInfo(k),
      },
      openLink: (url) => {
        openExternalLink(url);
      },
      config: host.config,
    });
    wireHeader(auth, host.config.baseUrl, showStatus); // "Ready" only when a call can be made
    document.body.dataset.paneReady = "1";
    performance.mark("svc-pane-mounted");
  } catch (e) {
    showStatus(`The pane could not start: ${(e as Error)?.message ?? e}`);
  }
}
