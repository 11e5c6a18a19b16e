/**
 * SVC.COMPANY as an Excel entity card (where the host has data types): every profile field a
 * property (dot access: =A1.cik), the check-the-figures link, and the data provider's attribution.
 * Other SVC functions accept the card as their ticker (its `ticker` property).
 */
import { Cell, ShapeOptions, str } from "./grid";
import { profileCell, profileEntries } from "./profile";
import { safeExternalUrl } from "./urls";
import { EntityProperty, EntityValue, isTypedValue } from "./values";

export const PROVIDER = "SVC Company Data API (figures from SEC filings)";

function property(c: Cell): EntityProperty | null {
  if (c === null || c === "") return null;
  if (isTypedValue(c)) return c.type === "Double" ? c : { type: "String", basicValue: c.text };
  if (typeof c === "number") return { type: "Double", basicValue: c, numberFormat: "General" };
  if (typeof c === "boolean") return { type: "Boolean", basicValue: c };
  return { type: "String", basicValue: c };
}

/** Property names Excel's dot access can use: nested `parent.child` becomes `parent_child`. */
const propertyName = (k: string) => k.replace(/\./g, "_");

export function companyCard(data: Record<string, unknown>, rawLink: string, opts: ShapeOptions): EntityValue {
  // Excel shows check_link and opens the provider's logoTargetAddress: only an http(s) link gets there.
  const link = safeExternalUrl(rawLink) ?? "";
  const properties: Record<string, EntityProperty> = {};
  for (const [k, v] of profileEntries(data)) {
    const p = property(profileCell(k, v, opts));
    if (p) properties[propertyName(k)] = p;
  }
  const ticker = str(data.ticker) || str((properties.ticker as { basicValue?: unknown } | undefined)?.basicValue);
  if (ticker && !properties.ticker) properties.ticker = { type: "String", basicValue: ticker };
  if (link) properties.check_link = { type: "String", basicValue: link };
  const name = str(data.name) || ticker;
  const fields = Object.keys(properties).filter((k) => k !== "name" && k !== "check_link");
  return {
    type: "Entity",
    text: name && ticker && name !== ticker ? `${name} (${ticker})` : name || ticker || "company",
    properties,
    layouts: {
      card: {
        ...(properties.name ? { title: { property: "name" } } : {}),
        sections: [
          { layout: "List", properties: fields },
          ...(link ? [{ layout: "List" as const, title: "Source", properties: ["check_link"] }] : []),
        ],
      },
    },
    provider: { description: PROVIDER, ...(link ? { logoTargetAddress: link } : {}) },
  };
}
