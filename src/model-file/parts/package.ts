/**
 * An Open Packaging Conventions package over the zip: parts by name (case-insensitive, as OPC
 * says), content types, relationships, and a change set. A part is inflated only when read; the
 * written package copies every untouched entry's compressed bytes.
 */
import { fail } from "../errors";
import { attr, decodeUtf8, encodeUtf8, escapeAttr, findElement, findElements } from "./xml";
import { openZip, readEntry, scanEntry, ZipArchive, ZipEntry, ZipLimits } from "../zip/read";
import { writeZip } from "../zip/write";

export interface Relationship {
  id: string;
  type: string;
  target: string;
  external: boolean;
  /** The target as a part name (no leading slash), for internal relationships. */
  part: string;
}

export const CONTENT_TYPES = "[Content_Types].xml";

/** The folder of a part ("xl/worksheets/sheet1.xml" -> "xl/worksheets/"). */
export function folderOf(part: string): string {
  return part.slice(0, part.lastIndexOf("/") + 1);
}

/** The relationships part of a part ("" = the package). */
export function relsPartOf(part: string): string {
  return `${folderOf(part)}_rels/${part.slice(part.lastIndexOf("/") + 1)}.rels`;
}

/** A target's percent-encoding decoded; a malformed escape (`%zz`) makes the package malformed. */
function decodeTarget(raw: string): string {
  try {
    return decodeURI(raw);
  } catch {
    return fail("malformed", `a relationship target is not a valid URI: ${JSON.stringify(raw.slice(0, 80))}`);
  }
}

/** Resolve a relationship target against the source part's folder. */
export function resolveTarget(source: string, target: string): string {
  const raw = target.startsWith("/") ? target.slice(1) : folderOf(source) + target;
  const out: string[] = [];
  for (const seg of decodeTarget(raw).split("/")) {
    if (seg === "..") out.pop();
    else if (seg !== "." && seg !== "") out.push(seg);
  }
  return out.join("/");
}

export class Package {
  private readonly zip: ZipArchive;
  private readonly byLower = new Map<string, ZipEntry>();
  private readonly texts = new Map<string, string>();
  private readonly changes = new Map<string, Uint8Array | null>();

  constructor(bytes: Uint8Array, limits?: ZipLimits) {
    this.zip = openZip(bytes, limits);
    for (const e of this.zip.entries) {
      // OPC part names compare without case: two entries that differ only in case are one part twice
      const key = e.name.toLowerCase();
      if (this.byLower.has(key)) fail("malformed", `the package holds the part ${e.name} twice (names that differ only in case)`);
      this.byLower.set(key, e);
    }
  }

  /** Entry names in package order (as stored; changes not included). */
  names(): string[] {
    return this.zip.entries.map((e) => e.name);
  }

  /** The stored name of a part (case as in the zip), or null. */
  find(part: string): string | null {
    const name = part.replace(/^\//, "");
    if (this.changes.has(name)) return this.changes.get(name) ? name : null;
    return this.byLower.get(name.toLowerCase())?.name ?? null;
  }

  has(part: string): boolean {
    return this.find(part) !== null;
  }

  bytes(part: string): Uint8Array {
    const name = this.find(part);
    if (name === null) return fail("malformed", `the package has no part ${part}`);
    const changed = this.changes.get(name);
    if (changed) return changed;
    const entry = this.byLower.get(name.toLowerCase());
    if (!entry) return fail("malformed", `the package has no part ${part}`);
    return readEntry(this.zip, entry);
  }

  /** A part as text (read once, then cached until it is changed). */
  text(part: string): string {
    const name = this.find(part);
    if (name === null) return fail("malformed", `the package has no part ${part}`);
    let t = this.texts.get(name);
    if (t === undefined) this.texts.set(name, (t = decodeUtf8(this.bytes(name))));
    return t;
  }

  setText(part: string, text: string): void {
    const name = this.find(part) ?? part.replace(/^\//, "");
    this.texts.set(name, text);
    this.changes.set(name, encodeUtf8(text));
  }

  remove(part: string): void {
    const name = this.find(part);
    if (name === null) return;
    this.texts.delete(name);
    this.changes.set(name, null);
  }

  /** Inflate a stored part chunk by chunk without keeping it (see scanEntry); false when there is no such part. */
  scan(part: string, onChunk: (chunk: Uint8Array) => boolean): boolean {
    const entry = this.byLower.get(part.replace(/^\//, "").toLowerCase());
    if (!entry || this.changes.has(entry.name)) return false;
    scanEntry(this.zip, entry, onChunk);
    return true;
  }

  /** Inflate every entry once (under the caps, CRC checked), so a damaged or lying entry is found before anything is written. */
  verify(): void {
    for (const e of this.zip.entries) readEntry(this.zip, e);
  }

  /** Names of the parts changed, added or removed so far. */
  changed(): string[] {
    return [...this.changes.keys()];
  }

  write(): Uint8Array {
    return writeZip(this.zip, this.changes);
  }

  /** Relationships of a part ("" for the package's own). */
  rels(source: string): Relationship[] {
    const relsPart = relsPartOf(source);
    if (!this.has(relsPart)) return [];
    const xml = this.text(relsPart);
    return findElements(xml, "Relationship").map((el) => {
      const tag = xml.slice(el.tag.start, el.tag.end);
      const target = attr(tag, "Target") ?? "";
      const external = attr(tag, "TargetMode") === "External";
      return { id: attr(tag, "Id") ?? "", type: attr(tag, "Type") ?? "", target, external, part: external ? "" : resolveTarget(source, target) };
    });
  }

  /** The first relationship of a type (matched by its last path segment, so strict OOXML URIs match too). */
  relOfType(source: string, typeSuffix: string): Relationship | null {
    return this.rels(source).find((r) => r.type.endsWith("/" + typeSuffix)) ?? null;
  }

  removeRel(source: string, id: string): void {
    const relsPart = relsPartOf(source);
    const xml = this.text(relsPart);
    const el = findElements(xml, "Relationship").find((e) => attr(xml.slice(e.tag.start, e.tag.end), "Id") === id);
    if (el) this.setText(relsPart, xml.slice(0, el.tag.start) + xml.slice(el.end));
  }

  /** Add a relationship (creating the .rels part when needed); returns its new id. */
  addRel(source: string, type: string, target: string): string {
    const relsPart = relsPartOf(source);
    const taken = new Set(this.rels(source).map((r) => r.id));
    let n = taken.size + 1;
    while (taken.has(`rId${n}`)) n++;
    const id = `rId${n}`;
    const rel = `<Relationship Id="${id}" Type="${escapeAttr(type)}" Target="${escapeAttr(target)}"/>`;
    if (!this.has(relsPart)) {
      this.setText(relsPart, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel}</Relationships>`);
      this.addOverrideDefault("rels", "application/vnd.openxmlformats-package.relationships+xml");
    } else {
      const xml = this.text(relsPart);
      const root = findElement(xml, "Relationships");
      if (!root) fail("malformed", `${relsPart} has no <Relationships> element`);
      this.setText(relsPart, xml.slice(0, root.innerEnd) + rel + xml.slice(root.innerEnd));
    }
    return id;
  }

  /** The content type of a part: its Override, else the Default of its extension. */
  contentType(part: string): string | null {
    const xml = this.text(CONTENT_TYPES);
    const name = "/" + part.replace(/^\//, "").toLowerCase();
    for (const el of findElements(xml, "Override")) {
      const tag = xml.slice(el.tag.start, el.tag.end);
      if ((attr(tag, "PartName") ?? "").toLowerCase() === name) return attr(tag, "ContentType") ?? null;
    }
    const ext = name.slice(name.lastIndexOf(".") + 1);
    for (const el of findElements(xml, "Default")) {
      const tag = xml.slice(el.tag.start, el.tag.end);
      if ((attr(tag, "Extension") ?? "").toLowerCase() === ext) return attr(tag, "ContentType") ?? null;
    }
    return null;
  }

  addOverride(part: string, contentType: string): void {
    this.appendToTypes(`<Override PartName="/${escapeAttr(part.replace(/^\//, ""))}" ContentType="${escapeAttr(contentType)}"/>`);
  }

  removeOverride(part: string): void {
    const xml = this.text(CONTENT_TYPES);
    const name = "/" + part.replace(/^\//, "").toLowerCase();
    const el = findElements(xml, "Override").find((e) => (attr(xml.slice(e.tag.start, e.tag.end), "PartName") ?? "").toLowerCase() === name);
    if (el) this.setText(CONTENT_TYPES, xml.slice(0, el.tag.start) + xml.slice(el.end));
  }

  /** A Default for an extension, unless one exists. */
  addOverrideDefault(ext: string, contentType: string): void {
    const xml = this.text(CONTENT_TYPES);
    const has = findElements(xml, "Default").some((e) => (attr(xml.slice(e.tag.start, e.tag.end), "Extension") ?? "").toLowerCase() === ext);
    if (!has) this.appendToTypes(`<Default Extension="${ext}" ContentType="${escapeAttr(contentType)}"/>`);
  }

  private appendToTypes(element: string): void {
    const xml = this.text(CONTENT_TYPES);
    const root = findElement(xml, "Types");
    if (!root) return fail("malformed", "[Content_Types].xml has no <Types> element");
    this.setText(CONTENT_TYPES, xml.slice(0, root.innerEnd) + element + xml.slice(root.innerEnd));
  }
}
