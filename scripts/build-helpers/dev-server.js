"use strict";
/**
 * The development server `npm start` runs (and the browser tests drive): dist/ on loopback with the
 * fake Office host in place of office.js, a dev-config script pointing the page at the sandbox, and
 * the workbench at /workbench/. Development only: never deployed, never in the manifest.
 */
const path = require("path");
const { serveStatic } = require("./serve");

const ROOT = path.join(__dirname, "..", "..");

function devConfigScript(apiUrl, apiKey) {
  return `/* development settings for the add-in page on loopback (scripts/build-helpers/dev-server.js) */
(function () {
  var q = "";
  try { q = (window.parent && window.parent.location.search) || location.search; } catch (e) { q = location.search; }
  var cfg = { baseUrl: ${JSON.stringify(apiUrl)}, appUrl: ${JSON.stringify(apiUrl)} };
  // The workbench uses the sandbox key unless opened with ?auth=oauth (then: sign in from the pane).
  if (${JSON.stringify(!!apiKey)} && !/[?&]auth=oauth\\b/.test(q)) cfg.apiKey = ${JSON.stringify(apiKey || "")};
  window.__SVC_DEV__ = cfg;
})();
`;
}

/** @param {{apiUrl:string, apiKey?:string, port?:number, distDir?:string, workbenchDir?:string}} o */
function startDevServer(o) {
  const script = devConfigScript(o.apiUrl, o.apiKey);
  return serveStatic({
    root: o.distDir || path.join(ROOT, "dist"),
    port: o.port || 0,
    mounts: { "/workbench/": o.workbenchDir || path.join(ROOT, "build", "workbench") },
    connectSrc: [o.apiUrl],
    officeJs: "/workbench/fake-office.js",
    devScript: "/workbench/dev-config.js",
    routes: (req, res) => {
      if (req.url.split("?")[0] !== "/workbench/dev-config.js") return false;
      res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" });
      res.end(script);
      return true;
    },
  });
}

module.exports = { startDevServer, devConfigScript };
