/**
 * @jest-environment jsdom
 *
 * The sources part through Office.js in the strict fake host: the part the CLI writes is read by its
 * namespace (the text the file holds, XML declaration included); a workbook holding two parts of the
 * namespace (Excel's getOnlyItemOrNullObject answers a null object for two, so the parts are listed,
 * not asked for as the only one) is read whole and written back as one part; a write keeps the cells
 * it does not name; the results' sizes are their spill ranges.
 */
import { SOURCES_NAMESPACE, sourcesXml } from "../../src/model-file/parts/sources-part";
import { keepSources, readKeptSources } from "../../src/office/kept-sources";
import { fakeExcel, FakeExcel } from "./fake-excel";

let x: FakeExcel;
beforeAll(async () => {
  x = fakeExcel();
  x.fx.addSheet("Peer set");
  await x.fx.setFormula("'Peer set'!A1", '=SVC.PEERS("AAPL")');
  await x.fx.setFormula("Sheet1!B2", '=SVC.FINANCIALS("MSFT","revenue")');
  await x.fx.settled();
});

const value = (period: string, accession: string) => ({ row: 0, col: 0, period, metric: "revenue", accession });
const filing = (accession: string, form: string) => ({ accession, form, url: null });
const run = <T>(batch: (ctx: Excel.RequestContext) => Promise<T>) => (window as unknown as { Excel: typeof Excel }).Excel.run(batch);

test("two parts of the namespace: read whole, written back as one that keeps the cells not named", async () => {
  const a = sourcesXml(new Map([["Sheet1!B2", { subject: "MSFT", what: "MSFT revenue", filings: [filing("0000789019-25-000100", "10-K")], values: [value("FY2025", "0000789019-25-000100")] }]]));
  const b = sourcesXml(new Map([["'Peer set'!A1", { subject: "AAPL", what: "AAPL peers", filings: [], values: [] }]]));
  await run(async (ctx) => {
    ctx.workbook.customXmlParts.add(a);
    ctx.workbook.customXmlParts.add(b);
    await ctx.sync();
  });
  const read = await readKeptSources(["Sheet1!B2", "'Peer set'!A1", "Sheet1!Z9"]);
  expect(read.kept?.get("Sheet1!B2")?.values).toEqual([value("FY2025", "0000789019-25-000100")]);
  expect(read.kept?.get("'Peer set'!A1")?.what).toBe("AAPL peers");
  expect(Object.fromEntries(read.sizes)).toEqual({ "Sheet1!B2": { rows: 2, cols: 2 }, "'Peer set'!A1": { rows: 4, cols: 1 }, "Sheet1!Z9": { rows: 1, cols: 1 } });

  await keepSources(new Map([["Sheet1!B2", { subject: "MSFT", what: "MSFT revenue", filings: [filing("0000789019-26-000012", "10-K/A")], values: [value("FY2025", "0000789019-26-000012")] }]]));
  const parts = x.fx.xmlParts().filter((p) => p.namespace === SOURCES_NAMESPACE);
  expect(parts).toHaveLength(1);
  const again = await readKeptSources([]);
  expect(again.kept?.get("Sheet1!B2")?.filings).toEqual([filing("0000789019-26-000012", "10-K/A")]);
  expect(again.kept?.get("'Peer set'!A1")?.what).toBe("AAPL peers");
});

test("a workbook no refresh kept anything in reads as null, and a first write adds the part", async () => {
  await run(async (ctx) => {
    const list = ctx.workbook.customXmlParts.getByNamespace(SOURCES_NAMESPACE);
    list.load("items/id");
    await ctx.sync();
    for (const p of list.items) p.delete();
    await ctx.sync();
  });
  expect((await readKeptSources([])).kept).toBeNull();
  await keepSources(new Map([["Sheet1!B2", { subject: "MSFT", what: "MSFT revenue", filings: [], values: [] }]]));
  expect((await readKeptSources([])).kept?.get("Sheet1!B2")?.what).toBe("MSFT revenue");
});
