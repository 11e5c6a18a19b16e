/**
 * The pages' CSP against the REAL office.js (node_modules/@microsoft/office-js/dist, served under the
 * CDN's path, nothing from the internet): office.js loads further scripts at run time (the host's
 * excel-*.js, the locale's office_strings.js, telemetry) from appsforoffice.microsoft.com, so every page
 * that loads it must allow what it needs. Each page is opened as each platform's Office opens it
 * (`_host_Info` names the host and platform office.js loads files for), and no CSP violation may occur.
 */
import * as fs from "fs";
import * as path from "path";
import type { BrowserContext, Page } from "playwright-core";
import { Env, ROOT, startEnv } from "./harness";

jest.setTimeout(180_000);

const OFFICE_DIST = path.join(ROOT, "node_modules", "@microsoft", "office-js", "dist");
const CDN = "https://appsforoffice.microsoft.com/lib/1/hosted/";

/** The host info each platform's Office gives office.js (office.debug.js `_retrieveHostInfo`), or none (a plain browser). */
const HOSTS: Record<string, string | null> = {
  none: null,
  win: "Excel$Win32$16.01$en-US$$$$0",
  mac: "Excel$Mac$16.00$en-US$$$$0",
  web: "Excel$Web$16.00$en-US$$$$0",
};

interface Seen {
  violations: string[];
  officeFiles: string[];
}

/** Serve office.js and everything it asks for from node_modules, under the CDN's path. */
async function realOfficeJs(ctx: BrowserContext, seen: Seen): Promise<void> {
  await ctx.route(`${CDN}**`, (route) => {
    const rel = decodeURIComponent(new URL(route.request().url()).pathname.slice("/lib/1/hosted/".length));
    const file = path.join(OFFICE_DIST, rel);
    seen.officeFiles.push(rel);
    if (!file.startsWith(OFFICE_DIST) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return route.fulfill({ status: 404, body: "" });
    const type = file.endsWith(".js") ? "text/javascript; charset=utf-8" : file.endsWith(".css") ? "text/css" : "application/octet-stream";
    return route.fulfill({ status: 200, contentType: type, body: fs.readFileSync(file) });
  });
}

async function open(env: Env, page: string, host: string | null): Promise<Seen> {
  const seen: Seen = { violations: [], officeFiles: [] };
  const ctx = await env.newContext();
  await realOfficeJs(ctx, seen);
  await ctx.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const w = window as unknown as { __csp?: string[] };
      (w.__csp ??= []).push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  const p: Page = await ctx.newPage();
  p.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) seen.violations.push(`console: ${m.text()}`);
  });
  const url = new URL(`${env.addinUrl}/${page}`);
  if (host) url.searchParams.set("_host_Info", host);
  await p.goto(url.toString());
  // office.js loads its further files within a second or two; then nothing new is asked for
  await p.waitForTimeout(3000);
  seen.violations.push(...(await p.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => [])));
  await ctx.close();
  return seen;
}

describe("each page that loads office.js allows what the real office.js loads, and nothing is refused", () => {
  let env: Env;
  beforeAll(async () => {
    env = await startEnv({ api: { latencyMs: 0 } });
  });
  afterAll(async () => {
    await env?.close();
  });

  const PAGES = ["taskpane.html", "auth/callback.html?code=x&state=y", "auth/start.html"];
  const cases = PAGES.flatMap((page) => Object.keys(HOSTS).map((host) => [page, host] as const));

  it.each(cases)("%s as %s's Office opens it", async (page, host) => {
    const seen = await open(env, page, HOSTS[host]);
    expect(seen.officeFiles).toContain("office.js");
    if (HOSTS[host]) expect(seen.officeFiles.length).toBeGreaterThan(1); // office.js loaded the host's files
    expect(seen.violations).toEqual([]);
  });
});
