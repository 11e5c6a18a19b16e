/**
 * Typed outcomes, Excel at the edge: computeCell gives a grid or the SvcError with its kind and
 * fields (never an Excel error object, never a rejected promise); callFunction, the edge, turns the
 * same failure into the cell error Excel shows. A missing value with na=na is typed `{error:"#N/A"}`
 * on the typed path and Excel's #N/A object at the edge.
 */
import { readCellError } from "./cell-failure";
import { SvcError } from "../../src/api/errors";
import { createEngine } from "../../src/engine";
import { callFunction, computeCell, CellOutcome } from "../../src/functions/call";
import { cellRuntime } from "../../src/functions/runtime";
import { CellError } from "../../src/functions/cell-host";
import { ApiClient, staticCredentials } from "../../src/api/client";
import { FakeClient } from "../engine/fakeClient";
import { SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";

const failed = (o: CellOutcome): SvcError => {
  if (!("error" in o)) throw new Error("expected a failure");
  return o.error;
};

test("each way of failing keeps its kind and fields on the typed path", async () => {
  const rt = cellRuntime(createEngine({ client: new FakeClient(), windowMs: 1 }));
  const bad = failed(await computeCell(rt, "FINANCIALS", ["AAPL", "revenue", "FY-99"]));
  expect(bad).toBeInstanceOf(SvcError);
  expect(bad).toMatchObject({ kind: "invalid_argument", param: "period" });
  expect(failed(await computeCell(rt, "FINANCIAL", ["AAPL"]))).toMatchObject({ kind: "unknown_function", detail: "SVC.FINANCIAL is not an SVC function; did you mean SVC.FINANCIALS?" });
  expect(failed(await computeCell(rt, "PEERS", ["AAPL", 1, 2, 3]))).toMatchObject({ kind: "invalid_argument", param: "arguments" });
});

test("the edge: the same failures as Excel's cell errors", async () => {
  const rt = cellRuntime(createEngine({ client: new FakeClient(), windowMs: 1 }));
  const edge = async (fn: string, args: unknown[]) => callFunction(rt, fn, args).then(() => null, (e) => (e instanceof CellError ? readCellError(e) : e));
  expect(await edge("FINANCIAL", ["AAPL"])).toEqual({ code: "#NAME?", message: expect.stringMatching(/did you mean SVC\.FINANCIALS\?/) });
  expect(await edge("FINANCIALS", ["AAPL", "revenue", "FY-99"])).toEqual({ code: "#VALUE!", message: expect.stringMatching(/period/) });
});

test("a missing value with na=na: typed {error:'#N/A'} on the typed path, Excel's #N/A at the edge", async () => {
  const api = await startFakeApi();
  try {
    const rt = cellRuntime(createEngine({ client: new ApiClient({ baseUrl: api.url, credentials: staticCredentials(SANDBOX_API_KEY), timeoutMs: 5000 }) }));
    const args = ["JPM", [["gross_profit"]], 2, "na=na"]; // a bank has no gross profit
    const typed = await computeCell(rt, "FINANCIALS", args);
    if (!("grid" in typed)) throw typed.error;
    expect(typed.grid[1][1]).toEqual({ error: "#N/A" });
    const edge = await callFunction(rt, "FINANCIALS", args);
    expect(edge[1][1]).toBeInstanceOf(CellError);
    expect(readCellError(edge[1][1])?.code).toBe("#N/A");
  } finally {
    await api.close();
  }
});
