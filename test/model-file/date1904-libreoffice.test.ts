/**
 * The 1904 date system against an engine that is not ours: a workbook with workbookPr date1904 and
 * date formulas, recalculated by LibreOffice (which honours the workbook's date system); the model
 * reader sees the system, and self-verification finds every formula reproduced by our engine.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { readModel, unverifiedFormulas } from "../../src/model-file";
import { buildFixture, fixtureText } from "./fixtures";
import { recalculated } from "./libreoffice";

const FORMULAS: [string, string][] = [
  ["B1", "DATE(2024,3,15)"],
  ["B2", "YEAR(B1)*10000+MONTH(B1)*100+DAY(B1)"],
  ["B3", "B1+30"],
  ["B4", "WORKDAY(B1,10)"],
  ["B5", "NETWORKDAYS(B1,B3)"],
  ["B6", "YEARFRAC(B1,B3)"],
  ["B7", 'TEXT(B3,"yyyy-mm-dd")'],
  ["B8", "YEAR(0)*10000+MONTH(0)*100+DAY(0)"],
  ["B9", "HOUR(B1+0.75)"],
];

function dateWorkbook(): Uint8Array {
  const rows = FORMULAS.map(([a, f], i) => `<row r="${i + 1}" spans="2:2" x14ac:dyDescent="0.25"><c r="${a}"><f>${f.replace(/"/g, "&quot;")}</f></c></row>`).join("");
  const sheet = fixtureText("verify", "xl/worksheets/sheet2.xml")
    .replace(/<dimension ref="[^"]*"\/>/, `<dimension ref="B1:B${FORMULAS.length}"/>`)
    .replace(/<sheetData>.*<\/sheetData>/, `<sheetData>${rows}</sheetData>`);
  const wb = fixtureText("verify", "xl/workbook.xml").replace(/<workbookPr([^>]*)\/>/, '<workbookPr date1904="1"$1/>');
  return buildFixture("verify", { "xl/workbook.xml": wb, "xl/worksheets/sheet2.xml": sheet, "xl/calcChain.xml": null });
}

let dir: string;
let recalculatedBytes: Uint8Array;
let lo: Record<string, unknown>;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-1904-lo-"));
  lo = recalculated(dir, { dates: dateWorkbook() }).dates.Summary;
  recalculatedBytes = new Uint8Array(fs.readFileSync(path.join(dir, "recalculated", "dates.xlsx")));
}, 300_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

test("LibreOffice counts from 1904 in this workbook (the oracle is in the right system)", () => {
  expect(lo.B1).toBe(43904); // 2024-03-15: 45366 in the 1900 system, less 1,462
  expect(lo.B2).toBe(20240315);
  expect(lo.B8).toBe(19040101);
  expect(readModel(recalculatedBytes).workbook.date1904).toBe(true);
});

test("every date formula is reproduced by the engine in the 1904 system (none unverified)", () => {
  const unverified = unverifiedFormulas(readModel(recalculatedBytes)).map((u) => `${u.sheet}!${u.row}:${u.col} ${u.text}: ${u.reason}`);
  expect(unverified).toEqual([]);
});
