import { Rng } from "../fakes/api/rng";
import { parseExpression } from "../../src/formula/text/syntax";
import { printNode } from "../../src/formula/text/print";
import type { Node } from "../../src/formula/text/ast";
import { FormulaSyntaxError, tokenize } from "../../src/formula/text/tokens";
import { genNode, shape } from "./gen-formula";

/** Formula text as the product writes it back: "=" and the printed tree (as svc-calls.ts does). */
const printFormula = (node: Node): string => `=${printNode(node)}`;

const p = (text: string) => shape(parseExpression(text));
const cell = (row: number, col: number, rowAbs = false, colAbs = false) => ({ row, col, rowAbs, colAbs });
const ref = (from: object, to: object | null = null, prefix: object | null = null, spill = false) => ({ kind: "ref", prefix, from, to, spill });

describe("the formula parser", () => {
  test("numbers, 1e3 and 5%", () => {
    expect(p("=1.5")).toEqual({ kind: "number", value: 1.5 });
    expect(p("1e3")).toEqual({ kind: "number", value: 1000 });
    expect(p("2E-2")).toEqual({ kind: "number", value: 0.02 });
    expect(p("5%")).toEqual({ kind: "percent", operand: { kind: "number", value: 5 } });
  });

  test('strings with "", booleans and error literals', () => {
    expect(p('"a""b"')).toEqual({ kind: "string", value: 'a"b' });
    expect(p("true")).toEqual({ kind: "bool", value: true });
    expect(p("FALSE")).toEqual({ kind: "bool", value: false });
    for (const code of ["#REF!", "#N/A", "#DIV/0!", "#VALUE!", "#NAME?", "#NUM!", "#NULL!", "#SPILL!", "#CALC!"]) {
      expect(p(code)).toEqual({ kind: "error", code, prefix: null });
    }
    expect(p("#n/a")).toEqual({ kind: "error", code: "#N/A", prefix: null });
  });

  test("array constants: , separates columns, ; rows", () => {
    expect(p('{1,2;3,-4}')).toEqual({ kind: "array", rows: [[1, 2], [3, -4]] });
    expect(p('{"a",TRUE,#N/A}')).toEqual({ kind: "array", rows: [["a", true, { error: "#N/A" }]] });
    expect(() => parseExpression("{1,2;3}")).toThrow(/differ in length/);
    expect(() => parseExpression("{A1}")).toThrow(FormulaSyntaxError);
  });

  test("A1, $A$1, A$1, $A1 and ranges", () => {
    expect(p("B2")).toEqual(ref(cell(1, 1)));
    expect(p("$B$2")).toEqual(ref(cell(1, 1, true, true)));
    expect(p("B$2")).toEqual(ref(cell(1, 1, true, false)));
    expect(p("$B2")).toEqual(ref(cell(1, 1, false, true)));
    expect(p("a1:$C$3")).toEqual(ref(cell(0, 0), cell(2, 2, true, true)));
    expect(p("XFD1048576")).toEqual(ref(cell(1_048_575, 16_383)));
  });

  test("whole columns and rows", () => {
    expect(p("A:C")).toEqual(ref({ row: null, col: 0, rowAbs: false, colAbs: false }, { row: null, col: 2, rowAbs: false, colAbs: false }));
    expect(p("$A:$A")).toEqual(ref({ row: null, col: 0, rowAbs: false, colAbs: true }, { row: null, col: 0, rowAbs: false, colAbs: true }));
    expect(p("1:1")).toEqual(ref({ row: 0, col: null, rowAbs: false, colAbs: false }, { row: 0, col: null, rowAbs: false, colAbs: false }));
    expect(p("$2:$5")).toEqual(ref({ row: 1, col: null, rowAbs: true, colAbs: false }, { row: 4, col: null, rowAbs: true, colAbs: false }));
  });

  test("a reference outside the sheet is not a reference", () => {
    // XFE1 is past the last column, A1048577 past the last row: Excel reads them as names
    expect(p("XFE1")).toEqual({ kind: "name", prefix: null, name: "XFE1" });
    expect(p("A1048577")).toEqual({ kind: "name", prefix: null, name: "A1048577" });
  });

  test("sheet-qualified references", () => {
    expect(p("Inputs!B2")).toEqual(ref(cell(1, 1), null, { book: null, sheet: "Inputs" }));
    expect(p("'Peer set'!$A$2:$A$6")).toEqual(ref(cell(1, 0, true, true), cell(5, 0, true, true), { book: null, sheet: "Peer set" }));
    expect(p("'It''s'!A1")).toEqual(ref(cell(0, 0), null, { book: null, sheet: "It's" }));
    expect(p("Sheet2!A:A")).toEqual(ref({ row: null, col: 0, rowAbs: false, colAbs: false }, { row: null, col: 0, rowAbs: false, colAbs: false }, { book: null, sheet: "Sheet2" }));
    expect(p("Sheet2!#REF!")).toEqual({ kind: "error", code: "#REF!", prefix: { book: null, sheet: "Sheet2" } });
  });

  test("external-book prefixes", () => {
    expect(p("[1]!rate")).toEqual({ kind: "name", prefix: { book: "[1]", sheet: null }, name: "rate" });
    expect(p("'[1]Sheet1'!A1")).toEqual(ref(cell(0, 0), null, { book: "[1]", sheet: "Sheet1" }));
    expect(p("[1]Sheet1!A1")).toEqual(ref(cell(0, 0), null, { book: "[1]", sheet: "Sheet1" }));
    expect(p("[1]!_xldudf_SVC_PEERS(\"A\")")).toMatchObject({ kind: "call", prefix: { book: "[1]", sheet: null }, name: "_xldudf_SVC_PEERS" });
    expect(p("'C:\\addins\\[svc.xlam]'!SVC.PEERS(1)")).toMatchObject({ kind: "call", prefix: { book: "C:\\addins\\[svc.xlam]", sheet: null } });
  });

  test("defined names and spill references", () => {
    expect(p("rate")).toEqual({ kind: "name", prefix: null, name: "rate" });
    expect(p("Inputs!rate")).toEqual({ kind: "name", prefix: { book: null, sheet: "Inputs" }, name: "rate" });
    expect(p("A2#")).toEqual(ref(cell(1, 0), null, null, true));
    expect(p("Sheet2!$A$2#")).toEqual(ref(cell(1, 0, true, true), null, { book: null, sheet: "Sheet2" }, true));
  });

  test("function calls: dotted and underscored names, empty arguments", () => {
    expect(p("SUM()")).toEqual({ kind: "call", prefix: null, name: "SUM", args: [] });
    expect(p("IF(,1,)")).toMatchObject({ args: [null, { kind: "number", value: 1 }, null] });
    for (const name of ["SVC.FINANCIALS", "_xldudf_SVC_FINANCIALS", "_xlfn.XLOOKUP", "_xlfn._xlws.FILTER", "LOG10"]) {
      expect(p(`${name}(1)`)).toMatchObject({ kind: "call", name, args: [{ kind: "number", value: 1 }] });
    }
  });

  test("Excel's precedence: unary minus before ^, % before ^, & after +, comparisons last; left-associative", () => {
    expect(printNode(parseExpression("-2^2"))).toBe("-2^2");
    expect(p("-2^2")).toMatchObject({ kind: "binary", op: "^", left: { kind: "unary", op: "-" } });
    expect(p("2^50%")).toMatchObject({ kind: "binary", op: "^", right: { kind: "percent" } });
    expect(p("1+2&3")).toMatchObject({ kind: "binary", op: "&", left: { kind: "binary", op: "+" } });
    expect(p("1&2=3")).toMatchObject({ kind: "binary", op: "=", left: { kind: "binary", op: "&" } });
    expect(p("2^3^2")).toMatchObject({ kind: "binary", op: "^", left: { kind: "binary", op: "^" } });
    expect(p("8/4/2")).toMatchObject({ kind: "binary", op: "/", left: { kind: "binary", op: "/" } });
    expect(p("1+2*3")).toMatchObject({ kind: "binary", op: "+", right: { kind: "binary", op: "*" } });
    expect(p("1<>2")).toMatchObject({ kind: "binary", op: "<>" });
    expect(p("(1+2)*3")).toMatchObject({ kind: "binary", op: "*", left: { kind: "binary", op: "+" } });
  });

  test("unions and the range operator between references", () => {
    expect(p("(A1,B2)")).toMatchObject({ kind: "union", items: [{ kind: "ref" }, { kind: "ref" }] });
    expect(p("A1:INDEX(B1:B9,2)")).toMatchObject({ kind: "range", left: { kind: "ref" }, right: { kind: "call", name: "INDEX" } });
  });

  test("syntax errors name the position", () => {
    for (const bad of ["=", "=1+", "=SUM(1", '="abc', "=1 2", "=A1:", "=(1", "=#WHAT", "=Table1[Col", "=T[[#Nope]]"]) {
      expect(() => parseExpression(bad)).toThrow(FormulaSyntaxError);
    }
    expect(() => parseExpression("=SUM(1,,2))")).toThrow(/position 11/);
  });

  test("spans locate each reference in the text as written", () => {
    const text = "=SUM( Inputs!$A$1:B2 , 'Peer set'!C3# )";
    const node = parseExpression(text);
    const args = (node as { args: { span: { start: number; end: number } }[] }).args;
    expect(args.map((a) => text.slice(a.span.start, a.span.end))).toEqual(["Inputs!$A$1:B2", "'Peer set'!C3#"]);
  });
});

describe("the printer", () => {
  test("prints what it parsed in Excel's spelling", () => {
    expect(printFormula(parseExpression("=sum( a1 , 'Inputs'!$b$2:C3 ) + -5%"))).toBe("=sum(A1,Inputs!$B$2:C3)+-5%");
    expect(printFormula(parseExpression("=(1+2)*3"))).toBe("=(1+2)*3");
    expect(printFormula(parseExpression("=1-(2-3)"))).toBe("=1-(2-3)");
    expect(printFormula(parseExpression("=-(2^2)"))).toBe("=-(2^2)");
    expect(printFormula(parseExpression("='It''s'!A1&[1]Sheet1!B2&'[2]My sheet'!C3"))).toBe("='It''s'!A1&[1]Sheet1!B2&'[2]My sheet'!C3");
    expect(printFormula(parseExpression("={1,-2;\"a\",TRUE}"))).toBe('={1,-2;"a",TRUE}');
  });

  test("round trip: parse(print(tree)) is the same tree for 2,000 generated formulas", () => {
    const r = new Rng("formula-round-trip");
    for (let i = 0; i < 2000; i++) {
      const tree = genNode(r, 4);
      const text = printFormula(tree);
      let back: unknown;
      try {
        back = shape(parseExpression(text));
      } catch (e) {
        throw new Error(`${text}: ${(e as Error).message}`);
      }
      if (JSON.stringify(back) !== JSON.stringify(shape(tree))) expect({ text, back }).toEqual({ text, back: shape(tree) });
    }
  });

  test("round trip from text: print(parse(x)) reads back as the same formula, whatever the spacing and case", () => {
    const r = new Rng("formula-text-round-trip");
    for (let i = 0; i < 500; i++) {
      const canonical = printFormula(genNode(r, 3));
      // respell: a space between tokens (none before a spill #), references in lower case
      const messy = tokenize(canonical)
        .map((t) => (t.kind === "spill" ? "#" : ` ${t.kind === "word" && /^\$?[A-Z]{1,3}\$?\d+$/.test(t.text) ? t.text.toLowerCase() : t.text}`))
        .join("");
      expect(printFormula(parseExpression(messy))).toBe(printFormula(parseExpression(canonical)));
    }
  });
});
