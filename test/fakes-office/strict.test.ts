/**
 * @jest-environment jsdom
 *
 * The fake host is as strict as Excel where the add-in could go wrong:
 * only the Office.js object model is used here, so the same tests run against any host script.
 * Excel's rules: office.js (@microsoft/office-js, excel-web-16.00.debug.js: Utility.throwIfNotLoaded,
 * RuntimeError "RichApi.Error"), the Range.values documentation (a string starting with =, +, - or @
 * is read as a formula), office-addin-mock's load rules (a property must exist to be loaded).
 */
import { installFakeOffice } from "../../src/fake-office/install";

type Ctx = any; // eslint-disable-line @typescript-eslint/no-explicit-any
type Run = <T>(batch: (ctx: Ctx) => Promise<T>) => Promise<T>;

function loadHost(): void {
  installFakeOffice(window as never, { metadata: async () => ({ functions: [] }) });
}

let run: Run;
beforeAll(() => {
  loadHost();
  run = (batch) => (window as unknown as { Excel: { run: Run } }).Excel.run(batch);
});

/** What a batch threw, as {code, name, message}; null when it did not throw. */
async function failure(batch: (ctx: Ctx) => Promise<unknown>): Promise<{ code?: string; name?: string; message?: string } | null> {
  try {
    await run(batch);
    return null;
  } catch (e) {
    const x = e as { code?: string; name?: string; message?: string };
    return { code: x.code, name: x.name, message: x.message };
  }
}

describe("properties need load and sync", () => {
  it("a property read before load throws PropertyNotLoaded", async () => {
    const f = await failure(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1");
      void r.values;
    });
    expect(f).toMatchObject({ code: "PropertyNotLoaded", name: "RichApi.Error" });
    expect(f?.message).toMatch(/The property 'values' is not available\. Before reading the property's value, call the load method/);
  });

  it("a property read after load but before sync throws PropertyNotLoaded", async () => {
    const f = await failure(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("A1");
      r.load("address");
      void r.address;
    });
    expect(f).toMatchObject({ code: "PropertyNotLoaded" });
  });

  it("after load and sync the property reads", async () => {
    const address = await run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("b2:c3");
      r.load("address,rowCount");
      await ctx.sync();
      return [r.address, r.rowCount];
    });
    expect(address).toEqual(["Sheet1!B2:C3", 2]);
  });

  it("loading a property the object does not have throws", async () => {
    const f = await failure(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("A1").load("valuez");
      await ctx.sync();
    });
    expect(f).toMatchObject({ name: "RichApi.Error", code: "InvalidArgument" });
  });

  it("a collection's items need load('items/name')", async () => {
    const f = await failure(async (ctx) => {
      void ctx.workbook.worksheets.items;
    });
    expect(f).toMatchObject({ code: "PropertyNotLoaded" });
    const names = await run(async (ctx) => {
      const sheets = ctx.workbook.worksheets;
      sheets.load("items/name");
      await ctx.sync();
      return sheets.items.map((s: { name: string }) => s.name);
    });
    expect(names).toContain("Sheet1");
  });

  it("an item's other properties are not loaded by load('items/name')", async () => {
    const f = await failure(async (ctx) => {
      const sheets = ctx.workbook.worksheets;
      sheets.load("items/name");
      await ctx.sync();
      void sheets.items[0].position;
    });
    expect(f).toMatchObject({ code: "PropertyNotLoaded" });
  });

  it("a method's ClientResult is readable only after sync", async () => {
    const f = await failure(async (ctx) => {
      const part = ctx.workbook.customXmlParts.add('<a xmlns="urn:strict-test"/>');
      void part.getXml().value;
    });
    expect(f).toMatchObject({ code: "ValueNotLoaded" });
  });
});

describe("null objects (…OrNullObject)", () => {
  it("isNullObject is known only after sync", async () => {
    const f = await failure(async (ctx) => {
      const spill = ctx.workbook.worksheets.getItem("Sheet1").getRange("Z99").getSpillingToRangeOrNullObject();
      void spill.isNullObject;
    });
    expect(f).toMatchObject({ code: "PropertyNotLoaded" });
  });

  it("a cell that does not spill gives a null object; a missing sheet too", async () => {
    const out = await run(async (ctx) => {
      const spill = ctx.workbook.worksheets.getItem("Sheet1").getRange("Z99").getSpillingToRangeOrNullObject();
      const sheet = ctx.workbook.worksheets.getItemOrNullObject("No such sheet");
      await ctx.sync();
      return [spill.isNullObject, sheet.isNullObject];
    });
    expect(out).toEqual([true, true]);
  });
});

describe("writes", () => {
  it("a 2-D array whose size differs from the range throws InvalidArgument at sync, and writes nothing", async () => {
    const f = await failure(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("D1:E2").values = [["a", "b", "c"]];
      await ctx.sync();
    });
    expect(f).toMatchObject({ code: "InvalidArgument", message: "The number of rows or columns in the input array doesn't match the size or dimensions of the range." });
    const values = await run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("D1:E2");
      r.load("values");
      await ctx.sync();
      return r.values;
    });
    expect(values).toEqual([["", ""], ["", ""]]);
  });

  it("a jagged array throws InvalidArgument", async () => {
    const f = await failure(async (ctx) => {
      ctx.workbook.worksheets.getItem("Sheet1").getRange("D1:E2").formulas = [["1", "2"], ["3"]];
      await ctx.sync();
    });
    expect(f).toMatchObject({ code: "InvalidArgument" });
  });

  it.each(["A1048577", "XFE1", "A0", "A1:XFE3"])("an address outside the sheet (%s) throws InvalidArgument", async (address) => {
    const f = await failure(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange(address);
      r.load("address");
      await ctx.sync();
    });
    expect(f).toMatchObject({ code: "InvalidArgument" });
  });

  it("the last cell of the sheet is XFD1048576", async () => {
    const address = await run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange("XFD1048576");
      r.load("address");
      await ctx.sync();
      return r.address;
    });
    expect(address).toBe("Sheet1!XFD1048576");
  });

  it("getItem of a missing sheet throws ItemNotFound", async () => {
    const f = await failure(async (ctx) => {
      const ws = ctx.workbook.worksheets.getItem("No such sheet");
      ws.load("name");
      await ctx.sync();
    });
    expect(f).toMatchObject({ code: "ItemNotFound" });
  });
});

describe("text stays text only through valuesAsJson", () => {
  async function write(address: string, how: "values" | "valuesAsJson", text: string): Promise<{ formulas: unknown; values: unknown }> {
    return run(async (ctx) => {
      const r = ctx.workbook.worksheets.getItem("Sheet1").getRange(address);
      if (how === "values") r.values = [[text]];
      else r.valuesAsJson = [[{ type: "String", basicValue: text }]];
      await ctx.sync();
      r.load("formulas,values");
      await ctx.sync();
      return { formulas: r.formulas[0][0], values: r.values[0][0] };
    });
  }

  it.each([
    ["=1+2", "=1+2", 3],
    ["+1+2", "=+1+2", 3],
    ["-1-2", "=-1-2", -3],
    ["@SUM(1,2)", "=SUM(1,2)", 3],
  ])("Range.values = [[%j]] becomes a formula, as Excel reads it", async (text, formula, value) => {
    await expect(write("G1", "values", text)).resolves.toEqual({ formulas: formula, values: value });
  });

  it.each(["=1+2", "+1+2", "-x", "@SUM(1,2)", '=WEBSERVICE("http://example.com")'])("Range.valuesAsJson keeps %j a string", async (text) => {
    await expect(write("G2", "valuesAsJson", text)).resolves.toMatchObject({ values: text });
  });
});

describe("Excel.run", () => {
  it("a batch that does not return a promise is refused", async () => {
    const run2 = (window as unknown as { Excel: { run(b: (ctx: Ctx) => unknown): Promise<unknown> } }).Excel.run;
    await expect(run2(() => 42)).rejects.toMatchObject({ code: "RunMustReturnPromise" });
  });
});
