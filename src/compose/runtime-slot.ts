/**
 * The page runtime's one slot on the global object, `__svcHost`: the only global src writes for
 * itself (the house state rule allows exactly this file). It holds the Host the page's composition
 * root built (./page-runtime.ts), for two readers that cannot be handed it as an argument:
 *   - a second copy of the bundle in the same runtime (Excel may evaluate functions.js again on its
 *     own): it finds the first Host here instead of building a second engine, queue and cache; a
 *     module variable would not do, since each copy of the bundle has its own modules;
 *   - a driver of a development page: the workbench reads the add-in page from its parent frame
 *     (pageHostOf), the browser tests from Playwright's page.evaluate (`window.__svcHost`); both see
 *     only the page's window.
 * Everything else receives the Host, or the CellRuntime inside it, as an argument.
 */
import type { Host } from "../host";

const SLOT = "__svcHost";

/** This runtime's Host: the one already in the slot, else `build()`'s, put there for good. */
export function claimPageHost(build: () => Host): Host {
  const existing = pageHostOf(globalThis);
  if (existing) return existing;
  const host = build();
  Object.defineProperty(globalThis, SLOT, { value: host, configurable: false, enumerable: false, writable: false });
  return host;
}

/** The Host of the add-in page whose window this is (a frame's contentWindow), once it has started. */
export function pageHostOf(win: object | null | undefined): Host | null {
  const host = (win as { [SLOT]?: Host } | null | undefined)?.[SLOT];
  return host ?? null;
}
