#!/usr/bin/env node
/**
 * `npm run screenshots`: the workbench screenshots (docs/screenshots/native-*.png,
 * readable-*.png, model-*.png), reproducibly. The production bundle (dist/ + build/workbench/, built here if missing
 * or stale, as the browser tests do) runs in a Chromium-family browser under the fake Office host,
 * which the workbench starts with data types on (readable by default), against the sandbox
 * API on loopback (port 0). A small model is typed into the cells and each view is saved:
 *
 *   native-financials-ltm.png    FINANCIALS FY-2:FY and LTM-1:LTM blocks, PERIODS of the last four quarters
 *   native-filings-dates.png     FILINGS with real dates
 *   native-screen-percents.png   SCREEN with ratios shown as percents
 *   native-company-card.png      the COMPANY entity card (hover)
 *   native-show-source.png       the pane's Data tab: "Show source" of a FINANCIALS revenue value
 *   readable-model.png           a model sheet: the whole income statement by calendar year, balance lines, analysts' words
 *   readable-economy-feed.png    the economy snapshot: percents, counts and USD millions alike
 *   readable-screener-320.png    the pane's screener at 320 px with the filter units stated and a result
 *   readable-cli.png             svc-excel eval's table in a terminal (separators, percents, dates, notices after)
 *   model-*.png                  a model with its inputs in cells, priced and refreshed (screenshots-model.js)
 *   pane-model-*-320.png         the pane at 320 px, each tab, over examples/Coverage.xlsx (screenshots-pane.js;
 *                                `node scripts/screenshots.js --pane` takes only these)
 *
 * Nothing leaves the machine: every non-loopback request is refused. Browser: CHROMIUM_PATH, else
 * Edge/Chrome channels on Windows/macOS, else /usr/bin/chromium (the rule of test/browser/harness.ts).
 */
"use strict";
const fs = require("fs");
const path = require("path");

const ROOT = path.join(__dirname, "..");
const OUT = path.join(ROOT, "docs", "screenshots");
const LINUX_BROWSERS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/microsoft-edge"];
const LAUNCH_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-dev-shm-usage"];

function log(msg) {
  process.stdout.write(`[screenshots] ${msg}\n`);
}

/** dist/ and build/workbench/ from webpack, rebuilt when stale (scripts/build-helpers/ensure-built.js). */
function buildBundle() {
  const { ensureBuilt } = require("./build-helpers/ensure-built");
  log("building the add-in if needed (webpack)…");
  const force = !fs.existsSync(path.join(ROOT, "build", "workbench", "index.html"));
  if (ensureBuilt({ quiet: true, force })) log("built dist/ and build/workbench/");
}

async function launchChromium(chromium) {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) {
    if (!fs.existsSync(explicit)) throw new Error(`CHROMIUM_PATH=${explicit} does not exist`);
    return chromium.launch({ executablePath: explicit, args: LAUNCH_ARGS });
  }
  if (process.platform === "win32" || process.platform === "darwin") {
    for (const channel of ["msedge", "chrome"]) {
      try {
        return await chromium.launch({ channel, args: LAUNCH_ARGS });
      } catch {
        /* try the next channel */
      }
    }
    throw new Error("No Edge or Chrome found: install one, or set CHROMIUM_PATH.");
  }
  const found = LINUX_BROWSERS.find((p) => fs.existsSync(p));
  if (!found) throw new Error(`No Chromium-family browser found (looked for ${LINUX_BROWSERS.join(", ")}): set CHROMIUM_PATH.`);
  return chromium.launch({ executablePath: found, args: LAUNCH_ARGS });
}

/** A model sheet, a feed, the screener at 320 px and the CLI, all readable by default. */
async function readableShots({ page, type, widen, scrollTo, ctx, site, api, SANDBOX_API_KEY }) {
  const save = async (target, name, opts = {}) => {
    const file = path.join(OUT, `readable-${name}.png`);
    await target.screenshot({ path: file, ...opts });
    log(`saved ${path.relative(ROOT, file)}`);
  };
  // A model sheet on a second sheet area: the whole income statement by calendar year, then balance lines.
  for (const column of ["B", "C", "D"]) await widen(column, 4); // calendar headers name their fiscal quarters
  await scrollTo("A49");
  await type("A50", "AAPL model: the whole income statement by calendar year (mapped through Apple's fiscal quarters)");
  await type("A51", '=SVC.FINANCIALS("AAPL",,"CY2023:CY2025")');
  await type("A75", '=SVC.FINANCIALS("AAPL","cash,total_debt,net_debt,total_equity","FY-2:FY")');
  await type("F75", '=SVC.FINANCIALS("AAPL","sales,eps,Net Income","TTM")');
  await page.click("#cell-A50");
  await scrollTo("A49");
  await save(page, "model");

  await type("A82", "U.S. economy: the snapshot (percents, counts and USD millions as Excel shows them)");
  await type("A83", "=SVC.ECONOMY()");
  await page.click("#cell-A82");
  await scrollTo("A81");
  await save(page, "economy-feed");

  // The pane alone at 320 px: Build tab, screener with its filter units, one filter, a result.
  const pane = await ctx.newPage();
  await pane.setViewportSize({ width: 320, height: 1100 });
  await pane.goto(`${site.url}/taskpane.html?datatypes=1`);
  await pane.waitForSelector("body[data-pane-ready='1']");
  await pane.click("#svc-tab-build");
  await pane.selectOption("#svc-screen-metric-1", "roic");
  await pane.fill("[aria-label='Filter 1 minimum']", "15");
  await pane.locator("[data-section=svc-screener] fluent-button", { hasText: "Run screen" }).first().click();
  await pane.locator("[data-section=svc-screener] .svc-result table").waitFor();
  // the table scrolls sideways inside the pane: show its metric column (ROIC as a percent)
  await pane.evaluate(() => document.querySelectorAll("[data-section=svc-screener] .svc-table-wrap").forEach((w) => (w.scrollLeft = w.scrollWidth)));
  await pane.locator("[data-section=svc-screener]").scrollIntoViewIfNeeded();
  await save(pane.locator("[data-section=svc-screener]"), "screener-320");
  await pane.close();

  // svc-excel eval in a terminal: its table, drawn as text (never as markup).
  const { execFile } = require("child_process");
  const formulas = ['=SVC.FINANCIALS("AAPL","sales,gross margin,eps","CY2023:CY2025")', '=SVC.FILINGS("AAPL","10k",3)', '=SVC.HEADLINES("AAPL",2)', '=SVC.FILINGS("APPL")'];
  // asynchronously: the sandbox API answers from this process
  const out = await new Promise((resolve) => {
    const args = [path.join(ROOT, "bin", "svc-excel.js"), "eval", "--base-url", api.url, "--token", SANDBOX_API_KEY, ...formulas];
    execFile(process.execPath, args, { encoding: "utf8" }, (e, stdout, stderr) => resolve(`${stdout}${stderr}$ echo $?\n${e ? e.code : 0}\n`)); // 1: the last formula is a mistyped ticker
  });
  const term = await ctx.newPage();
  await term.setViewportSize({ width: 1500, height: 700 });
  await term.setContent("<body style='margin:0;background:#1e1e1e'><pre id='t' style='margin:0;padding:16px;color:#d4d4d4;font:13px/1.35 monospace'></pre></body>");
  await term.evaluate(([cmd, text]) => {
    document.getElementById("t").textContent = `$ ${cmd}\n${text}`;
  }, [`svc-excel eval ${formulas.map((f) => `'${f}'`).join(" ")}`, out]);
  await save(term.locator("#t"), "cli");
  await term.close();
}

/** What a person does in the workbench page: type into a cell, widen a column, scroll; and a screenshot of it. */
function bookActions(page) {
  async function type(address, formula) {
    await page.click(`#cell-${address}`);
    await page.fill("#fx", formula);
    await page.press("#fx", "Enter");
    await page.waitForFunction((a) => document.querySelector(`#cell-${a}`).textContent !== "#BUSY!", address, { timeout: 30_000 });
    const shown = await page.textContent(`#cell-${address}`);
    if (formula.startsWith("=") && /^#[A-Z/0!?]+!?$/.test(shown || "")) throw new Error(`${address} ${formula} shows ${shown}`);
  }
  async function shot(name) {
    const file = path.join(OUT, `native-${name}.png`);
    await page.screenshot({ path: file });
    log(`saved ${path.relative(ROOT, file)}`);
  }
  /** Widen a column as a user would: select a cell of it, Alt+→ in the formula bar (24 px a step). */
  async function widen(column, steps) {
    await page.click(`#cell-${column}1`);
    await page.focus("#fx");
    for (let i = 0; i < steps; i++) await page.keyboard.press("Alt+ArrowRight");
  }
  const scrollTo = (address) => page.evaluate((a) => document.querySelector(`#cell-${a}`).scrollIntoView({ block: "start" }), address);

  return { type, shot, widen, scrollTo };
}

/** The native screenshots: FINANCIALS with LTM, FILINGS dates, SCREEN percents, the COMPANY card, Show source. */
async function nativeShots(page, pane, { type, shot, widen, scrollTo }) {
  // Labels readable without hovering: metric names (A, F), LTM headers (G, H), accessions (D).
  for (const [column, steps] of [["A", 4], ["D", 2], ["F", 4], ["G", 2], ["H", 2]]) await widen(column, steps);

  // 1. FINANCIALS block with LTM beside it, and the fiscal quarters LTM sums
  const metrics = "revenue,gross_profit,gross_margin,operating_margin,net_income,eps_diluted";
  await type("A1", "AAPL: income, last three fiscal years and LTM (computed from the last four fiscal quarters)");
  await type("A2", `=SVC.FINANCIALS("AAPL","${metrics}","FY-2:FY")`);
  await type("F2", `=SVC.FINANCIALS("AAPL","${metrics}","LTM-1:LTM")`);
  await type("A10", '=SVC.PERIODS("AAPL","FQ-3:FQ")');
  await page.click("#cell-A1");
  await shot("financials-ltm");

  // 2. FILINGS with real dates
  await type("A16", "AAPL: latest filings (dates are Excel dates, shown yyyy-mm-dd)");
  await type("A17", '=SVC.FILINGS("AAPL",,6)');
  await page.click("#cell-A16");
  await scrollTo("A15");
  await shot("filings-dates");

  // 3. SCREEN in percents
  await type("A26", "Screen: ROIC at least 15% and gross margin at least 40% (ratios are fractions, shown as %)");
  await type("A27", '=SVC.SCREEN("roic:15:,gross_margin:40:",,TRUE,8)');
  await page.click("#cell-A26");
  await scrollTo("A25");
  await shot("screen-percents");

  // 4. COMPANY card (hover the entity cell); the workbench has no =A41.cik dot access, the card lists the properties
  await type("A40", "AAPL as an entity (data types): hover the cell for its card");
  await type("A41", '=SVC.COMPANY("AAPL")');
  await type("C41", "shares (m):");
  await type("D41", '=SVC.COMPANY("AAPL","shares_outstanding_m")');
  await scrollTo("A39");
  await page.hover("#cell-A41");
  await page.waitForSelector(".svc-card");
  await shot("company-card");

  // 5. Show source of a FINANCIALS revenue value (A2's block: row 3 is revenue, B3 its oldest year)
  await page.mouse.move(0, 0);
  await scrollTo("A1");
  await page.click("#cell-B3");
  await pane.locator("#svc-tab-data").click();
  await pane.locator("[data-section=svc-data] fluent-button", { hasText: "Show source of the selected cell" }).first().click();
  const box = pane.locator("[data-source-of='Sheet1!B3']");
  await box.waitFor();
  const text = (await box.textContent()) || "";
  if (!/Metricrevenue/.test(text) || !/Accession/.test(text)) throw new Error(`Show source of B3 does not show a revenue value's source: ${text}`);
  await box.scrollIntoViewIfNeeded();
  await shot("show-source");

}

async function main() {
  require("./build-helpers/build-sandbox").buildSandbox(log);
  buildBundle();
  const { chromium } = require("playwright-core");
  const { startFakeApi, SANDBOX_API_KEY } = require(path.join(ROOT, "build", "test", "fakes", "api", "server.js"));
  const { startDevServer } = require("./build-helpers/dev-server");

  const stops = [];
  const errors = [];
  const refused = [];
  try {
    const api = await startFakeApi({ latencyMs: 5 });
    stops.push(() => api.close());
    const site = await startDevServer({ apiUrl: api.url, apiKey: SANDBOX_API_KEY });
    stops.push(() => site.close());
    const browser = await launchChromium(chromium);
    stops.push(() => browser.close());

    const ctx = await browser.newContext({ viewport: { width: 1500, height: 900 }, deviceScaleFactor: 1 });
    await ctx.route("**/*", (r) => {
      const u = new URL(r.request().url());
      if (u.hostname === "127.0.0.1" || u.protocol === "data:" || u.protocol === "blob:") return r.continue();
      refused.push(u.toString());
      return r.abort("blockedbyclient");
    });
    const page = await ctx.newPage();
    page.on("pageerror", (e) => errors.push(`pageerror ${e.message}`));
    page.on("console", (m) => m.type() === "error" && errors.push(`console ${m.text()}`));
    await page.goto(`${site.url}/workbench/`);
    await page.waitForSelector("body[data-ready='1']");
    const pane = page.frameLocator("#book");
    await pane.locator("body[data-pane-ready='1']").waitFor();

    const actions = bookActions(page);
    if (process.argv.includes("--pane")) return await require("./screenshots-pane").paneShots(page, pane, OUT, log);
    await nativeShots(page, pane, actions);
    const { type, widen, scrollTo } = actions;
    await readableShots({ page, type, widen, scrollTo, ctx, site, api, SANDBOX_API_KEY });

    // A model whose arguments are in cells, priced and refreshed (scripts/screenshots-model.js)
    await require("./screenshots-model").modelShots(page, pane, OUT, log);
    await page.goto(`${site.url}/workbench/`); // a fresh workbook for the pane's tabs
    await page.waitForSelector("body[data-ready='1']");
    await require("./screenshots-pane").paneShots(page, page.frameLocator("#book"), OUT, log);

    log(`API calls: ${api.calls ? api.calls() : "?"}; refused outside requests: ${refused.length}`);
    if (errors.length) log(`page errors:\n  ${errors.join("\n  ")}`);
  } finally {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => undefined);
  }
}

main().then(
  () => {
    process.exitCode = 0;
  },
  (e) => {
    process.stderr.write(`[screenshots] failed: ${e && e.stack ? e.stack : e}\n`);
    process.exitCode = 1;
  }
);
