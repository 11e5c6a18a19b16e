/** docProps/app.xml's Application: which Excel last saved the workbook, Windows or the Mac (CHAR and CODE read its code page). */
import type { Platform } from "../../formula";
import { Package } from "./package";
import { findElement, textOf } from "./xml";

/** The platform of the Excel that saved the package; undefined when another program saved it or the part is missing. */
export function savedOn(pkg: Package): Platform | undefined {
  const rel = pkg.relOfType("", "extended-properties");
  if (!rel || !pkg.has(rel.part)) return undefined;
  const xml = pkg.text(rel.part);
  const el = findElement(xml, "Application");
  const app = el ? textOf(xml, el).trim() : "";
  if (app === "Microsoft Macintosh Excel") return "mac";
  return app === "Microsoft Excel" ? "windows" : undefined;
}
