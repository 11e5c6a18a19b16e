/**
 * The add-in's addresses, fixed at build time (webpack DefinePlugin `__SVC_BUILD__`, from
 * SVC_BASE_URL, SVC_APP_URL and SVC_ADDIN_URL; see scripts/build-helpers/config.js).
 *
 * Development pages on a loopback origin (the workbench, the browser tests, `npm start`) may
 * override them with `globalThis.__SVC_DEV__`, set by a script that runs before the bundle; a page
 * served from any other origin ignores it, so a production add-in always talks to its build's API.
 */

export interface HostConfig {
  /** The Company Data API ({base_url}). */
  baseUrl: string;
  /** The sign-in service ({app_url}). */
  appUrl: string;
  /** Where the add-in is hosted (dialog pages, OAuth redirect URI). */
  addinUrl: string;
  version: string;
  /** A pre-registered OAuth client id (SVC_CLIENT_ID at build time): the add-in never registers. */
  clientId?: string;
}

/** Development-only settings a loopback page may supply. */
export interface DevOverrides {
  baseUrl?: string;
  appUrl?: string;
  /** A sandbox API key used instead of signing in (never in a production page). */
  apiKey?: string;
  /** Name of the IndexedDB database / lock prefix, so test pages can isolate or share state. */
  storeName?: string;
  /** Timeout of sign-in server requests (tests of a lost answer). */
  authTimeoutMs?: number;
}

import { isLoopbackHost } from "../platform";
import { trimBaseUrl } from "../platform";

declare const __SVC_BUILD__: HostConfig | undefined;

const SANDBOX: HostConfig = {
  baseUrl: "http://127.0.0.1:8787",
  appUrl: "http://127.0.0.1:8787",
  addinUrl: "https://localhost:3000",
  version: "0.0.0-dev",
};

export function buildConfig(): HostConfig {
  return typeof __SVC_BUILD__ !== "undefined" && __SVC_BUILD__ ? { ...__SVC_BUILD__ } : { ...SANDBOX };
}


/** The overrides a development page set, or {} (always {} outside loopback origins). */
export function devOverrides(g: { location?: { hostname: string }; __SVC_DEV__?: DevOverrides } = globalThis as never): DevOverrides {
  const host = g.location?.hostname;
  if (!host || !isLoopbackHost(host)) return {};
  const o = g.__SVC_DEV__;
  return o && typeof o === "object" ? { ...o } : {};
}

/** Build config with loopback development overrides applied. */
export function effectiveConfig(g?: Parameters<typeof devOverrides>[0]): HostConfig & { dev: DevOverrides } {
  const dev = devOverrides(g);
  const base = buildConfig();
  return {
    ...base,
    baseUrl: trimBaseUrl(dev.baseUrl ?? base.baseUrl),
    appUrl: trimBaseUrl(dev.appUrl ?? base.appUrl),
    dev,
  };
}
