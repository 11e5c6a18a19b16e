"use strict";
/**
 * The custom-function sources: every .ts file of the folder (src/compose by default: the page's
 * composition root registers the functions, src/compose/excel-functions.ts) that contains `@customfunction`. The metadata plugin and the bundle entry both take this list,
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
