/**
 * Functions that read the workbook (FORMULATEXT, ISFORMULA, CELL, SHEET, SHEETS, INDIRECT, ADDRESS,
 * ROW/COLUMN over them) and spills (SEQUENCE, ANCHORARRAY), against Excel's stored values in
 * IronCalc's workbooks, read in place; CELL("filename") against Microsoft's documented form.
 */
import * as fs from "fs";
import { evaluate } from "../../../src/formula/engine/evaluate";
import { readModel } from "../../../src/model-file/model/model";
import { cellSourceOf } from "../../../src/model-file/model/source";
import { WorkingCopy } from "../../../src/model-file/model/working";
import { corpusFiles } from "../../conformance/corpus";
import { fakeBook } from "../fake-cells";
import { unmatched } from "./stored";

describe("every formula of these workbooks is Excel's stored value", () => {
  test.each([
    "ironcalc/INFORMATION__FORMULATEXT.xlsx",
    "ironcalc/INFORMATION__CELL.xlsx",
    "ironcalc/LOOKUP_AND_REFERENCE__ADDRESS.xlsx",
    "ironcalc/MATH_AND_TRIGONOMETRY__SEQUENCE.xlsx",
  ])("%s", (name) => {
    expect(unmatched(name)).toEqual([]);
  });

  test("ROW, COLUMN, ROWS, COLUMNS, OFFSET and INDIRECT (OFFSET's width 0.9 aside)", () => {
    expect(unmatched("ironcalc/LOOKUP_AND_REFERENCE__ROW_COLUM.xlsx", (o) => o.cell !== "OFFSET!K48")).toEqual([]);
  });

  test("ISREF and ISFORMULA; SHEET and SHEETS (SHEET(0) aside)", () => {
    expect(unmatched("ironcalc/INFORMATION__ISREF_ISFORMULA_ISODD_ISEVEN.xlsx", (o) => o.cell.startsWith("ISREF_ISFORMULA!"))).toEqual([]);
    expect(unmatched("ironcalc/INFORMATION__SHEET_SHEETS.xlsx", (o) => o.cell !== "SHEET_SHEETS!B3")).toEqual([]);
  });

  test("A2# and ANCHORARRAY: a dynamic array's spill, a legacy array's box, a computed anchor (CONCAT aside)", () => {
    expect(unmatched("ironcalc/spill_operator.xlsx", (o) => o.cell !== "Sheet1!M2")).toEqual([]);
  });
});

test("a model file's cell source gives FORMULATEXT each cell's formula as Excel shows it", () => {
  const file = corpusFiles().find((f) => f.name === "ironcalc/INFORMATION__FORMULATEXT.xlsx");
  const model = readModel(new Uint8Array(fs.readFileSync(file?.path ?? "")));
  const src = cellSourceOf(model, new WorkingCopy(model));
  const at = { sheet: "Sheet1", row: 30, col: 5 };
  expect(evaluate("FORMULATEXT(A8)", at, src)).toBe("=SIN(1/16)");
  expect(evaluate("FORMULATEXT(A13)", at, src)).toBe("=FORMULATEXT(A13)");
  expect(evaluate("FORMULATEXT(A2)", at, src)).toEqual({ error: "#N/A" });
  expect(evaluate("ISFORMULA(A5)", at, src)).toBe(true);
});

describe("without what it needs, the engine says so", () => {
  const at = { sheet: "Sheet1", row: 0, col: 0 };
  test("a cell source without formulas: FORMULATEXT is UNSUPPORTED", () => {
    expect(evaluate("FORMULATEXT(A2)", at, fakeBook())).toEqual({ unsupported: expect.stringContaining("FORMULATEXT") });
  });

  test('CELL("filename") is the folder, [file] and sheet (Microsoft\'s form); without the path UNSUPPORTED', () => {
    const file = { folder: "C:\\Models\\", name: "dcf.xlsx" };
    expect(evaluate('CELL("filename",B2)', at, fakeBook(), { file })).toBe("C:\\Models\\[dcf.xlsx]Sheet1");
    expect(evaluate('CELL("filename",B2)', at, fakeBook())).toEqual({ unsupported: expect.stringContaining("filename") });
  });
});
