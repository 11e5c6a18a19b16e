#!/usr/bin/env node
/**
 * `npm run conformance`: runs test/conformance/main.ts over the shared corpus (SVC_REALFILES,
 * default ../shared/realfiles beside the clone). The TypeScript sources are transpiled on load
 * (typescript's transpileModule, no type check: `npm run typecheck` does that), so the figures are
 * always those of the sources as they are. Arguments pass through (--file=, --wrong, --json=).
 */
"use strict";
const fs = require("fs");
const path = require("path");
const ts = require("typescript");

const ROOT = path.resolve(__dirname, "../..");

require.extensions[".ts"] = (module, filename) => {
  const out = ts.transpileModule(fs.readFileSync(filename, "utf8"), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    fileName: filename,
  });
  module._compile(out.outputText, filename);
};

require(path.join(ROOT, "test/conformance/main.ts"));
