/**
 * Which Excel the fake host plays. Real Excel differs by platform and build; each rule of the fake that
 * depends on it reads this profile, so a browser suite can run the same page as Excel on Windows, on the
 * Mac, on the web, or as an older desktop build.
 *
 * Chosen by the page's (or its opener's) query `?platform=web|mac|win|win-2208`, or in Node by passing
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

const DESKTOP = { payloadLimitBytes: null, nullReadOverCells: null, rerunOnOpen: false } as const;

const PROFILES: Record<string, Platform> = {
  win: { name: "win", officePlatform: "PC", emptyCellAs: null, customFunctionsRuntime: 1.5, ...DESKTOP },
  mac: { name: "mac", officePlatform: "Mac", emptyCellAs: null, customFunctionsRuntime: 1.5, ...DESKTOP },
  web: { name: "web", officePlatform: "OfficeOnline", emptyCellAs: null, customFunctionsRuntime: 1.5, payloadLimitBytes: 5_000_000, nullReadOverCells: 5_000_000, rerunOnOpen: true },
  // Excel 2021 / Windows build 2208-2503: formatted numbers and entities, no linked entities; empty cells as 0.
  "win-2208": { name: "win", officePlatform: "PC", emptyCellAs: 0, customFunctionsRuntime: 1.4, ...DESKTOP },
};

/** The profile for a name; the current Windows build when none (or an unknown one) is given. */
export function platformNamed(name: string | null | undefined): Platform {
  return (name && PROFILES[name]) || PROFILES.win;
}

/** The profile a page asks for with `?platform=`, read from the page or, for a dialog or frame, its parent. */
export function platformOfPage(win: Window): Platform {
  const asked = (search: string) => new URLSearchParams(search).get("platform");
  let parent: string | null = null;
  try {
    parent = win.parent !== win ? asked(String(win.parent.location.search)) : null;
  } catch {
    parent = null;
  }
  return platformNamed(asked(String(win.location.search)) ?? parent);
}
