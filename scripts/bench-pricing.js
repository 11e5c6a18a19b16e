#!/usr/bin/env node
/**
 * Pricing figures, printed by `npm run bench` after the engine's and runnable alone
 * (`node scripts/bench-pricing.js`): how long the pane's "Price refresh…" takes on a 1,000-formula
 * model in the workbench host (the production bundle under the fake Office host, in Chromium), and
 * how many host round trips it makes, for
 *   cell-driven  =SVC.FINANCIALS(Inputs!$A2,B$1,Inputs!$B$1): tickers down a column of Inputs, metric
 *                keys across the header row of two model sheets, the period in one input cell
 *   literal      the same formulas with the values typed in: =SVC.FINANCIALS("AAPL","revenue","FY")
 * Target: under one second, and round trips that do not grow with the formulas (they are counted as
 * context.sync calls that carry work). Prints figures; asserts nothing.
 *
 * Options: --tickers=25 --metrics=20 (formulas = 2 sheets x tickers x metrics), --runs=3
 */
"use strict";
const fs = require("fs");
const path = require("path");

const ROOT = path.join(__dirname, "..");
const LINUX_BROWSERS = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/microsoft-edge"];
const LAUNCH_ARGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-dev-shm-usage"];
const SHEETS = ["Model A", "Model B"];

function numberArg(name, dflt) {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  const n = a ? Number(a.slice(name.length + 3)) : dflt;
  return Number.isFinite(n) && n > 0 ? n : dflt;
}

async function launch(chromium) {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) return chromium.launch({ executablePath: explicit, args: LAUNCH_ARGS });
  if (process.platform === "win32" || process.platform === "darwin") {
    for (const channel of ["msedge", "chrome"]) {
      try {
        return await chromium.launch({ channel, args: LAUNCH_ARGS });
      } catch {
        /* next */
      }
    }
  }
  const found = LINUX_BROWSERS.find((p) => fs.existsSync(p));
  if (!found) throw new Error("No Chromium-family browser found: set CHROMIUM_PATH.");
  return chromium.launch({ executablePath: found, args: LAUNCH_ARGS });
}

/** The model's cells: [address, typed text] in the order a person would type them. */
function model(tickers, metrics, literal) {
  const cells = [["Inputs!B1", "FY"]];
  tickers.forEach((t, r) => cells.push([`Inputs!A${r + 2}`, t]));
  const col = (c) => String.fromCharCode(66 + c); // B, C, ...
  for (const sheet of SHEETS) {
    const q = `'${sheet}'`;
    metrics.forEach((m, c) => cells.push([`${q}!${col(c)}1`, m]));
    tickers.forEach((t, r) =>
      metrics.forEach((m, c) => {
        const f = literal ? `=SVC.FINANCIALS("${t}","${m}","FY")` : `=SVC.FINANCIALS(Inputs!$A${r + 2},${col(c)}$1,Inputs!$B$1)`;
        cells.push([`${q}!${col(c)}${r + 2}`, f]);
      })
    );
  }
  return cells;
}

/** Open the add-in page under the fake host, type the model, price the workbook `runs` times. */
async function measure(browser, url, cells, runs) {
  const ctx = await browser.newContext();
  await ctx.route("**/*", (r) => (new URL(r.request().url()).hostname === "127.0.0.1" ? r.continue() : r.abort("blockedbyclient")));
  const page = await ctx.newPage();
  await page.goto(`${url}/taskpane.html`);
  await page.waitForSelector("body[data-pane-ready='1']");
  await page.evaluate(async ({ cells, sheets }) => {
    const x = window.__fakeExcel;
    for (const s of ["Inputs", ...sheets]) x.addSheet(s);
    for (const [a, f] of cells) await x.setFormula(a, f);
    await x.settled();
    const proto = window.Excel.RequestContext.prototype;
    const sync = proto.sync;
    window.__syncs = 0;
    proto.sync = function (...a) {
      if (this.ops && this.ops.length) window.__syncs++;
      return sync.apply(this, a);
    };
  }, { cells, sheets: SHEETS });
  await page.click("#svc-tab-data");
  await page.selectOption("#svc-refresh-scope", "workbook");
  const out = [];
  for (let i = 0; i < runs; i++) {
    await page.evaluate(() => (window.__syncs = 0));
    await page.locator("[data-section=svc-refresh] fluent-button", { hasText: "Price refresh…" }).click();
    await page.waitForFunction(() => /calls?;/.test(document.querySelector("[data-field=price]").textContent || ""));
    const r = await page.evaluate(() => ({ ms: Number(document.querySelector("[data-field=price]").dataset.ms), syncs: window.__syncs, price: document.querySelector("[data-field=price]").textContent, detail: document.querySelector("[data-field=price-detail]").textContent }));
    out.push(r);
    await page.locator("[data-section=svc-refresh] fluent-button", { hasText: "Not now" }).click();
  }
  await ctx.close();
  out.sort((a, b) => a.ms - b.ms);
  return { ...out[Math.floor(out.length / 2)], runs: out.map((r) => r.ms) };
}

async function pricingFigures() {
  const { ensureBuilt } = require("./build-helpers/ensure-built");
  ensureBuilt({ quiet: true });
  const { ensureBuild } = require("./bench");
  ensureBuild();
  const { chromium } = require("playwright-core");
  const { startFakeApi, SANDBOX_API_KEY } = require(path.join(ROOT, "build", "test", "fakes", "api", "server.js"));
  const { sampleTickers } = require(path.join(ROOT, "build", "test", "fakes", "api", "companies.js"));
  const { FINANCIAL_METRICS } = require(path.join(ROOT, "build", "src", "api", "catalogue.js"));
  const { startDevServer } = require("./build-helpers/dev-server");
  const tickers = sampleTickers().filter((t) => t !== "SPRS").slice(0, numberArg("tickers", 25));
  const metrics = FINANCIAL_METRICS.income.slice(0, numberArg("metrics", 20));
  const runs = numberArg("runs", 3);
  const api = await startFakeApi({ latencyMs: 0, quota: 1_000_000 });
  const site = await startDevServer({ apiUrl: api.url, apiKey: SANDBOX_API_KEY });
  const browser = await launch(chromium);
  try {
    const n = SHEETS.length * tickers.length * metrics.length;
    console.log(`\npricing a ${n.toLocaleString("en-US")}-formula model in the workbench host (3 sheets: Inputs + ${SHEETS.length} model sheets; ${tickers.length} tickers x ${metrics.length} metrics; median of ${runs})`);
    for (const [label, literal] of [["cell-driven", false], ["literal", true]]) {
      const r = await measure(browser, site.url, model(tickers, metrics, literal), runs);
      console.log(`  ${label.padEnd(12)} ${String(r.ms).padStart(5)} ms (runs ${r.runs.join(", ")}; target < 1000)   host round trips ${r.syncs}   ${r.price}`);
      console.log(`  ${"".padEnd(12)} ${r.detail}`);
    }
  } finally {
    await browser.close();
    await site.close();
    await api.close();
  }
}

module.exports = { pricingFigures };

if (require.main === module) {
  pricingFigures().then(
    () => (process.exitCode = 0),
    (e) => {
      console.error(e);
      process.exitCode = 1;
    }
  );
}
