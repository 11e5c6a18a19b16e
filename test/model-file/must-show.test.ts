/**
 * A refresh leaves nothing out: every dependent of the SVC results (a table reference, a formula the
 * engine cannot read, one per kind of function analysts use, a LAMBDA in a name) is either written
 * with Excel's value or listed stale with its reason and keeps its stored value; `check` says the
 * same before any call. Functions the engine does not compute yet must show up stale, never wrong.
 */
import { strFromU8 } from "fflate";
import { readModel, refreshModel } from "../../src/model-file";
import { verifyDependents } from "../../src/model-file/model/verify-dependents";
import { agree15 } from "../../src/model-file/model/verify-values";
import { a1 } from "../../src/model-file/parts/a1";
import type { CellValue } from "../../src/formula/types";
import { cellXmlByAddress } from "./cells";
import { unzipAll } from "./fixtures";
import { MUST_SHOW, mustShowWorkbook } from "./must-show-model";
import { revenueCaller } from "./verify-model";

const SUMMARY = "xl/worksheets/sheet2.xml";

const same = (a: CellValue, b: CellValue) => (typeof a === "number" && typeof b === "number" ? agree15(a, b) : JSON.stringify(a) === JSON.stringify(b));

describe("a refresh leaves no dependent out", () => {
  const bytes = mustShowWorkbook();

  test("the table part is read: name, range, columns, header row", () => {
    expect(readModel(bytes).tables).toEqual([{ name: "Rev", sheet: "Data", r0: 0, c0: 0, r1: 3, c1: 2, columns: ["Period", "Revenue", "Double"], headerRows: 1, totalsRows: 0 }]);
  });

  test("each dependent is written with Excel's value, or stale with its reason and its stored value kept; exit 1 when any is stale", async () => {
    const out = await refreshModel(readModel(bytes), { call: revenueCaller().call });
    const after = readModel(out.bytes);
    const summary = after.sheets[1];
    const stale = new Map(out.report.stale.filter((s) => s.sheet === "Summary").map((s) => [s.cell, s.reason]));
    const before = cellXmlByAddress(strFromU8(unzipAll(bytes).get(SUMMARY) as Uint8Array));
    const written = cellXmlByAddress(strFromU8(unzipAll(out.bytes).get(SUMMARY) as Uint8Array));
    MUST_SHOW.forEach((d, row) => {
      const cell = a1(row, 1);
      const reason = stale.get(cell);
      const value = summary.cells.get(row * 16384 + 1)?.value ?? null;
      if (reason !== undefined) {
        expect({ cell, reason: reason.length > 0, kept: written.get(cell) === before.get(cell) }).toEqual({ cell, reason: true, kept: true });
      } else expect({ cell, value, excel: same(value, d.after) }).toEqual({ cell, value, excel: true });
    });
    // the formulas the engine cannot read, and what reads them, are stale with that reason
    expect(stale.get("B4")).toMatch(/^the engine cannot read the formula: /);
    expect(stale.get("B5")).toBe("reads Summary!B4, which could not be recomputed");
    // the table over SVC results is recomputed, and what reads it
    for (const cell of ["B1", "B3", "B20"]) expect({ cell, stale: stale.get(cell) }).toEqual({ cell, stale: undefined });
    expect(out.report.stale.length).toBeGreaterThan(0); // refresh exits 1
  });

  test("check: before any call, every dependent counted, the stale ones with their reasons", () => {
    const v = verifyDependents(readModel(bytes));
    expect(v.total).toBe(MUST_SHOW.length + 3); // the table's calculated column too
    const why = new Map(v.stale.map((s) => [`${s.sheet}!${s.cell}`, s.reason]));
    expect(why.get("Summary!B4")).toMatch(/^the engine cannot read the formula: /);
    expect(why.get("Summary!B5")).toBe("reads Summary!B4, which is not verified");
    for (const cell of ["Summary!B1", "Summary!B3", "Data!C2"]) expect({ cell, why: why.get(cell) }).toEqual({ cell, why: undefined });
  });
});
