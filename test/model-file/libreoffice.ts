/**
 * LibreOffice as an independent oracle of what a formula computes: headless, with "recalculate on
 * load: always" set in a fresh profile (by default it trusts the values an Excel-written file stores),
 * converting to .xlsx; openpyxl reads the recalculated values. SVC formulas are turned into their
 * stored values first (LibreOffice has no SVC functions: it would compute #NAME?), by a regular
 * expression over the sheet XML, independently of src/model-file. Missing tools FAIL the test.
 */
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { strFromU8, strToU8 } from "fflate";
import { unzipAll, zipParts } from "./fixtures";

const PYTHON = "/usr/bin/python3";
const RECALC_ALWAYS = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>`;

export type SheetValues = Record<string, Record<string, unknown>>;

function soffice(): string {
  const found = spawnSync("sh", ["-c", "command -v soffice || command -v libreoffice"], { encoding: "utf8" }).stdout.trim();
  if (!found) throw new Error("LibreOffice (soffice) is not installed: apt-get install libreoffice-calc-nogui");
  return found;
}

/** The package with every SVC formula (`_xldudf_SVC_`) replaced by its stored value. */
export function svcAsValues(bytes: Uint8Array): Uint8Array {
  const parts = unzipAll(bytes);
  for (const [name, data] of parts) {
    if (!/^xl\/worksheets\/sheet\d+\.xml$/.test(name)) continue;
    const xml = strFromU8(data).replace(/<f(?:\s[^>]*)?>[^<]*_xldudf_SVC_[^<]*<\/f>/g, "");
    parts.set(name, strToU8(xml));
  }
  return zipParts(parts);
}

/** Every non-empty value of every sheet, as openpyxl reads it without recalculating. */
export function storedValues(file: string): SheetValues {
  const probe = spawnSync(PYTHON, ["-c", "import openpyxl"], { encoding: "utf8" });
  if (probe.status !== 0) throw new Error(`openpyxl is not installed for ${PYTHON}: apt-get install python3-openpyxl`);
  // a date-formatted cell comes back as its serial in the workbook's own date system (openpyxl's epoch)
  const script =
    "import json,sys,datetime\nfrom openpyxl import load_workbook\nfrom openpyxl.utils.datetime import to_excel\nwb=load_workbook(sys.argv[1],data_only=True)\n" +
    "val=lambda v: to_excel(v, wb.epoch) if isinstance(v,(datetime.datetime,datetime.date,datetime.time)) else v\n" +
    "print(json.dumps({ws.title:{c.coordinate:val(c.value) for r in ws.iter_rows() for c in r if c.value is not None} for ws in wb}))";
  return JSON.parse(execFileSync(PYTHON, ["-c", script, file], { encoding: "utf8" })) as SheetValues;
}

/** Recalculate each workbook in LibreOffice (one run for all) and read the results. */
export function recalculated(dir: string, books: Record<string, Uint8Array>): Record<string, SheetValues> {
  const profile = path.join(dir, "lo-profile");
  fs.mkdirSync(path.join(profile, "user"), { recursive: true });
  fs.writeFileSync(path.join(profile, "user", "registrymodifications.xcu"), RECALC_ALWAYS);
  const inputs = Object.entries(books).map(([name, bytes]) => {
    const file = path.join(dir, `${name}.xlsx`);
    fs.writeFileSync(file, svcAsValues(bytes));
    return file;
  });
  const out = path.join(dir, "recalculated");
  const res = spawnSync(soffice(), [`-env:UserInstallation=file://${profile}`, "--headless", "--convert-to", "xlsx", "--outdir", out, ...inputs], { encoding: "utf8", timeout: 240_000 });
  const result: Record<string, SheetValues> = {};
  for (const name of Object.keys(books)) {
    const file = path.join(out, `${name}.xlsx`);
    if (!fs.existsSync(file)) throw new Error(`LibreOffice did not convert ${name}: ${res.stderr || res.error?.message}`);
    result[name] = storedValues(file);
  }
  return result;
}
