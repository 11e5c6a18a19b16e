/**
 * xl/metadata.xml: which `cm` values mark a cell as a dynamic-array (spilled) formula. A cell's
 * cm is a 1-based index into <cellMetadata>; its <rc t v> names a metadata type (1-based) and a
 * record of that type's <futureMetadata> (0-based); XLDAPR records carry dynamicArrayProperties.
 */
import { Package } from "./package";
import { attr, findElement, findElements } from "./xml";

export interface DynamicArrayMetadata {
  part: string | null;
  /** cm values that mark a dynamic array (fDynamic="1"). */
  dynamic: Set<number>;
}

function xldaprRecords(xml: string): boolean[] {
  const fm = findElements(xml, "futureMetadata").find((el) => attr(xml.slice(el.tag.start, el.tag.end), "name") === "XLDAPR");
  if (!fm) return [];
  return findElements(xml, "bk", fm.innerStart, fm.innerEnd).map((bk) => {
    const props = findElement(xml, "dynamicArrayProperties", bk.innerStart, bk.innerEnd);
    return !!props && attr(xml.slice(props.tag.start, props.tag.end), "fDynamic") === "1";
  });
}

export function readMetadata(pkg: Package, workbookPart: string): DynamicArrayMetadata {
  const rel = pkg.relOfType(workbookPart, "sheetMetadata");
  if (!rel || !pkg.has(rel.part)) return { part: null, dynamic: new Set() };
  const xml = pkg.text(rel.part);
  const typesBlock = findElement(xml, "metadataTypes");
  const types = typesBlock ? findElements(xml, "metadataType", typesBlock.innerStart, typesBlock.innerEnd).map((el) => attr(xml.slice(el.tag.start, el.tag.end), "name")) : [];
  const records = xldaprRecords(xml);
  const cells = findElement(xml, "cellMetadata");
  const dynamic = new Set<number>();
  if (cells) {
    findElements(xml, "bk", cells.innerStart, cells.innerEnd).forEach((bk, i) => {
      const rc = findElement(xml, "rc", bk.innerStart, bk.innerEnd);
      if (!rc) return;
      const tag = xml.slice(rc.tag.start, rc.tag.end);
      if (types[Number(attr(tag, "t")) - 1] === "XLDAPR" && records[Number(attr(tag, "v"))]) dynamic.add(i + 1);
    });
  }
  return { part: rel.part, dynamic };
}
