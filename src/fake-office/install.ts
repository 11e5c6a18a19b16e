/**
 * Installs the fake Office host on a page, in place of office.js: Office, OfficeRuntime.storage,
 * CustomFunctions, Excel, OfficeExtension, and the driver window.__fakeExcel. A dialog popup is a
 * separate runtime: Office (messageParent) only, no custom functions, no Excel, no storage; a popup
 * page office.js cannot place as a dialog (dialog-context.ts) has Office without a host.
 */
import { ErrorCodes, RichApiError } from "./errors";
import { createExcel } from "./excel/workbook";
import { createBookIo } from "./book-io";
import { Driver, createDriver } from "./driver";
import { CFError, ErrorCode, Metadata } from "./functions";
import { Host } from "./host";
import { createOffice } from "./office";
import { createStorage } from "./storage";
import { platformOfPage } from "./platform";
import { pageContext } from "./dialog-context";

interface LogEntry {
  type: string;
  at: number;
  [k: string]: unknown;
}

type Win = Window & typeof globalThis & Record<string, unknown>;

/** window.__fakeExcel: the driver (driver.ts) plus the page-level parts. */
export type FakeExcelDriver = Driver &
  ReturnType<typeof createBookIo> & {
  isDialog: boolean;
  log: LogEntry[];
  onEvent(l: (e: LogEntry) => void): void;
  dialog(): unknown;
  /** The host itself (tests in jsdom / Node reach the model through it). */
  host: Host;
};

export function installFakeOffice(win: Win, opts: { metadata?: () => Promise<Metadata> } = {}): FakeExcelDriver {
  if (win.__fakeExcel) return win.__fakeExcel as FakeExcelDriver;
  const log: LogEntry[] = [];
  const listeners: Array<(e: LogEntry) => void> = [];
  const note = (type: string, detail: Record<string, unknown> = {}) => {
    const entry: LogEntry = { ...detail, type, at: Date.now() };
    log.push(entry);
    for (const l of listeners)
      try {
        l(entry);
      } catch {
        /* a listener's bug is not the host's */
      }
  };
  const metadata =
    opts.metadata ??
    (async () => {
      // `?metadata=` plays Excel with an older functions.json cached (it keeps one up to 24 hours while the page updates at once).
      const older = new URLSearchParams(win.location.search).get("metadata");
      const url = (win.__FAKE_OFFICE_METADATA_URL__ as string | undefined) || new URL(older || "functions.json", win.document.baseURI).toString();
      const r = await win.fetch(url);
      if (!r.ok) throw new Error(`functions.json: HTTP ${r.status}`);
      return (await r.json()) as Metadata;
    });
  const host = new Host({ note, metadata, platform: platformOfPage(win) });
  // A dialog as office.js would know it (dialog-context.ts); a popup it cannot place is outside Office.
  const context = pageContext(win, host.platform);
  const isDialog = context === "dialog";
  const office = createOffice(win, host.fns, note, host.platform, context);
  const g = win as unknown as Record<string, unknown>; // the globals office.js defines, untyped here
  g.Office = office.Office;
  g.OfficeExtension = { Error: RichApiError, ErrorCodes };
  if (context === "addin") {
    g.OfficeRuntime = { storage: createStorage(win) };
    g.CustomFunctions = { ErrorCode, Error: CFError, associate: (idOrMap: never, fn?: never) => host.fns.associate(idOrMap, fn) };
    g.Excel = createExcel(host);
  }
  const driver: FakeExcelDriver = {
    ...createDriver(host),
    ...createBookIo(host),
    isDialog,
    log,
    onEvent: (l: (e: LogEntry) => void) => void listeners.push(l),
    dialog: office.dialog,
    host,
  };
  win.__fakeExcel = driver;
  if (win.document.readyState === "loading") win.document.addEventListener("DOMContentLoaded", office.fireReady);
  else office.fireReady();
  return driver;
}
