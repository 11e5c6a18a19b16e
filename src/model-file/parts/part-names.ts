/** Relationship and content types of the parts freeze and repair add or remove, and fresh part names. */
import { Package } from "./package";

const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

export const REL = {
  comments: `${R}/comments`,
  vmlDrawing: `${R}/vmlDrawing`,
  customProperties: `${R}/custom-properties`,
  calcChain: `${R}/calcChain`,
};

export const CONTENT = {
  comments: "application/vnd.openxmlformats-officedocument.spreadsheetml.comments+xml",
  vml: "application/vnd.openxmlformats-officedocument.vmlDrawing",
  customProperties: "application/vnd.openxmlformats-officedocument.custom-properties+xml",
};

/** The first `prefix{n}{suffix}` (n = 1, 2, ...) not in the package. */
export function freshPart(pkg: Package, prefix: string, suffix: string): string {
  for (let n = 1; ; n++) if (!pkg.has(`${prefix}${n}${suffix}`)) return `${prefix}${n}${suffix}`;
}

/** A target relative to the source part's folder ("xl/worksheets/sheet1.xml" -> "../comments2.xml"). */
export function relativeTarget(source: string, part: string): string {
  const from = source.split("/").slice(0, -1);
  const to = part.split("/");
  let i = 0;
  while (i < from.length && i < to.length - 1 && from[i] === to[i]) i++;
  return [...from.slice(i).map(() => ".."), ...to.slice(i)].join("/");
}

/** Remove a part with its own relationships, its Override and the relationship pointing at it. */
export function removePart(pkg: Package, part: string, from: string, relId: string): void {
  pkg.remove(part);
  const rels = `${part.slice(0, part.lastIndexOf("/") + 1)}_rels/${part.slice(part.lastIndexOf("/") + 1)}.rels`;
  pkg.remove(rels);
  pkg.removeOverride(part);
  pkg.removeRel(from, relId);
}
