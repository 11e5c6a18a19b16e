/** screen_companies: identity columns, one column per metric in its stated unit, then notes. */
import { Cell, Grid, ShapeOptions, asArray, asRecord, cellOf, numberCell, str } from "./grid";

/**
 * A screen metric by the unit the answer states (`units`): percent -> decimal fraction; USD millions,
 * days, counts and flags as given. A metric without a stated unit is shown as given.
 */
export function screenCell(v: unknown, unit: string, opts: ShapeOptions): Cell {
  const u = unit.trim().toLowerCase();
  if (u === "percent" || u === "%" || u === "pct") return numberCell(v, "fraction", opts, 1 / 100);
  if (/usd\s*(m|millions?)$/.test(u)) return numberCell(v, "usd_m", opts);
  if (u === "days" || u === "count") return numberCell(v, "count", opts);
  return cellOf(v, opts);
}

export function screen(data: Record<string, unknown>, opts: ShapeOptions): Grid {
  const companies = asArray(data.companies).map(asRecord);
  const metrics: string[] = [];
  const add = (m: string) => m && !metrics.includes(m) && metrics.push(m);
  for (const f of asArray(data.filters)) add(str(asRecord(f).metric));
  add(str(data.sort_by));
  for (const c of companies) for (const k of Object.keys(asRecord(c.metrics))) add(k);
  const units = asRecord(data.units);
  const rows: Grid = [];
  if (opts.headers >= 1) rows.push(["ticker", "name", "exchange", "cik", ...metrics, "notes"]);
  for (const c of companies) {
    const m = asRecord(c.metrics);
    rows.push([cellOf(c.ticker, opts), cellOf(c.name, opts), cellOf(c.exchange, opts), cellOf(c.cik, opts), ...metrics.map((k) => screenCell(m[k], str(units[k]), opts)), cellOf(asArray(c.notes).length ? c.notes : null, opts)]);
  }
  return rows;
}
