/**
 * External links. Every URL the pane opens comes from
 * outside (API answers: check-the-figures links, source_url, url), so only absolute http: and https:
 * URLs are ever opened; anything else (javascript:, data:, file:, relative text) is refused.
 *
 * Office.context.ui.openBrowserWindow (OpenBrowserWindowApi 1.1: desktop and Mac, not the web) opens
 * the user's default browser; elsewhere (Office on the web, the workbench) window.open with noopener.
 */
import { safeExternalUrl } from "../shape";

/** The one URL filter lives in src/shape/urls.ts (pure: the card and the grids use it too). */
export { safeExternalUrl };

interface OfficeLike {
  context?: {
    requirements?: { isSetSupported?: (name: string, version?: string) => boolean };
    ui?: { openBrowserWindow?: (url: string) => void };
  };
}

interface WindowLike {
  open?: (url: string, target?: string, features?: string) => unknown;
}

/** Office's openBrowserWindow where the host supports it (OpenBrowserWindowApi 1.1), else null. */
function browserWindowOpener(office: OfficeLike | undefined): ((url: string) => void) | null {
  try {
    const ui = office?.context?.ui;
    const supported = !!office?.context?.requirements?.isSetSupported?.("OpenBrowserWindowApi", "1.1");
    return supported && ui && typeof ui.openBrowserWindow === "function" ? (url) => ui.openBrowserWindow?.(url) : null;
  } catch {
    return null;
  }
}

/**
 * Open an external link. Returns false (and opens nothing) when the URL is not http(s) or nothing
 * could open it. Never throws.
 */
export function openExternalLink(
  raw: unknown,
  env: { office?: OfficeLike; window?: WindowLike } = {
    office: (globalThis as unknown as { Office?: OfficeLike }).Office,
    window: globalThis as unknown as WindowLike,
  }
): boolean {
  const url = safeExternalUrl(raw);
  if (!url) return false;
  try {
    const openInOffice = browserWindowOpener(env.office);
    if (openInOffice) {
      openInOffice(url);
      return true;
    }
    if (typeof env.window?.open === "function") {
      env.window.open(url, "_blank", "noopener");
      return true;
    }
  } catch {
    return false;
  }
  return false;
}
