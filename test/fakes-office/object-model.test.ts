/**
 * @jest-environment jsdom
 *
 * The Office.js object model of the fake host beyond strictness: several sheets, defined names of
 * workbook and sheet scope (workbook.names / worksheet.names: add, getItemOrNullObject, items,
 * formula), the selection, used ranges, custom XML parts, comments, and calculation (Range.calculate
 * re-runs the formulas in the range, application.calculate(Full) all of them).
 */
import { installFakeOffice } from "../../src/fake-office/install";

type Ctx = any; // eslint-disable-line @typescript-eslint/no-explicit-any
const META = { functions: [{ id: "ECHO", parameters: [{ name: "value", optional: true }] }] };
let fx: ReturnType<typeof installFakeOffice>;
let run: <T>(batch: (ctx: Ctx) => Promise<T>) => Promise<T>;

beforeAll(() => {
  fx = installFakeOffice(window as never, { metadata: async () => META });
  fx.host.fns.associate("ECHO", async (v: unknown) => v);
  run = (batch) => (window as unknown as { Excel: { run: typeof run } }).Excel.run(batch);
});

it("adds sheets (Excel's names rules), finds them case-insensitively and lists them", async () => {
  const names = await run(async (ctx) => {
    ctx.workbook.worksheets.add("Inputs");
    const ws = ctx.workbook.worksheets.getItem("inputs");
    ws.load("name,position");
    const all = ctx.workbook.worksheets;
    all.load("items/name");
    await ctx.sync();
    return [ws.name, ws.position, all.items.map((s: { name: string }) => s.name)];
  });
  expect(names).toEqual(["Inputs", 2, ["Sheet1", "Sheet2", "Inputs"]]);
  await expect(run(async (ctx) => {
    ctx.workbook.worksheets.add("inputs");
    await ctx.sync();
  })).rejects.toMatchObject({ code: "ItemAlreadyExists" });
  await expect(run(async (ctx) => {
    ctx.workbook.worksheets.add("a/b");
    await ctx.sync();
  })).rejects.toMatchObject({ code: "InvalidArgument" });
});

it("defines names of workbook and sheet scope; formulas use them and follow their changes", async () => {
  await fx.setFormula("Inputs!B1", "0.25");
  const out = await run(async (ctx) => {
    const wb = ctx.workbook;
    wb.names.add("Rate", wb.worksheets.getItem("Inputs").getRange("B1"));
    wb.worksheets.getItem("Sheet1").names.add("Years", "=4");
    const missing = wb.names.getItemOrNullObject("Nope");
    const rate = wb.names.getItem("Rate");
    rate.load("formula,type,value,scope");
    wb.names.load("items/name");
    const local = wb.worksheets.getItem("Sheet1").names;
    local.load("items/name,items/scope");
    await ctx.sync();
    return { missing: missing.isNullObject, rate: rate.toJSON(), global: wb.names.items.map((n: { name: string }) => n.name), local: local.items.map((n: { name: string; scope: string }) => [n.name, n.scope]) };
  });
  expect(out).toEqual({
    missing: true,
    rate: { formula: "=Inputs!$B$1", type: "Range", value: "Inputs!$B$1", scope: "Workbook" },
    global: ["Rate"],
    local: [["Years", "Worksheet"]],
  });
  await fx.setFormula("Sheet1!A1", "=Rate*Years");
  expect(fx.shown("Sheet1").find(([a]) => a === "Sheet1!A1")?.[1].value).toBe(1);
  await run(async (ctx) => {
    ctx.workbook.names.getItem("Rate").formula = "=0.5";
    await ctx.sync();
  });
  await fx.settled();
  expect(fx.shown("Sheet1").find(([a]) => a === "Sheet1!A1")?.[1].value).toBe(2);
  await expect(run(async (ctx) => {
    ctx.workbook.names.add("A1", "=1");
    await ctx.sync();
  })).rejects.toMatchObject({ code: "InvalidArgument" });
});

it("reads the selection, and refuses getActiveCell when a shape is selected", async () => {
  fx.select("Inputs!C3:D4");
  const sel = await run(async (ctx) => {
    const r = ctx.workbook.getSelectedRange();
    const a = ctx.workbook.getActiveCell();
    r.load("address");
    a.load("address");
    await ctx.sync();
    return [r.address, a.address];
  });
  expect(sel).toEqual(["Inputs!C3:D4", "Inputs!C3"]);
  fx.select(null);
  await expect(run(async (ctx) => {
      ctx.workbook.getActiveCell().load("address");
      await ctx.sync();
    })).rejects.toMatchObject({ code: "InvalidSelection" });
  fx.select("Sheet1!B2");
});

it("gives the used range, a spill's range, and a null object for an empty sheet", async () => {
  await fx.setFormula("Sheet2!C5", "=SVC.ECHO({1,2;3,4})");
  const out = await run(async (ctx) => {
    const ws = ctx.workbook.worksheets.getItem("Sheet2");
    const used = ws.getUsedRange();
    const spill = ws.getRange("C5").getSpillingToRange();
    const parent = ws.getRange("D6").getSpillParentOrNullObject();
    used.load("address");
    spill.load("address,values");
    parent.load("address");
    ctx.workbook.worksheets.add("Empty");
    const empty = ctx.workbook.worksheets.getItem("Empty").getUsedRangeOrNullObject();
    await ctx.sync();
    return [used.address, spill.address, spill.values, parent.address, empty.isNullObject];
  });
  expect(out).toEqual(["Sheet2!C5:D6", "Sheet2!C5:D6", [[1, 2], [3, 4]], "Sheet2!C5", true]);
});

it("keeps custom XML parts and comments", async () => {
  const xml = await run(async (ctx) => {
    ctx.workbook.customXmlParts.add('<frozen xmlns="urn:t:1"><cell/></frozen>');
    ctx.workbook.comments.add("Sheet1!B2", "as of today");
    await ctx.sync();
    const part = ctx.workbook.customXmlParts.getByNamespace("urn:t:1").getOnlyItemOrNullObject();
    await ctx.sync();
    const text = part.getXml();
    await ctx.sync();
    return text.value;
  });
  expect(xml).toBe('<frozen xmlns="urn:t:1"><cell/></frozen>');
  expect(fx.comments()).toEqual([["Sheet1!B2", "as of today"]]);
  await expect(run(async (ctx) => {
    ctx.workbook.comments.getItemByCell("Sheet1!Z9").delete();
    await ctx.sync();
  })).rejects.toMatchObject({ code: "ItemNotFound" });
});

it("Range.calculate re-runs the formulas in the range; calculate(Full) all of them", async () => {
  await fx.setFormula("Sheet1!F1", '=SVC.ECHO("a")');
  await fx.setFormula("Sheet1!F2", '=SVC.ECHO("b")');
  await fx.settled();
  fx.resetCounters();
  await run(async (ctx) => {
    ctx.workbook.worksheets.getItem("Sheet1").getRange("F2").calculate();
    await ctx.sync();
  });
  await fx.settled();
  expect(fx.invocations()).toEqual({ "Sheet1!F2": 1 });
  fx.resetCounters();
  await run(async (ctx) => {
    ctx.workbook.application.calculate("Full");
    await ctx.sync();
  });
  await fx.lastCalculation();
  expect(fx.invocations()).toMatchObject({ "Sheet1!F1": 1, "Sheet1!F2": 1, "Sheet2!C5": 1 });
});
