#!/usr/bin/env node
/**
 * OPTIONAL measurement, not a test and not part of `npm run conformance`: the IronCalc engine
 * (@ironcalc/wasm, MIT/Apache-2.0) on the same corpus, judged with the same comparison
 * (test/conformance/compare.ts), so the engine decision in docs/formula.md carries figures.
 *
 *   (mkdir -p /tmp/ic && cd /tmp/ic && npm init -y && npm install @ironcalc/wasm)
 *   IRONCALC_WASM=/tmp/ic/node_modules/@ironcalc/wasm node scripts/conformance/ironcalc-measure.js [--file=TEXT]
 *
 * The package is installed outside the project (it is not a dependency). Per workbook: one IronCalc
 * model with the same sheets, every non-formula cell set to its stored value, every formula set
 * (array formulas over their box), defined names, then one evaluation of the whole model. Unlike our
 * runner (each formula against the STORED values of the other cells), a wrong cell here can
 * propagate to the cells that read it. IronCalc has no UNSUPPORTED verdict: #NAME? where Excel
 * stored something else counts as UNSUPPORTED, any other difference as WRONG. The files and cells
 * our runner skips are skipped here too. IronCalc gives no typed number back, only formatted text:
 * formula cells get the number format 0.0000000000000000E+00 and the text is parsed (15-16
 * significant digits, enough for the 15-digit comparison).
 */
"use strict";
const fs = require("fs");
const path = require("path");
const ts = require("typescript");

const ROOT = path.resolve(__dirname, "../..");
const PKG = process.env.IRONCALC_WASM;
if (!PKG || !fs.existsSync(path.join(PKG, "wasm_bg.wasm"))) {
  console.error("IRONCALC_WASM must name an installed @ironcalc/wasm folder, e.g.\n  (mkdir -p /tmp/ic && cd /tmp/ic && npm init -y && npm install @ironcalc/wasm)\n  IRONCALC_WASM=/tmp/ic/node_modules/@ironcalc/wasm node scripts/conformance/ironcalc-measure.js");
  process.exit(2);
}

require.extensions[".ts"] = (module, filename) => {
  const out = ts.transpileModule(fs.readFileSync(filename, "utf8"), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    fileName: filename,
  });
  module._compile(out.outputText, filename);
};

const { corpusFiles } = require(path.join(ROOT, "test/conformance/corpus.ts"));
const { readCorpusBook } = require(path.join(ROOT, "test/conformance/workbook.ts"));
const { sameValue } = require(path.join(ROOT, "test/conformance/compare.ts"));
const { functionsOf } = require(path.join(ROOT, "test/conformance/run.ts"));
const { readModel } = require(path.join(ROOT, "src/model-file/model/model.ts"));
const { cellAddress } = require(path.join(ROOT, "src/formula/text/address.ts"));

const IRONCALC_TOLERANCE = 5e-8;
const VOLATILE = ["TODAY", "NOW", "RAND", "RANDBETWEEN", "RANDARRAY"];
const NUM_FMT = "0.0000000000000000E+00";

/** File form to the form a user types: IronCalc's setUserInput does not read the _xlfn./_xlws. prefixes. */
const userForm = (text) => "=" + text.replace(/_xlfn\._xlws\.|_xlfn\.|_xlws\./gi, "");

function inputOf(v) {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return String(v);
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (typeof v === "string") return "'" + v;
  if (typeof v === "object" && v.error) return v.error;
  return null;
}

/** IronCalc's value of a cell as our CellValue. Types as Excel's: 1 number, 2 text, 4 boolean, 16 error. */
function valueOf(m, s, row, col) {
  const type = m.getCellType(s, row + 1, col + 1);
  const text = m.getFormattedCellValue(s, row + 1, col + 1);
  if (type === 16) return { error: text };
  if (type === 4) return text.toUpperCase() === "TRUE";
  if (type === 1) {
    const n = Number(text);
    return Number.isNaN(n) ? text : n;
  }
  return text === "" && type !== 2 ? null : text;
}

/** The workbook fed into an IronCalc model: sheets, names, constants, formulas; then evaluated. */
function buildModel(ic, model, book, judged, sheetIndex) {
  const m = new ic.Model("measure", "en", "UTC", "en");
  m.pauseEvaluation();
  model.sheets.forEach((s, i) => {
    if (i > 0) m.newSheet();
    m.renameSheet(i, s.name);
    sheetIndex.set(s.name.toUpperCase(), i);
  });
  for (const n of model.names) {
    try {
      const scope = n.sheet === null ? null : sheetIndex.get(n.sheet.toUpperCase()) ?? null;
      m.newDefinedName(n.name, scope, userForm(n.formula).slice(1));
    } catch { /* a name IronCalc refuses (_xlnm. and the like) */ }
  }
  const arrayBoxes = [];
  for (const [i, s] of model.sheets.entries()) {
    for (const c of s.cells.values()) {
      if (c.formula && c.formula.text && c.formula.kind !== "dataTable") continue; // formulas below
      const input = inputOf(c.value);
      if (input !== null) m.setUserInput(i, c.row + 1, c.col + 1, input);
    }
  }
  for (const f of book.formulas) {
    const s = sheetIndex.get(f.sheet.toUpperCase());
    if (Array.isArray(f.expected) || f.array) {
      const h = Array.isArray(f.expected) ? f.expected.length : 1, w = Array.isArray(f.expected) ? f.expected[0].length : 1;
      arrayBoxes.push([s, f.row, f.col, w, h]);
      try { m.setUserArrayFormula(s, f.row + 1, f.col + 1, w, h, userForm(f.text)); } catch { m.setUserInput(s, f.row + 1, f.col + 1, userForm(f.text)); }
    } else m.setUserInput(s, f.row + 1, f.col + 1, userForm(f.text));
  }
  for (const f of judged) {
    const s = sheetIndex.get(f.sheet.toUpperCase());
    const h = Array.isArray(f.expected) ? f.expected.length : 1, w = Array.isArray(f.expected) ? f.expected[0].length : 1;
    m.updateRangeStyle({ sheet: s, row: f.row + 1, column: f.col + 1, width: w, height: h }, "num_fmt", NUM_FMT);
  }
  m.resumeEvaluation();
  m.evaluate();
  return m;
}

/** Each judged formula's verdict against Excel's stored value, counted into `g`. */
function judge(m, judged, sheetIndex, tolerance, g, examples, file) {
  for (const f of judged) {
    const s = sheetIndex.get(f.sheet.toUpperCase());
    let verdict = "MATCH", got = null, want = null;
    const cells = Array.isArray(f.expected) ? f.expected.flatMap((row, r) => row.map((v, c) => [r, c, v])) : [[0, 0, f.expected]];
    for (const [r, c, v] of cells) {
      if (v === null) continue;
      const value = valueOf(m, s, f.row + r, f.col + c);
      if (!sameValue(value, v, tolerance)) {
        got = value; want = v;
        verdict = value && typeof value === "object" && value.error === "#NAME?" ? "UNSUPPORTED" : "WRONG";
        break;
      }
    }
    g[verdict]++;
    if (verdict !== "MATCH" && process.argv.includes("--list")) examples.push(`${verdict} ${file.name} ${cellAddress(f.sheet, f.row, f.col)} =${f.text}  IronCalc ${JSON.stringify(got)} Excel ${JSON.stringify(want)}`);
  }
}

/** The figures per corpus group, the failures, the package's size and the times. */
function report(totals, failures, examples, wasmBytes, loadMs, wall) {
  const pct = (n, d) => (d ? ((100 * n) / d).toFixed(1) : "0.0");
  for (const e of examples) console.log(e);
  for (const f of failures) console.log(`  ${f}`);
  for (const [group, g] of Object.entries(totals)) {
    const n = g.MATCH + g.UNSUPPORTED + g.WRONG;
    console.log(`${group === "other" ? "public" : group}: ${g.files} files, ${n} formulas judged (${g.skipped} skipped): MATCH ${g.MATCH} (${pct(g.MATCH, n)} %), UNSUPPORTED (#NAME?) ${g.UNSUPPORTED} (${pct(g.UNSUPPORTED, n)} %), WRONG ${g.WRONG} (${pct(g.WRONG, n)} %)${g.failed ? `, of which ${g.failed} in workbooks IronCalc could not evaluate` : ""}`);
  }
  const pkg = JSON.parse(fs.readFileSync(path.join(PKG, "package.json"), "utf8"));
  const jsBytes = fs.statSync(path.join(PKG, "wasm.js")).size;
  console.log(`@ironcalc/wasm ${pkg.version}: wasm_bg.wasm ${wasmBytes.length} bytes (${(wasmBytes.length / 1048576).toFixed(2)} MiB) + wasm.js ${jsBytes} bytes; initSync ${loadMs} ms; wall ${((Date.now() - wall) / 1000).toFixed(1)} s`);
  console.log("Whole-model evaluation: a wrong cell can propagate to the cells that read it (our runner evaluates each formula against the stored values).");
}

async function main() {
  const arg = (name) => process.argv.find((a) => a.startsWith(`--${name}`))?.split("=")[1];
  const wall = Date.now();
  const ic = await import(path.join(path.resolve(PKG), "wasm.js"));
  const wasmBytes = fs.readFileSync(path.join(PKG, "wasm_bg.wasm"));
  const t0 = Date.now();
  ic.initSync({ module: wasmBytes });
  const loadMs = Date.now() - t0;

  const filter = arg("file");
  const files = corpusFiles().filter((f) => !filter || f.name.includes(filter));
  const totals = {};
  const failures = [];
  const examples = [];
  for (const file of files) {
    const g = (totals[file.group] ??= { files: 0, MATCH: 0, UNSUPPORTED: 0, WRONG: 0, failed: 0, skipped: 0 });
    g.files++;
    let book, model;
    try {
      const bytes = new Uint8Array(fs.readFileSync(file.path));
      book = readCorpusBook(bytes);
      model = readModel(bytes);
    } catch (e) {
      failures.push(`${file.name}: unreadable (${e.message})`);
      continue;
    }
    const tolerance = file.group === "ironcalc" ? book.tolerance ?? IRONCALC_TOLERANCE : null;
    const judged = [];
    for (const f of book.formulas) {
      if (f.expected === null || file.exclude.has(`${f.sheet}!${cellAddress("", f.row, f.col)}`.toUpperCase()) || f.sheet.toUpperCase() === "METADATA" || functionsOf(f.text).some((fn) => VOLATILE.includes(fn))) g.skipped++;
      else judged.push(f);
    }
    let m;
    const sheetIndex = new Map();
    try {
      m = buildModel(ic, model, book, judged, sheetIndex);
    } catch (e) {
      failures.push(`${file.name}: IronCalc failed (${e && e.message ? e.message : e}); its ${judged.length} formulas counted WRONG`);
      g.failed += judged.length;
      g.WRONG += judged.length;
      if (/unreachable|RuntimeError/.test(String(e))) console.error(`  ${file.name}: wasm trap, the module may be unusable from here on`);
      continue;
    }
    judge(m, judged, sheetIndex, tolerance, g, examples, file);
    try { m.free(); } catch { /* */ }
  }
  report(totals, failures, examples, wasmBytes, loadMs, wall);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
