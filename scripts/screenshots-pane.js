"use strict";
/**
 * The task pane at 320 px (the narrowest Excel gives it), each tab, over the sample model
 * examples/Coverage.xlsx opened in the workbench and recalculated (14 SVC results):
 *
 *   pane-model-data-320.png       the Data tab: Refresh, Show source above the results, grouped by sheet and function
 *   pane-model-build-320.png      the Build tab: the screener's answer, one record per row (the screened metric in view)
 *   pane-model-feeds-320.png      the insider feed's answer, one record per row
 *   pane-model-account-320.png    the Account tab
 */
const path = require("path");

async function paneShots(page, pane, OUT, log) {
  const frame = page.locator("#book");
  const save = async (name) => {
    const file = path.join(OUT, `pane-model-${name}-320.png`);
    await frame.screenshot({ path: file });
    log(`saved ${path.relative(path.join(OUT, "..", ".."), file)}`);
  };
  const top = (selector) => pane.locator(selector).first().evaluate((n) => n.scrollIntoView({ block: "start" }));

  await page.setInputFiles("#open", path.join(__dirname, "..", "examples", "Coverage.xlsx"));
  await page.waitForSelector("body[data-opened='Coverage.xlsx']");
  await page.click("#recalc");
  await pane.locator("#svc-tab-data").click();
  await pane.locator("[data-section=svc-data] .svc-result-group").first().waitFor({ timeout: 60_000 });
  await top("[data-section=svc-data]");
  await save("data");

  await pane.locator("#svc-tab-build").click();
  await pane.locator("#svc-screen-metric-1").selectOption("roic");
  await pane.locator("[aria-label='Filter 1 minimum']").fill("15");
  await pane.locator("[data-section=svc-screener] fluent-button", { hasText: "Run screen" }).first().click();
  await pane.locator("[data-section=svc-screener] .svc-result table").waitFor();
  await top("[data-section=svc-screener] .svc-answer");
  await save("build");

  await pane.locator("[data-section=svc-feeds] .svc-feed-tab", { hasText: "Insider feed" }).first().click();
  await pane.locator("[data-tool=get_insider_feed] fluent-button", { hasText: "Show insider feed" }).first().click();
  await pane.locator("[data-tool=get_insider_feed] .svc-result table").waitFor();
  await top("[data-tool=get_insider_feed] .svc-answer");
  await save("feeds");

  await pane.locator("#svc-tab-account").click();
  await top("[data-section=svc-account]");
  await save("account");
}

module.exports = { paneShots };
