#!/usr/bin/env node
// The formula runner. `npm ci` compiles the TypeScript sources to build/ (the "prepare" script).
"use strict";
const path = require("path");
const fs = require("fs");
const entry = path.join(__dirname, "..", "build", "src", "cli", "main.js");
if (!fs.existsSync(entry)) {
  process.stderr.write("svc-excel: not built yet; run `npm run build:cli` (npm ci does it)\n");
  process.exit(2);
}
require(entry).main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    process.stderr.write(`svc-excel: ${e && e.stack ? e.stack : e}\n`);
    process.exit(1);
  }
);
