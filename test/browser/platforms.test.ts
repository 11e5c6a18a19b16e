/**
 * The add-in under each platform the fake Office host plays (src/fake-office/platform.ts): sign-in through
 * the dialog where office.js knows a page is a dialog only from `_host_Info`, window.name or what it
 * stored on an earlier page of the dialog (Safari clears window.name across origins: mac, web-safari);
 * data types from CustomFunctionsRuntime 1.4 (win-2208); a page run against an older functions.json.
 */
import * as fs from "fs";
import * as path from "path";
import type { Page } from "playwright-core";
import { Env, ROOT, SANDBOX_API_KEY, invoke, startEnv } from "./harness";

jest.setTimeout(120_000);

const PLATFORMS = ["win", "mac", "web", "web-safari", "win-2208"];

/** Sign in from `page` through the dialog popup: the pane's outcome, or the callback page's failure when it could not hand back. */
async function signIn(page: Page): Promise<unknown> {
  const popupPromise = page.waitForEvent("popup");
  const result = page.evaluate(() =>
    (window as unknown as { __svcHost: { signIn(): Promise<unknown> } }).__svcHost.signIn().then(
      (s) => ({ ok: s }),
      (e: Error & { code?: string }) => ({ failed: e.code ?? e.message })
    )
  );
  const popup = await popupPromise;
  await popup.getByRole("button", { name: /allow/i }).click({ timeout: 15_000 });
  // A callback page without a dialog context says so and stays open; the pane would wait for the user.
  const stuck = popup
    .getByText(/could not be handed back/i)
    .waitFor({ timeout: 20_000 })
    .then(
      () => ({ failed: "the callback page had no dialog context (messageParent unavailable)" }),
      () => new Promise(() => undefined)
    );
  return Promise.race([result, stuck]);
}

describe("sign-in through the Office dialog under each platform", () => {
  let env: Env;
  beforeAll(async () => {
    env = await startEnv({ api: { latencyMs: 5 } });
  });
  afterAll(async () => {
    await env?.close();
  });

  it.each(PLATFORMS)("%s: signs in, and the cells then call the API with the token", async (platform) => {
    const ctx = await env.newContext();
    const page = await env.openWorkbook(ctx, { storeName: `svc-${platform}` }, platform, `?platform=${platform}`);
    expect(await signIn(page)).toEqual({ ok: expect.objectContaining({ state: "signed_in" }) });
    const log = await page.evaluate(() => (window as unknown as { __fakeExcel: { log: { type: string; url?: string }[] } }).__fakeExcel.log);
    const opened = new URL(log.find((e) => e.type === "dialogOpen")?.url ?? "");
    // Office on the web hands the dialog its host info in the first page's query; desktop in window.name.
    expect(opened.searchParams.has("_host_Info")).toBe(platform.startsWith("web"));
    const after = await invoke(page, "COMPANY", ["AAPL", "name"]);
    expect(after.error).toBeUndefined();
    await ctx.close();
  });
});

describe("the fake gives a popup page a dialog context only where office.js could know it", () => {
  let env: Env;
  beforeAll(async () => {
    env = await startEnv({ api: { latencyMs: 5 } });
  });
  afterAll(async () => {
    await env?.close();
  });

  /** Open a dialog on a page without office.js that goes to another origin and back to a page with it: can that page messageParent? */
  async function contextAfterTrip(platform: string): Promise<boolean> {
    const ctx = await env.newContext();
    const page = await env.openWorkbook(ctx, { storeName: `svc-trip-${platform}` }, platform, `?platform=${platform}`);
    const back = `${env.addinUrl}/auth/callback.html?code=x`;
    // another origin's page (the API's) that sends the dialog back, as the sign-in service does
    const away = `${env.api.url}/oauth/authorize?bounce=${encodeURIComponent(back)}`;
    await ctx.route(`${env.api.url}/oauth/authorize?bounce=*`, (route) =>
      route.fulfill({ contentType: "text/html", body: `<a id="go" href="${back}">back</a>` })
    );
    await ctx.route(`${env.addinUrl}/first.html*`, (route) => route.fulfill({ contentType: "text/html", body: `<a id="go" href="${away}">away</a>` }));
    const popupPromise = page.waitForEvent("popup");
    await page.evaluate((url) => (window as unknown as { Office: { context: { ui: { displayDialogAsync(u: string, o: object, cb: () => void): void } } } }).Office.context.ui.displayDialogAsync(url, {}, () => undefined), `${env.addinUrl}/first.html`);
    const popup = await popupPromise;
    await popup.click("#go");
    await popup.waitForURL(/bounce=/);
    await popup.click("#go");
    await popup.waitForURL(/callback\.html/);
    await popup.waitForFunction(() => !!(window as unknown as { __fakeExcel?: unknown }).__fakeExcel);
    const isDialog = await popup.evaluate(() => (window as unknown as { __fakeExcel: { isDialog: boolean } }).__fakeExcel.isDialog);
    await ctx.close();
    return isDialog;
  }

  it("window.name survives the trip on Windows and the web in Chromium, not in Safari (mac, web-safari)", async () => {
    expect(await contextAfterTrip("win")).toBe(true);
    expect(await contextAfterTrip("web")).toBe(true);
    expect(await contextAfterTrip("mac")).toBe(false);
    expect(await contextAfterTrip("web-safari")).toBe(false);
  });
});

describe("Excel data types from CustomFunctionsRuntime 1.4 (Windows 2208, Mac 16.64, Excel 2021)", () => {
  let env: Env;
  beforeAll(async () => {
    env = await startEnv({ api: { latencyMs: 0 } });
  });
  afterAll(async () => {
    await env?.close();
  });

  it.each([
    ["?platform=win-2208", true],
    ["?platform=web", true],
    ["?platform=win-2208&datatypes=0", false],
    ["", false],
  ])("taskpane.html%s: a filing date is a formatted date: %s", async (search, typed) => {
    const ctx = await env.newContext();
    const page = await env.openWorkbook(ctx, { apiKey: SANDBOX_API_KEY, storeName: "svc-types" }, "types", search);
    const r = await invoke(page, "FILINGS", ["AAPL", null, 1]);
    const date = (r.value as unknown[][])[1][1];
    if (typed) expect(date).toEqual({ type: "Double", basicValue: expect.any(Number), numberFormat: expect.any(String) });
    else expect(typeof date).toBe("number");
    await ctx.close();
  });
});

describe("a page run against an older functions.json (Excel caches it up to 24 hours; the page updates at once)", () => {
  let env: Env;
  beforeAll(async () => {
    env = await startEnv({ api: { latencyMs: 0 } });
  });
  afterAll(async () => {
    await env?.close();
  });

  const RELEASED = JSON.parse(fs.readFileSync(path.join(ROOT, "test", "metadata", "released-functions.json"), "utf8")) as { functions: Array<{ id: string; parameters: Array<{ name: string }> }> };

  async function withMetadata(meta: unknown): Promise<Page> {
    const ctx = await env.newContext();
    await ctx.route(`${env.addinUrl}/older-functions.json`, (route) => route.fulfill({ contentType: "application/json", body: JSON.stringify(meta) }));
    return env.openWorkbook(ctx, { apiKey: SANDBOX_API_KEY, storeName: "svc-older-meta" }, "older", "?metadata=older-functions.json");
  }

  it("the released functions.json: every argument lands where the page expects it", async () => {
    const page = await withMetadata(RELEASED);
    const r = await invoke(page, "FILINGS", ["AAPL", null, 2, "headers=0"]);
    expect(r.error).toBeUndefined();
    expect(r.value).toHaveLength(2); // two filings, no header row: limit and options where they belong
  });

  it("a parameter inserted before the others shifts them for a workbook with the older copy", async () => {
    // As if form_type had been inserted before limit: Excel, holding the older list, passes limit in its place.
    const older = { ...RELEASED, functions: RELEASED.functions.map((f) => (f.id === "FILINGS" ? { ...f, parameters: f.parameters.filter((p) => p.name !== "form_type") } : f)) };
    const page = await withMetadata(older);
    const r = await invoke(page, "FILINGS", ["AAPL", 2]);
    expect(r.error).toBe("#VALUE!");
  });
});
