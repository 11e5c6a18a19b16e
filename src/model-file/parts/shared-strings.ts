/** The shared string table, read only: refreshed text is written inline (`t="str"`), never added here. */
import { Package } from "./package";
import { decodeXstring } from "./ooxml-text";
import { findElement, findElements, textOf } from "./xml";

/** The text of one <si> (or <is>): its <t> runs joined, phonetic runs (<rPh>) left out. */
export function richText(xml: string, from: number, to: number): string {
  const parts: string[] = [];
  const skip = findElements(xml, "rPh", from, to);
  // both lists are in document order: one pass, so thousands of phonetic runs cost linear time
  let k = 0;
  for (const t of findElements(xml, "t", from, to)) {
    while (k < skip.length && skip[k].end < t.end) k++;
    const p = skip[k];
    if (p && t.tag.start > p.tag.start && t.end <= p.end) continue;
    parts.push(textOf(xml, t));
  }
  return decodeXstring(parts.join(""));
}

export function readSharedStrings(pkg: Package, workbookPart: string): string[] {
  const rel = pkg.relOfType(workbookPart, "sharedStrings");
  if (!rel || !pkg.has(rel.part)) return [];
  const xml = pkg.text(rel.part);
  const sst = findElement(xml, "sst");
  if (!sst) return [];
  return findElements(xml, "si", sst.innerStart, sst.innerEnd).map((si) => richText(xml, si.innerStart, si.innerEnd));
}
