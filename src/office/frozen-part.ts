/**
 * Where frozen formulas are kept: one custom XML part of the workbook (namespace FROZEN_NAMESPACE),
 * one <cell> per frozen formula — its address, the range its values were written to, the formula,
 * when, and a fingerprint of the values (frozen-check.ts). Formulas only, never a credential.
 * Everything in it is read back as untrusted (a file can be edited): Unfreeze checks each entry.
 */

export interface FrozenEntry {
  /** The anchor cell whose formula was replaced. */
  address: string;
  /** The cells the values were written to (the spill range). */
  range: string;
  formula: string;
  /** ISO time the values were current. */
  asOf: string;
  /** Fingerprint of the frozen values (absent in parts written before it existed). */
  digest?: string;
}

export const FROZEN_NAMESPACE = "urn:svc-excel:frozen:1";

function escapeXml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

export function frozenXml(entries: readonly FrozenEntry[]): string {
  const items = entries
    .map((e) => {
      const digest = e.digest ? ` values="${escapeXml(e.digest)}"` : "";
      return `<cell address="${escapeXml(e.address)}" range="${escapeXml(e.range)}" asOf="${escapeXml(e.asOf)}" formula="${escapeXml(e.formula)}"${digest}/>`;
    })
    .join("");
  return `<frozen xmlns="${FROZEN_NAMESPACE}">${items}</frozen>`;
}

/** Every entry with an address, as written (Unfreeze decides what it may restore). */
export function parseFrozenXml(xml: string): FrozenEntry[] {
  const doc = new DOMParser().parseFromString(xml, "application/xml");
  return Array.from(doc.getElementsByTagName("cell"))
    .map((c) => {
      const e: FrozenEntry = { address: c.getAttribute("address") ?? "", range: c.getAttribute("range") ?? "", asOf: c.getAttribute("asOf") ?? "", formula: c.getAttribute("formula") ?? "" };
      const digest = c.getAttribute("values");
      return digest ? { ...e, digest } : e;
    })
    .filter((e) => e.address);
}

export async function frozenPart(ctx: Excel.RequestContext): Promise<{ part: Excel.CustomXmlPart | null; entries: FrozenEntry[] }> {
  const part = ctx.workbook.customXmlParts.getByNamespace(FROZEN_NAMESPACE).getOnlyItemOrNullObject();
  await ctx.sync();
  if (part.isNullObject) return { part: null, entries: [] };
  const xml = part.getXml();
  await ctx.sync();
  return { part, entries: parseFrozenXml(xml.value) };
}

export async function saveFrozen(ctx: Excel.RequestContext, part: Excel.CustomXmlPart | null, entries: FrozenEntry[]): Promise<void> {
  if (part && entries.length === 0) part.delete();
  else if (part) part.setXml(frozenXml(entries));
  else if (entries.length) ctx.workbook.customXmlParts.add(frozenXml(entries));
  await ctx.sync();
}
