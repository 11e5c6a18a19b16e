/** Splicing cells into a sheet part: only the written cells (and their row tag, the dimension) change. */
import { editSheet } from "../../src/model-file/parts/sheet-edit";
import { readSheetXml } from "../../src/model-file/parts/sheet-read";

const wrap = (rows: string, dim = "A1:C3", prefix = "") =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<${prefix}worksheet xmlns${prefix ? ":" + prefix.slice(0, -1) : ""}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><${prefix}dimension ref="${dim}"/><${prefix}sheetData>${rows}</${prefix}sheetData></${prefix}worksheet>`;

const SHEET = wrap(
  '<row r="1" spans="1:3"><c r="A1" s="1" t="s"><v>0</v></c><c r="C1"><f>A1*2</f><v>4</v></c></row>' +
    '<row r="3" spans="1:2"><c r="A3" s="2"><v>1</v></c><c r="B3"><v>7</v></c></row>'
);

const edit = (xml: string, writes: Parameters<typeof editSheet>[1]) => editSheet(readSheetXml(xml, ["x"], "sheet"), writes);

describe("sheet edits", () => {
  test("reads rows, cells, values and formulas", () => {
    const s = readSheetXml(SHEET, ["Label"], "sheet");
    expect(s.rows.map((r) => [r.row, r.cells.map((c) => [c.col, c.value, c.formula?.text ?? null])])).toEqual([
      [0, [[0, "Label", null], [2, 4, "A1*2"]]],
      [2, [[0, 1, null], [1, 7, null]]],
    ]);
  });

  test("a written value replaces that <c> only, keeping its style and formula", () => {
    const out = edit(SHEET, [{ row: 0, col: 2, value: "text", mode: "result" }]);
    expect(out).toBe(SHEET.replace('<c r="C1"><f>A1*2</f><v>4</v></c>', '<c r="C1" t="str"><f>A1*2</f><v>text</v></c>'));
  });

  test("a new cell goes into its row in column order; the row's spans and the dimension widen", () => {
    const out = edit(SHEET, [
      { row: 0, col: 1, value: 5, mode: "result" },
      { row: 2, col: 4, value: true, mode: "result" },
    ]);
    expect(out).toContain('<row r="1" spans="1:3"><c r="A1" s="1" t="s"><v>0</v></c><c r="B1"><v>5</v></c><c r="C1">');
    expect(out).toContain('<row r="3" spans="1:5"><c r="A3" s="2"><v>1</v></c><c r="B3"><v>7</v></c><c r="E3" t="b"><v>1</v></c></row>');
    expect(out).toContain('<dimension ref="A1:E3"/>');
  });

  test("new rows go between rows in order; a self-closing row and sheetData open up", () => {
    const out = edit(SHEET, [
      { row: 1, col: 0, value: { error: "#N/A" }, mode: "result" },
      { row: 9, col: 0, value: "  padded ", mode: "constant" },
    ]);
    expect(out).toContain('</row><row r="2"><c r="A2" t="e"><v>#N/A</v></c></row><row r="3"');
    expect(out).toContain('<row r="10"><c r="A10" t="inlineStr"><is><t xml:space="preserve">  padded </t></is></c></row></sheetData>');
    const empty = wrap('<row r="2" spans="1:1" ht="20" customHeight="1"/>', "A1");
    expect(edit(empty, [{ row: 1, col: 0, value: 1, mode: "result" }])).toContain('<row r="2" spans="1:1" ht="20" customHeight="1"><c r="A2"><v>1</v></c></row>');
    const none = '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>';
    expect(edit(none, [{ row: 0, col: 0, value: 2, mode: "result" }])).toBe('<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1"><v>2</v></c></row></sheetData></worksheet>');
  });

  test("clearing keeps a styled cell as an empty <c/> and removes an unstyled one", () => {
    const out = edit(SHEET, [
      { row: 2, col: 0, value: null, mode: "result" },
      { row: 2, col: 1, value: null, mode: "result" },
    ]);
    expect(out).toContain('<row r="3" spans="1:2"><c r="A3" s="2"/></row>');
    expect(out).toContain('<dimension ref="A1:C3"/>');
  });

  test("text is escaped for XML and for SpreadsheetML (_xHHHH_)", () => {
    const out = edit(SHEET, [{ row: 0, col: 2, value: "a<b & _x0041_ \u0001", mode: "result" }]);
    expect(out).toContain("<v>a&lt;b &amp; _x005F_x0041_ _x0001_</v>");
    const back = readSheetXml(out, [], "sheet").rows[0].cells[1].value;
    expect(back).toBe("a<b & _x0041_ \u0001");
  });

  test("a prefixed namespace (x:) is kept for new rows and cells", () => {
    const xml = wrap('<x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c></x:row>', "A1", "x:");
    const out = edit(xml, [
      { row: 0, col: 1, value: 2, mode: "result" },
      { row: 1, col: 0, value: 3, mode: "result" },
    ]);
    expect(out).toContain('<x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c><x:c r="B1"><x:v>2</x:v></x:c></x:row><x:row r="2"><x:c r="A2"><x:v>3</x:v></x:c></x:row>');
  });
});
