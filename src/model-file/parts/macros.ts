/**
 * A values-only copy saved as .xlsx must carry no macros: Excel refuses to open an .xlsx whose
 * workbook has the macro-enabled content type or a VBA project. Dropping them removes the VBA
 * project (and its signature parts and relationships) and gives the workbook the plain content type;
 * everything else stays as it was.
 */
import { Package } from "./package";
import { removePart } from "./part-names";

const PLAIN = {
  "sheet.macroEnabled.main+xml": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
  "template.macroEnabled.main+xml": "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml",
} as const;

/** True when the workbook is macro-enabled (its content type or a VBA project). */
export function hasMacros(pkg: Package, workbookPart: string): boolean {
  return /macroEnabled/i.test(pkg.contentType(workbookPart) ?? "") || pkg.relOfType(workbookPart, "vbaProject") !== null;
}

/** Remove the VBA project and make the workbook a plain (.xlsx) workbook. */
export function dropMacros(pkg: Package, workbookPart: string): void {
  for (let rel = pkg.relOfType(workbookPart, "vbaProject"); rel; rel = pkg.relOfType(workbookPart, "vbaProject")) {
    for (const sig of pkg.rels(rel.part)) if (!sig.external && pkg.has(sig.part)) pkg.remove(sig.part);
    removePart(pkg, rel.part, workbookPart, rel.id);
  }
  const type = pkg.contentType(workbookPart) ?? "";
  const plain = Object.entries(PLAIN).find(([suffix]) => type.toLowerCase().endsWith(suffix.toLowerCase()))?.[1];
  if (!plain) return;
  pkg.removeOverride(workbookPart);
  pkg.addOverride(workbookPart, plain);
}
