#!/usr/bin/env node
/**
 * `node scripts/sample-model.js [OUT]` writes the sample model, examples/Coverage.xlsx by default:
 *
 *  - Inputs: the period (B1) and four tickers (A2:A5);
 *  - Model: =SVC.FINANCIALS(Inputs!$A2, B$1, Inputs!$B$1) filled over three metrics and four
 *    tickers, the net margin and the totals computed from them, and a chart of revenue;
 *  - Peers: =SVC.PEERS(...) spilled, =SVC.FINANCIALS(INDEX($A$2#,2,1),"revenue",5) reading its
 *    first peer, and the growth computed from that spill.
 *
 * The workbook is written by src/model-file/create (as Excel lays a file out: the SVC calls as
 * `_xldudf_SVC_...`, dynamic arrays with their metadata, Application "Microsoft Excel"), then its
 * figures are filled by `svc-excel refresh` against the sandbox API of `npm start` (its default
 * data), so the file shows figures before anyone refreshes it. Same sources, same bytes.
 */
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawn } = require("child_process");

const ROOT = path.join(__dirname, "..");
const OUT = path.resolve(process.argv[2] || path.join(ROOT, "examples", "Coverage.xlsx"));
const SANDBOX_PORT = 8787;
const log = (m) => process.stderr.write(`[sample] ${m}\n`);

const TICKERS = ["AAPL", "MSFT", "NVDA", "KO"];
const METRICS = ["revenue", "gross_profit", "net_income"];
/** The date written into the document properties: fixed, so the bytes do not depend on the day. */
const WHEN = new Date("2026-01-02T00:00:00Z");

const text = (row, col, value, style) => ({ row, col, value, style });
const formula = (row, col, f, style, spill) => ({ row, col, value: null, formula: f, style, spill });
/** A plain reference to an input: stored with the input's value, as Excel would have saved it (refresh recomputes only what an SVC answer changes). */
const copyOf = (row, col, f, value) => ({ row, col, value, formula: f });
const colName = (c) => String.fromCharCode(65 + c);

function inputs() {
  const cells = [text(0, 0, "Period", "bold"), text(0, 1, "FY"), text(0, 2, "Every figure of the Model sheet is for this period (FY, FY-1, LTM, FQ…)")];
  TICKERS.forEach((t, i) => cells.push(text(i + 1, 0, t)));
  return { name: "Inputs", cells, widths: { 0: 10, 1: 8 } };
}

function model() {
  const last = TICKERS.length; // the last ticker's row (zero-based)
  const cells = [text(0, 0, "Ticker", "bold"), text(0, METRICS.length + 1, "Net margin", "bold")];
  METRICS.forEach((m, k) => cells.push(text(0, k + 1, m, "bold")));
  TICKERS.forEach((_, i) => {
    const r = i + 1;
    cells.push(copyOf(r, 0, `=Inputs!A${r + 1}`, TICKERS[i]));
    METRICS.forEach((_, k) => cells.push(formula(r, k + 1, `=SVC.FINANCIALS(Inputs!$A${r + 1}, ${colName(k + 1)}$1, Inputs!$B$1)`, "number")));
    cells.push(formula(r, METRICS.length + 1, `=D${r + 1}/B${r + 1}`, "percent"));
  });
  cells.push(text(last + 1, 0, "Total", "bold"));
  METRICS.forEach((_, k) => cells.push(formula(last + 1, k + 1, `=SUM(${colName(k + 1)}2:${colName(k + 1)}${last + 1})`, "number")));
  cells.push(formula(last + 1, METRICS.length + 1, `=D${last + 2}/B${last + 2}`, "percent"));
  const chart = {
    title: "Revenue (USD m)",
    kind: "bar",
    categories: `Model!$A$2:$A$${last + 1}`,
    series: [{ name: "Revenue", values: `Model!$B$2:$B$${last + 1}` }],
    from: { row: last + 3, col: 0 },
    to: { row: last + 19, col: 6 },
  };
  return { name: "Model", cells, widths: { 0: 10, 1: 14, 2: 14, 3: 14, 4: 12 }, charts: [chart] };
}

function peers() {
  const at = (r, c) => ({ r0: r, c0: c, r1: r, c1: c });
  const cells = [
    text(0, 0, "Peers of", "bold"),
    copyOf(0, 1, "=Inputs!$A$2", TICKERS[0]),
    formula(1, 0, "=SVC.PEERS(B1)", undefined, at(1, 0)),
    text(0, 7, "Revenue of the first peer", "bold"),
    formula(1, 7, '=SVC.FINANCIALS(INDEX($A$2#,2,1),"revenue",5)', "number", at(1, 7)),
    text(4, 7, "Growth over the period", "bold"),
    formula(4, 8, "=M3/I3-1", "percent"),
  ];
  return { name: "Peers", cells, widths: { 1: 28, 7: 16 } };
}


/** The refreshed figures of a model file by sheet and A1 address. */
function figures(bytes) {
  const { readModel } = require(path.join(ROOT, "build", "src", "model-file"));
  const model = readModel(bytes);
  const at = {};
  for (const sheet of model.sheets) {
    at[sheet.name] = {};
    for (const c of sheet.cells.values()) at[sheet.name][`${colName(c.col)}${c.row + 1}`] = c.value;
  }
  return { model, at };
}

/**
 * The plain formulas' values as Excel stores them when it calculates the file (net margins, totals,
 * growth), from the figures the first refresh wrote: a refresh trusts only a formula whose stored
 * value it can reproduce, and these were never calculated.
 */
function withDependents(bytes) {
  const { Package } = require(path.join(ROOT, "build", "src", "model-file", "parts", "package.js"));
  const { model, at } = figures(bytes);
  const m = at.Model;
  const rows = TICKERS.map((_, i) => i + 2);
  const total = (col) => rows.reduce((s, r) => s + m[`${col}${r}`], 0);
  const values = { Model: {}, Peers: {} };
  for (const r of rows) values.Model[`E${r}`] = m[`D${r}`] / m[`B${r}`];
  const last = TICKERS.length + 2;
  for (const col of ["B", "C", "D"]) values.Model[`${col}${last}`] = total(col);
  values.Model[`E${last}`] = values.Model[`D${last}`] / values.Model[`B${last}`];
  values.Peers.I5 = at.Peers.M3 / at.Peers.I3 - 1;
  const pkg = new Package(bytes);
  for (const [name, cells] of Object.entries(values)) {
    const part = model.sheets.find((sh) => sh.name === name).part;
    let xml = pkg.text(part);
    for (const [ref, v] of Object.entries(cells)) {
      if (!Number.isFinite(v)) throw new Error(`${name}!${ref}: no figure to compute it from`);
      xml = xml.replace(new RegExp(`(<c r="${ref}"[^>]*>\\s*<f>[^<]*</f>)\\s*(?:<v>[^<]*</v>)?\\s*(</c>)`), `$1<v>${v}</v>$2`);
    }
    pkg.setText(part, xml);
  }
  return pkg.write();
}

/**
 * The sandbox at npm start's address (its answers carry that address in their links, so the file
 * is the same wherever it is made); when `npm start` already holds the port, its sandbox answers.
 */
async function sandbox(startFakeApi) {
  try {
    return await startFakeApi({ port: SANDBOX_PORT, quota: 100000 });
  } catch (e) {
    if (e.code !== "EADDRINUSE") throw e;
    log(`port ${SANDBOX_PORT} is taken: using the sandbox running there (npm start)`);
    return { url: `http://127.0.0.1:${SANDBOX_PORT}`, close: async () => {} };
  }
}

async function main() {
  require("./build-helpers/build-sandbox").buildSandbox(log);
  const { createWorkbook } = require(path.join(ROOT, "build", "src", "model-file", "create"));
  const { startFakeApi, SANDBOX_API_KEY } = require(path.join(ROOT, "build", "test", "fakes", "api", "server.js"));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "svc-sample-"));
  const api = await sandbox(startFakeApi);
  try {
    const bare = path.join(work, "Coverage.xlsx");
    fs.writeFileSync(bare, createWorkbook({ sheets: [inputs(), model(), peers()], active: 1, when: WHEN }));
    const env = { ...process.env, SVC_TOKEN: SANDBOX_API_KEY, SVC_BASE_URL: api.url, XDG_CONFIG_HOME: path.join(work, "config"), SVC_CREDENTIALS: "" };
    const bin = path.join(ROOT, "bin", "svc-excel.js");
    const refresh = (from, to) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [bin, "refresh", from, "--out", to, "--cache-dir", path.join(work, "cache")], { env });
        let out = "";
        child.stdout.on("data", (d) => (out += d));
        child.stderr.on("data", (d) => (out += d));
        child.on("close", (code) => resolve({ code, out }));
      });
    // 1. the SVC figures; the plain formulas were never calculated, so refresh keeps them stale (exit 1)
    const first = await refresh(bare, path.join(work, "first.xlsx"));
    if (first.code !== 0 && first.code !== 1) throw new Error(`svc-excel refresh failed (${first.code}):\n${first.out}`);
    // 2. what Excel stores for them when it opens the file; 3. a refresh that must verify every one
    const calculated = path.join(work, "calculated.xlsx");
    fs.writeFileSync(calculated, withDependents(fs.readFileSync(path.join(work, "first.xlsx"))));
    const r = await refresh(calculated, path.join(work, "out.xlsx"));
    fs.mkdirSync(path.dirname(OUT), { recursive: true });
    fs.copyFileSync(path.join(work, "out.xlsx"), OUT);
    log(`wrote ${path.relative(process.cwd(), OUT)} (${fs.statSync(OUT).size} bytes)`);
  } finally {
    await api.close();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  process.stderr.write(`${e.stack || e}\n`);
  process.exitCode = 1;
});
