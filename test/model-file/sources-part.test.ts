/**
 * The sources part across versions: a file written when only filings were kept still reads (its
 * filings for freeze's notes; its values' periods not known), and what a refresh keeps now (the call
 * in words, each value's period, metric and filing) reads back as written.
 */
import { readModel } from "../../src/model-file";
import { readSources, writeSources } from "../../src/model-file/parts/sources-part";
import { buildFixture } from "./fixtures";

const OLD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<svcSources xmlns="urn:svc-excel:sources:1"><cell ref="Model!B2"><filing accession="0000320193-26-000506" form="10-K" url="https://www.sec.gov/x"/></cell></svcSources>';

test("a file written before values were kept: filings read, periods not known", () => {
  const model = readModel(buildFixture("model", { "customXml/item1.xml": OLD }));
  const kept = readSources(model.pkg, model.workbook.part);
  expect(kept?.get("Model!B2")).toEqual({ subject: "", what: "", filings: [{ accession: "0000320193-26-000506", form: "10-K", url: "https://www.sec.gov/x" }], values: null });
});

test("a file never refreshed by svc-excel holds no sources; what a refresh keeps reads back", () => {
  const model = readModel(buildFixture("model"));
  expect(readSources(model.pkg, model.workbook.part)).toBeNull();
  const cell = { subject: "NVDA", what: "NVDA revenue FY", filings: [{ accession: "0001045810-26-000506", form: "10-K", url: null }], values: [{ row: 0, col: 0, period: "FY2026", metric: "revenue", accession: "0001045810-26-000506" }] };
  writeSources(model.pkg, model.workbook.part, new Map([["Model!B1", cell]]));
  const again = readModel(model.pkg.write());
  expect(readSources(again.pkg, again.workbook.part)?.get("Model!B1")).toEqual(cell);
});
