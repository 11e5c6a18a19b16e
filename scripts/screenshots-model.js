"use strict";
/**
 * The model screenshots, taken by `npm run screenshots` (scripts/screenshots.js) in its workbench
 * page: a model whose inputs sit in cells (tickers down Inputs!A, metric keys across Model!B1:D1, the
 * period in Inputs!B1), and the pane's Refresh on it:
 *   model-priced.png      the model and the pane's price ("≈ 5 calls": one per ticker)
 *   model-refreshed.png   after "Refresh now": the summary (5 calls spent, priced 5)
 */
const path = require("path");

/** A model whose arguments are in cells, priced and refreshed from the pane. */
async function modelShots(page, pane, out, log) {
  const shot = async (name) => {
    const file = path.join(out, `${name}.png`);
    await page.screenshot({ path: file });
    log(`saved ${path.relative(path.join(__dirname, ".."), file)}`);
  };
  const frame = page.frames().find((f) => f.url().includes("/taskpane.html"));
  if (!frame) throw new Error("no add-in frame");
  await frame.evaluate(async () => {
    const x = window.__fakeExcel;
    x.addSheet("Inputs");
    x.addSheet("Model");
    const tickers = ["AAPL", "MSFT", "NVDA", "KO", "JPM"];
    const metrics = ["revenue", "net_income", "operating_income"];
    await x.setFormula("Inputs!A1", "ticker");
    await x.setFormula("Inputs!B1", "FY");
    for (const [i, t] of tickers.entries()) await x.setFormula(`Inputs!A${i + 2}`, t);
    await x.setFormula("Model!A1", "ticker");
    for (const [c, m] of metrics.entries()) await x.setFormula(`Model!${"BCD"[c]}1`, m);
    await x.setFormula("Model!E1", "net margin");
    for (const [r] of tickers.entries()) {
      await x.setFormula(`Model!A${r + 2}`, `=Inputs!A${r + 2}`);
      for (const c of [0, 1, 2]) await x.setFormula(`Model!${"BCD"[c]}${r + 2}`, `=SVC.FINANCIALS(Inputs!$A${r + 2},${"BCD"[c]}$1,Inputs!$B$1)`);
      await x.setFormula(`Model!E${r + 2}`, `=C${r + 2}/B${r + 2}`);
    }
    await x.settled();
  });
  await page.click("#tabs [data-sheet='Model']");
  await page.evaluate(() => document.querySelector("#cell-A1").scrollIntoView({ block: "end", inline: "end" }));
  await page.click("#cell-B2");
  const header = await page.textContent("#cell-B1");
  if (header !== "revenue") throw new Error(`Model!B1 shows ${JSON.stringify(header)}, not "revenue"`);
  await pane.locator("#svc-tab-data").click();
  await pane.locator("#svc-refresh-scope").selectOption("sheet");
  await pane.locator("[data-section=svc-refresh] fluent-button", { hasText: "Price refresh…" }).click();
  const price = pane.locator("[data-field=price]");
  await pane.locator("[data-field=price]:has-text('call')").waitFor();
  await price.scrollIntoViewIfNeeded();
  await shot("model-priced");
  await pane.locator("[data-section=svc-refresh] fluent-button", { hasText: "Refresh now" }).click();
  const summary = pane.locator(".svc-summary-head");
  await summary.waitFor({ timeout: 60_000 });
  await summary.scrollIntoViewIfNeeded();
  await shot("model-refreshed");
}

module.exports = { modelShots };
