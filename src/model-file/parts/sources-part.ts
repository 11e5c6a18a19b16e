/**
 * Where each SVC result's values came from, kept in the workbook so the next refresh can tell a new
 * period from a revision and `freeze` can name the filings in its notes: a custom XML part
 * (customXml/itemN.xml with its itemProps, related from the workbook part, as Excel stores custom
 * XML; Excel keeps it and shows nothing), rewritten by every refresh.
 *   <svcSources xmlns="urn:svc-excel:sources:1">
 *     <cell ref="Model!B4" subject="MSFT" what="MSFT revenue FY"><filing accession form url/>
 *       <value r="0" c="0" period="FY2025" metric="revenue" accession="..."/></cell></svcSources>
 * A file written before values were kept has only the <filing> elements: its periods read as unknown.
 */
import { Package } from "./package";
import { freshPart, relativeTarget } from "./part-names";
import { attr, escapeAttr, findElements } from "./xml";

export interface FilingRef {
  accession: string;
  form: string | null;
  url: string | null;
}

/** One value of a result, at (row, col) from its formula's cell: its period, metric and filing. */
export interface SourceValue {
  row: number;
  col: number;
  period: string;
  metric: string | null;
  accession: string | null;
}

/** What a refresh kept of one SVC cell: what it asks for, its filings, and each value's source. */
export interface CellSources {
  /** The call's subject ("MSFT"; "" for a call about no company, or when not known). */
  subject: string;
  /** "MSFT revenue FY": the call in words ("" when not known). */
  what: string;
  filings: FilingRef[];
  /** null: the part was written before values were kept (their periods are not known). */
  values: SourceValue[] | null;
}

/** The part's namespace: the pane finds the part by it (Office.js customXmlParts.getByNamespace). */
export const SOURCES_NAMESPACE = "urn:svc-excel:sources:1";
const NS = SOURCES_NAMESPACE;
const R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PROPS_TYPE = "application/vnd.openxmlformats-officedocument.customXmlProperties+xml";

function sourcesPart(pkg: Package, workbookPart: string): string | null {
  for (const r of pkg.rels(workbookPart)) if (r.type.endsWith("/customXml") && pkg.has(r.part) && pkg.text(r.part).includes(NS)) return r.part;
  return null;
}

/** The text of every custom XML part of the workbook (Excel keeps them all; an add-in finds its own by namespace). */
export function customXmlTexts(pkg: Package, workbookPart: string): string[] {
  return pkg.rels(workbookPart).filter((r) => r.type.endsWith("/customXml") && pkg.has(r.part)).map((r) => pkg.text(r.part));
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

const optional = (name: string, v: string | null | undefined) => (v ? ` ${name}="${escapeAttr(v)}"` : "");

function cellXml(ref: string, s: CellSources): string {
  const filings = s.filings.map(validFiling).filter((f): f is FilingRef => f !== null).map((f) => `<filing accession="${escapeAttr(f.accession)}"${optional("form", f.form)}${optional("url", f.url)}/>`);
  const values = (s.values ?? []).map((v) => `<value r="${v.row}" c="${v.col}"${optional("period", v.period)}${optional("metric", v.metric)}${optional("accession", v.accession && ACCESSION.test(v.accession) ? v.accession : null)}/>`);
  return `<cell ref="${escapeAttr(ref)}"${optional("subject", s.subject)}${optional("what", s.what)}>${filings.join("")}${values.join("")}</cell>`;
}

const worthKeeping = (s: CellSources) => s.filings.length > 0 || (s.values?.length ?? 0) > 0 || s.what !== "";

/** The part's text for these cells ("Model!B4" -> sources), as a refresh writes it. */
export function sourcesXml(entries: ReadonlyMap<string, CellSources>): string {
  const cells = [...entries].filter(([, s]) => worthKeeping(s)).map(([ref, s]) => cellXml(ref, s));
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<svcSources xmlns="${NS}">${cells.join("")}</svcSources>`;
}

/** A GUID-shaped id from the part name (stable: the same package gets the same id). */
const itemId = (part: string) => `{5C7E0F00-5356-4300-8000-${[...part].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7).toString(16).padStart(12, "0").slice(-12).toUpperCase()}}`;

/** Write the sources of each SVC cell ("Model!B4" -> sources), replacing the previous refresh's. */
export function writeSources(pkg: Package, workbookPart: string, entries: ReadonlyMap<string, CellSources>): void {
  const existing = sourcesPart(pkg, workbookPart);
  if (existing) return pkg.setText(existing, sourcesXml(entries));
  if (![...entries.values()].some(worthKeeping)) return;
  const part = freshPart(pkg, "customXml/item", ".xml");
  const props = part.replace(/item(\d+)\.xml$/, "itemProps$1.xml");
  pkg.setText(part, sourcesXml(entries));
  pkg.setText(props, `<?xml version="1.0" encoding="UTF-8" standalone="no"?>\r\n<ds:datastoreItem ds:itemID="${itemId(part)}" xmlns:ds="http://schemas.openxmlformats.org/officeDocument/2006/customXml"><ds:schemaRefs><ds:schemaRef ds:uri="${NS}"/></ds:schemaRefs></ds:datastoreItem>`);
  pkg.addOverride(props, PROPS_TYPE);
  pkg.addRel(part, `${R}/customXmlProps`, relativeTarget(part, props));
  pkg.addRel(workbookPart, `${R}/customXml`, relativeTarget(workbookPart, part));
}

function valueOf(tag: string): SourceValue | null {
  const row = Number(attr(tag, "r"));
  const col = Number(attr(tag, "c"));
  if (!Number.isInteger(row) || !Number.isInteger(col)) return null;
  return { row, col, period: attr(tag, "period") ?? "", metric: attr(tag, "metric") ?? null, accession: attr(tag, "accession") ?? null };
}

/** The sources a refresh recorded per SVC cell ("Model!B4"); null when the file holds none (never refreshed by svc-excel). */
export function readSources(pkg: Package, workbookPart: string): Map<string, CellSources> | null {
  const part = sourcesPart(pkg, workbookPart);
  return part ? parseSourcesXml(pkg.text(part)) : null;
}

/** The cells of a sources part's text (untrusted: a cell without a ref, a value without a place, are left out). */
export function parseSourcesXml(xml: string): Map<string, CellSources> {
  const out = new Map<string, CellSources>();
  const tagOf = (e: { tag: { start: number; end: number } }) => xml.slice(e.tag.start, e.tag.end);
  for (const cell of findElements(xml, "cell")) {
    const head = tagOf(cell);
    const ref = attr(head, "ref");
    if (!ref) continue;
    const filings = findElements(xml, "filing", cell.innerStart, cell.innerEnd).map((f) => ({ accession: attr(tagOf(f), "accession") ?? "", form: attr(tagOf(f), "form") ?? null, url: attr(tagOf(f), "url") ?? null }));
    const values = findElements(xml, "value", cell.innerStart, cell.innerEnd)
      .map((v) => valueOf(tagOf(v)))
      .filter((v): v is SourceValue => v !== null);
    out.set(ref, { subject: attr(head, "subject") ?? "", what: attr(head, "what") ?? "", filings: filings.filter((f) => f.accession), values: values.length > 0 || attr(head, "what") !== undefined ? values : null });
  }
  return out;
}
