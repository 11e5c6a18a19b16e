/**
 * The errors Excel stores as rich values (#SPILL!, #CALC!, #BUSY! ...): the cell's <v> says
 * "#VALUE!" for older readers, its `vm` attribute (1-based, into <valueMetadata>) leads through an
 * XLRICHVALUE record of xl/metadata.xml to a rich value of structure `_error` whose errorType is the
 * error's number (ERROR.TYPE minus 1). Returns the error code of each such vm.
 */
import { Package } from "./package";
import { attr, findElement, findElements, textOf } from "./xml";

/** Error codes by errorType (ERROR.TYPE - 1). */
const CODES = ["#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA", "#SPILL!", "#CONNECT!", "#BLOCKED!", "#UNKNOWN!", "#FIELD!", "#CALC!"];

const tagOf = (xml: string, el: { tag: { start: number; end: number } }) => xml.slice(el.tag.start, el.tag.end);

/** errorType of each rich value that is an error (by rich value index). */
function richErrors(pkg: Package, workbookPart: string): Map<number, string> {
  const values = pkg.relOfType(workbookPart, "rdRichValue"), structs = pkg.relOfType(workbookPart, "rdRichValueStructure");
  const out = new Map<number, string>();
  if (!values || !structs || !pkg.has(values.part) || !pkg.has(structs.part)) return out;
  const sx = pkg.text(structs.part);
  const errorKey = findElements(sx, "s").map((s) => (attr(tagOf(sx, s), "t") === "_error" ? findElements(sx, "k", s.innerStart, s.innerEnd).findIndex((k) => attr(tagOf(sx, k), "n") === "errorType") : -1));
  const vx = pkg.text(values.part);
  findElements(vx, "rv").forEach((rv, i) => {
    const key = errorKey[Number(attr(tagOf(vx, rv), "s"))] ?? -1;
    if (key < 0) return;
    const v = findElements(vx, "v", rv.innerStart, rv.innerEnd)[key];
    const code = v ? CODES[Number(textOf(vx, v))] : undefined;
    if (code) out.set(i, code);
  });
  return out;
}

/** The error code behind each `vm` value of the workbook's error cells stored as rich values. */
export function readRichErrorCodes(pkg: Package, workbookPart: string): Map<number, string> {
  const out = new Map<number, string>();
  const rel = pkg.relOfType(workbookPart, "sheetMetadata");
  if (!rel || !pkg.has(rel.part)) return out;
  const errors = richErrors(pkg, workbookPart);
  if (!errors.size) return out;
  const xml = pkg.text(rel.part);
  const types = findElements(xml, "metadataType").map((el) => attr(tagOf(xml, el), "name"));
  const fm = findElements(xml, "futureMetadata").find((el) => attr(tagOf(xml, el), "name") === "XLRICHVALUE");
  const records = fm ? findElements(xml, "bk", fm.innerStart, fm.innerEnd).map((bk) => findElement(xml, "rvb", bk.innerStart, bk.innerEnd)) : [];
  const vmBlock = findElement(xml, "valueMetadata");
  if (!vmBlock) return out;
  findElements(xml, "bk", vmBlock.innerStart, vmBlock.innerEnd).forEach((bk, i) => {
    const rc = findElement(xml, "rc", bk.innerStart, bk.innerEnd);
    if (!rc || types[Number(attr(tagOf(xml, rc), "t")) - 1] !== "XLRICHVALUE") return;
    const rvb = records[Number(attr(tagOf(xml, rc), "v"))];
    const code = rvb ? errors.get(Number(attr(tagOf(xml, rvb), "i"))) : undefined;
    if (code) out.set(i + 1, code);
  });
  return out;
}
