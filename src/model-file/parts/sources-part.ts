/**
 * The filings behind each SVC result, kept in the workbook so a later `freeze` can name them in its
 * notes: a custom XML part (customXml/itemN.xml with its itemProps, related from the workbook part,
 * as Excel stores custom XML; Excel keeps it and shows nothing), rewritten by every refresh.
 *   <svcSources xmlns="urn:svc-excel:sources:1"><cell ref="Model!B4"><filing accession form url/></cell></svcSources>
 */
import { Package } from "./package";
import { freshPart, relativeTarget } from "./part-names";
import { attr, escapeAttr, findElements } from "./xml";

export interface FilingRef {
  accession: string;
  form: string | null;
  url: string | null;
}

const NS = "urn:svc-excel:sources:1";
const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PROPS_TYPE = "application/vnd.openxmlformats-officedocument.customXmlProperties+xml";

function sourcesPart(pkg: Package, workbookPart: string): string | null {
  for (const r of pkg.rels(workbookPart)) if (r.type.endsWith("/customXml") && pkg.has(r.part) && pkg.text(r.part).includes(NS)) return r.part;
  return null;
}

/** SEC accession numbers: 0000320193-24-000123. */
const ACCESSION = /^\d{10}-\d{2}-\d{6}$/;
/** Form types as the SEC names them: 10-K, 10-K/A, DEF 14A, S-1, 8-K12B. */
const FORM = /^[A-Z0-9][A-Z0-9 ./-]{0,19}$/i;

function httpsLink(url: string | null): string | null {
  if (!url || url.length > 2048 || /[\s\u0000-\u001f\u007f-\u009f]/.test(url)) return null;
  try {
    return new URL(url).protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/**
 * A filing as the API described it, kept only when it is what it claims to be: an accession number of
 * the SEC's shape, a form type of letters, digits and the SEC's punctuation, an https link; a field
 * that is not is dropped (the filing without an accession number altogether). API text is outside text.
 */
export function validFiling(f: FilingRef): FilingRef | null {
  if (!ACCESSION.test(f.accession)) return null;
  return { accession: f.accession, form: f.form && FORM.test(f.form) ? f.form : null, url: httpsLink(f.url) };
}

function xmlOf(entries: ReadonlyMap<string, readonly FilingRef[]>): string {
  const cells = [...entries]
    .map(([ref, fs]): [string, FilingRef[]] => [ref, fs.map(validFiling).filter((f): f is FilingRef => f !== null)])
    .filter(([, f]) => f.length > 0)
    .map(([ref, fs]) => `<cell ref="${escapeAttr(ref)}">${fs.map((f) => `<filing accession="${escapeAttr(f.accession)}"${f.form ? ` form="${escapeAttr(f.form)}"` : ""}${f.url ? ` url="${escapeAttr(f.url)}"` : ""}/>`).join("")}</cell>`)
    .join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<svcSources xmlns="${NS}">${cells}</svcSources>`;
}

/** A GUID-shaped id from the part name (stable: the same package gets the same id). */
const itemId = (part: string) => `{5C7E0F00-5356-4300-8000-${[...part].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7).toString(16).padStart(12, "0").slice(-12).toUpperCase()}}`;

/** Write the filings of each SVC cell ("Model!B4" -> filings), replacing the previous refresh's. */
export function writeSources(pkg: Package, workbookPart: string, entries: ReadonlyMap<string, readonly FilingRef[]>): void {
  const existing = sourcesPart(pkg, workbookPart);
  if (existing) return pkg.setText(existing, xmlOf(entries));
  if ([...entries.values()].every((f) => f.length === 0)) return;
  const part = freshPart(pkg, "customXml/item", ".xml");
  const props = part.replace(/item(\d+)\.xml$/, "itemProps$1.xml");
  pkg.setText(part, xmlOf(entries));
  pkg.setText(props, `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\r\n<ds:datastoreItem ds:itemID="${itemId(part)}" xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml"><ds:schemaRefs><ds:schemaRef ds:uri="${NS}"/></ds:schemaRefs></ds:datastoreItem>`);
  pkg.addOverride(props, PROPS_TYPE);
  pkg.addRel(part, `${R}/customXmlProps`, relativeTarget(part, props));
  pkg.addRel(workbookPart, `${R}/customXml`, relativeTarget(workbookPart, part));
}

/** The filings a refresh recorded per SVC cell ("Model!B4"), or an empty map. */
export function readSources(pkg: Package, workbookPart: string): Map<string, FilingRef[]> {
  const out = new Map<string, FilingRef[]>();
  const part = sourcesPart(pkg, workbookPart);
  if (!part) return out;
  const xml = pkg.text(part);
  for (const cell of findElements(xml, "cell")) {
    const ref = attr(xml.slice(cell.tag.start, cell.tag.end), "ref");
    if (!ref) continue;
    const filings = findElements(xml, "filing", cell.innerStart, cell.innerEnd).map((f) => {
      const tag = xml.slice(f.tag.start, f.tag.end);
      return { accession: attr(tag, "accession") ?? "", form: attr(tag, "form") ?? null, url: attr(tag, "url") ?? null };
    });
    out.set(ref, filings.filter((f) => f.accession));
  }
  return out;
}
