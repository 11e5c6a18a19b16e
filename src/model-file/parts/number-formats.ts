/**
 * The number format each cell shows, from the styles part: the cell's style (`s`) -> its cellXfs
 * entry -> numFmtId -> the format code (a custom <numFmt>, or one of Excel's built-in ids).
 */
import { Package } from "./package";
import { attr, findElement, findElements } from "./xml";

/** Excel's built-in number formats (ECMA-376 part 1, 18.8.30) that a model's cells use. */
const BUILT_IN: Readonly<Record<number, string>> = {
  1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00", 9: "0%", 10: "0.00%", 11: "0.00E+00", 14: "m/d/yyyy", 15: "d-mmm-yy", 16: "d-mmm", 17: "mmm-yy",
  22: "m/d/yyyy h:mm", 37: "#,##0 ;(#,##0)", 38: "#,##0 ;[Red](#,##0)", 39: "#,##0.00;(#,##0.00)", 40: "#,##0.00;[Red](#,##0.00)", 49: "@",
};

/** Style index -> format code, for every style whose format is not General. */
export function styleFormats(pkg: Package, workbookPart: string): Map<number, string> {
  const out = new Map<number, string>();
  const rel = pkg.relOfType(workbookPart, "styles");
  if (!rel || !pkg.has(rel.part)) return out;
  const xml = pkg.text(rel.part);
  const custom = new Map<number, string>();
  for (const f of findElements(xml, "numFmt")) {
    const tag = xml.slice(f.tag.start, f.tag.end);
    const code = attr(tag, "formatCode");
    if (code !== undefined) custom.set(Number(attr(tag, "numFmtId")), code);
  }
  const xfs = findElement(xml, "cellXfs");
  if (!xfs) return out;
  findElements(xml, "xf", xfs.innerStart, xfs.innerEnd).forEach((xf, i) => {
    const id = Number(attr(xml.slice(xf.tag.start, xf.tag.end), "numFmtId") ?? 0);
    const code = custom.get(id) ?? BUILT_IN[id];
    if (code && code !== "General") out.set(i, code);
  });
  return out;
}
