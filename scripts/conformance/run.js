#!/usr/bin/env node
/**
 * `npm run conformance`: compiles the engine and the runner (tsc -p tsconfig.cli.json) when the
 * sources are newer than build/, then runs test/conformance/main.ts over the shared corpus
 * (SVC_REALFILES, default ../shared/realfiles). Arguments pass through (--file=, --wrong, --json=).
 */
"use strict";
const fs = require("fs");
const path = require("path");
const { execSync } = require("child_process");

const ROOT = path.resolve(__dirname, "../..");
const MAIN = path.join(ROOT, "build/test/conformance/main.js");

function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }
  return t;
}

const built = fs.existsSync(MAIN) ? fs.statSync(MAIN).mtimeMs : 0;
if (built < Math.max(newest(path.join(ROOT, "src")), newest(path.join(ROOT, "test/conformance")))) {
  process.stderr.write("conformance: compiling (tsc -p tsconfig.cli.json)...\n");
  try {
    execSync("npx tsc -p tsconfig.cli.json", { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  } catch {
    if (!fs.existsSync(MAIN)) throw new Error("conformance: the build failed");
  }
  const now = new Date();
  fs.utimesSync(MAIN, now, now);
}
require(MAIN);
