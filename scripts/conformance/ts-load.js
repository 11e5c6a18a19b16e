/**
 * Lets a script require the TypeScript sources as they are: each .ts file is transpiled on load
 * (typescript's transpileModule, no type check: `npm run typecheck` does that). The output is kept
 * in the temp folder under a hash of the source and the compiler's version, so a process started per
 * workbook (ironcalc-measure.js) does not load the compiler and transpile everything again.
 */
"use strict";
const crypto = require("crypto");
const fs = require("fs");
const os = require("os");
const path = require("path");

const CACHE = path.join(os.tmpdir(), "svc-ts-transpiled");
const VERSION = require("typescript/package.json").version;

function transpile(source, filename) {
  const ts = require("typescript");
  return ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    fileName: filename,
  }).outputText;
}

require.extensions[".ts"] = (module, filename) => {
  const source = fs.readFileSync(filename, "utf8");
  const cached = path.join(CACHE, crypto.createHash("sha256").update(`${VERSION}\0${filename}\0${source}`).digest("hex") + ".js");
  let out;
  try {
    out = fs.readFileSync(cached, "utf8");
  } catch {
    out = transpile(source, filename);
    fs.mkdirSync(CACHE, { recursive: true });
    fs.writeFileSync(`${cached}.${process.pid}`, out);
    fs.renameSync(`${cached}.${process.pid}`, cached); // whole or absent, never half written
  }
  module._compile(out, filename);
};
