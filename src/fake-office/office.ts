/**
 * The Office namespace the add-in touches: onReady / initialize, context (host, platform,
 * requirements.isSetSupported, document.settings, ui: dialogs, openBrowserWindow), actions, addin.
 * Requirement sets are those of current Excel (ExcelApi 1.17: valuesAsJson is there), with
 * CustomFunctionsRuntime and the platform from the page's profile (platform.ts).
 */
import { AsyncResultStatus, EventType, asyncResult, createDialogs } from "./dialogs";
import type { Functions } from "./functions";
import type { Platform } from "./platform";
import type { PageContext } from "./dialog-context";

type Note = (type: string, detail?: Record<string, unknown>) => void;

/**
 * Office.context.requirements: the sets of current Excel; CustomFunctionsRuntime as the build has it
 * (learn.microsoft.com/javascript/api/requirement-sets/excel/custom-functions-requirement-sets:
 * 1.4 data types, 1.5 linked entities and value preview).
 */
function requirements(platform: Platform) {
  return {
    isSetSupported(name: string, version?: string | number): boolean {
      const supported: Record<string, number> = {
        ExcelApi: 1.17,
        SharedRuntime: 1.1,
        CustomFunctionsRuntime: platform.customFunctionsRuntime,
        DialogApi: 1.2,
        DialogOrigin: 1.1,
        OpenBrowserWindowApi: 1.1,
        IdentityAPI: 1.3,
      };
      const have = supported[name];
      return have !== undefined && (version === undefined || Number(version) <= have);
    },
  };
}

/** Office.context.document.settings, kept in memory. */
function documentSettings() {
  const settings: Record<string, unknown> = {};
  return {
    get: (k: string) => (k in settings ? settings[k] : null),
    set: (k: string, v: unknown) => void (settings[k] = v),
    remove: (k: string) => void delete settings[k],
    saveAsync: (cb?: (r: unknown) => void) => void (cb && setTimeout(() => cb(asyncResult(AsyncResultStatus.Succeeded)))),
  };
}

/** Office.addin: the task pane's visibility and start-up behaviour, noted. */
function addinOf(note: Note) {
  return {
    showAsTaskpane: async () => note("showAsTaskpane", {}),
    hide: async () => note("hide", {}),
    onVisibilityModeChanged: async () => async () => undefined,
    setStartupBehavior: async () => undefined,
    getStartupBehavior: async () => "None",
  };
}

export function createOffice(win: Window & typeof globalThis, fns: Functions, note: Note, platform: Platform, context: PageContext) {
  // Outside Office (a popup office.js cannot place) onReady gives no host and no platform.
  const info: { host: string | null; platform: string | null } = context === "outside" ? { host: null, platform: null } : { host: "Excel", platform: platform.officePlatform };
  let resolveReady: (i: typeof info) => void = () => undefined;
  const ready = new Promise<typeof info>((r) => (resolveReady = r));
  const dialogs = createDialogs(win, note, platform, context);
  const Office = {
    HostType: { Excel: "Excel" },
    PlatformType: { PC: "PC", OfficeOnline: "OfficeOnline", Mac: "Mac" },
    EventType,
    AsyncResultStatus,
    onReady: (cb?: (i: typeof info) => void) =>
      ready.then((i) => {
        cb?.(i);
        return i;
      }),
    initialize: undefined as undefined | ((reason: string) => void),
    actions: { associate: (name: string, fn: (...a: unknown[]) => unknown) => fns.associateAction(name, fn) },
    addin: addinOf(note),
    context: {
      host: "Excel",
      platform: platform.officePlatform,
      diagnostics: { host: "Excel", platform: platform.officePlatform, version: "16.0.fake" },
      displayLanguage: "en-US",
      partitionKey: undefined,
      requirements: requirements(platform),
      document: { settings: documentSettings() },
      ui: {
        displayDialogAsync: dialogs.displayDialogAsync,
        messageParent: dialogs.messageParent,
        addHandlerAsync: (_t: string, _h: unknown, cb?: (r: unknown) => void) => void (cb && setTimeout(() => cb(asyncResult(AsyncResultStatus.Succeeded)))),
        openBrowserWindow: (url: string) => note("openBrowserWindow", { url: String(url) }),
        closeContainer: () => note("closeContainer", {}),
      },
    },
  };
  /** Office initialises after the page's scripts had a chance to call onReady. */
  function fireReady(): void {
    setTimeout(() => {
      if (typeof Office.initialize === "function") Office.initialize("inserted");
      resolveReady(info);
    }, 0);
  }
  return { Office, fireReady, dialog: dialogs.current };
}
