/**
 * Model files built to break a reader, each as a colleague's or an attacker's file reaches a user:
 * a small file whose sheet inflates to hundreds of megabytes (every zip cap passes), a spill or an
 * SVC argument over the whole grid, thousands of phonetic runs, a relationship target or a character
 * reference no reader may accept, parts twice under names that differ only in case, a cell past
 * XFD1048576, formulas nested past Excel's limits. Built from the "model" fixture's parts (laid out as
 * Excel writes them), independently of src/model-file.
 */
import { fixtureText, buildFixture } from "./fixtures";

const SHEET = "xl/worksheets/sheet1.xml";
const INPUTS = "xl/worksheets/sheet2.xml";

/** The model's first sheet with `rowsXml` appended to its sheetData (rows numbered from `from`). */
function withRows(rowsXml: string): string {
  return fixtureText("model", SHEET).replace("</sheetData>", `${rowsXml}</sheetData>`);
}

/**
 * A sheet of `rows` more rows of 24 cells, written as Excel may write them (no `r` attributes), each
 * row repeating its number: the sheet inflates about 90 times, under the zip's ratio cap, so every zip
 * limit passes (2.6 MB of file for 240 MB of sheet at 500,000 rows).
 */
export function inflatingModel(rows: number): Uint8Array {
  const parts: string[] = [];
  for (let r = 0; r < rows; r++) parts.push(`<row>${`<c><v>${r}</v></c>`.repeat(24)}</row>`);
  return buildFixture("model", { [SHEET]: withRows(parts.join("")) });
}

/** A dynamic-array SVC formula whose stored spill covers the rest of the grid. */
export function gridSpillModel(): Uint8Array {
  const sheet = fixtureText("model", SHEET).replace('<f t="array" ref="B3:E5">', '<f t="array" ref="B3:XFD1048576">');
  return buildFixture("model", { [SHEET]: sheet });
}

/** An SVC formula whose ticker argument is every row of the Inputs sheet. */
export function wholeSheetArgumentModel(): Uint8Array {
  const sheet = withRows('<row r="40"><c r="A40"><f>_xldudf_SVC_COMPANY(INDEX(Inputs!1:1048576,1,2),"name")</f><v>Apple</v></c></row>');
  return buildFixture("model", { [SHEET]: sheet });
}

/** Shared strings with `runs` phonetic runs in one string item. */
export function phoneticModel(runs: number): Uint8Array {
  const sst = fixtureText("model", "xl/sharedStrings.xml");
  const rph = Array.from({ length: runs }, (_, i) => `<rPh sb="${i % 4}" eb="${(i % 4) + 1}"><t>${i}</t></rPh>`).join("");
  return buildFixture("model", { "xl/sharedStrings.xml": sst.replace("<si><t>AAPL</t></si>", `<si><t>AAPL</t>${rph}</si>`) });
}

/** A relationship target with a percent escape that is not one. */
export function badEscapeModel(): Uint8Array {
  const rels = fixtureText("model", "xl/_rels/workbook.xml.rels").replace('Target="worksheets/sheet2.xml"', 'Target="worksheets/sheet%zz2.xml"');
  return buildFixture("model", { "xl/_rels/workbook.xml.rels": rels });
}

/** A character reference past U+10FFFF in a cell's text. */
export function badCharacterModel(): Uint8Array {
  return buildFixture("model", { [INPUTS]: fixtureText("model", INPUTS).replace('<c r="B3"><v>4</v></c>', '<c r="B3" t="inlineStr"><is><t>&#x110000;</t></is></c>') });
}

/** An SVC call nested `depth` times in its own ticker argument. */
export function deepNestingModel(depth: number): Uint8Array {
  const formula = `${"_xldudf_SVC_COMPANY(".repeat(depth)}"AAPL"${',"ticker")'.repeat(depth)}`;
  return buildFixture("model", { [SHEET]: withRows(`<row r="40"><c r="A40" t="str"><f>${formula}</f><v>AAPL</v></c></row>`) });
}

/** The same sheet part twice, under names that differ only in case. */
export function caseTwinModel(): Uint8Array {
  return buildFixture("model", { "xl/worksheets/Sheet1.xml": fixtureText("model", SHEET).replace("391035", "999999") });
}

/** A cell one column past XFD on row 6. */
export function pastLastColumnModel(): Uint8Array {
  return buildFixture("model", { [SHEET]: withRows('<row r="30"><c r="XFE30"><v>7</v></c></row>') });
}
