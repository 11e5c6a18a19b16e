"use strict";
/**
 * The custom-function sources: every src/functions/*.ts that contains `@customfunction` (or the
 * single src/functions/functions.ts). The metadata plugin and the bundle entry both take this list,
 * so a new function file needs no config change.
 */
const fs = require("fs");
const path = require("path");

function functionSources(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts") && !f.endsWith(".test.ts"))
    .sort()
    .map((f) => path.join(dir, f))
    .filter((f) => /@customfunction\b/.test(fs.readFileSync(f, "utf8")));
}

module.exports = { functionSources };
