/**
 * The fake host as strict as Excel where Excel's rules bite the add-in, per platform (platform.ts):
 * the web's 5 MB request and response cap and its null answer to a read over 5,000,000 cells; Excel on
 * the web re-running every SVC formula when a workbook opens, and every platform on a row insert;
 * comments.add on a commented cell, writes to a protected sheet and every request in cell-edit mode
 * failing with Excel's errors; getOnlyItemOrNullObject answering a null object when two parts match;
 * Manual calculation leaving dependents stale after Range.calculate; a table's cells refusing a spill.
 */
import { Host } from "../../src/fake-office/host";
import { createDriver } from "../../src/fake-office/driver";
import { createBookIo } from "../../src/fake-office/book-io";
import { createExcel } from "../../src/fake-office/excel/workbook";
import { platformNamed } from "../../src/fake-office/platform";

type Ctx = any; // eslint-disable-line @typescript-eslint/no-explicit-any

const META = {
  functions: [
    { id: "PEERS", parameters: [{ name: "ticker" }] },
    { id: "ONE", parameters: [{ name: "x" }] },
  ],
};

function book(platform = "win") {
  const host = new Host({ sheets: ["Sheet1", "Sheet2"], metadata: async () => META, platform: platformNamed(platform) });
  const calls: string[] = [];
  host.fns.associate("PEERS", async (t: unknown) => (calls.push(`PEERS ${t}`), [["ticker"], ["MSFT"], ["NVDA"]]));
  host.fns.associate("ONE", async (x: unknown) => (calls.push(`ONE ${x}`), Number(x) * 10));
  const excel = createExcel(host);
  const run = <T>(batch: (ctx: Ctx) => Promise<T>) => excel.run(batch as never) as Promise<T>;
  return { host, fx: { ...createDriver(host), ...createBookIo(host) }, calls, run };
}

const text = (n: number) => "x".repeat(n);

describe("Excel on the web: 5 MB per request and response, null over 5,000,000 cells", () => {
  it("refuses a request over 5 MB on the web, not on Windows", async () => {
    for (const p of ["web", "win"]) {
      const { run } = book(p);
      const write = run(async (ctx) => {
        ctx.workbook.worksheets.getItem("Sheet1").getRange("A1:A3").values = [[text(2_000_000)], [text(2_000_000)], [text(2_000_000)]];
        await ctx.sync();
      });
      if (p === "web") await expect(write).rejects.toMatchObject({ code: "RequestPayloadSizeLimitExceeded" });
      else await expect(write).resolves.toBeUndefined();
    }
  });

  it("refuses a response over 5 MB on the web, whatever the number of ranges it is split into in one sync", async () => {
    const { fx, run } = book("web");
    for (let i = 1; i <= 3; i++) fx.setConstant(`Sheet1!A${i}`, text(2_000_000));
    const read = (perSync: boolean) =>
      run(async (ctx) => {
        const ws = ctx.workbook.worksheets.getItem("Sheet1");
        const out: Ctx[] = [];
        for (let i = 1; i <= 3; i++) {
          out.push(ws.getRange(`A${i}`).load("values"));
          if (perSync) await ctx.sync();
        }
        await ctx.sync();
        return out.map((r) => r.values[0][0].length);
      });
    await expect(read(false)).rejects.toMatchObject({ code: "ResponsePayloadSizeLimitExceeded" });
    await expect(read(true)).resolves.toEqual([2_000_000, 2_000_000, 2_000_000]);
  });

  it("answers a read over 5,000,000 cells with null on the web", async () => {
    const { run } = book("web");
    const values = await run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("A:E").load("values");
      await ctx.sync();
      return r.values;
    });
    expect(values).toBeNull();
  });
});

describe("recalculation Excel starts by itself", () => {
  const saved = [{ sheet: "Sheet1", r: 0, c: 0, formula: "=SVC.ONE(4)", stored: 40 }];

  it("on the web, opening a workbook re-runs every SVC formula; on Windows it shows what the file stored", async () => {
    for (const [p, expected] of [["web", ["ONE 4"]], ["win", []]] as const) {
      const { fx, calls } = book(p);
      fx.load(saved);
      await fx.settled();
      expect([p, calls]).toEqual([p, expected]);
    }
  });

  it("inserting rows moves cells and references and re-runs every SVC formula", async () => {
    const { fx, calls } = book("win");
    fx.load([...saved, { sheet: "Sheet1", r: 5, c: 1, formula: "=SUM($A$1,A1:A8)", stored: 80 }, { sheet: "Sheet2", r: 0, c: 0, formula: "=Sheet1!A3+Sheet1!A1", stored: 40 }]);
    await fx.settled();
    fx.setConstant("Sheet1!A3", 1);
    await fx.settled();
    fx.insert("Sheet1", "rows", 1, 2);
    await fx.settled();
    expect(calls).toEqual(["ONE 4"]);
    expect(fx.formulasOf("Sheet1")).toEqual([{ address: "Sheet1!A1", formula: "=SVC.ONE(4)" }, { address: "Sheet1!B8", formula: "=SUM($A$1,A1:A10)" }]);
    expect(fx.formulasOf("Sheet2")).toEqual([{ address: "Sheet2!A1", formula: "=Sheet1!A5+Sheet1!A1" }]);
    expect(fx.formulaAt("Sheet1!A5")).toBe(1);
  });
});

describe("Freeze's hazards raise Excel's errors", () => {
  it("comments.add on a cell that already has a comment fails", async () => {
    const { run } = book();
    const add = () =>
      run(async (ctx) => {
        ctx.workbook.comments.add("Sheet1!A1", "note");
        await ctx.sync();
      });
    await add();
    await expect(add()).rejects.toMatchObject({ code: "InvalidOperation" });
  });

  it("a protected sheet refuses writes (AccessDenied) and says it is protected", async () => {
    const { fx, run } = book();
    fx.protect("Sheet1");
    const state = await run(async (ctx) => {
      const p = ctx.workbook.worksheets.getItem("Sheet1").protection.load("protected");
      await ctx.sync();
      return p.protected;
    });
    expect(state).toBe(true);
    await expect(run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("A1").values = [[1]];
      await ctx.sync();
    })).rejects.toMatchObject({ code: "AccessDenied" });
    await run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet2").getRange("A1").values = [[1]];
      await ctx.sync();
    });
    expect(fx.formulaAt("Sheet2!A1")).toBe(1);
  });

  it("every request fails while a person edits a cell", async () => {
    const { fx, run } = book();
    fx.editing("Sheet1!B2");
    const read = () =>
      run(async (ctx) => {
        const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1").load("values");
        await ctx.sync();
        return r.values;
      });
    await expect(read()).rejects.toMatchObject({ code: "InvalidOperationInCellEditMode" });
    fx.editing(null);
    await expect(read()).resolves.toEqual([[""]]);
  });
});

describe("getOnlyItemOrNullObject answers as CustomXmlPartScopedCollection documents it", () => {
  it("a null object for two or more matching parts; getOnlyItem fails", async () => {
    const { run } = book();
    const only = () =>
      run(async (ctx) => {
        const p = ctx.workbook.customXmlParts.getByNamespace("urn:x").getOnlyItemOrNullObject();
        await ctx.sync();
        return p.isNullObject;
      });
    const add = () => run(async (ctx) => (ctx.workbook.customXmlParts.add('<a xmlns="urn:x"/>'), ctx.sync()));
    expect(await only()).toBe(true);
    await add();
    expect(await only()).toBe(false);
    await add();
    expect(await only()).toBe(true);
    await expect(run(async (ctx) => {
      ctx.workbook.customXmlParts.getByNamespace("urn:x").getOnlyItem().load("id");
      await ctx.sync();
    })).rejects.toMatchObject({ code: "InvalidOperation" });
  });
});

describe("Manual calculation", () => {
  it("Range.calculate runs the range's formulas; their dependents stay stale until F9", async () => {
    const { fx, run } = book();
    fx.setConstant("Sheet1!A1", 1);
    await fx.setFormula("Sheet1!B1", "=A1*2");
    await fx.setFormula("Sheet1!C1", "=B1+1");
    await run(async (ctx) => {
      ctx.workbook.application.calculationMode = "Manual";
      await ctx.sync();
    });
    fx.setConstant("Sheet1!A1", 5);
    await fx.settled();
    expect([fx.shown("Sheet1").find(([a]) => a === "Sheet1!B1")?.[1].value]).toEqual([2]);
    const mode = await run(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("B1").calculate();
      const app = ctx.workbook.application.load("calculationMode");
      await ctx.sync();
      return app.calculationMode;
    });
    await fx.settled();
    const value = (a: string) => fx.shown("Sheet1").find(([x]) => x === a)?.[1].value;
    expect([mode, value("Sheet1!B1"), value("Sheet1!C1")]).toEqual(["Manual", 10, 3]);
    await fx.calculate("Recalculate");
    expect(value("Sheet1!C1")).toBe(11);
  });
});

describe("Excel tables refuse spills", () => {
  it("a multi-cell result anchored in a table, or spilling into one, is #SPILL!; a single value is fine", async () => {
    const { fx } = book();
    fx.addTable("Deals", "Sheet1!D1:F10");
    await fx.setFormula("Sheet1!E3", '=SVC.PEERS("AAPL")');
    await fx.setFormula("Sheet1!D12", "=SVC.ONE(2)");
    await fx.setFormula("Sheet1!C9", '=SVC.PEERS("KO")');
    await fx.setFormula("Sheet1!A1", '=SVC.PEERS("KO")');
    await fx.settled();
    const shown = (a: string) => fx.shown("Sheet1").find(([x]) => x === a)?.[1];
    expect([shown("Sheet1!E3")?.error, shown("Sheet1!D12")?.value, shown("Sheet1!A1")?.value, shown("Sheet1!A3")?.value]).toEqual(["#SPILL!", 20, "ticker", "NVDA"]);
  });
});
