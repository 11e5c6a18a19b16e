/**
 * Excel's own evaluations never spend, and LAMBDA helpers go through the one queue: the fake host
 * running the real SVC functions over the real engine (a fake API client on real time). A value
 * preview (invocation.isInValuePreview) answers from the cache or "preview: not fetched", never a
 * call; a build before CustomFunctionsRuntime 1.5 (Excel 2021, Windows 2208) hands no such key, and
 * the function, unable to tell, runs as for a cell; MAP and BYROW of SVC calls are queued and deduplicated like any other calls.
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
import { Platform, platformNamed } from "../../src/fake-office/platform";
import { FakeClient } from "../engine/fakeClient";
import { show } from "./helpers";

const META = JSON.parse(fs.readFileSync(path.join(__dirname, "../metadata/functions.golden.json"), "utf8"));

/** The functions as the page's composition root registers them: Excel's arguments, then the invocation. */
function excelFunctions(rt: CellRuntime): Record<string, (...a: unknown[]) => Promise<unknown[][]>> {
  return Object.fromEntries(Object.keys(CELLS).map((name) => [name, (...a: unknown[]) => callFunction(rt, name, a.slice(0, -1), a[a.length - 1] as CellInvocation)]));
}

function book(platform: Platform = platformNamed("win")) {
  const client = new FakeClient();
  const engine = createEngine({ client, windowMs: 5 });
  const host = new Host({ sheets: ["Sheet1"], metadata: async () => META, platform });
  host.fns.associate(excelFunctions(cellRuntime(engine, { dataTypes: false })) as never);
  return { host, fx: createDriver(host), engine, client };
}

/** The previewed value (a 1×1 grid is the value Excel shows). */
async function preview(host: Host, address: string, formula: string): Promise<unknown> {
  const r = await host.preview(address, formula);
  if ("error" in r) return r.error;
  return Array.isArray(r.value) && r.value.length === 1 && r.value[0].length === 1 ? r.value[0][0] : r.value;
}

/** The invocation each call of the function receives, on `platform`. */
async function invocationsOn(platform: Platform): Promise<Record<string, unknown>[]> {
  const host = new Host({ sheets: ["Sheet1"], metadata: async () => META, platform });
  const seen: Record<string, unknown>[] = [];
  host.fns.associate("COMPANY", (...a: unknown[]) => {
    seen.push(a[a.length - 1] as Record<string, unknown>);
    return "x";
  });
  await host.preview("Sheet1!A1", '=SVC.COMPANY("MSFT","name")');
  await createDriver(host).setFormula("Sheet1!A2", '=SVC.COMPANY("MSFT","name")');
  return seen;
}

describe("isInValuePreview only where the build has CustomFunctionsRuntime 1.5", () => {
  test("1.5 (current Windows, Mac, web): true for the preview, false for the cell", async () => {
    for (const name of ["win", "mac", "web"]) expect((await invocationsOn(platformNamed(name))).map((i) => i.isInValuePreview)).toEqual([true, false]);
  });

  test("1.4 (Windows 2208): the key is absent in both", async () => {
    expect((await invocationsOn(platformNamed("win-2208"))).map((i) => "isInValuePreview" in i)).toEqual([false, false]);
  });

  test("1.4: a formula being edited is a real call, answered and cached as a cell's would be", async () => {
    const { host, fx, engine } = book(platformNamed("win-2208"));
    const formula = '=SVC.FINANCIALS("AAPL","revenue","FY")';
    const previewed = await preview(host, "Sheet1!A1", formula);
    await engine.idle();
    expect(engine.stats().calls).toBe(1);
    expect(previewed).toEqual(expect.any(Number));
    await fx.setFormula("Sheet1!A1", formula);
    await fx.settled();
    expect(show(fx, "Sheet1!A1")).toEqual(previewed);
    expect(engine.stats().calls).toBe(1);
  });
});

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
