/**
 * Where frozen formulas are kept: custom XML parts of the workbook (namespace FROZEN_NAMESPACE), one
 * <cell> per frozen formula — its address, the range its values were written to, the formula, when, and
 * a fingerprint of the values (src/plan/freeze/check.ts). Formulas only, never a credential.
 * Everything in them is read back as untrusted (a file can be edited): Unfreeze checks each entry.
 *
 * Several parts may carry the namespace (a large model's entries are split so each setXml stays under
 * the web's 5 MB per request; a file may have been edited): every part is read, and
 * getOnlyItemOrNullObject, which answers a null object for two or more (CustomXmlPartScopedCollection),
 * is never relied on.
 */
import type { FrozenEntry } from "../plan";
import { chunked } from "./batches";

export type { FrozenEntry };

export const FROZEN_NAMESPACE = "urn:svc-excel:frozen:1";

/** Characters of XML per part: a part is written by one setXml, one request. */
const CHARS_PER_PART = 1_000_000;

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function cellXml(e: FrozenEntry): string {
  const digest = e.digest ? ` values="${escapeXml(e.digest)}"` : "";
  return `<cell address="${escapeXml(e.address)}" range="${escapeXml(e.range)}" asOf="${escapeXml(e.asOf)}" formula="${escapeXml(e.formula)}"${digest}/>`;
}

export function frozenXml(entries: readonly FrozenEntry[]): string {
  return `<frozen xmlns="${FROZEN_NAMESPACE}">${entries.map(cellXml).join("")}</frozen>`;
}

/** Every `<cell>` element of the document in order, walked by sibling (indexing a live collection of 100,000 is slow in some DOMs). */
function cellElements(doc: Document): Element[] {
  const out: Element[] = [];
  const visit = (el: Element | null): void => {
    for (let e = el; e; e = e.nextElementSibling) {
      if (e.tagName === "cell") out.push(e);
      if (e.firstElementChild) visit(e.firstElementChild);
    }
  };
  visit(doc.documentElement);
  return out;
}

/** Every entry with an address, as written (Unfreeze decides what it may restore). */
export function parseFrozenXml(xml: string): FrozenEntry[] {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  return cellElements(doc)
    .map((c) => {
      const e: FrozenEntry = { address: c.getAttribute("address") ?? "", range: c.getAttribute("range") ?? "", asOf: c.getAttribute("asOf") ?? "", formula: c.getAttribute("formula") ?? "" };
      const digest = c.getAttribute("values");
      return digest ? { ...e, digest } : e;
    })
    .filter((e) => e.address);
}

/** The parts of the namespace, in the workbook's order. */
async function parts(ctx: Excel.RequestContext): Promise<Excel.CustomXmlPart[]> {
  const found = ctx.workbook.customXmlParts.getByNamespace(FROZEN_NAMESPACE);
  found.load("items/id");
  await ctx.sync();
  return found.items;
}

/** Every kept entry of every part, in order, as written (Unfreeze checks each). */
export async function readFrozen(ctx: Excel.RequestContext): Promise<FrozenEntry[]> {
  const out: FrozenEntry[] = [];
  for (const part of await parts(ctx)) {
    const xml = part.getXml();
    await ctx.sync(); // one part per sync: each is at most a few MB
    out.push(...parseFrozenXml(xml.value));
  }
  return out;
}

/** Keep exactly `entries`: parts rewritten in place, added as needed, the rest deleted; one request each. */
export async function saveFrozen(ctx: Excel.RequestContext, entries: readonly FrozenEntry[]): Promise<void> {
  const have = await parts(ctx);
  const groups = chunked(entries, (e) => cellXml(e).length, CHARS_PER_PART);
  for (let i = 0; i < Math.max(have.length, groups.length); i++) {
    if (i >= groups.length) have[i].delete();
    else if (i < have.length) have[i].setXml(frozenXml(groups[i]));
    else ctx.workbook.customXmlParts.add(frozenXml(groups[i]));
    await ctx.sync();
  }
}
