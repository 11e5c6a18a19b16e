/** get_company's profile as rows of (field, value), one field's value, and the cells' formats. */
import { Cell, Grid, ShapeOptions, dateCell, fieldCell, numberCell } from "./grid";

/**
 * A profile's fields in the API's order. The spec does not show get_company's fields: a flat answer
 * spills its scalar members (nested extras the API may add are left out, so the spill keeps its
 * shape); an answer that nests its profile (fewer than 3 scalar members) spills the nested scalars
 * as `parent.child`.
 */
export function profileEntries(data: Record<string, unknown>): [string, unknown][] {
  const isScalar = (v: unknown) => v === null || typeof v !== "object" || Array.isArray(v);
  const flat = Object.entries(data).filter(([, v]) => isScalar(v));
  if (flat.length >= 3) return flat;
  const out: [string, unknown][] = [];
  for (const [k, v] of Object.entries(data)) {
    if (isScalar(v)) out.push([k, v]);
    else for (const [k2, v2] of Object.entries(v as Record<string, unknown>)) if (isScalar(v2)) out.push([`${k}.${k2}`, v2]);
  }
  return out;
}

/** [field, value] rows of a profile. */
export function profileRows(data: Record<string, unknown>, opts: ShapeOptions): Grid {
  const rows: Grid = [];
  if (opts.headers >= 1) rows.push(["field", "value"]);
  for (const [k, v] of profileEntries(data)) rows.push([k, profileCell(k, v, opts)]);
  return rows;
}

/**
 * One profile value. The spec does not type get_company's fields: a field named as a date
 * (`..._date`) is read as one, `_usd_m` / `_m` / `_usd` as money or millions, `_pct` as percent;
 * everything else as given.
 */
export function profileCell(key: string, v: unknown, opts: ShapeOptions): Cell {
  const name = key.split(".").pop() ?? key;
  if (/(^|_)date$/.test(name)) return dateCell(v, opts);
  if (/_pct$/.test(name)) return numberCell(v, "fraction", opts, 1 / 100);
  if (/_usd_m$/.test(name)) return numberCell(v, "usd_m", opts);
  if (/_usd$/.test(name)) return numberCell(v, "usd", opts);
  if (/_m$/.test(name)) return numberCell(v, "shares_m", opts);
  return fieldCell(name, v, opts);
}

/** The profile entry a user's field name means: exact (case-insensitive), else a nested field's last part. */
export function profileField(data: Record<string, unknown>, field: string): [string, unknown] | undefined {
  const f = field.toLowerCase();
  const entries = profileEntries(data);
  return entries.find(([k]) => k.toLowerCase() === f) ?? entries.find(([k]) => k.toLowerCase().endsWith("." + f));
}
