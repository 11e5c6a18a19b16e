/**
 * @jest-environment jsdom
 *
 * Priced = spent in the pane (the fake host, a real engine over the sandbox in process) for a model
 * with a mistyped ticker and an error hidden by IFERROR, in the session that typed it and in a new
 * runtime over the saved book (nothing cached): an unknown ticker's "Closest:" search is not made by
 * a priced refresh unless the cache holds it, as in `svc-excel refresh`; the summary lists both
 * errors, the hidden one in the CLI's words.
 */
import { openModelFile } from "../../src/workbench/open-file";
import { workbookBytes } from "../../src/workbench/save-file";
import type { FakeExcel } from "../../src/workbench/book";
import { InProcessApi, refreshInPane, Runtime, startRuntime } from "./runtime";

jest.setTimeout(60_000);

const TYPED: [string, string][] = [
  ["Model!A1", '=SVC.FINANCIALS("AAPL","revenue","FY")'],
  ["Model!A2", '=SVC.FINANCIALS("APPL","revenue","FY")'],
  ["Model!A3", '=IFERROR(SVC.FINANCIALS("ZZZQ","revenue","FY"),0)'],
];

const api = new InProcessApi();
const book = (rt: Runtime) => rt.fx as unknown as FakeExcel;
let saved: Uint8Array;

test("in the session that typed the model: the price is what the refresh spends; both errors listed", async () => {
  const rt = startRuntime(api);
  rt.fx.replaceSheets(["Model"]);
  for (const [a, f] of TYPED) await rt.fx.setFormula(a, f);
  await rt.fx.settled();
  const r = await refreshInPane(rt);
  expect(r.priceLines.filter((l) => l[1] === "hides")).toEqual([["Model!A3", "hides", "Model!A3: an SVC call inside IFERROR: an error it gets is hidden by the formula (it shows a value instead); a refresh lists it"]]);
  expect(r.priceDetail).toContain("1 inside IFERROR or the like (an error there is hidden)");
  expect(r.spent).toBe(r.price);
  expect(r.summary).toMatch(/Model!A2: .*APPL/);
  expect(r.summary).toMatch(/Model!A3 #N\/A hidden by the formula \(it shows a value instead\): .*ZZZQ/);
  saved = workbookBytes(book(rt), "Model");
});

test("reopened in a new runtime, nothing cached: the refresh spends what it priced (no Closest: search)", async () => {
  const rt = startRuntime(api);
  await openModelFile(saved, book(rt));
  const before = api.calls.length;
  const r = await refreshInPane(rt);
  expect(api.calls.slice(before)).not.toContain("search_companies");
  expect(r.price).toBe(3);
  expect(r.spent).toBe(r.price);
  expect(r.summary).toMatch(/1 error, 1 hidden by IFERROR or the like:/);
});
