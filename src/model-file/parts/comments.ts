/**
 * Cell comments (notes) added to a sheet as Excel stores them: a comments part (authors, comment
 * list) and the legacy VML drawing that shows each note. Existing comments parts and drawings are
 * extended in place; a cell that already has a note gets the new text appended to it.
 */
import { a1 } from "./a1";
import { fail } from "../errors";
import { Package } from "./package";
import { CONTENT, freshPart, REL, relativeTarget } from "./part-names";
import { attr, escapeText, findElement, findElements } from "./xml";

export interface NewComment {
  row: number;
  col: number;
  text: string;
}

export const COMMENT_AUTHOR = "SVC for Excel";
const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";

function authorIndex(xml: string): { xml: string; index: number } {
  const authors = findElement(xml, "authors");
  if (!authors) return fail("malformed", "a comments part has no <authors>");
  const list = findElements(xml, "author", authors.innerStart, authors.innerEnd);
  const at = list.findIndex((a) => xml.slice(a.innerStart, a.innerEnd) === escapeText(COMMENT_AUTHOR));
  if (at >= 0) return { xml, index: at };
  return { xml: xml.slice(0, authors.innerEnd) + `<author>${escapeText(COMMENT_AUTHOR)}</author>` + xml.slice(authors.innerEnd), index: list.length };
}

/** Excel keeps at most 32,767 characters in a note, as in a cell. */
const NOTE_LIMIT = 32_767;
const capped = (text: string) => (text.length <= NOTE_LIMIT ? text : `${text.slice(0, NOTE_LIMIT - 1)}\u2026`);
const run = (text: string) => `<r><t xml:space="preserve">${escapeText(capped(text))}</t></r>`;

/** The comments part's text with the notes added (appended to a cell's existing note). Returns the cells that got a new note. */
function addToCommentsXml(source: string, notes: NewComment[]): { xml: string; added: NewComment[] } {
  let { xml, index } = authorIndex(source);
  const added: NewComment[] = [];
  for (const n of notes) {
    const list = findElement(xml, "commentList");
    if (!list) return fail("malformed", "a comments part has no <commentList>");
    const ref = a1(n.row, n.col);
    const existing = findElements(xml, "comment", list.innerStart, list.innerEnd).find((c) => attr(xml.slice(c.tag.start, c.tag.end), "ref") === ref);
    const text = existing && findElement(xml, "text", existing.innerStart, existing.innerEnd);
    if (text) xml = xml.slice(0, text.innerEnd) + run("\n" + n.text) + xml.slice(text.innerEnd);
    else {
      xml = xml.slice(0, list.innerEnd) + `<comment ref="${ref}" authorId="${index}" shapeId="0"><text>${run(n.text)}</text></comment>` + xml.slice(list.innerEnd);
      added.push(n);
    }
  }
  return { xml, added };
}

function vmlShape(id: number, n: NewComment): string {
  return (
    `<v:shape id="_x0000_s${id}" type="#_x0000_t202" style='position:absolute;margin-left:59.25pt;margin-top:1.5pt;width:180pt;height:60pt;z-index:${id};visibility:hidden' fillcolor="#ffffe1" o:insetmode="auto">` +
    `<v:fill color2="#ffffe1"/><v:shadow on="t" color="black" obscured="t"/><v:path o:connecttype="none"/><v:textbox style='mso-direction-alt:auto'><div style='text-align:left'></div></v:textbox>` +
    `<x:ClientData ObjectType="Note"><x:MoveWithCells/><x:SizeWithCells/><x:Anchor>${n.col + 1}, 15, ${n.row}, 2, ${n.col + 4}, 15, ${n.row + 4}, 4</x:Anchor><x:AutoFill>False</x:AutoFill><x:Row>${n.row}</x:Row><x:Column>${n.col}</x:Column></x:ClientData></v:shape>`
  );
}

const SHAPETYPE =
  '<v:shapetype id="_x0000_t202" coordsize="21600,21600" o:spt="202" path="m,l,21600r21600,l21600,xe"><v:stroke joinstyle="miter"/><v:path gradientshapeok="t" o:connecttype="rect"/></v:shapetype>';

/** The highest shape id and idmap block used by any VML drawing of the package. */
function vmlIds(pkg: Package): { shape: number; block: number } {
  let shape = 0;
  let block = 0;
  for (const name of pkg.names().filter((n) => n.toLowerCase().endsWith(".vml"))) {
    const text = pkg.text(name);
    for (const m of text.matchAll(/_x0000_s(\d+)/g)) shape = Math.max(shape, Number(m[1]));
    for (const m of text.matchAll(/<o:idmap[^>]*data="([\d,]+)"/g)) for (const d of m[1].split(",")) block = Math.max(block, Number(d));
  }
  return { shape, block };
}

function addToVml(pkg: Package, part: string, notes: NewComment[], firstId: number): void {
  let xml = pkg.text(part);
  const shapes = notes.map((n, i) => vmlShape(firstId + i, n)).join("");
  const withType = xml.includes('id="_x0000_t202"') ? shapes : SHAPETYPE + shapes;
  const end = xml.lastIndexOf("</xml>");
  if (end < 0) return fail("malformed", `${part} is not a VML drawing`);
  xml = xml.slice(0, end) + withType + xml.slice(end);
  pkg.setText(part, xml);
}

function newVml(block: number, notes: NewComment[]): string {
  const shapes = notes.map((n, i) => vmlShape(block * 1024 + 1 + i, n)).join("");
  return `<xml xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:x="urn:schemas-microsoft-com:office:excel"><o:shapelayout v:ext="edit"><o:idmap v:ext="edit" data="${block}"/></o:shapelayout>${SHAPETYPE}${shapes}</xml>`;
}

/** Elements that come after <legacyDrawing> in a worksheet (CT_Worksheet order). */
const AFTER_LEGACY = ["legacyDrawingHF", "drawingHF", "picture", "oleObjects", "controls", "webPublishItems", "tableParts", "extLst"];

function insertLegacyDrawing(sheetXml: string, relId: string): string {
  const root = findElement(sheetXml, "worksheet");
  if (!root) return fail("malformed", "a sheet part has no <worksheet>");
  const prefix = root.tag.name.includes(":") ? root.tag.name.slice(0, root.tag.name.indexOf(":") + 1) : "";
  const later = AFTER_LEGACY.map((n) => findElement(sheetXml, n, root.innerStart, root.innerEnd)).filter((e) => e !== null);
  const at = later.length > 0 ? Math.min(...later.map((e) => e.tag.start)) : root.innerEnd;
  return sheetXml.slice(0, at) + `<${prefix}legacyDrawing r:id="${relId}"/>` + sheetXml.slice(at);
}

function ensureRNamespace(sheetXml: string): string {
  if (/xmlns:r="/.test(sheetXml.slice(0, 2000))) return sheetXml;
  return sheetXml.replace(/<([\w:]*worksheet)\b/, `<$1 xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`);
}

/** Add notes to a sheet (its part given); every part it touches is edited in place or created. */
export function addComments(pkg: Package, sheetPart: string, notes: NewComment[]): void {
  if (notes.length === 0) return;
  const rel = pkg.relOfType(sheetPart, "comments");
  let added = notes;
  if (rel && pkg.has(rel.part)) {
    const out = addToCommentsXml(pkg.text(rel.part), notes);
    pkg.setText(rel.part, out.xml);
    added = out.added;
  } else {
    const part = freshPart(pkg, "xl/comments", ".xml");
    const empty = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<comments xmlns="${MAIN}"><authors></authors><commentList></commentList></comments>`;
    pkg.setText(part, addToCommentsXml(empty, notes).xml);
    pkg.addOverride(part, CONTENT.comments);
    pkg.addRel(sheetPart, REL.comments, relativeTarget(sheetPart, part));
  }
  if (added.length === 0) return;
  const ids = vmlIds(pkg);
  const vml = pkg.relOfType(sheetPart, "vmlDrawing");
  if (vml && pkg.has(vml.part)) return addToVml(pkg, vml.part, added, ids.shape + 1);
  const part = freshPart(pkg, "xl/drawings/vmlDrawing", ".vml");
  pkg.setText(part, newVml(ids.block + 1, added));
  pkg.addOverrideDefault("vml", CONTENT.vml);
  const relId = pkg.addRel(sheetPart, REL.vmlDrawing, relativeTarget(sheetPart, part));
  pkg.setText(sheetPart, insertLegacyDrawing(ensureRNamespace(pkg.text(sheetPart)), relId));
}

