"use strict";
/**
 * A small static server for dist/ on the loopback interface (http://127.0.0.1 is a secure context:
 * crypto.subtle, Web Locks and IndexedDB work). Used by the browser tests and by `npm start`.
 *
 * `npm start`'s https sideload server is this server too (`https: {key, cert}`, `index: "taskpane.html"`),
 * so there is one set of path rules: a broken percent escape is a 400, nothing outside the root (nor
 * a sibling folder sharing its name's prefix, e.g. dist-old/ next to dist/) is ever served.
 *
 * Development extras (never part of the production add-in):
 *  - `mounts`: more folders under a URL prefix (the workbench page and the fake Office host);
 *  - `connectSrc`: origins added to the pages' CSP connect-src (the sandbox API on its port);
 *  - `officeJs`: the URL that replaces the office.js CDN script in served pages (the fake host),
 *    and `devScript`: a script URL inserted before it (sets `__SVC_DEV__` for the bundle).
 */
const http = require("http");
const https = require("https");
const fs = require("fs");
const path = require("path");

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".css": "text/css; charset=utf-8",
  ".ico": "image/x-icon",
  ".txt": "text/plain; charset=utf-8",
};
const OFFICE_CDN = /https:\/\/appsforoffice\.microsoft\.com\/lib\/1\/hosted\/office\.js/g;

function safeJoin(root, rel) {
  const p = path.normalize(path.join(root, rel));
  return p === root || p.startsWith(root + path.sep) ? p : null;
}

/** The decoded path of a request URL, or null when its percent escapes are broken (`/%`). */
function decodedPath(rawUrl) {
  try {
    return decodeURIComponent(new URL(rawUrl, "http://127.0.0.1").pathname);
  } catch {
    return null;
  }
}

/**
 * @param {{root:string, port?:number, host?:string, mounts?:Record<string,string>, connectSrc?:string[],
 *          officeJs?:string, devScript?:string, routes?:(req:any,res:any)=>boolean|Promise<boolean>,
 *          index?:string, https?:{key:any, cert:any}}} opts
 * @returns {Promise<{url:string, port:number, server:import('http').Server, requests:string[], close:()=>Promise<void>}>}
 */
/** A page as served: the CSP widened to `connectSrc`, Office's script replaced by `officeJs` (with `devScript` before it). */
function transformHtml(opts, text) {
  let out = text;
  if (opts.connectSrc && opts.connectSrc.length) out = out.replace(/connect-src 'self'/g, `connect-src 'self' ${opts.connectSrc.join(" ")}`);
  if (opts.officeJs) {
    const dev = opts.devScript ? `<script src="${opts.devScript}"></script>` : "";
    out = out.replace(/<script src="?https:\/\/appsforoffice\.microsoft\.com\/lib\/1\/hosted\/office\.js"?><\/script>/, `${dev}<script src="${opts.officeJs}"></script>`);
    out = out.replace(OFFICE_CDN, opts.officeJs);
  }
  return out;
}

/** The file a path names: under the first mount whose prefix it starts with, else under the root; the index for a folder. */
function fileFor(opts, root, mounts, pathname) {
  let base = root;
  let rel = pathname;
  for (const [prefix, dir] of mounts) {
    if (pathname.startsWith(prefix) || pathname + "/" === prefix) {
      base = dir;
      rel = pathname.slice(prefix.length - 1);
      break;
    }
  }
  if (rel.endsWith("/")) rel += opts.index || "index.html";
  return safeJoin(base, rel);
}

function serveStatic(opts) {
  const root = path.resolve(opts.root);
  const mounts = Object.entries(opts.mounts || {}).map(([prefix, dir]) => [prefix.replace(/\/+$/, "") + "/", path.resolve(dir)]);
  const requests = [];

  const handler = async (req, res) => {
    requests.push(`${req.method} ${req.url}`);
    try {
      if (opts.routes && (await opts.routes(req, res))) return;
      if (req.method !== "GET" && req.method !== "HEAD") {
        res.writeHead(405, { Allow: "GET, HEAD" });
        return res.end();
      }
      const pathname = decodedPath(req.url);
      if (pathname === null || pathname.includes("\0")) {
        res.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" });
        return res.end("bad request: the path is not a valid URL path\n");
      }
      const file = fileFor(opts, root, mounts, pathname);
      if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
        res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" });
        return res.end(`not found: ${pathname}\n`);
      }
      const ext = path.extname(file).toLowerCase();
      let body = fs.readFileSync(file);
      if (ext === ".html") body = Buffer.from(transformHtml(opts, body.toString("utf8")), "utf8");
      res.writeHead(200, {
        "Content-Type": TYPES[ext] || "application/octet-stream",
        "Content-Length": body.length,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      });
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (e) {
      if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(`server error: ${(e && e.message) || e}\n`);
    }
  };
  const server = opts.https ? https.createServer(opts.https, handler) : http.createServer(handler);

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port || 0, opts.host || "127.0.0.1", () => {
      const port = server.address().port;
      resolve({
        url: `${opts.https ? "https" : "http"}://${opts.host || "127.0.0.1"}:${port}`,
        port,
        server,
        requests,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections && server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}

module.exports = { serveStatic };
