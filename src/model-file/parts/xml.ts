/**
 * Just enough XML to find elements and their byte ranges in a part, so an edit replaces a few
 * elements and leaves every other character of the part as it was (no parse-and-reserialize).
 * Comments, processing instructions and CDATA are skipped; entities are only the five predefined
 * ones and character references (OOXML parts carry no DTD).
 */
import { fail } from "../errors";
import { xmlCharsOnly } from "./ooxml-text";

export interface Tag {
  /** Offset of "<" and just past ">". */
  start: number;
  end: number;
  /** Qualified name as written ("c", "x:c"). */
  name: string;
  local: string;
  closing: boolean;
  selfClosing: boolean;
}

function skipSpecial(xml: string, at: number): number {
  const ends: [string, string][] = [["<!--", "-->"], ["<![CDATA[", "]]>"], ["<?", "?>"], ["<!", ">"]];
  for (const [open, close] of ends) {
    if (xml.startsWith(open, at)) {
      const end = xml.indexOf(close, at + open.length);
      if (end < 0) fail("malformed", "an XML part ends inside a comment or declaration");
      return end + close.length;
    }
  }
  return -1;
}

/** The end of the tag starting at `at` (just past its ">"), honouring quoted attribute values. */
function tagEnd(xml: string, at: number): number {
  let quote = "";
  for (let i = at + 1; i < xml.length; i++) {
    const ch = xml[i];
    if (quote) {
      if (ch === quote) quote = "";
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === ">") return i + 1;
  }
  return fail("malformed", "an XML part ends inside a tag");
}

/** The next element tag at or after `from` (before `to`), or null. */
export function nextTag(xml: string, from: number, to = xml.length): Tag | null {
  let at = xml.indexOf("<", from);
  while (at >= 0 && at < to) {
    const skipped = skipSpecial(xml, at);
    if (skipped < 0) break;
    at = xml.indexOf("<", skipped);
  }
  if (at < 0 || at >= to) return null;
  const end = tagEnd(xml, at);
  const closing = xml[at + 1] === "/";
  const m = /^[^\s/>]+/.exec(xml.slice(at + (closing ? 2 : 1), Math.min(end, at + 200)));
  const name = m ? m[0] : "";
  const colon = name.indexOf(":");
  return { start: at, end, name, local: colon >= 0 ? name.slice(colon + 1) : name, closing, selfClosing: !closing && xml[end - 2] === "/" };
}

export interface Element {
  tag: Tag;
  /** Content range (empty for a self-closing element) and the end of the whole element. */
  innerStart: number;
  innerEnd: number;
  end: number;
}

/** The element opened by `tag`: finds its matching end tag (same qualified name, nesting counted). */
export function elementAt(xml: string, tag: Tag, to = xml.length): Element {
  if (tag.selfClosing) return { tag, innerStart: tag.end, innerEnd: tag.end, end: tag.end };
  let depth = 1;
  for (let t = nextTag(xml, tag.end, to); t; t = nextTag(xml, t.end, to)) {
    if (t.name !== tag.name) continue;
    if (t.closing) depth--;
    else if (!t.selfClosing) depth++;
    if (depth === 0) return { tag, innerStart: tag.end, innerEnd: t.start, end: t.end };
  }
  return fail("malformed", `an XML element <${tag.name}> is never closed`);
}

/** Elements with this local name directly or deeper inside [from, to), outermost occurrences only. */
export function findElements(xml: string, local: string, from = 0, to = xml.length): Element[] {
  const out: Element[] = [];
  for (let t = nextTag(xml, from, to); t; ) {
    if (!t.closing && t.local === local) {
      const el = elementAt(xml, t, to);
      out.push(el);
      t = nextTag(xml, el.end, to);
    } else t = nextTag(xml, t.end, to);
  }
  return out;
}

export function findElement(xml: string, local: string, from = 0, to = xml.length): Element | null {
  for (let t = nextTag(xml, from, to); t; t = nextTag(xml, t.end, to)) if (!t.closing && t.local === local) return elementAt(xml, t, to);
  return null;
}

const ATTR = /([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

/** Attributes of a start tag's text, values unescaped; keys as written (with their prefix). */
export function attributes(tagText: string): Map<string, string> {
  const out = new Map<string, string>();
  const body = tagText.replace(/^<[^\s/>]+/, "");
  for (const m of body.matchAll(ATTR)) out.set(m[1], unescapeXml(m[3] ?? m[4] ?? ""));
  return out;
}

/** One attribute by local name (any prefix), or undefined. */
export function attr(tagText: string, local: string): string | undefined {
  for (const [k, v] of attributes(tagText)) if (k === local || k.endsWith(":" + local)) return v;
  return undefined;
}

/** The start tag with one attribute set (replaced in place, or added last) or removed (null). */
export function setAttr(tagText: string, name: string, value: string | null): string {
  const re = new RegExp(`\\s${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*=\\s*("[^"]*"|'[^']*')`);
  const m = re.exec(tagText);
  if (m) return tagText.slice(0, m.index) + (value === null ? "" : ` ${name}="${escapeAttr(value)}"`) + tagText.slice(m.index + m[0].length);
  if (value === null) return tagText;
  const close = tagText.endsWith("/>") ? tagText.length - 2 : tagText.length - 1;
  return tagText.slice(0, close).replace(/\s+$/, "") + ` ${name}="${escapeAttr(value)}"` + tagText.slice(close);
}

/** Text as XML content: markup escaped, and characters XML 1.0 forbids written as Excel writes them (`_xHHHH_`), so every part written is well-formed. */
export function escapeText(s: string): string {
  return xmlCharsOnly(s).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, "&quot;");
}

/** A character reference's character: only XML 1.0's Char production is well-formed (no NUL, no surrogates, nothing past U+10FFFF). */
function characterOf(code: number): string {
  const ok = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
  if (!ok) fail("malformed", `the XML holds a character reference to a character XML does not allow (&#x${code.toString(16).toUpperCase()};)`);
  return String.fromCodePoint(code);
}

const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** Entities decoded; a literal line break written CR LF (or CR) is one LF, as every XML reader reads it (only `&#13;` is a CR). */
export function unescapeXml(raw: string): string {
  const s = raw.indexOf("\r") < 0 ? raw : raw.replace(/\r\n?/g, "\n");
  if (s.indexOf("&") < 0) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (all, ent: string) => {
    if (ent[0] === "#") return characterOf(ent[1] === "x" ? parseInt(ent.slice(2), 16) : parseInt(ent.slice(1), 10));
    return NAMED[ent] ?? all;
  });
}

/** Text of an element's content (no child elements expected), unescaped. */
export function textOf(xml: string, el: Element): string {
  return unescapeXml(xml.slice(el.innerStart, el.innerEnd));
}

/** A part's bytes as text and back (UTF-8, the encoding Excel writes); a byte-order mark is kept as a character. */
export function decodeUtf8(b: Uint8Array): string {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(b);
}

export function encodeUtf8(s: string): Uint8Array {
  return new TextEncoder().encode(s);
}
