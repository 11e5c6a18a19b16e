/**
 * The workbook part: where it is (the package's officeDocument relationship), its sheets in tab
 * order with their parts, its defined names (workbook and sheet scope), and its external references.
 */
import { fail } from "../errors";
import type { Platform } from "../../formula";
import { savedOn } from "./app-props";
import { Package } from "./package";
import { DefinedName } from "../../formula";
import { attr, findElement, findElements, textOf } from "./xml";

export interface SheetEntry {
  name: string;
  sheetId: number;
  /** Position in the tab order (what a definedName's localSheetId counts). */
  index: number;
  relId: string;
  /** The sheet's part, e.g. "xl/worksheets/sheet1.xml". */
  part: string;
  /** worksheet, chartsheet, dialogsheet or macrosheet (only worksheets hold cells here). */
  kind: string;
  state: string;
}

export interface ExternalReference {
  /** 1-based, as formulas write it: [1]!... */
  index: number;
  relId: string;
  part: string;
}

export interface WorkbookInfo {
  part: string;
  xml: string;
  sheets: SheetEntry[];
  names: DefinedName[];
  externals: ExternalReference[];
  /** Whether the workbook asks to be recalculated in full on open. */
  fullCalcOnLoad: boolean;
  /** The workbook counts dates from 1904-01-01 (workbookPr date1904): serials are 1,462 less than in the 1900 system. */
  date1904: boolean;
  /** The Excel that last saved it, Windows or the Mac (docProps/app.xml); undefined when another program did. */
  platform?: Platform;
}

const WORKBOOK_TYPES = /spreadsheetml\.(sheet\.main|template\.main)\+xml$|ms-excel\.(sheet\.macroEnabled|template\.macroEnabled|addin\.macroEnabled)\.main\+xml$/i;

function workbookPart(pkg: Package): string {
  if (!pkg.has("[Content_Types].xml")) fail("not-workbook", "the zip has no [Content_Types].xml: it is not an Office document");
  const rel = pkg.relOfType("", "officeDocument");
  if (!rel || !pkg.has(rel.part)) fail("not-workbook", "the package has no main document: it is not an Excel workbook");
  const type = pkg.contentType(rel.part) ?? "";
  if (/binary\.macroEnabled/i.test(type)) fail("not-workbook", "the workbook is binary (.xlsb): save it as .xlsx in Excel");
  if (!WORKBOOK_TYPES.test(type)) fail("not-workbook", `the package is not an Excel workbook (its main part is ${type || "of no known type"})`);
  return rel.part;
}

function readSheets(pkg: Package, part: string, xml: string): SheetEntry[] {
  const rels = new Map(pkg.rels(part).map((r) => [r.id, r]));
  const sheets = findElement(xml, "sheets");
  if (!sheets) return fail("malformed", "the workbook lists no sheets");
  return findElements(xml, "sheet", sheets.innerStart, sheets.innerEnd).map((el, index) => {
    const tag = xml.slice(el.tag.start, el.tag.end);
    const relId = attr(tag, "id") ?? "";
    const rel = rels.get(relId);
    const kind = rel ? rel.type.slice(rel.type.lastIndexOf("/") + 1) : "missing";
    return { name: attr(tag, "name") ?? `Sheet${index + 1}`, sheetId: Number(attr(tag, "sheetId")), index, relId, part: rel?.part ?? "", kind, state: attr(tag, "state") ?? "visible" };
  });
}

function readNames(xml: string, sheets: SheetEntry[]): DefinedName[] {
  const block = findElement(xml, "definedNames");
  if (!block) return [];
  return findElements(xml, "definedName", block.innerStart, block.innerEnd).map((el) => {
    const local = attr(xml.slice(el.tag.start, el.tag.end), "localSheetId");
    const sheet = local === undefined ? null : sheets[Number(local)]?.name ?? null;
    return { name: attr(xml.slice(el.tag.start, el.tag.end), "name") ?? "", sheet, formula: textOf(xml, el) };
  });
}

function readExternals(pkg: Package, part: string, xml: string): ExternalReference[] {
  const block = findElement(xml, "externalReferences");
  if (!block) return [];
  const rels = new Map(pkg.rels(part).map((r) => [r.id, r]));
  return findElements(xml, "externalReference", block.innerStart, block.innerEnd).map((el, i) => {
    const relId = attr(xml.slice(el.tag.start, el.tag.end), "id") ?? "";
    return { index: i + 1, relId, part: rels.get(relId)?.part ?? "" };
  });
}

export function readWorkbook(pkg: Package): WorkbookInfo {
  const part = workbookPart(pkg);
  const xml = pkg.text(part);
  if (!findElement(xml, "workbook")) fail("malformed", `${part} is not a workbook part`);
  const sheets = readSheets(pkg, part, xml);
  const calcPr = findElement(xml, "calcPr");
  const full = calcPr ? attr(xml.slice(calcPr.tag.start, calcPr.tag.end), "fullCalcOnLoad") : undefined;
  const pr = findElement(xml, "workbookPr");
  const d1904 = pr ? attr(xml.slice(pr.tag.start, pr.tag.end), "date1904") : undefined;
  const on = (v: string | undefined) => v === "1" || v === "true";
  return { part, xml, sheets, names: readNames(xml, sheets), externals: readExternals(pkg, part, xml), fullCalcOnLoad: on(full), date1904: on(d1904), platform: savedOn(pkg) };
}
