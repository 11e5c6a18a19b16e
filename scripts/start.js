#!/usr/bin/env node
/**
 * `npm start`: the add-in on a fresh machine with no account.
 *
 *  1. builds what is missing or stale: the sandbox (fake API + fake sign-in server, `tsc -p
 *     tsconfig.cli.json` -> build/) and the add-in + workbench (webpack -> dist/, build/workbench/);
 *  2. starts the sandbox API on http://127.0.0.1:8787 (SVC_SANDBOX_PORT): sample companies, a
 *     consent page that needs no password, API key `svc_live_Sandbox…`;
 *  3. starts the development server on http://127.0.0.1:3000 (PORT): dist/ with the fake Office host
 *     in place of office.js, and the workbench at /workbench/;
 *  4. where Excel is installed (Windows, macOS) and SVC_SIDELOAD is not 0: serves dist/ unmodified
 *     over https://localhost:3000 with office-addin-dev-certs (the workbench moves to port 3001) and
 *     sideloads dist/manifest.xml with office-addin-debugging — both the pinned devDependencies
 *     (package.json), run from node_modules, never fetched at run time.
 *
 * Options: --no-build (use what is there), --no-sideload, --port N, --sandbox-port N.
 */
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync, spawn } = require("child_process");

const ROOT = path.join(__dirname, "..");
const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : dflt;
};

const SANDBOX_PORT = Number(opt("--sandbox-port", process.env.SVC_SANDBOX_PORT || 8787));
const EXCEL_HOST = process.platform === "win32" || process.platform === "darwin";
const SIDELOAD = EXCEL_HOST && !flag("--no-sideload") && process.env.SVC_SIDELOAD !== "0" && !process.env.CI;
const ADDIN_PORT = Number(opt("--port", process.env.PORT || 3000));
const WORKBENCH_PORT = SIDELOAD ? ADDIN_PORT + 1 : ADDIN_PORT;
const t0 = Date.now();

function log(msg) {
  process.stdout.write(`[svc] ${msg}\n`);
}

async function main() {
  const sandboxBase = `http://127.0.0.1:${SANDBOX_PORT}`;
  if (!flag("--no-build")) {
    require("./build-helpers/build-sandbox").buildSandbox(log);
    const { ensureBuilt } = require("./build-helpers/ensure-built");
    // Whatever dist/ was built for, the loopback dev page points it at this sandbox (__SVC_DEV__).
    log("building the add-in if needed (webpack)…");
    if (ensureBuilt({ quiet: true })) log("built dist/ and build/workbench/");
  }
  if (!fs.existsSync(path.join(ROOT, "build", "workbench", "index.html"))) {
    const { ensureBuilt } = require("./build-helpers/ensure-built");
    ensureBuilt({ force: true, quiet: true });
  }

  const { startFakeApi, SANDBOX_API_KEY } = require(path.join(ROOT, "build", "test", "fakes", "api", "server.js"));
  const { createFakeAuthServer } = require(path.join(ROOT, "build", "test", "fakes", "auth", "fake-auth-server.js"));
  const auth = createFakeAuthServer({ issuer: sandboxBase });
  const api = await startFakeApi({
    port: SANDBOX_PORT,
    latencyMs: Number(process.env.SVC_SANDBOX_LATENCY_MS || 150),
    routes: (req, res, url) => auth.routes(req, res, url),
    validateToken: (t) => auth.validateToken(t),
  });

  const { startDevServer } = require("./build-helpers/dev-server");
  const workbench = await startDevServer({ apiUrl: api.url, apiKey: SANDBOX_API_KEY, port: WORKBENCH_PORT });

  const manifest = path.join(ROOT, "dist", "manifest.xml");
  log(`sandbox API        ${api.url}   (API key ${SANDBOX_API_KEY}; sign-in page needs no password)`);
  log(`workbench          ${workbench.url}/workbench/   <- open this: type =SVC.FINANCIALS("AAPL","revenue",5)`);
  log(`                   ${workbench.url}/workbench/?auth=oauth   (sign in through the pane instead of the key)`);
  log(`manifest           ${manifest}`);

  let sideloaded = false;
  if (SIDELOAD) {
    sideloaded = await sideload(manifest);
  } else {
    log("Excel: sideload dist/manifest.xml (it expects the add-in at https://localhost:3000):");
    log("  Windows/Mac desktop: npm start there sideloads it (the pinned office-addin-dev-certs + office-addin-debugging)");
    log("  Excel on the web:    Insert > Add-ins > Upload My Add-in > dist/manifest.xml, with dist/ served over https://localhost:3000");
  }
  log(`ready in ${((Date.now() - t0) / 1000).toFixed(1)} s — Ctrl+C to stop`);

  const stop = async () => {
    log("stopping…");
    if (sideloaded) spawnSync(process.execPath, [pinnedCli("office-addin-debugging"), "stop", manifest], { cwd: ROOT, stdio: "inherit" });
    await workbench.close();
    await api.close();
    auth.close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/** The CLI of a pinned devDependency (package.json), from node_modules: never `npx --yes`. */
function pinnedCli(pkg) {
  return require.resolve(`${pkg}/cli.js`, { paths: [ROOT] });
}

/** Serve dist/ unmodified over https://localhost:3000 with the Office dev certificate, then sideload. */
async function sideload(manifest) {
  try {
    log("installing/reading the Office development certificate (office-addin-dev-certs, pinned)…");
    // Installs the localhost certificate once (it asks the OS to trust it), then reads it.
    const { key, cert } = await require(require.resolve("office-addin-dev-certs", { paths: [ROOT] })).getHttpsServerOptions();
    // The same static server as the dev server (one set of path rules), over https, dist/ unmodified.
    const { serveStatic } = require("./build-helpers/serve");
    await serveStatic({ root: path.join(ROOT, "dist"), https: { key, cert }, host: "localhost", port: ADDIN_PORT, index: "taskpane.html" });
    log(`add-in (https)     https://localhost:${ADDIN_PORT}/taskpane.html`);
    const child = spawn(process.execPath, [pinnedCli("office-addin-debugging"), "start", manifest, "desktop", "--app", "excel", "--no-debug"], {
      cwd: ROOT,
      stdio: "inherit",
    });
    await new Promise((resolve) => child.on("exit", resolve));
    log("Excel was started with the add-in sideloaded (Home tab > SVC pane)");
    return true;
  } catch (e) {
    log(`sideloading skipped: ${e.message || e}`);
    return false;
  }
}

main().catch((e) => {
  process.stderr.write(`[svc] npm start failed: ${e && e.stack ? e.stack : e}\n`);
  process.exit(1);
});
