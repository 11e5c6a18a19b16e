/**
 * Unused-export rule of src/ (knip: maintained, offline, runs on Node 20; ts-prune is archived).
 * An export nothing but a test imports and a file nothing but a test reaches are violations: knip runs
 * in production mode, where the entries and project files marked `!` in knip.json count (src, scripts,
 * bin) and the tests do not; a test uses what the code uses, through the room's door. An export used
 * in its own file only is tolerated (knip.json ignoreExportsUsedInFile).
 * Entries and the project are in knip.json at the repository root; src/engine/index.ts and src/compose/{index,cli}.ts
 * are entries because the bench scripts load them from build/ (a path knip cannot follow).
 */
"use strict";
const path = require("path");
const { execFileSync } = require("child_process");

const CATEGORIES = { files: "unused-file", exports: "unused-export", types: "unused-export", nsExports: "unused-export", nsTypes: "unused-export", duplicates: "unused-export", enumMembers: "unused-export" };

function checkExports(root) {
  const bin = path.join(__dirname, "..", "..", "node_modules", "knip", "bin", "knip.js");
  let stdout;
  try {
    stdout = execFileSync(process.execPath, [bin, "--directory", root, "--production", "--no-progress", "--reporter", "json", "--include", Object.keys(CATEGORIES).join(",")], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    // knip exits 1 when it found something; its report is on stdout all the same.
    if (!e.stdout) throw e;
    stdout = e.stdout;
  }
  const report = JSON.parse(stdout);
  const out = [];
  for (const issue of report.issues) {
    const file = issue.file.split(path.sep).join("/");
    if (!file.startsWith("src/")) continue;
    for (const [key, rule] of Object.entries(CATEGORIES)) {
      for (const item of issue[key] || []) {
        const names = Array.isArray(item) ? item.map((i) => i.name) : [item.name];
        for (const name of names) out.push({ rule, file, name: rule === "unused-file" ? "" : name, detail: key });
      }
    }
  }
  return out;
}

module.exports = { checkExports };
