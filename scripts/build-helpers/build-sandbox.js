"use strict";
/**
 * Compile the sandbox API (test/fakes) and the CLI into build/ with tsc when build/ is missing or
 * older than its inputs. Shared by `npm start` and `npm run screenshots`.
 */
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");
const { newest } = require("./ensure-built");

const ROOT = path.join(__dirname, "..", "..");
const OUT = path.join(ROOT, "build", "test", "fakes", "api", "server.js");
const INPUTS = ["test/fakes", "src", "tsconfig.cli.json"];

/** `log` prints one progress line. Throws only when the sandbox could not be emitted at all. */
function buildSandbox(log) {
  const inputs = INPUTS.map((p) => newest(path.join(ROOT, p)));
  if (fs.existsSync(OUT) && fs.statSync(OUT).mtimeMs >= Math.max(...inputs)) return;
  log("compiling the sandbox (tsc -p tsconfig.cli.json)…");
  const tsc = require.resolve("typescript/bin/tsc", { paths: [ROOT] });
  const r = spawnSync(process.execPath, [tsc, "-p", "tsconfig.cli.json"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (r.status !== 0) process.stdout.write(r.stdout + r.stderr);
  // tsc emits despite type errors elsewhere; only a missing output is fatal.
  if (!fs.existsSync(OUT)) throw new Error("could not compile the sandbox API (build/test/fakes/api/server.js)");
  if (r.status !== 0) log("tsc reported type errors (see above); the sandbox was emitted anyway");
}

module.exports = { buildSandbox };
