/**
 * Which Excel the fake host plays. Real Excel differs by platform and build; each rule of the fake that
 * depends on it reads this profile, so a browser suite can run the same page as Excel on Windows, on the
 * Mac, on the web, or as an older desktop build.
 *
 * Chosen by the page's (or its opener's) query `?platform=web|web-safari|mac|win|win-2208`, or in Node by passing
 * the profile to the Host.
 */
export type PlatformName = "win" | "mac" | "web";

export interface Platform {
  readonly name: PlatformName;
  /** Office.context.platform as office.js reports it. */
  readonly officePlatform: "PC" | "Mac" | "OfficeOnline";
  /**
   * How an empty referenced cell reaches a custom function: `null` on the web and current desktop builds,
   * `0` on older desktop builds (the change shipped as a bug fix, with no requirement set to tell them apart).
   */
  readonly emptyCellAs: 0 | null;
  /** Highest CustomFunctionsRuntime version the build supports (1.4: formatted numbers and entities; 1.5: linked entities). */
  readonly customFunctionsRuntime: number;
  /**
   * Office on the web adds `_host_Info` to the query of a dialog's first page (office.js reads it there,
   * office.debug.js saveAndSetDialogInfo); desktop hosts hand the dialog its host info in window.name.
   */
  readonly dialogHostInfoInQuery: boolean;
  /** Safari (WKWebView on the Mac, Safari for the web) clears window.name when a navigation crosses origins. */
  readonly clearsWindowNameAcrossOrigins: boolean;
  /**
   * Excel on the web caps each Excel.run request and response at 5 MB (RequestPayloadSizeLimitExceeded,
   * ResponsePayloadSizeLimitExceeded): "Resource limits and performance optimization for Office Add-ins". null: no cap.
   */
  readonly payloadLimitBytes: number | null;
  /** Excel on the web may answer a range read over 5,000,000 cells with null (same page: "Excel add-ins" limits). */
  readonly nullReadOverCells: number | null;
  /**
   * Excel on the web re-runs every non-volatile custom function when the workbook opens (office.js
   * behaviour, stated by Microsoft as by design); desktop Excel shows the values the file stored.
   */
  readonly rerunOnOpen: boolean;
}

/** CustomFunctionsRuntime 1.5 adds invocation.isInValuePreview ("Custom functions requirement sets"); before it the key is absent. */
export const VALUE_PREVIEW_RUNTIME = 1.5;

const DESKTOP = { payloadLimitBytes: null, nullReadOverCells: null, rerunOnOpen: false } as const;
const WIN: Platform = { name: "win", officePlatform: "PC", emptyCellAs: null, customFunctionsRuntime: 1.5, dialogHostInfoInQuery: false, clearsWindowNameAcrossOrigins: false, ...DESKTOP };
const WEB: Platform = {
  name: "web",
  officePlatform: "OfficeOnline",
  emptyCellAs: null,
  customFunctionsRuntime: 1.5,
  dialogHostInfoInQuery: true,
  clearsWindowNameAcrossOrigins: false,
  payloadLimitBytes: 5_000_000,
  nullReadOverCells: 5_000_000,
  rerunOnOpen: true,
};

const PROFILES: Record<string, Platform> = {
  win: WIN,
  mac: { ...WIN, name: "mac", officePlatform: "Mac", clearsWindowNameAcrossOrigins: true },
  web: WEB,
  // Excel on the web in Safari: the web's host, Safari's window.name.
  "web-safari": { ...WEB, clearsWindowNameAcrossOrigins: true },
  // Excel 2021 / Windows build 2208-2503: formatted numbers and entities, no linked entities; empty cells as 0.
  "win-2208": { ...WIN, emptyCellAs: 0, customFunctionsRuntime: 1.4 },
};

/** The profile for a name; the current Windows build when none (or an unknown one) is given. */
export function platformNamed(name: string | null | undefined): Platform {
  return (name && PROFILES[name]) || PROFILES.win;
}

/** Where a page's settings are asked: the page, then the frame's parent, then a popup's opener (a dialog's add-in page). */
function searchesOf(win: Window): string[] {
  const out = [String(win.location.search)];
  for (const other of [() => (win.parent !== win ? win.parent : null), () => win.opener as Window | null]) {
    try {
      const w = other();
      if (w) out.push(String(w.location.search));
    } catch {
      /* another origin's page: nothing to read */
    }
  }
  return out;
}

/** Before CustomFunctionsRuntime 1.4 (Excel 2019): no data types. */
const BEFORE_DATA_TYPES = 1.3;

/**
 * The profile a page asks for with `?platform=`, read from the page, its parent or its opener.
 * `?datatypes=0` plays the same platform on a build before data types; a page that asks for neither a
 * platform nor `?datatypes=1` plays one too (plain values, as the fake has always shown them).
 */
export function platformOfPage(win: Window): Platform {
  const searches = searchesOf(win).map((s) => new URLSearchParams(s));
  const asked = (key: string) => searches.map((q) => q.get(key)).find((v) => v !== null) ?? null;
  const name = asked("platform");
  const dataTypes = asked("datatypes");
  const profile = platformNamed(name);
  const plain = dataTypes === "0" || (name === null && dataTypes !== "1");
  return plain ? { ...profile, customFunctionsRuntime: BEFORE_DATA_TYPES } : profile;
}
