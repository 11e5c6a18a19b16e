/**
 * repair: a workbook saved where the add-in was not loaded comes back with its SVC calls written as
 * external references (`[1]!_xldudf_SVC_X(`, `'[1]'!SVC.X(`) to a link part pointing nowhere. Repair
 * turns them back into the add-in's calls (in cells, shared formulas and defined names) and removes
 * each link nothing refers to any more — its part, its relationships, its content type and its
 * <externalReference> — renumbering the links after it ([2] becomes [1]) in every formula (cells,
 * names, charts, validations, conditional formats: where Excel writes [n]). Nothing else is touched.
 */
import { a1 } from "./parts/a1";
import { Model } from "./model/model";
import { removePart } from "./parts/part-names";
import { displayFormula } from "./report";
import { attr, escapeText, findElement, findElements, unescapeXml } from "./parts/xml";
import { stripAddinBookPrefix, toFileForm } from "../formula";

export interface RepairResult {
  bytes: Uint8Array;
  cells: { sheet: string; cell: string; before: string; after: string }[];
  names: { name: string; before: string; after: string }[];
  removedLinks: string[];
}

const FORMULA_ELEMENTS = ["f", "formula", "formula1", "formula2", "definedName"];

function fixBroken(text: string): string {
  const s = stripAddinBookPrefix(text);
  return s.changed ? toFileForm(s.text) : text;
}

interface Splice {
  start: number;
  end: number;
  text: string;
}

function spliced(xml: string, splices: Splice[]): string {
  let out = xml;
  for (const s of [...splices].sort((a, b) => b.start - a.start)) out = out.slice(0, s.start) + s.text + out.slice(s.end);
  return out;
}

/** Rewrite the text of every formula-bearing element of a part; returns the new text and what changed. */
function rewriteFormulas(xml: string, fix: (t: string) => string): { xml: string; changes: { start: number; before: string; after: string; tag: string }[] } {
  const splices: Splice[] = [];
  const changes: { start: number; before: string; after: string; tag: string }[] = [];
  for (const local of FORMULA_ELEMENTS)
    for (const el of findElements(xml, local)) {
      if (el.tag.selfClosing) continue;
      const before = unescapeXml(xml.slice(el.innerStart, el.innerEnd));
      const after = fix(before);
      if (after === before) continue;
      splices.push({ start: el.innerStart, end: el.innerEnd, text: escapeText(after) });
      changes.push({ start: el.tag.start, before, after, tag: xml.slice(el.tag.start, el.tag.end) });
    }
  return { xml: spliced(xml, splices), changes };
}

function repairSheets(model: Model, out: RepairResult): void {
  for (const sheet of model.sheets) {
    if (!sheet.xml) continue;
    const { xml, changes } = rewriteFormulas(model.pkg.text(sheet.part), fixBroken);
    if (changes.length === 0) continue;
    model.pkg.setText(sheet.part, xml);
    const cells = sheet.xml.rows.flatMap((r) => r.cells);
    for (const ch of changes) {
      const cell = cells.find((c) => c.formula?.start === ch.start);
      out.cells.push({ sheet: sheet.name, cell: cell ? a1(cell.row, cell.col) : "?", before: displayFormula(ch.before), after: displayFormula(ch.after) });
    }
  }
}

function repairNames(model: Model, out: RepairResult): void {
  const part = model.workbook.part;
  const { xml, changes } = rewriteFormulas(model.pkg.text(part), fixBroken);
  if (changes.length === 0) return;
  model.pkg.setText(part, xml);
  for (const ch of changes) out.names.push({ name: attr(ch.tag, "name") ?? "?", before: ch.before, after: ch.after });
}

/** XML parts that may hold formulas (the link parts themselves excluded). */
function linkReaders(model: Model): string[] {
  return model.pkg.names().filter((n) => /\.xml$/i.test(n) && !/^xl\/externalLinks\//i.test(n) && model.pkg.has(n));
}

/** Whether any formula (cells, names, charts, validations, conditional formats) still names link [k]; string literals do not count. */
function linkUsed(model: Model, k: number): boolean {
  const re = /"(?:[^"]|"")*"|\[(\d+)\]/g;
  for (const part of linkReaders(model)) {
    const xml = model.pkg.text(part);
    if (!xml.includes(`[${k}]`)) continue;
    for (const local of FORMULA_ELEMENTS)
      for (const el of findElements(xml, local)) for (const m of unescapeXml(xml.slice(el.innerStart, el.innerEnd)).matchAll(re)) if (m[1] !== undefined && Number(m[1]) === k) return true;
  }
  return false;
}

/** `[j]` -> `[j-1]` for j > k inside formula text (string literals untouched). */
function renumberAbove(k: number): (t: string) => string {
  return (t) => t.replace(/"(?:[^"]|"")*"|\[(\d+)\]/g, (m, n: string | undefined) => (n !== undefined && Number(n) > k ? `[${Number(n) - 1}]` : m));
}

function removeLink(model: Model, k: number, relId: string, part: string): void {
  const wb = model.workbook.part;
  removePart(model.pkg, part, wb, relId);
  let xml = model.pkg.text(wb);
  const block = findElement(xml, "externalReferences");
  const el = block && findElements(xml, "externalReference", block.innerStart, block.innerEnd).find((e) => attr(xml.slice(e.tag.start, e.tag.end), "id") === relId);
  if (block && el) {
    const others = findElements(xml, "externalReference", block.innerStart, block.innerEnd).length - 1;
    xml = others === 0 ? xml.slice(0, block.tag.start) + xml.slice(block.end) : xml.slice(0, el.tag.start) + xml.slice(el.end);
    model.pkg.setText(wb, xml);
  }
  for (const p of linkReaders(model)) {
    const text = model.pkg.text(p);
    const next = rewriteFormulas(text, renumberAbove(k)).xml;
    if (next !== text) model.pkg.setText(p, next);
  }
}

function removeDeadLinks(model: Model, out: RepairResult): void {
  const links = model.workbook.externals;
  for (const link of [...links].sort((a, b) => b.index - a.index)) {
    if (linkUsed(model, link.index)) continue;
    removeLink(model, link.index, link.relId, link.part);
    out.removedLinks.push(link.part);
  }
}

export function repairModel(model: Model): RepairResult {
  const out: RepairResult = { bytes: new Uint8Array(), cells: [], names: [], removedLinks: [] };
  repairSheets(model, out);
  repairNames(model, out);
  if (out.cells.length > 0 || out.names.length > 0) removeDeadLinks(model, out);
  out.bytes = model.pkg.write();
  return out;
}
