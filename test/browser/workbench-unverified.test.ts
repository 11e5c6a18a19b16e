/**
 * The workbench shows no made-up value (production bundle in Chromium): a file opened in it keeps
 * Excel's stored value for a formula the engine does not reproduce, painted as unverified with the
 * reason in the value bar and on hover; a function the engine lacks, typed in, is #CALC! "not computed".
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { Browser, Page } from "playwright-core";
import { startFakeApi, FakeApi, SANDBOX_API_KEY } from "../fakes/api/server";
import { buildFixture, fixtureText } from "../model-file/fixtures";
import { buildOnce, launchChromium } from "./harness";

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { startDevServer } = require("../../scripts/build-helpers/dev-server");

jest.setTimeout(180_000);

describe("workbench: unverified and not computed formulas", () => {
  let api: FakeApi;
  let site: { url: string; close(): Promise<void> };
  let browser: Browser;
  let dir: string;
  let page: Page;

  beforeAll(async () => {
    buildOnce();
    api = await startFakeApi({ latencyMs: 5 });
    site = await startDevServer({ apiUrl: api.url, apiKey: SANDBOX_API_KEY });
    browser = await launchChromium();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-wb-unverified-"));
    // the verify model with its SVC cells as values: nothing is called, the inputs stay as stored
    const data = fixtureText("verify", "xl/worksheets/sheet1.xml").replace(/<f>[^<]*<\/f>/g, "");
    fs.writeFileSync(path.join(dir, "Verify.xlsx"), buildFixture("verify", { "xl/worksheets/sheet1.xml": data }));
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 800 } });
    await ctx.route("**/*", (route) => (new URL(route.request().url()).hostname === "127.0.0.1" ? route.continue() : route.abort("blockedbyclient")));
    page = await ctx.newPage();
    await page.goto(`${site.url}/workbench/`);
    await page.waitForSelector("body[data-ready='1']");
  }, 600_000); // the first browser suite of a run builds dist/
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await api?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("an opened file: the stored value, marked unverified, the reason in the value bar and on hover", async () => {
    await page.setInputFiles("#open", path.join(dir, "Verify.xlsx"));
    await page.waitForSelector("body[data-opened='Verify.xlsx']");
    await page.click("#tabs [data-sheet='Summary']");
    await page.waitForSelector("#cell-B7.unverified");
    expect(await page.textContent("#cell-B7")).toBe("3");
    expect(await page.textContent("#file-status")).toMatch(/shown as Excel stored them/);
    // a click (the value bar's long text must not move the grid under the pointer)
    await page.click("#cell-B7");
    await page.waitForSelector("#value[data-addr='B7']");
    expect(await page.inputValue("#name")).toBe("B7");
    await expect(page.textContent("#value")).resolves.toBe('3 — unverified: Excel\'s stored value, not recomputed here: CELL("protect") needs cell formats, which the engine does not read');
    await page.hover("#cell-B7");
    await expect(page.textContent("#tip")).resolves.toMatch(/not recomputed here: CELL\("protect"\)/);
    expect(await page.getAttribute("#cell-B8", "class")).not.toMatch(/unverified/);
  });

  it("a function the engine lacks, typed in, is #CALC! not computed here", async () => {
    await page.click("#cell-D2");
    await page.fill("#fx", '=INFO("numfile")');
    await page.press("#fx", "Enter");
    await page.waitForFunction(() => document.querySelector("#cell-D2")?.textContent === "#CALC!");
    await page.click("#cell-D2");
    await expect(page.textContent("#value")).resolves.toMatch(/^#CALC! — not computed here: uses INFO, which only Excel computes/);
  });
});
