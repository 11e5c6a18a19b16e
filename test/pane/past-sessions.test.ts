/**
 * @jest-environment jsdom
 *
 * The pane knows the past across sessions, in the fake host: a model typed and refreshed in one
 * runtime is saved (the workbench's Save, the sources part with it), opened in a new runtime (new
 * host, engine, functions and pane: nothing of the first is left), the sandbox's data revised (a
 * 10-K/A restating MSFT's revenue, NVDA's next 10-K, a headline), and refreshed: the pane says
 * `new period`, `revised` with the old and the new filing, `new rows`, as the CLI does, for the literal,
 * the cell-driven, the spill-driven and the wrapped call; what it priced is what it spent. A book that
 * no refresh kept anything in says the old values' sources are not known.
 */
import { SOURCES_NAMESPACE } from "../../src/model-file";
import { UNKNOWN_SOURCES } from "../../src/plan/changes";
import { openModelFile } from "../../src/workbench/open-file";
import { workbookBytes } from "../../src/workbench/save-file";
import type { FakeExcel } from "../../src/workbench/book";
import { InProcessApi, refreshInPane, Refreshed, Runtime, startRuntime } from "./runtime";

jest.setTimeout(60_000);

const CELLS: [string, string][] = [
  ["Model!A1", '=SVC.FINANCIALS("NVDA","revenue","FY")'],
  ["Model!A2", '=SVC.FINANCIALS("MSFT","revenue","FY")'],
  ["Model!A3", '=IFERROR(SVC.FINANCIALS("MSFT","revenue","FY"),0)'],
  ["Model!A4", '=SVC.FINANCIALS(Inputs!$A$1,"revenue","FY")'],
  ["Model!H1", '=SVC.PEERS("AAPL")'],
  ["Model!A5", '=SVC.FINANCIALS($H$2,"revenue","FY")'],
  ["Model!A7", '=SVC.HEADLINES("NVDA",5)'],
];

const api = new InProcessApi();
const book = (rt: Runtime) => rt.fx as unknown as FakeExcel;

async function typeModel(rt: Runtime): Promise<void> {
  rt.fx.replaceSheets(["Model", "Inputs"]);
  rt.fx.setConstant("Inputs!A1", "JPM");
  for (const [a, f] of CELLS) await rt.fx.setFormula(a, f);
  await rt.fx.settled();
}

const kindOf = (r: Refreshed, cell: string) => r.rows.filter((x) => x[0] === cell).map((x) => x[1]);
const lineOf = (r: Refreshed, cell: string) => r.rows.find((x) => x[0] === cell)?.[2] ?? "";

let unrefreshed: Uint8Array;
let saved: Uint8Array;
let peer: string;
let first: Refreshed;

beforeAll(async () => {
  const rt = startRuntime(api);
  await typeModel(rt);
  peer = String(rt.fx.shown("Model").find(([a]) => a === "Model!H2")?.[1].value);
  unrefreshed = workbookBytes(book(rt), "Model");
  first = await refreshInPane(rt);
  saved = workbookBytes(book(rt), "Model");
});

test("a refresh in the session that typed the model: nothing changed, the sources kept in the workbook's part", () => {
  expect(first.counts).toBe("Nothing changed");
  expect(first.price).toBe(first.spent);
  expect(peer).toMatch(/^[A-Z]+$/);
});

test("closed, reopened in a new runtime, revised at the API: new period, revised with both filings, new rows; priced = spent", async () => {
  const rt = startRuntime(api);
  await openModelFile(saved, book(rt));
  expect(rt.fx.xmlParts().filter((p) => p.namespace === SOURCES_NAMESPACE)).toHaveLength(1);
  const msft = api.edits.revise({ ticker: "MSFT", metric: "revenue", value: 241_900 });
  const jpm = api.edits.revise({ ticker: "JPM", metric: "revenue", value: 350_000 });
  const other = peer === "MSFT" || peer === "JPM" ? null : api.edits.revise({ ticker: peer, metric: "revenue", value: 123_456 });
  const year = api.edits.addFiscalYear("NVDA");
  api.edits.addHeadline({ ticker: "NVDA", title: "NVIDIA files its annual report" });
  try {
    const r = await refreshInPane(rt);
    expect(r.notes).toBe("");
    expect(kindOf(r, "Model!A1")).toEqual(["new period"]);
    expect(lineOf(r, "Model!A1")).toContain(`NVDA revenue ${year}`);
    for (const cell of ["Model!A2", "Model!A3", "Model!A4", "Model!A5"]) expect([cell, kindOf(r, cell)]).toEqual([cell, ["revised"]]);
    expect(lineOf(r, "Model!A2")).toContain(`MSFT revenue ${msft.period}`);
    expect(lineOf(r, "Model!A2")).toContain("restated by the 10-K/A (was 10-K ");
    expect(lineOf(r, "Model!A2")).toContain(`10-K/A ${msft.accession}`);
    expect(lineOf(r, "Model!A4")).toContain(`JPM revenue ${jpm.period}`);
    expect(lineOf(r, "Model!A5")).toContain(`${peer} revenue ${(other ?? (peer === "MSFT" ? msft : jpm)).period}`);
    expect(kindOf(r, "Model!A7")).toEqual(["new rows"]);
    expect(lineOf(r, "Model!A7")).toContain("NVIDIA files its annual report");
    expect(kindOf(r, "Model!H1")).toEqual([]);
    expect(r.spent).toBe(r.price);
  } finally {
    api.edits.reset();
  }
});

test("a book no refresh kept anything in: the old values' sources are not known, said once", async () => {
  const rt = startRuntime(api);
  await openModelFile(unrefreshed, book(rt));
  expect(rt.fx.xmlParts()).toEqual([]);
  api.edits.addFiscalYear("NVDA");
  try {
    const r = await refreshInPane(rt);
    expect(r.notes).toBe(UNKNOWN_SOURCES);
    expect(kindOf(r, "Model!A1")).toEqual(["changed"]);
    expect(rt.fx.xmlParts().filter((p) => p.namespace === SOURCES_NAMESPACE)).toHaveLength(1);
  } finally {
    api.edits.reset();
  }
});
