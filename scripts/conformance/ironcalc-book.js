#!/usr/bin/env node
/**
 * One corpus workbook through IronCalc (@ironcalc/wasm), in a process of its own: started by
 * ironcalc-measure.js, one process per workbook, so a wasm trap (which leaves the module instance
 * unusable) or a runaway workbook cannot spoil the others.
 *
 *   IRONCALC_WASM=<its folder> node scripts/conformance/ironcalc-book.js <corpus file name>
 *
 * Prints one JSON object: the phases' times and, per judged formula, [cell, verdict, detail].
 * Exit 3 on a wasm trap, 1 on any other failure.
 *
 * The model: the same sheets, every non-formula cell set to its stored value, every formula set
 * (array formulas over their box), defined names, then one evaluation of the whole model. Unlike our
 * runner (each formula against the STORED values of the other cells), a wrong cell here can
 * propagate to the cells that read it. IronCalc has no UNSUPPORTED verdict: #NAME? (unknown
 * function), #N/IMPL! (not implemented) or #ERROR! (formula not read) where Excel stored something
 * else counts as UNSUPPORTED, any other difference as WRONG. IronCalc gives no typed number back,
 * only formatted text: judged cells get the number format 0.0000000000000000E+00, the text is parsed
 * and refined (refineNumbers) to the full double.
 */
"use strict";
const fs = require("fs");
const path = require("path");
require("./ts-load");

const ROOT = path.resolve(__dirname, "../..");
const { corpusFiles } = require(path.join(ROOT, "test/conformance/corpus.ts"));
const { readCorpusBook } = require(path.join(ROOT, "test/conformance/workbook.ts"));
const { sameValue } = require(path.join(ROOT, "test/conformance/compare.ts"));
const { judgedFormulas, toleranceOf } = require(path.join(ROOT, "test/conformance/judged.ts"));
const { readModel } = require(path.join(ROOT, "src/model-file/model/model.ts"));
const { cellAddress } = require(path.join(ROOT, "src/formula/text/address.ts"));

const NUM_FMT = "0.0000000000000000E+00";
const REFUSALS = ["#NAME?", "#N/IMPL!", "#N/IMPL", "#ERROR!"];

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

/** IronCalc's value of a cell as our CellValue, and its text. Types as Excel's: 1 number, 2 text, 4 boolean, 16 error. */
function valueOf(m, s, row, col) {
  const type = m.getCellType(s, row + 1, col + 1);
  const text = m.getFormattedCellValue(s, row + 1, col + 1);
  if (type === 16) return { value: { error: text }, text };
  if (type === 4) return { value: text.toUpperCase() === "TRUE", text };
  if (type === 1) {
    const n = Number(text);
    return { value: Number.isNaN(n) ? text : n, text };
  }
  return { value: text === "" && type !== 2 ? null : text, text };
}

/** The phase under way, on stderr: the parent names it when it kills a workbook over its budget. */
const phase = (name) => process.stderr.write(`phase: ${name}\n`);

const boxOf = (f) => (Array.isArray(f.expected) ? [f.expected[0].length, f.expected.length] : [1, 1]);

/** The sheets and defined names (a name IronCalc refuses, _xlnm. and the like, is left out). */
function addSheetsAndNames(m, model, sheetIndex) {
  model.sheets.forEach((s, i) => {
    if (i > 0) m.newSheet();
    m.renameSheet(i, s.name);
    sheetIndex.set(s.name.toUpperCase(), i);
  });
  for (const n of model.names) {
    try {
      const scope = n.sheet === null ? null : sheetIndex.get(n.sheet.toUpperCase()) ?? null;
      m.newDefinedName(n.name, scope, userForm(n.formula).slice(1));
    } catch { /* refused by IronCalc */ }
  }
}

/** The workbook fed into an IronCalc model: sheets, names, constants, formulas; then evaluated. */
function buildModel(ic, model, book, judged, times) {
  const sheetIndex = new Map();
  phase("setting cells");
  let t = Date.now();
  const m = new ic.Model("measure", "en", "UTC", "en");
  m.pauseEvaluation();
  addSheetsAndNames(m, model, sheetIndex);
  for (const [i, s] of model.sheets.entries()) {
    for (const c of s.cells.values()) {
      if (c.formula && c.formula.text && c.formula.kind !== "dataTable") continue; // formulas below
      const input = inputOf(c.value);
      if (input !== null) m.setUserInput(i, c.row + 1, c.col + 1, input);
    }
  }
  for (const f of book.formulas) {
    const s = sheetIndex.get(f.sheet.toUpperCase());
    if (!Array.isArray(f.expected) && !f.array) m.setUserInput(s, f.row + 1, f.col + 1, userForm(f.text));
    else {
      const [w, h] = boxOf(f);
      try { m.setUserArrayFormula(s, f.row + 1, f.col + 1, w, h, userForm(f.text)); } catch { m.setUserInput(s, f.row + 1, f.col + 1, userForm(f.text)); }
    }
  }
  for (const f of judged) {
    const [width, height] = boxOf(f);
    m.updateRangeStyle({ sheet: sheetIndex.get(f.sheet.toUpperCase()), row: f.row + 1, column: f.col + 1, width, height }, "num_fmt", NUM_FMT);
  }
  times.setMs = Date.now() - t;
  phase("evaluating");
  t = Date.now();
  m.resumeEvaluation();
  m.evaluate();
  times.evaluateMs = Date.now() - t;
  return { m, sheetIndex };
}

const cellsOf = (f) => (Array.isArray(f.expected) ? f.expected.flatMap((row, r) => row.map((v, c) => [r, c, v])) : [[0, 0, f.expected]]);

/** Every judged cell's value as IronCalc shows it, by "sheet:row:col". */
function readValues(m, sheetIndex, judged) {
  const values = new Map();
  for (const f of judged) {
    const s = sheetIndex.get(f.sheet.toUpperCase());
    for (const [r, c, want] of cellsOf(f)) if (want !== null) values.set(`${s}:${f.row + r}:${f.col + c}`, valueOf(m, s, f.row + r, f.col + c));
  }
  return values;
}

/**
 * IronCalc's number formats keep 15 significant digits and cut the rest (1/3 reads 3.3333333333333200E-01,
 * 280 reads 2.7999999999999900E+02), which the 15-digit comparison would count as differences. So each
 * number is read twice: a helper cell on a sheet added at the end computes the remainder =cell-(text)
 * (exact: the two are within a factor of two), read as text in turn, and the two parts are added.
 */
function refineNumbers(m, model, values, times) {
  const numbers = [...values].filter(([, v]) => typeof v.value === "number");
  if (!numbers.length) return;
  phase("refining numbers");
  const t = Date.now(), h = model.sheets.length, rows = 1000000;
  m.pauseEvaluation(); // else each input below evaluates the whole model again
  m.newSheet();
  m.renameSheet(h, "MEASURE_REMAINDERS");
  numbers.forEach(([k, v], i) => {
    const [s, row, col] = k.split(":").map(Number);
    m.setUserInput(h, (i % rows) + 1, Math.floor(i / rows) + 1, `=${cellAddress(model.sheets[s].name, row, col)}-(${v.text})`);
  });
  m.updateRangeStyle({ sheet: h, row: 1, column: 1, width: Math.ceil(numbers.length / rows), height: Math.min(numbers.length, rows) }, "num_fmt", NUM_FMT);
  m.resumeEvaluation();
  m.evaluate();
  numbers.forEach(([, v], i) => {
    const rest = valueOf(m, h, i % rows, Math.floor(i / rows)).value;
    if (typeof rest === "number") v.value += rest;
  });
  times.refineMs = Date.now() - t;
}

/** Each judged formula's verdict against Excel's stored value: [cell, verdict, detail]. */
function judge(values, sheetIndex, judged, tolerance) {
  const out = [];
  for (const f of judged) {
    const s = sheetIndex.get(f.sheet.toUpperCase());
    const cells = cellsOf(f);
    let verdict = "MATCH", detail = "";
    for (const [r, c, want] of cells) {
      if (want === null) continue; // a cell of the box Excel left empty
      const got = values.get(`${s}:${f.row + r}:${f.col + c}`).value;
      if (sameValue(got, want, tolerance)) continue;
      const refused = got && typeof got === "object" && REFUSALS.includes(got.error) && !(want && typeof want === "object" && want.error === got.error);
      verdict = refused ? "UNSUPPORTED" : "WRONG";
      detail = `IronCalc ${JSON.stringify(got)} where Excel stored ${JSON.stringify(want)}${cells.length > 1 ? ` at ${cellAddress("", f.row + r, f.col + c)}` : ""}`;
      break;
    }
    out.push([cellAddress(f.sheet, f.row, f.col), verdict, detail]);
  }
  return out;
}

async function main() {
  const name = process.argv[2];
  const file = corpusFiles().find((f) => f.name === name);
  if (!file) throw new Error(`no corpus file named ${name}`);
  const pkg = process.env.IRONCALC_WASM;
  const ic = await import(path.join(path.resolve(pkg), "wasm.js"));
  const times = {};
  let t = Date.now();
  ic.initSync({ module: fs.readFileSync(path.join(pkg, "wasm_bg.wasm")) });
  times.initMs = Date.now() - t;
  phase("reading the workbook");
  t = Date.now();
  const bytes = new Uint8Array(fs.readFileSync(file.path));
  const book = readCorpusBook(bytes);
  const model = readModel(bytes);
  const { judged, skipped } = judgedFormulas(file, book);
  times.readMs = Date.now() - t;
  const { m, sheetIndex } = buildModel(ic, model, book, judged, times);
  const values = readValues(m, sheetIndex, judged);
  refineNumbers(m, model, values, times);
  t = Date.now();
  const verdicts = judge(values, sheetIndex, judged, toleranceOf(file, book));
  times.judgeMs = Date.now() - t;
  process.stdout.write(JSON.stringify({ times, skipped, verdicts }) + "\n");
}

main().catch((e) => {
  process.stderr.write(`${(e && e.stack) || e}\n`);
  process.exit(e instanceof WebAssembly.RuntimeError ? 3 : 1);
});
