/**
 * Copy-paste rule of src/, test/fakes and scripts/: no block of 10+ lines duplicated (jscpd, its Rust engine: well under a
 * second here). Comments are skipped (`--mode weak`): the JSDoc the metadata plugin reads repeats by
 * design; code does not. A violation names the two files (sorted), so the known list survives edits.
 */
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { execFileSync } = require("child_process");
const { ROOTS } = require("./size");

const MIN_LINES = 10;
const MIN_TOKENS = 25;

function checkCopies(root) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "svc-jscpd-"));
  try {
    const bin = path.join(__dirname, "..", "..", "node_modules", "jscpd", "run-jscpd.js");
    execFileSync(process.execPath, [bin, "--mode", "weak", "--min-lines", String(MIN_LINES), "--min-tokens", String(MIN_TOKENS),
      "--absolute", "--no-gitignore", "--reporters", "json", "--silent", "--output", out, ...ROOTS.map((d) => path.join(root, d)).filter((d) => fs.existsSync(d))], { stdio: ["ignore", "ignore", "pipe"] });
    const report = JSON.parse(fs.readFileSync(path.join(out, "jscpd-report.json"), "utf8"));
    const rel = (f) => path.relative(root, f).split(path.sep).join("/");
    return report.duplicates.map((d) => {
      const a = `${rel(d.firstFile.name)}:${d.firstFile.start}-${d.firstFile.end}`;
      const b = `${rel(d.secondFile.name)}:${d.secondFile.start}-${d.secondFile.end}`;
      const files = [rel(d.firstFile.name), rel(d.secondFile.name)].sort();
      return { rule: "duplicate", file: files[0], name: files[1], detail: `${d.lines} lines: ${a} = ${b}` };
    });
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

module.exports = { checkCopies, MIN_LINES };
