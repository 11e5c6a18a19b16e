/**
 * Excel's own evaluations never spend, and LAMBDA helpers go through the one queue: the fake host
 * running the real SVC functions over the real engine (a fake API client on real time). A value
 * preview (invocation.isInValuePreview) answers from the cache or "preview: not fetched", never a
 * call; MAP and BYROW of SVC calls are queued and deduplicated like any other calls.
 */
import * as fs from "fs";
import * as path from "path";
import { createEngine } from "../../src/engine";
import { Host } from "../../src/fake-office/host";
import { createDriver } from "../../src/fake-office/driver";
import { callFunction } from "../../src/functions/call";
import { CELLS } from "../../src/functions/cells";
import { CellInvocation, PREVIEW_NOT_FETCHED } from "../../src/functions/invoke";
import { CellRuntime, cellRuntime } from "../../src/functions/runtime";
import { FakeClient } from "../engine/fakeClient";
import { show } from "./helpers";

const META = JSON.parse(fs.readFileSync(path.join(__dirname, "../metadata/functions.golden.json"), "utf8"));

/** The functions as the page's composition root registers them: Excel's arguments, then the invocation. */
function excelFunctions(rt: CellRuntime): Record<string, (...a: unknown[]) => Promise<unknown[][]>> {
  return Object.fromEntries(Object.keys(CELLS).map((name) => [name, (...a: unknown[]) => callFunction(rt, name, a.slice(0, -1), a[a.length - 1] as CellInvocation)]));
}

function book() {
  const client = new FakeClient();
  const engine = createEngine({ client, windowMs: 5 });
  const host = new Host({ sheets: ["Sheet1"], metadata: async () => META });
  host.fns.associate(excelFunctions(cellRuntime(engine, { dataTypes: false })) as never);
  return { host, fx: createDriver(host), engine, client };
}

/** The previewed value (a 1×1 grid is the value Excel shows). */
async function preview(host: Host, address: string, formula: string): Promise<unknown> {
  const r = await host.preview(address, formula);
  if ("error" in r) return r.error;
  return Array.isArray(r.value) && r.value.length === 1 && r.value[0].length === 1 ? r.value[0][0] : r.value;
}

describe("value preview: Excel's own evaluation spends no call", () => {
  test("nothing cached: 'preview: not fetched', no call; once the cell has run, the cached figure", async () => {
    const { host, fx, engine } = book();
    const formula = '=SVC.FINANCIALS("AAPL","revenue","FY")';
    expect(await preview(host, "Sheet1!A1", formula)).toEqual(PREVIEW_NOT_FETCHED);
    expect(await preview(host, "Sheet1!A1", `=ROUND(${formula.slice(1)}/1000,0)`)).toBe("#VALUE!");
    await engine.idle();
    expect(engine.stats().calls).toBe(0);
    await fx.setFormula("Sheet1!A1", formula);
    await fx.settled();
    expect(engine.stats().calls).toBe(1);
    const figure = show(fx, "Sheet1!A1");
    expect(typeof figure).toBe("number");
    expect(await preview(host, "Sheet1!B1", formula)).toEqual(figure);
    expect(await preview(host, "Sheet1!B1", '=SVC.FINANCIALS("AAPL","net_income","FY")')).toEqual(expect.any(Number)); // the wide answer holds it
    expect(await preview(host, "Sheet1!B1", '=SVC.COMPANY("MSFT","name")')).toEqual(PREVIEW_NOT_FETCHED);
    await engine.idle();
    expect(engine.stats().calls).toBe(1);
  });
});

describe("LAMBDA helpers: MAP and BYROW of SVC calls go through the one queue", () => {
  test("MAP over tickers: one call per distinct identity, each cell its figure", async () => {
    const { fx, engine } = book();
    for (const [a, t] of [["A1", "AAPL"], ["A2", "MSFT"], ["A3", "aapl"], ["A4", "MSFT"]]) await fx.setFormula(`Sheet1!${a}`, t);
    await fx.setFormula("Sheet1!B1", '=MAP(A1:A4,LAMBDA(t,SVC.FINANCIALS(t,"revenue","FY")))');
    await fx.settled();
    const shown = ["B1", "B2", "B3", "B4"].map((a) => show(fx, `Sheet1!${a}`));
    expect(shown.every((v) => typeof v === "number")).toBe(true);
    expect(shown[0]).toBe(shown[2]);
    expect(shown[1]).toBe(shown[3]);
    expect(engine.stats()).toMatchObject({ calls: 2 });
  });

  test("BYROW over rows of (ticker, metric): one value per row, deduplicated with the sheet's other calls", async () => {
    const { fx, engine } = book();
    await fx.setFormula("Sheet1!A1", "KO");
    await fx.setFormula("Sheet1!B1", "revenue");
    await fx.setFormula("Sheet1!A2", "KO");
    await fx.setFormula("Sheet1!B2", "net_income");
    await fx.setFormula("Sheet1!D1", '=SVC.FINANCIALS("KO","revenue","FY")');
    await fx.setFormula("Sheet1!C1", '=BYROW(A1:B2,LAMBDA(r,SVC.FINANCIALS(INDEX(r,1,1),INDEX(r,1,2),"FY")))');
    await fx.settled();
    expect(show(fx, "Sheet1!C1")).toBe(show(fx, "Sheet1!D1"));
    expect(typeof show(fx, "Sheet1!C2")).toBe("number");
    expect(engine.stats().calls).toBe(1); // KO's income statement: one wide call for all three
  });
});
