/**
 * get_economy: the snapshot of every indicator, or one series' history, with figures the API prints
 * with their unit ("2.9%", "$3.15/gal", "-$62.0bn") read as numbers under the unit convention.
 */
import { COLUMNS } from "./columns";
import { Cell, Grid, ShapeOptions, asArray, asRecord, cellOf, dateCell, fieldCell, numberCell, str } from "./grid";
import { NumberKind } from "./values";

export function economy(data: Record<string, unknown>, opts: ShapeOptions): Grid {
  if (Array.isArray(data.points)) {
    const unit = asRecord(data.unit);
    const rows: Grid = opts.headers >= 1 ? [[...COLUMNS.economyHistory]] : [];
    for (const p of asArray(data.points).map(asRecord)) {
      const v = economyNumber(typeof p.value === "number" ? p.value : null, str(unit.prefix), str(unit.suffix));
      rows.push([dateCell(p.date, opts), v ? numberCell(v.value, v.kind, opts) : cellOf(p.value, opts), v ? v.unit : null]);
    }
    return rows;
  }
  const rows: Grid = opts.headers >= 1 ? [[...COLUMNS.economySnapshot]] : [];
  for (const ind of asArray(data.indicators).map(asRecord)) {
    const latest = parseEconomyFigure(ind.latest);
    const prior = parseEconomyFigure(ind.prior);
    rows.push(
      COLUMNS.economySnapshot.map((c): Cell => {
        if (c === "latest" || c === "prior") {
          const f = c === "latest" ? latest : prior;
          return f ? numberCell(f.value, f.kind, opts) : cellOf(ind[c], opts);
        }
        if (c === "unit") return latest?.unit ?? prior?.unit ?? null;
        return fieldCell(c, ind[c], opts);
      })
    );
  }
  return rows;
}

interface EconomyNumber {
  value: number;
  unit: string;
  kind: NumberKind;
}

const SCALE: Record<string, number> = { k: 1e3, m: 1e6, mn: 1e6, bn: 1e9, b: 1e9, tn: 1e12, t: 1e12 };

/**
 * A value in a series' unit (prefix/suffix as the API prints them) under the unit convention:
 * percent -> decimal fraction ("percent"); dollar amounts in bn/tn -> USD millions; k -> units;
 * a price such as $/gal keeps its value with unit "USD/gal". Null when the value is missing.
 */
export function economyNumber(value: number | null, prefix: string, suffix: string): EconomyNumber | null {
  if (value === null || !Number.isFinite(value)) return null;
  const usd = prefix.trim() === "$";
  const suf = suffix.trim();
  const scaled = (x: number) => Number(x.toPrecision(15));
  if (suf === "%") return { value: scaled(value / 100), unit: "percent", kind: "fraction" };
  const scale = SCALE[suf.toLowerCase()];
  if (scale !== undefined) {
    if (usd) return { value: scaled((value * scale) / 1e6), unit: "USD millions", kind: "usd_m" };
    return { value: scaled(value * scale), unit: "", kind: "count" };
  }
  if (usd) return { value, unit: suf ? `USD${suf}` : "USD", kind: "per_share" };
  return { value, unit: suf, kind: "number" };
}

/** A snapshot figure formatted with its unit ("2.9%", "$3.15/gal", "120k", "-$62.0bn") as a number and unit. */
export function parseEconomyFigure(v: unknown): EconomyNumber | null {
  if (typeof v === "number") return economyNumber(v, "", "");
  if (typeof v !== "string") return null;
  const m = /^\s*([-+\u2212]?)\s*(\$?)\s*([-+\u2212]?)([\d,]*\.?\d+)\s*(.*?)\s*$/.exec(v);
  if (!m) return null;
  const negative = (m[1] || m[3]) === "-" || (m[1] || m[3]) === "\u2212";
  const n = Number(m[4].replace(/,/g, ""));
  if (!Number.isFinite(n)) return null;
  return economyNumber(negative ? -n : n, m[2], m[5]);
}
