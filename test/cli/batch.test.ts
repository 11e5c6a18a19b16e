/**
 * Several models in one run, as a user runs it: the real bin (a transpiled copy) against the fake API.
 * A folder of 20 models sharing tickers costs one call per distinct identity across them (the price
 * said first, the API's own request count agreeing); a corrupt file among them is reported, left
 * byte-identical and the rest written; a workbook without SVC formulas is never touched; a second
 * refresh that finds every value as stored rewrites nothing (bytes and modification time).
 */
import * as fs from "fs";
import * as path from "path";
import { strFromU8, unzipSync } from "fflate";
import { SANDBOX_API_KEY } from "../fakes/api/server";
import { companies } from "../fakes/api/companies";
import { SPEC_METRICS } from "../fakes/api/rules";
import { modelOf } from "../fakes/xlsx/large-model";
import { buildFixture } from "../model-file/fixtures";
import { cellXmlByAddress } from "../model-file/cells";
import { cliSuite } from "./run-cli";

const s = cliSuite("svc-batch-");
const env = () => ({ SVC_TOKEN: SANDBOX_API_KEY, SVC_BASE_URL: s.api.url, XDG_CONFIG_HOME: path.join(s.work, "config"), SVC_CREDENTIALS: undefined });

const TICKERS = companies().map((c) => c.ticker).slice(0, 9);
const METRICS = SPEC_METRICS.income.slice(0, 3);
/** Model i holds three of the nine tickers, so neighbours share two; one statement, so one identity per ticker. */
const tickersOf = (i: number) => [0, 1, 2].map((k) => TICKERS[(i + k) % TICKERS.length]);

interface Folder {
  dir: string;
  models: string[];
  corrupt: string;
  plain: string;
}

function folder(name: string): Folder {
  const dir = path.join(s.work, name);
  fs.mkdirSync(dir);
  const models = Array.from({ length: 20 }, (_, i) => {
    const file = path.join(dir, `Model-${String(i + 1).padStart(2, "0")}.xlsx`);
    fs.writeFileSync(file, modelOf(tickersOf(i), METRICS));
    return file;
  });
  const corrupt = path.join(dir, "Corrupt.xlsx");
  const good = modelOf(tickersOf(0), METRICS);
  fs.writeFileSync(corrupt, good.subarray(0, Math.floor(good.length / 2)));
  const plain = path.join(dir, "Plain.xlsx");
  fs.writeFileSync(plain, buildFixture("model", { "xl/worksheets/sheet1.xml": '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>', "xl/calcChain.xml": null }));
  fs.writeFileSync(path.join(dir, "~$Model-01.xlsx.txt"), "not a workbook, not picked up");
  return { dir, models, corrupt, plain };
}

const sheet1 = (file: string) => cellXmlByAddress(strFromU8(unzipSync(new Uint8Array(fs.readFileSync(file)))["xl/worksheets/sheet1.xml"]));
const snapshot = (file: string) => ({ bytes: fs.readFileSync(file).toString("base64"), mtime: fs.statSync(file).mtimeMs });
const distinctTickers = new Set(Array.from({ length: 20 }, (_, i) => tickersOf(i)).flat()).size;

describe("svc-excel refresh|check of several models", () => {
  let f: Folder;
  beforeAll(() => {
    f = folder("models");
  });

  test("check of the folder: one price for the lot (an identity two models share counted once), no data request", async () => {
    s.api.reset();
    const r = await s.cli.run(["check", f.dir, "--json"], { env: env() });
    expect(r.code).toBe(1); // the corrupt file
    const doc = JSON.parse(r.stdout);
    expect(doc.stats).toEqual({ files: 22, calls: distinctTickers, problems: 0, unreadable: 1 });
    expect(doc.files.find((x: { file: string }) => x.file === f.models[0]).calls_alone).toBe(3);
    expect(s.api.requests()).toBe(0);
  });

  test("refresh of the folder: calls = distinct identities across the 20 models; the corrupt file reported, the rest written", async () => {
    const corrupt = snapshot(f.corrupt);
    const plain = snapshot(f.plain);
    s.api.reset();
    const r = await s.cli.run(["refresh", f.dir, "--json"], { env: env() });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(doc.stats).toMatchObject({ files: 22, refreshed: 20, failed: 1, "no-svc": 1, calls: distinctTickers, priced_calls: distinctTickers });
    expect(s.api.requests()).toBe(distinctTickers);
    const bad = doc.files.find((x: { file: string }) => x.file === f.corrupt);
    expect(bad).toMatchObject({ status: "failed" });
    expect(bad.message).toMatch(/truncated/);
    expect(snapshot(f.corrupt)).toEqual(corrupt);
    expect(snapshot(f.plain)).toEqual(plain);
    for (const m of f.models) expect(sheet1(m).get("B2")).not.toMatch(/<v>0<\/v>/);
    expect(r.stderr).toMatch(new RegExp(`svc-excel refresh: 20 models with 180 SVC cells: this run costs ${distinctTickers} calls`));
    expect(r.stderr.match(/svc-excel refresh: \[\d+\/22\] /g)).toHaveLength(22);
    expect(r.stderr).toMatch(/\[\d+\/22\] .*Corrupt\.xlsx: not done: .*truncated/);
    expect(fs.readdirSync(f.dir).filter((n) => n.endsWith(".tmp"))).toEqual([]);
  });

  test("refreshed again, every value as stored: no file is rewritten (bytes and modification time)", async () => {
    const before = f.models.map(snapshot);
    const r = await s.cli.run(["refresh", ...f.models], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/20 models: 20 unchanged; \d+ calls/);
    expect(f.models.map(snapshot)).toEqual(before);
  });

  test("the text report: a headline per file, the run's totals last", async () => {
    const r = await s.cli.run(["refresh", f.models[0], f.corrupt], { env: env() });
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/Model-01\.xlsx: unchanged \(every value as stored; not rewritten\): 9 SVC cells \(0 with errors\), 0 stale$/);
    expect(lines[1]).toMatch(/Corrupt\.xlsx: not done: .*truncated/);
    expect(lines[2]).toMatch(/^2 models: 1 failed, 1 unchanged; 3 calls \(priced 3\)$|^2 models: 1 unchanged, 1 failed; 3 calls \(priced 3\)$/);
  });

  test("every file unreadable: exit 2, no credential asked, no request", async () => {
    s.api.reset();
    const r = await s.cli.run(["refresh", f.corrupt, f.corrupt.replace("Corrupt", "Missing")], { env: { ...env(), SVC_TOKEN: undefined } });
    expect(r.code).toBe(2);
    expect(s.api.requests()).toBe(0);
  });

  test("--out is one file: refused with several models (exit 2); --frozen-copy names a folder for the copies", async () => {
    const out = await s.cli.run(["refresh", f.dir, "--out", path.join(s.work, "x.xlsx")], { env: env() });
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/--out names one file/);
    const same = await s.cli.run(["refresh", f.models[0], f.models[1], "--frozen-copy", f.dir], { env: env() });
    expect(same.code).toBe(2);
    expect(same.stderr).toMatch(/would replace the models themselves/);
    const copies = path.join(s.work, "values");
    fs.mkdirSync(copies);
    const r = await s.cli.run(["refresh", f.models[0], f.models[1], "--frozen-copy", copies], { env: env() });
    expect(r.code).toBe(0);
    expect(fs.readdirSync(copies).sort()).toEqual(["Model-01.xlsx", "Model-02.xlsx"]);
    expect(sheet1(path.join(copies, "Model-01.xlsx")).get("B2")).not.toMatch(/<f>/);
  });
});

describe("a refresh that changes nothing writes nothing", () => {
  test("a workbook without SVC formulas: 'no SVC formulas', no credential asked for, the file untouched", async () => {
    const dir = fs.mkdtempSync(path.join(s.work, "plain-"));
    const file = path.join(dir, "Plain.xlsx");
    fs.writeFileSync(file, buildFixture("model", { "xl/worksheets/sheet1.xml": '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>', "xl/calcChain.xml": null }));
    const before = snapshot(file);
    s.api.reset();
    const r = await s.cli.run(["refresh", file], { env: { ...env(), SVC_TOKEN: undefined } });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Plain\.xlsx: no SVC formulas; nothing to refresh, the file is left as it was/);
    expect(snapshot(file)).toEqual(before);
    expect(s.api.requests()).toBe(0);
    expect(fs.readdirSync(dir)).toEqual(["Plain.xlsx"]);
  });

  test("refresh --frozen-copy: the refreshed model, a values-only copy, and the spilled blocks LibreOffice recalculates named", async () => {
    const dir = fs.mkdtempSync(path.join(s.work, "frozen-"));
    const file = path.join(dir, "Model.xlsx");
    fs.writeFileSync(file, buildFixture("model"));
    const plain = await s.cli.run(["refresh", file], { env: env() });
    expect(plain.stdout).toMatch(/2 spilled blocks \(Model!B3:F5, Model!B15:F19\) read #NAME\? in LibreOffice/);
    const copy = path.join(dir, "Model-values.xlsx");
    const r = await s.cli.run(["refresh", file, "--frozen-copy", copy, "--json"], { env: env() });
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ rewritten: false, frozen_copy: copy, recalculated_by_libreoffice: ["Model!B3:F5", "Model!B15:F19"] });
    expect(sheet1(copy).get("B3")).toMatch(/^<c r="B3"[^>]*><is><t>metric<\/t><\/is><\/c>$|^<c r="B3"[^>]*><v>/);
    expect(sheet1(copy).get("B1")).not.toMatch(/<f>/);
  });
});
