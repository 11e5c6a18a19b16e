/**
 * Whether a page is an Office dialog, decided as office.js decides it (office.debug.js,
 * `_retrieveHostInfo`): the `_host_Info` query parameter, else the `hostInfo` of a JSON window.name,
 * else what office.js stored under sessionStorage `hostInfoValue` on an earlier page of the same
 * dialog; whatever it finds it stores there. A page of a popup with none of them is outside Office:
 * no dialog, so no messageParent. Safari clears window.name across origins (the profile says where).
 */
import type { Platform } from "./platform";

/** `addin`: a page Office loads itself (task pane, functions); `dialog`: a dialog's page; `outside`: a popup office.js cannot place. */
export type PageContext = "addin" | "dialog" | "outside";

type Win = Window & typeof globalThis;

const HOST_PLATFORM: Record<Platform["officePlatform"], string> = { PC: "Win32", Mac: "Mac", OfficeOnline: "Web" };

/** The host info Office gives a dialog (items split by `$`: host, platform, version, locale, correlation, isDialog, logging, flags). */
function dialogHostInfo(platform: Platform, correlation: string): string {
  return ["Excel", HOST_PLATFORM[platform.officePlatform], "16.01", "en-US", correlation, "isDialog", "", "0"].join("$");
}

/** What displayDialogAsync opens: the URL (with `_host_Info` on the web) and the popup's window.name. */
export function dialogOpening(url: URL, platform: Platform): { url: string; name: string } {
  const hostInfo = dialogHostInfo(platform, String(Date.now()));
  const target = new URL(url.toString());
  if (platform.dialogHostInfoInQuery) target.searchParams.append("_host_Info", hostInfo);
  return { url: target.toString(), name: JSON.stringify({ hostInfo, firstPage: target.toString() }) };
}

/** The previous document's history entry, null when it was another origin's (Navigation API activation). */
function cameFromAnotherOrigin(win: Win): boolean {
  const nav = (win as unknown as { navigation?: { activation?: { from?: unknown } | null } }).navigation;
  return !nav?.activation?.from; // no Navigation API: assume the worst
}

/** window.name as this page sees it: Safari has cleared it when the page before was another origin's. */
function windowName(win: Win, platform: Platform): string {
  if (!platform.clearsWindowNameAcrossOrigins) return win.name;
  let firstPage = "";
  try {
    firstPage = String(JSON.parse(win.name)?.firstPage ?? "");
  } catch {
    return win.name;
  }
  if (firstPage !== win.location.href && cameFromAnotherOrigin(win)) win.name = "";
  return win.name;
}

function sessionStore(win: Win): Storage | null {
  try {
    return win.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The host info office.js finds on this page, stored for the dialog's later pages as office.js stores it. */
function hostInfoOf(win: Win, platform: Platform): string | null {
  const fromQuery = new URLSearchParams(win.location.search).get("_host_Info");
  let fromName: string | null = null;
  try {
    const parsed = JSON.parse(windowName(win, platform));
    fromName = typeof parsed?.hostInfo === "string" ? parsed.hostInfo : null;
  } catch {
    fromName = null;
  }
  const store = sessionStore(win);
  const found = fromQuery || fromName || store?.getItem("hostInfoValue") || null;
  try {
    if (found) store?.setItem("hostInfoValue", found);
  } catch {
    /* storage full or disabled: office.js ignores it too */
  }
  return found;
}

export function pageContext(win: Win, platform: Platform): PageContext {
  let opener: Window | null = null;
  try {
    opener = win.opener;
  } catch {
    opener = null;
  }
  if (!opener || opener === win) return "addin";
  return hostInfoOf(win, platform)?.split(/[$|]/)[5] === "isDialog" ? "dialog" : "outside";
}
