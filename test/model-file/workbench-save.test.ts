/**
 * The workbench's Save, without a browser: a file opened and saved back keeps every part it did not
 * change byte for byte and rewrites only the cells edited since Open; a book typed in the workbench
 * saves SVC values with a number format from the data type the add-in gives them (money with
 * thousands, ratios as percents), not General. The sources part a refresh in the pane kept (the
 * CLI's own part) is saved with the book, so the next session knows each value's period and filing.
 */
import * as fs from "fs";
import * as path from "path";
import { unzipSync, strFromU8 } from "fflate";
import { customXmlTexts, diffModels, readModel, sameModels, saveOpened, SOURCES_NAMESPACE } from "../../src/model-file";
import { readSources } from "../../src/model-file/parts/sources-part";
import { editsSinceOpen, workbookBytes } from "../../src/workbench/save-file";
import type { FakeExcel } from "../../src/workbench/book";
import { NUMBER_FORMATS } from "../../src/shape/values";

const COVERAGE = new Uint8Array(fs.readFileSync(path.resolve(__dirname, "../../examples/Coverage.xlsx")));

test("nothing edited since Open: the saved file is the opened one", () => {
  expect(saveOpened(COVERAGE, [])).toBe(COVERAGE);
});

test("a result and a typed constant edited since Open: only those cells change; the chart, styles and custom XML stay byte for byte", () => {
  const baseline = [{ name: "Model", cells: [{ r: 1, c: 1, formula: "=SVC.FINANCIALS(Inputs!$A2, B$1, Inputs!$B$1)", value: 428000 }] }, { name: "Inputs", cells: [{ r: 1, c: 0, value: "AAPL" }] }];
  const now = [{ name: "Model", cells: [{ r: 1, c: 1, formula: "=SVC.FINANCIALS(Inputs!$A2, B$1, Inputs!$B$1)", value: 431000 }] }, { name: "Inputs", cells: [{ r: 1, c: 0, value: "AAPL" }, { r: 9, c: 0, value: "note" }] }];
  const edits = editsSinceOpen({ bytes: COVERAGE, baseline }, now);
  expect(edits).toEqual([
    { sheet: "Model", row: 1, col: 1, formula: "=SVC.FINANCIALS(Inputs!$A2, B$1, Inputs!$B$1)", value: 431000 },
    { sheet: "Inputs", row: 9, col: 0, value: "note" },
  ]);
  const saved = saveOpened(COVERAGE, edits);
  const a = unzipSync(COVERAGE);
  const b = unzipSync(saved);
  expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
  const changed = Object.keys(a).filter((p) => !Buffer.from(a[p]).equals(Buffer.from(b[p])));
  expect(changed.sort()).toEqual(["xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml"]);
  const d = diffModels(readModel(COVERAGE), readModel(saved));
  expect(d.cells.map((c) => [c.sheet, c.cell, c.new])).toEqual([["Inputs", "A10", "note"], ["Model", "B2", 431000]]);
  expect(sameModels(d)).toBe(false);
  expect(d.formats).toEqual([]);
  expect([d.partsAdded, d.partsRemoved]).toEqual([[], []]);
});

test("a book typed in the workbench: SVC money and ratio cells get a number format, not General", () => {
  const fx = {
    snapshot: () => [{ name: "Sheet1", cells: [{ r: 0, c: 0, formula: '=SVC.FINANCIALS("AAPL","revenue","FY")', value: 428000, format: NUMBER_FORMATS.usd_m }, { r: 1, c: 0, formula: '=SVC.FINANCIALS("AAPL","gross_margin","FY")', value: 0.2492, format: NUMBER_FORMATS.fraction }, { r: 2, c: 0, value: 7 }] }],
    names: { list: () => [] },
    xmlParts: () => [],
  } as unknown as FakeExcel;
  const parts = unzipSync(workbookBytes(fx, "Sheet1", new Date(Date.UTC(2026, 10, 28))));
  const sheet = strFromU8(parts["xl/worksheets/sheet1.xml"]);
  const styles = strFromU8(parts["xl/styles.xml"]);
  const xfs = [...(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? "").matchAll(/numFmtId="(\d+)"/g)].map((m) => Number(m[1]));
  const codes = new Map([...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"/g)].map((m) => [Number(m[1]), m[2]]));
  const formatOf = (ref: string) => {
    const s = Number(new RegExp(`<c r="${ref}"[^>]*? s="(\\d+)"`).exec(sheet)?.[1] ?? 0);
    return codes.get(xfs[s]) ?? (xfs[s] === 0 ? "General" : `builtin ${xfs[s]}`);
  };
  expect(formatOf("A1")).toMatch(/^#,##0/);
  expect(formatOf("A2")).toMatch(/%$/);
  expect(formatOf("A3")).toBe("General");
});

/** The sources part as the pane writes it through Office.js (no XML declaration): MSFT's value now from a 10-K/A. */
const PANE_PART = `<svcSources xmlns="${SOURCES_NAMESPACE}"><cell ref="Model!B2" subject="AAPL" what="AAPL revenue FY"><filing accession="0000320193-25-000079" form="10-K/A"/><value r="0" c="0" period="FY2025" metric="revenue" accession="0000320193-25-000079"/></cell></svcSources>`;

test("the sources part the pane kept: an opened file saves it (only it and the edited cells change); unchanged, the file is the opened one", () => {
  const [opened] = customXmlTexts(readModel(COVERAGE).pkg, readModel(COVERAGE).workbook.part).filter((x) => x.includes(SOURCES_NAMESPACE));
  expect(opened).toBeDefined();
  expect(saveOpened(COVERAGE, [], opened)).toBe(COVERAGE);
  const saved = saveOpened(COVERAGE, [], PANE_PART);
  const a = unzipSync(COVERAGE);
  const b = unzipSync(saved);
  expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
  const changed = Object.keys(a).filter((p) => !Buffer.from(a[p]).equals(Buffer.from(b[p])));
  expect(changed).toHaveLength(1);
  expect(changed[0]).toMatch(/^customXml\/item\d+\.xml$/);
  const model = readModel(saved);
  expect(readSources(model.pkg, model.workbook.part)?.get("Model!B2")).toEqual({ subject: "AAPL", what: "AAPL revenue FY", filings: [{ accession: "0000320193-25-000079", form: "10-K/A", url: null }], values: [{ row: 0, col: 0, period: "FY2025", metric: "revenue", accession: "0000320193-25-000079" }] });
});

test("a book typed in the workbench saves the sources part its refreshes kept, as the CLI writes it", () => {
  const fx = {
    snapshot: () => [{ name: "Model", cells: [{ r: 1, c: 1, formula: '=SVC.FINANCIALS("AAPL","revenue","FY")', value: 428000 }] }],
    names: { list: () => [] },
    xmlParts: () => [{ id: "{1}", namespace: SOURCES_NAMESPACE, xml: PANE_PART }],
  } as unknown as FakeExcel;
  const model = readModel(workbookBytes(fx, "Model", new Date(Date.UTC(2026, 10, 28))));
  expect(readSources(model.pkg, model.workbook.part)?.get("Model!B2")?.values).toEqual([{ row: 0, col: 0, period: "FY2025", metric: "revenue", accession: "0000320193-25-000079" }]);
  expect(model.pkg.has("[Content_Types].xml") && model.pkg.text("[Content_Types].xml")).toMatch(/customXmlProperties/);
});
