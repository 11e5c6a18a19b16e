/**
 * Structured references (Excel Tables): read from text, resolved to the cells Excel's definition
 * gives them, and evaluated, over the real workbooks of ../shared/realfiles whose manifest lists
 * tables (read in place). phpss__TableFormulae.xlsx holds Microsoft's own example table, DeptSales
 * (A1:E8, a header row and a totals row): the areas below are those Microsoft's documentation
 * ("Using structured references with Excel tables") gives for it.
 */
import * as fs from "fs";
import * as path from "path";
import { evaluate, isUnsupported } from "../../src/formula/engine/evaluate";
import type { NodeOf } from "../../src/formula/text/ast";
import { printNode } from "../../src/formula/text/print";
import { referencesOf } from "../../src/formula/text/refs";
import { parseExpression } from "../../src/formula/text/syntax";
import { tableArea } from "../../src/formula/text/table-area";
import type { CellRef } from "../../src/formula/types";
import { readModel } from "../../src/model-file/model/model";
import { firstDifference } from "../conformance/compare";
import { corpusDir } from "../conformance/corpus";
import { readCorpusBook } from "../conformance/workbook";

const real = (file: string) => new Uint8Array(fs.readFileSync(path.join(corpusDir(), file)));
const spec = (text: string) => {
  const n = parseExpression(text);
  if (n.kind !== "table") throw new Error(`${text} is not a table reference`);
  return { table: n.table, ...n.spec };
};

describe("structured references as text", () => {
  test("every form Excel writes or accepts", () => {
    const col = (first: string, last = first) => ({ first, last });
    expect(spec("T[Col]")).toEqual({ table: "T", items: [], ...col("Col") });
    expect(spec("T[[#This Row],[Col]]")).toEqual({ table: "T", items: ["#This Row"], ...col("Col") });
    expect(spec("T[@Col]")).toEqual({ table: "T", items: ["#This Row"], ...col("Col") });
    expect(spec("T[@[Col with space]]")).toEqual({ table: "T", items: ["#This Row"], ...col("Col with space") });
    expect(spec("T[#Headers]")).toEqual({ table: "T", items: ["#Headers"], first: null, last: null });
    expect(spec("T[#totals]")).toEqual({ table: "T", items: ["#Totals"], first: null, last: null });
    expect(spec("T[#All]")).toEqual({ table: "T", items: ["#All"], first: null, last: null });
    expect(spec("T[#Data]")).toEqual({ table: "T", items: ["#Data"], first: null, last: null });
    expect(spec("T[[#Headers],[#Data],[Col]]")).toEqual({ table: "T", items: ["#Headers", "#Data"], ...col("Col") });
    expect(spec("T[[Col1]:[Col2]]")).toEqual({ table: "T", items: [], ...col("Col1", "Col2") });
    expect(spec("T[ [#This Row], [A]:[B] ]")).toEqual({ table: "T", items: ["#This Row"], ...col("A", "B") });
    expect(spec("T[]")).toEqual({ table: "T", items: [], first: null, last: null });
    expect(spec("[@Col]")).toEqual({ table: null, items: ["#This Row"], ...col("Col") });
    expect(spec("[Col]")).toEqual({ table: null, items: [], ...col("Col") });
    // ' escapes [ ] # and ' inside a column name (Excel writes the column "calc=#*#" as calc='#*'#)
    expect(spec("\\_Prime.1[calc='#*'#]")).toEqual({ table: "\\_Prime.1", items: [], ...col("calc=#*#") });
    expect(spec("T[[a'[1']]:[it''s]]")).toEqual({ table: "T", items: [], ...col("a[1]", "it's") });
  });

  test("inside formulas, printed as written; external book prefixes still read as before", () => {
    for (const text of ["SUM(Sales[Amount])*2", "Sales[[#This Row],[Qty]]*Sales[[#This Row],[Price]]", "VLOOKUP(A1,T[#All],2,FALSE)", "[1]Sheet1!A1+T[@x]"]) expect(printNode(parseExpression(text))).toBe(text);
    expect(() => parseExpression("T[[#Bogus]]")).toThrow(/unknown table item/);
    expect(() => parseExpression("T[Col")).toThrow(/unterminated table reference/);
  });
});

// the file's column names hold a no-break space ("Sales\u00a0Amount"), and so do its formulas
const SA = "Sales\u00a0Amount";

describe("the cells a structured reference denotes (Microsoft's DeptSales example, read from the file)", () => {
  const { tables } = readModel(real("phpss__TableFormulae.xlsx"));
  const at: CellRef = { sheet: "Sheet1", row: 4, col: 6 }; // G5: "#This Row" is row 5
  const area = (text: string) => {
    const r = tableArea(parseExpression(text) as NodeOf<"table">, tables, at);
    return typeof r === "string" ? r : `${r.sheet}!${r.r0},${r.c0}:${r.r1},${r.c1}`;
  };
  const box = (a: string) => {
    const m = /^([A-Z])(\d+)(?::([A-Z])(\d+))?$/.exec(a) as RegExpExecArray;
    const c = (l: string) => l.charCodeAt(0) - 65;
    return `Sheet1!${Number(m[2]) - 1},${c(m[1])}:${Number(m[4] ?? m[2]) - 1},${c(m[3] ?? m[1])}`;
  };

  test("the table part", () => {
    expect(tables).toEqual([{ name: "DeptSales", sheet: "Sheet1", r0: 0, c0: 0, r1: 7, c1: 4, columns: ["Sales\u00a0Person", "Region", SA, "% Commission", "Commission Amount"], headerRows: 1, totalsRows: 1 }]);
  });

  test.each([
    ["DeptSales[[#Headers],[% Commission]]", "D1"],
    ["DeptSales[[#Totals],[Region]]", "B8"],
    [`DeptSales[[${SA}]:[% Commission]]`, "C2:D7"],
    ["DeptSales[[#Headers],[Region]:[Commission Amount]]", "B1:E1"],
    [`DeptSales[[#Totals],[${SA}]:[Commission Amount]]`, "C8:E8"],
    ["DeptSales[[#Headers],[#Data],[% Commission]]", "D1:D7"],
    ["DeptSales[[#This Row],[Commission Amount]]", "E5"],
    ["DeptSales[@[Commission Amount]]", "E5"],
    ["DeptSales[#All]", "A1:E8"],
    ["DeptSales[#Data]", "A2:E7"],
    ["DeptSales[]", "A2:E7"],
    ["DeptSales[#Headers]", "A1:E1"],
    ["DeptSales[#Totals]", "A8:E8"],
    ["DeptSales[[#Data],[#Totals]]", "A2:E8"],
    [`deptsales[${SA.toLowerCase()}]`, "C2:C7"],
  ])("%s is %s", (text, a1) => expect(area(text)).toBe(box(a1)));

  test("errors: an unknown column or table is #REF!, #This Row off the data rows is #VALUE!", () => {
    expect(area("DeptSales[Nope]")).toBe("#REF!");
    expect(area("Nope[Region]")).toBe("#REF!");
    const r = tableArea(parseExpression("DeptSales[@Region]") as NodeOf<"table">, tables, { sheet: "Sheet1", row: 7, col: 6 });
    expect(r).toBe("#VALUE!");
  });

  test("a table's bare name is its data rows (without header and totals rows)", () => {
    expect(referencesOf("VLOOKUP(A1,DeptSales,3,FALSE)", at, [], tables)).toEqual([{ sheet: "Sheet1", r0: 0, c0: 0, r1: 0, c1: 0 }, { sheet: "Sheet1", r0: 1, c0: 0, r1: 6, c1: 4 }]);
    const book = readCorpusBook(real("phpss__TableFormulae.xlsx"));
    expect(evaluate('VLOOKUP("Robert",DeptSales,3,FALSE)', at, book.source)).toBe(660);
  });

  test("a formula's precedents include the cells of its table references", () => {
    expect(referencesOf(`SUM(DeptSales[${SA}])`, at, [], tables)).toEqual([{ sheet: "Sheet1", r0: 1, c0: 2, r1: 6, c1: 2 }]);
  });

  test("evaluated in cells and in defined names, against Excel's stored totals", () => {
    const book = readCorpusBook(real("phpss__TableFormulae.xlsx"));
    expect(evaluate(`SUM(DeptSales[${SA}])`, at, book.source)).toBe(3970); // Excel's C8 (SUBTOTAL 109 of the same column)
    const names = () => [{ name: "Commissions", sheet: null, formula: "SUM(DeptSales[Commission Amount])" }];
    const v = evaluate("Commissions", at, { ...book.source, names });
    expect(typeof v === "number" && Math.abs(v - 570.2) < 1e-9).toBe(true); // Excel's E8
    expect(evaluate(`DeptSales[[#Totals],[${SA}]]`, at, book.source)).toBe(3970);
    expect(evaluate(`DeptSales[@[${SA}]]`, at, book.source)).toBe(410);
    expect(evaluate("DeptSales[Region]", { sheet: "Sheet1", row: 9, col: 6 }, book.source)).toEqual({ error: "#VALUE!" }); // no row 10 in the data: implicit intersection fails
  });
});

describe("every structured reference of the corpus's table workbooks", () => {
  const files = ["poi__StructuredReferences.xlsx", "phpss__TableFormulae.xlsx", "poi__StructuredRefs-lots-with-lookups.xlsx", "pycel__excelcompiler.xlsx", "poi__simple-monthly-budget.xlsx", "excelize__Book1.xlsx"];
  test.each(files)("%s: each gives Excel's stored value, or UNSUPPORTED for a function the engine lacks (never unreadable)", (file) => {
    const book = readCorpusBook(real(file));
    const withTables = book.formulas.filter((f) => /\w\[|^\[|[(,+\-*/&=<>]\[/.test(f.text.replace(/"(?:[^"]|"")*"/g, '""')));
    const verdicts = { match: 0, unsupported: 0 };
    for (const f of withTables) {
      const r = evaluate(f.text, f, book.source, { array: f.array, date1904: book.date1904 });
      if (isUnsupported(r)) {
        expect({ cell: `${f.sheet}!${f.row},${f.col}`, reason: r.unsupported }).toEqual({ cell: `${f.sheet}!${f.row},${f.col}`, reason: expect.not.stringMatching(/cannot read|Tables/) });
        verdicts.unsupported++;
      } else {
        expect({ cell: `${f.sheet}!${f.row},${f.col}`, text: f.text, diff: firstDifference(r, f.expected, null) }).toEqual({ cell: `${f.sheet}!${f.row},${f.col}`, text: f.text, diff: null });
        verdicts.match++;
      }
    }
    expect(withTables.length === 0 || verdicts.match > 0).toBe(true);
  });
});
