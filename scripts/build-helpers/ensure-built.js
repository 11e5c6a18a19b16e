"use strict";
/**
 * Build dist/ with webpack unless it is newer than every input (sources, pages, manifest, assets,
 * config). Used by the browser tests and `npm start`, so a fresh clone needs no separate build step.
 * A lock directory keeps two concurrent callers from building over each other.
 */
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");

const ROOT = path.join(__dirname, "..", "..");
const INPUTS = ["src", "assets", "manifest.xml", "webpack.config.js", "scripts/build-helpers", "package-lock.json"];
/** The workbench and the fake Office host (webpack's second configuration). */
const WORKBENCH_DIR = path.resolve(ROOT, process.env.SVC_WORKBENCH_DIR || "build/workbench");
const FAKE_OFFICE = path.join(WORKBENCH_DIR, "fake-office.js");

function newest(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let m = 0;
  for (const f of fs.readdirSync(p)) m = Math.max(m, newest(path.join(p, f)));
  return m;
}

function isStale(distDir) {
  const marker = path.join(distDir, "functions.js");
  if (!fs.existsSync(marker) || !fs.existsSync(path.join(distDir, "functions.json")) || !fs.existsSync(path.join(distDir, "taskpane.html"))) return true;
  if (process.env.SVC_SKIP_WORKBENCH !== "1" && !fs.existsSync(FAKE_OFFICE)) return true;
  const built = fs.statSync(marker).mtimeMs;
  return INPUTS.some((i) => newest(path.join(ROOT, i)) > built);
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** @returns {boolean} true when a build ran */
function ensureBuilt(opts = {}) {
  const distDir = path.resolve(ROOT, opts.distDir || process.env.SVC_DIST_DIR || "dist");
  if (!opts.force && !isStale(distDir)) return false;
  const lock = path.join(ROOT, "build", ".webpack-lock");
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock} (remove it if no build is running)`);
      if (fs.existsSync(lock) && Date.now() - fs.statSync(lock).mtimeMs > 180_000) fs.rmSync(lock, { recursive: true, force: true });
      sleep(200);
    }
  }
  try {
    if (!opts.force && !isStale(distDir)) return false; // someone else built it meanwhile
    const cli = require.resolve("webpack-cli/bin/cli.js", { paths: [ROOT] });
    const r = spawnSync(process.execPath, [cli, "--mode", "production"], {
      cwd: ROOT,
      env: { ...process.env, ...(opts.env || {}), SVC_DIST_DIR: distDir },
      stdio: opts.quiet ? "pipe" : "inherit",
      encoding: "utf8",
    });
    if (r.status !== 0) throw new Error(`webpack build failed (exit ${r.status})\n${r.stdout || ""}${r.stderr || ""}`);
    // webpack does not rewrite an unchanged functions.js (compareBeforeEmit): mark the build as fresh
    // anyway, or a change that only touches another entry (the workbench) rebuilds on every call.
    const now = new Date();
    fs.utimesSync(path.join(distDir, "functions.js"), now, now);
    return true;
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

module.exports = { ensureBuilt, isStale, newest, FAKE_OFFICE };
