/**
 * Runs the REAL production bundle (dist/) in Debian's Chromium under the fake Office host
 * (src/fake-office, bundled to build/workbench/fake-office.js), against the fake Company Data API and its fake authorization
 * server on loopback. Nothing leaves the machine: office.js is answered with the fake host, loopback
 * requests go through, every other request is refused and recorded.
 *
 * The recipe: http://127.0.0.1 is a secure context (crypto.subtle, Web
 * Locks, IndexedDB); launch flags as verified there; never `playwright install`.
 */
import * as fs from "fs";
import * as path from "path";
import { chromium, Browser, BrowserContext, Page } from "playwright-core";
import { startFakeApi, FakeApi, FakeApiOptions, SANDBOX_API_KEY } from "../fakes/api/server";
import { createFakeAuthServer, FakeAuthServer, FakeAuthServerOptions } from "../fakes/auth/fake-auth-server";

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { serveStatic } = require("../../scripts/build-helpers/serve");
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { ensureBuilt, FAKE_OFFICE: BUILT_FAKE_OFFICE } = require("../../scripts/build-helpers/ensure-built");

export const ROOT = path.join(__dirname, "..", "..");
export const DIST = path.resolve(ROOT, process.env.SVC_DIST_DIR || "dist");
/** The fake Office host (src/fake-office, bundled by webpack with the workbench: build/workbench/fake-office.js). */
export const FAKE_OFFICE: string = BUILT_FAKE_OFFICE;
export const OFFICE_JS = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
/** Linux: Debian's chromium first, then other Chromium-family browsers where they usually live. */
const LINUX_BROWSERS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/microsoft-edge"];

/** A Chromium executable path for tests that launch by path (Linux); prefer launchChromium(), which also finds Edge/Chrome. */
export const CHROMIUM = process.env.CHROMIUM_PATH || LINUX_BROWSERS.find((p) => fs.existsSync(p)) || "/usr/bin/chromium";

/**
 * Launch the Chromium-family browser add-in developers have: CHROMIUM_PATH if set; on Windows and
 * macOS, Edge then Chrome through playwright-core's channels; on Linux, Debian's /usr/bin/chromium
 * (or another Chromium-family binary). Never downloads a browser (no `playwright install`).
 */
export async function launchChromium(args: string[] = LAUNCH_ARGS): Promise<Browser> {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) {
    if (!fs.existsSync(explicit)) throw new Error(`CHROMIUM_PATH=${explicit} does not exist: point CHROMIUM_PATH at a Chrome, Edge or Chromium executable`);
    return chromium.launch({ executablePath: explicit, args });
  }
  if (process.platform === "win32" || process.platform === "darwin") {
    const tried: string[] = [];
    for (const channel of ["msedge", "chrome"]) {
      try {
        return await chromium.launch({ channel, args });
      } catch (e) {
        tried.push(`${channel}: ${String((e as Error)?.message ?? e).split("\n")[0]}`);
      }
    }
    throw new Error(`No Edge or Chrome found (${tried.join("; ")}). Install one, or set CHROMIUM_PATH to a Chromium-family browser's executable.`);
  }
  const found = LINUX_BROWSERS.find((p) => fs.existsSync(p));
  if (!found)
    throw new Error(`No Chromium-family browser found (looked for ${LINUX_BROWSERS.join(", ")}): apt-get install chromium, or set CHROMIUM_PATH to a Chrome, Edge or Chromium executable.`);
  return chromium.launch({ executablePath: found, args });
}
export { SANDBOX_API_KEY };

export const LAUNCH_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

interface Served {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

export interface Env {
  api: FakeApi;
  auth: FakeAuthServer;
  site: Served;
  /** Where the add-in is served: the site's root, or a sub-path of it (`startEnv({ subPath })`). */
  addinUrl: string;
  browser: Browser;
  /** Requests the pages tried to send outside the machine (refused). */
  refused: string[];
  /** Page errors and console errors, per page label. */
  errors: string[];
  /** A "workbook": a fresh browser context shares nothing; pass one to share origin state. */
  newContext(): Promise<BrowserContext>;
  /** Open the add-in page (taskpane.html, with `search` such as `?platform=mac`) in `context` as a new runtime. */
  openWorkbook(context: BrowserContext, dev?: DevConfig, label?: string, search?: string): Promise<Page>;
  close(): Promise<void>;
}

export interface DevConfig {
  apiKey?: string;
  storeName?: string;
}

/** Build dist/ if any input is newer (webpack, ~5 s), once per test run. */
export function buildOnce(): void {
  ensureBuilt({ quiet: true });
}

/** A production build for an add-in hosted under a sub-path (SVC_ADDIN_URL=https://host.example/excel/). */
export interface EnvOptions {
  api?: FakeApiOptions;
  auth?: FakeAuthServerOptions;
  routeFunctionsJs?: (js: string) => string;
  /**
   * Serve dist/ under this path (e.g. "/excel") and nothing at the site's root. The bundle takes the
   * add-in's address from its own page (src/compose/page-runtime.ts), so one build serves any path; the
   * manifest rendered for a sub-path is checked in test/manifest.
   */
  subPath?: string;
}

/** dist/ at the root, or the sub-path build under its path with an empty root beside it. */
async function serveSite(opts: EnvOptions, connectSrc: string[]): Promise<{ site: Served; addinUrl: string }> {
  if (!opts.subPath) {
    buildOnce();
    const site: Served = await serveStatic({ root: DIST, connectSrc });
    return { site, addinUrl: site.url };
  }
  buildOnce();
  const empty = path.join(ROOT, "build", "empty-root");
  fs.mkdirSync(empty, { recursive: true });
  const site: Served = await serveStatic({ root: empty, mounts: { [`${opts.subPath}/`]: DIST }, connectSrc });
  return { site, addinUrl: `${site.url}${opts.subPath}` };
}

export async function startEnv(opts: EnvOptions = {}): Promise<Env> {
  const auth = createFakeAuthServer({ autoApprove: false, ...opts.auth });
  const api = await startFakeApi({
    latencyMs: 0,
    ...opts.api,
    routes: (req, res, url) => auth.routes(req, res, url),
    validateToken: (t) => auth.validateToken(t),
  });
  const { site, addinUrl } = await serveSite(opts, [api.url]);
  const browser = await launchChromium();
  const refused: string[] = [];
  const errors: string[] = [];
  const fakeOffice = fs.readFileSync(FAKE_OFFICE, "utf8");
  const contexts: BrowserContext[] = [];

  async function newContext(): Promise<BrowserContext> {
    const context = await browser.newContext();
    contexts.push(context);
    // Every page of the context (dialog popups too) talks to this sandbox; openWorkbook adds per-page settings.
    await context.addInitScript((c) => {
      const w = window as unknown as { __SVC_DEV__?: Record<string, unknown> };
      w.__SVC_DEV__ = { ...c, ...(w.__SVC_DEV__ ?? {}) };
    }, { baseUrl: api.url, appUrl: api.url });
    await context.route("**/*", async (route) => {
      const url = route.request().url();
      if (url.startsWith("https://appsforoffice.microsoft.com/")) {
        return route.fulfill({ status: 200, contentType: "text/javascript; charset=utf-8", body: fakeOffice });
      }
      const u = new URL(url);
      if ((u.protocol === "http:" || u.protocol === "ws:") && (u.hostname === "127.0.0.1" || u.hostname === "localhost")) {
        if (opts.routeFunctionsJs && u.origin === new URL(site.url).origin && u.pathname === "/functions.js") {
          const res = await route.fetch();
          return route.fulfill({ response: res, body: opts.routeFunctionsJs(await res.text()) });
        }
        return route.continue();
      }
      if (u.protocol === "data:" || u.protocol === "blob:") return route.continue();
      refused.push(url);
      return route.abort("blockedbyclient");
    });
    return context;
  }

  async function openWorkbook(context: BrowserContext, dev: DevConfig = {}, label = "book", search = ""): Promise<Page> {
    const page = await context.newPage();
    const cfg = { baseUrl: api.url, appUrl: api.url, ...dev };
    await page.addInitScript((c) => {
      (window as unknown as { __SVC_DEV__: unknown }).__SVC_DEV__ = c;
    }, cfg);
    page.on("pageerror", (e) => errors.push(`${label}: pageerror ${e.message}`));
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(`${label}: console ${m.text()}`);
    });
    await page.goto(`${addinUrl}/taskpane.html${search}`);
    await page.waitForFunction(() => {
      const w = window as unknown as { __fakeExcel?: { ids(): string[] }; __svcHost?: unknown };
      return !!w.__svcHost && !!w.__fakeExcel && w.__fakeExcel.ids().length > 0;
    });
    return page;
  }

  return {
    api,
    auth,
    site,
    addinUrl,
    browser,
    refused,
    errors,
    newContext,
    openWorkbook,
    async close() {
      for (const c of contexts) await c.close().catch(() => undefined);
      await browser.close().catch(() => undefined);
      await site.close();
      await api.close();
      auth.close();
    },
  };
}

/** What a cell shows: `{value}` or `{error, message}` (see src/fake-office/functions.ts invoke). */
export interface CellResult {
  value?: unknown;
  error?: string;
  message?: string | null;
  thrown?: string;
}

export function invoke(page: Page, id: string, args: unknown[] = []): Promise<CellResult> {
  return page.evaluate(
    ([i, a]) => (window as unknown as { __fakeExcel: { invoke(id: string, args: unknown[]): Promise<CellResult> } }).__fakeExcel.invoke(i, a),
    [id, args] as [string, unknown[]]
  );
}

export function enter(page: Page, address: string, id: string, args: unknown[] = []): Promise<CellResult> {
  return page.evaluate(
    ([ad, i, a]) =>
      (window as unknown as { __fakeExcel: { enter(ad: string, id: string, args: unknown[]): Promise<CellResult> } }).__fakeExcel.enter(ad, i, a),
    [address, id, args] as [string, string, unknown[]]
  );
}

/** The ids the page associated with CustomFunctions.associate. */
export function associatedIds(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __fakeExcel: { ids(): string[] } }).__fakeExcel.ids());
}

/** Excel's registration check: every id in functions.json is associated, and nothing else is. */
export function registrationProblems(metadataIds: string[], associated: string[]): string[] {
  const a = new Set(associated);
  const m = new Set(metadataIds);
  return [
    ...metadataIds.filter((id) => !a.has(id)).map((id) => `${id}: in functions.json but not associated (Excel shows #N/A)`),
    ...associated.filter((id) => !m.has(id)).map((id) => `${id}: associated but not in functions.json (never registered)`),
  ];
}

/** The one-call-at-a-time rule as the fake API saw it. */
export function concurrencyProblems(api: FakeApi): string[] {
  const out: string[] = [];
  if (api.overlaps() > 0) out.push(`${api.overlaps()} calls overlapped another call`);
  if (api.maxConcurrent() > 1) out.push(`up to ${api.maxConcurrent()} calls were in flight at once`);
  return out;
}

export function metadataIds(): string[] {
  const meta = JSON.parse(fs.readFileSync(path.join(DIST, "functions.json"), "utf8")) as { functions: { id: string }[] };
  return meta.functions.map((f) => f.id).sort();
}
