/**
 * A model whose dependents include every kind a refresh must not leave out: an Excel Table over SVC
 * results (Data!A1:C4, "Rev": Period, Revenue and a calculated column Double), structured references
 * to it, a formula the engine cannot read (the intersection operator), one nested in 2,000
 * parentheses, a LAMBDA kept in a defined name, and one dependent per kind of function analysts use.
 * The SVC results are 1, 2, 3 as stored and 5, 1, 4 after the refresh (revenueCaller). Each
 * dependent's stored value and its value after the refresh are Excel's, worked out by the function's
 * documented definition (exact fractions where Excel's 15 digits round them).
 */
import { strFromU8, strToU8 } from "fflate";
import { createWorkbook, NewCell } from "../../src/model-file/create";
import type { CellValue } from "../../src/formula/types";
import { unzipAll, zipParts } from "./fixtures";
import { withTables } from "./table-parts";

export interface Dependent {
  /** As typed in Excel (written in the file's form), or as stored when `stored` is set. */
  formula: string;
  /** Excel's value with the stored SVC results (1, 2, 3) and with the refreshed ones (5, 1, 4). */
  before: CellValue;
  after: CellValue;
  /** Text the file stores as is (what the writer's printer would rewrite, or cannot read). */
  stored?: boolean;
}

const DEEP = `${"(".repeat(2000)}Data!B2/Data!B3${")".repeat(2000)}`;

/** Summary!B1... in order (`=+Data!B2:B4` in row 2 is Data!B2: a legacy formula intersects with its own row). */
export const MUST_SHOW: Dependent[] = [
  { formula: "=SUM(Rev[Revenue])", before: 6, after: 10 },
  { formula: "=+Data!B2:B4", before: 1, after: 5 },
  { formula: DEEP, before: 0.5, after: 5, stored: true },
  { formula: "Data!B2:B4 Data!B3:C3", before: 2, after: 1, stored: true },
  { formula: "=B4*10", before: 20, after: 10 },
  { formula: "=LN(Data!B4)", before: Math.log(3), after: Math.log(4) },
  { formula: "=FORMULATEXT(Data!B4)", before: '=SVC.FINANCIALS("AAPL","revenue","FY")', after: '=SVC.FINANCIALS("AAPL","revenue","FY")' },
  { formula: "=DOUBLEIT(Data!B4)", before: 6, after: 8 },
  { formula: '=RIGHT(CONCAT("a",Data!B4),1)', before: "3", after: "4" },
  { formula: "=MEDIAN(Rev[Revenue])+LARGE(Rev[Revenue],1)", before: 5, after: 9 },
  { formula: "=EOMONTH(DATE(2024,Data!B4,15),0)", before: 45382, after: 45412 },
  { formula: "=ROUNDUP(Data!B4/7,2)+MOD(Data!B4*7,5)", before: 1.43, after: 3.58 },
  { formula: "=PPMT(0.1,1,2,-100*Data!B4)", before: 1000 / 7, after: 4000 / 21 },
  { formula: '=INDIRECT("Data!B"&ROW(Data!B4))', before: 3, after: 4 },
  { formula: "=LET(_xlpm.v,Data!B4,_xlpm.v*3)", before: 9, after: 12 },
  { formula: "=SUM(SEQUENCE(Data!B4))", before: 6, after: 10 },
  { formula: "=SUM(Rev[Double])", before: 12, after: 20 },
  { formula: "=SUMPRODUCT((Data!B2:B4>1)*Data!B2:B4)/SUM(Data!B2:B4)", before: 5 / 6, after: 0.9 },
  { formula: '=TEXT(CONCAT("r",Data!B4),"")', before: "r3", after: "r4" },
  { formula: "=SUM(Data!B2:B4)-SUM(Data!B2,Data!B3,Data!B4)", before: 0, after: 0 },
];

const REVENUE = ["FY-2", "FY-1", "FY"];

function dataSheet(): NewCell[] {
  const cells: NewCell[] = ["Period", "Revenue", "Double"].map((value, col) => ({ row: 0, col, value }));
  REVENUE.forEach((period, i) => {
    cells.push({ row: i + 1, col: 0, value: period });
    cells.push({ row: i + 1, col: 1, value: i + 1, formula: `=SVC.FINANCIALS("AAPL","revenue","${period}")` });
    cells.push({ row: i + 1, col: 2, value: 2 * (i + 1), formula: "=Rev[[#This Row],[Revenue]]*2" });
  });
  return cells;
}

const placeholder = (i: number) => `=PLACEHOLDER${i}`;

/** The workbook as Excel saves it (stored values for the stored SVC results). */
export function mustShowWorkbook(): Uint8Array {
  const summary: NewCell[] = MUST_SHOW.map((d, row) => ({ row, col: 1, value: d.before, formula: d.stored ? placeholder(row) : d.formula, result: typeof d.before === "string" || undefined }));
  const bytes = createWorkbook({
    when: new Date("2026-01-02T00:00:00Z"),
    sheets: [{ name: "Data", cells: dataSheet() }, { name: "Summary", cells: summary }],
    names: [{ name: "DOUBLEIT", formula: "_xlfn.LAMBDA(_xlpm.x,_xlpm.x*2)", sheet: null }],
  });
  const parts = unzipAll(withTables(bytes, [{ sheet: 1, name: "Rev", ref: "A1:C4", columns: ["Period", "Revenue", "Double"], calculated: { Double: "Rev[[#This Row],[Revenue]]*2" } }]));
  const part = "xl/worksheets/sheet2.xml";
  let xml = strFromU8(parts.get(part) as Uint8Array);
  MUST_SHOW.forEach((d, i) => {
    if (d.stored) xml = xml.replace(`<f>PLACEHOLDER${i}</f>`, `<f>${d.formula}</f>`);
  });
  parts.set(part, strToU8(xml));
  return zipParts(parts);
}
