/** A custom document property (File > Info > Properties > Advanced > Custom in Excel), set or replaced in docProps/custom.xml. */
import { Package } from "./package";
import { CONTENT, REL } from "./part-names";
import { attr, escapeAttr, escapeText, findElement, findElements } from "./xml";

const FMTID = "{D5CDD505-2E9C-101B-9397-08002B2CF9AE}";
const NS = 'xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"';

function property(name: string, pid: number, isoDate: string): string {
  return `<property fmtid="${FMTID}" pid="${pid}" name="${escapeAttr(name)}"><vt:filetime>${escapeText(isoDate)}</vt:filetime></property>`;
}

/** Set a date-valued custom property (replacing one of the same name). */
export function setDateProperty(pkg: Package, name: string, isoDate: string): void {
  const rel = pkg.relOfType("", "custom-properties");
  if (!rel || !pkg.has(rel.part)) {
    const part = "docProps/custom.xml";
    pkg.setText(part, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Properties ${NS}>${property(name, 2, isoDate)}</Properties>`);
    pkg.addOverride(part, CONTENT.customProperties);
    pkg.addRel("", REL.customProperties, part);
    return;
  }
  let xml = pkg.text(rel.part);
  const props = findElements(xml, "property");
  const same = props.find((p) => attr(xml.slice(p.tag.start, p.tag.end), "name") === name);
  const pid = same ? Number(attr(xml.slice(same.tag.start, same.tag.end), "pid")) : Math.max(1, ...props.map((p) => Number(attr(xml.slice(p.tag.start, p.tag.end), "pid")) || 1)) + 1;
  if (same) xml = xml.slice(0, same.tag.start) + property(name, pid, isoDate) + xml.slice(same.end);
  else {
    const root = findElement(xml, "Properties");
    if (!root) return;
    xml = root.tag.selfClosing
      ? xml.slice(0, root.tag.start) + `<Properties ${NS}>${property(name, pid, isoDate)}</Properties>` + xml.slice(root.end)
      : xml.slice(0, root.innerEnd) + property(name, pid, isoDate) + xml.slice(root.innerEnd);
  }
  pkg.setText(rel.part, xml);
}
