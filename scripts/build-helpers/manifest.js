"use strict";
/**
 * Render the committed manifest.xml for a build: every URL under the development origin
 * (https://localhost:3000) moves to the add-in's origin, and AppDomains is rebuilt from the API and
 * sign-in addresses. Text substitution keeps the file byte-for-byte otherwise (comments, order).
 */
const DEV_ORIGIN = "https://localhost:3000";

function originOf(url) {
  return new URL(url).origin;
}

/** AppDomains entries: the distinct origins of the API and the sign-in page, not the add-in itself. */
function appDomains(cfg) {
  const addin = originOf(cfg.addinUrl);
  return [...new Set([originOf(cfg.baseUrl), originOf(cfg.appUrl)])].filter((o) => o !== addin);
}

function renderManifest(xml, cfg) {
  const addin = cfg.addinUrl.replace(/\/+$/, "");
  let out = xml.split(DEV_ORIGIN + "/").join(addin + "/");
  const domains = appDomains(cfg);
  const block = /<AppDomains>[\s\S]*?<\/AppDomains>/;
  if (!block.test(out)) throw new Error("manifest.xml has no <AppDomains> block");
  const entries = domains.map((d) => `    <AppDomain>${d}</AppDomain>`).join("\n");
  out = out.replace(block, domains.length ? `<AppDomains>\n${entries}\n  </AppDomains>` : "<AppDomains/>");
  return out;
}

module.exports = { renderManifest, appDomains, DEV_ORIGIN };
