/**
 * API answer → grid for every tool but get_financials (see financials.ts). Record tools spill one
 * record per row in the API's order under a header of the API's field names; the columns are the
 * spec's, so fields the API adds later never shift a model's references.
 */
import type { ToolName } from "../api/catalogue";
import { Cell, Grid, PAD, ShapeOptions, asArray, asRecord, cellOf, dateCell, fieldCell, nonEmpty, numberCell, recordTable, rectangular, str, withNotices } from "./grid";
import { NumberKind } from "./values";
import { noticesOf } from "./notices";

/** Columns of each record list, as the spec names them. */
export const COLUMNS = {
  search: ["ticker", "name", "exchange", "country", "cik"],
  filings: ["form", "filing_date", "report_date", "accession_number", "description", "sec_url"],
  insiders: ["filed_date", "transaction_date", "owner", "role", "code", "acquired_disposed", "shares", "price", "value_usd", "shares_after", "source_url"],
  insiderFeed: ["filed_date", "transaction_date", "ticker", "company", "owner", "role", "code", "shares", "price", "value_usd", "shares_after", "days_to_file", "plan_10b5_1", "source_url"],
  insiderClusters: ["ticker", "company", "buyers", "buys", "buy_usd", "sellers", "sell_usd", "first_filed", "last_filed", "buyer_names"],
  congress: ["transaction_date", "filing_date", "member", "party", "chamber", "state", "type", "amount_low_usd", "amount_high_usd", "owner", "source_url"],
  congressFeed: ["filing_date", "transaction_date", "member", "bioguide_id", "party", "chamber", "state", "ticker", "asset_as_filed", "type", "amount_low_usd", "amount_high_usd", "owner", "source_url"],
  headlines: ["published", "title", "source", "url"],
  economySnapshot: ["id", "label", "basis", "latest", "prior", "unit", "date", "prior_date", "next_release"],
  economyHistory: ["date", "value", "unit"],
  holders: ["manager", "cik", "manager_type", "report_period", "filed_date", "shares", "value_usd_m", "status", "change_shares", "source_url"],
  investorHoldings: ["ticker", "issuer", "class", "put_call", "shares", "value_usd_m", "pct_of_portfolio", "cusip"],
  investorChanges: ["ticker", "issuer", "class", "put_call", "status", "shares", "prior_shares", "change_shares", "value_usd_m", "prior_value_usd_m", "cusip"],
  investorCandidates: ["cik", "name", "investor", "manager_type", "latest_quarter"],
  shortInterest: ["settlement_date", "short_shares", "prior_short_shares", "change_shares", "change_pct", "avg_daily_volume", "days_to_cover", "revised", "split"],
  peers: ["ticker", "name", "exchange", "cik", "url"],
  segments: ["axis", "metric", "member", "value", "prior_year", "change_pct", "derived", "tag", "unit", "period_end"],
  changes: ["label", "concept", "previous", "current", "change", "change_pct", "kind", "material", "scale"],
  founders: ["name", "role_type", "title", "voting_pct", "economic_pct", "confidence"],
  ceoPay: ["fiscal_year_end", "ceo", "total_pay_usd_m", "comp_actually_paid_usd_m", "other_neos_avg_total_pay_usd_m", "source_url"],
  summary: ["section", "finding", "quote", "verified"],
} as const;

/** The first array of objects in `data` (for answers whose list name the spec does not show). */
function firstList(data: Record<string, unknown>, preferred: string[]): unknown[] {
  for (const k of preferred) if (Array.isArray(data[k])) return data[k] as unknown[];
  const found = Object.values(data).find((v) => Array.isArray(v) && v.length > 0 && typeof v[0] === "object");
  return (found as unknown[]) ?? [];
}

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

function reported(data: Record<string, unknown>, opts: ShapeOptions): Grid {
  const view = str(data.view) || (Array.isArray(data.segments) ? "segments" : Array.isArray(data.changes) ? "changes" : "as_filed");
  if (view === "segments") return segments(data, opts);
  if (view === "changes") return changes(data, opts);
  const periods = asArray(data.periods).map(asRecord);
  const rows: Grid = [];
  if (opts.headers >= 1) rows.push(["label", "concept", "scale", ...periods.map((p) => str(p.label))]);
  if (opts.headers >= 2) rows.push(["period_end", PAD, PAD, ...periods.map((p) => dateCell(p.period_end, opts))]);
  for (const line of asArray(data.lines).map(asRecord)) {
    const values = asArray(line.values);
    const kind = scaleKind(line.scale);
    rows.push([str(line.label), str(line.concept), cellOf(line.scale, opts), ...periods.map((_, i) => numberCell(values[i], kind, opts))]);
  }
  return rows;
}

/** Values "in scale": M = millions (thousands separators, one decimal), 1 = as reported. */
function scaleKind(scale: unknown): NumberKind {
  return str(scale).toUpperCase() === "M" ? "usd_m" : "number";
}

/** Segment values are millions of `unit` (spec): the unit column says so ("USD millions"). */
function segments(data: Record<string, unknown>, opts: ShapeOptions): Grid {
  const rows = recordTable(data.segments, COLUMNS.segments, opts);
  const unitAt = COLUMNS.segments.indexOf("unit");
  const millions = [COLUMNS.segments.indexOf("value"), COLUMNS.segments.indexOf("prior_year")];
  asArray(data.segments).forEach((rec, i) => {
    const row = rows[i + (opts.headers >= 1 ? 1 : 0)];
    const unit = str(asRecord(rec).unit);
    row[unitAt] = unit ? `${unit} millions` : null;
    for (const at of millions) row[at] = numberCell(asRecord(rec)[COLUMNS.segments[at]], "usd_m", opts);
  });
  return rows;
}

/** Changed lines: previous, current and change in the line's scale. */
function changes(data: Record<string, unknown>, opts: ShapeOptions): Grid {
  const rows = recordTable(data.changes, COLUMNS.changes, opts);
  asArray(data.changes).forEach((rec, i) => {
    const r = asRecord(rec);
    const row = rows[i + (opts.headers >= 1 ? 1 : 0)];
    const kind = scaleKind(r.scale);
    for (const f of ["previous", "current", "change"] as const) row[COLUMNS.changes.indexOf(f)] = numberCell(r[f], kind, opts);
  });
  return rows;
}

function summary(data: Record<string, unknown>, opts: ShapeOptions): Grid {
  const rows: Grid = [];
  if (opts.headers >= 1) rows.push([...COLUMNS.summary]);
  const sections = asArray(data.sections).map(asRecord);
  if (sections.length) {
    for (const s of sections) {
      for (const b of asArray(s.bullets).map(asRecord)) {
        const cites = asArray(b.citations).map(asRecord);
        const quote = cites.map((c) => str(c.quote)).filter(Boolean).join(" | ");
        const verified: Cell = cites.length ? cites.every((c) => c.verified === true) : null;
        rows.push([cellOf(str(s.title)), cellOf(str(b.text)), cellOf(quote || null), verified]);
      }
    }
  } else if (str(data.summary_markdown)) {
    // An older summary without sections: one row per markdown bullet or paragraph, under its heading.
    let section = "Summary";
    for (const raw of str(data.summary_markdown).split(/\r?\n/)) {
      const line = raw.trim();
      if (!line) continue;
      const heading = /^#+\s*(.*)$/.exec(line);
      if (heading) {
        section = heading[1];
        continue;
      }
      rows.push([cellOf(section), cellOf(line.replace(/^[-*]\s+/, "")), null, null]);
    }
  }
  return rows;
}

/** get_leadership: fixed-shape overview, then founders, then CEO pay, as labelled blocks; `part=` picks one. */
function leadership(data: Record<string, unknown>, opts: ShapeOptions): Grid {
  const part = (opts.extra.part ?? "all").toLowerCase();
  const ceo = asRecord(data.ceo);
  const family = asRecord(data.founding_family);
  const source = asRecord(data.source);
  const overview: [string, unknown][] = [
    ["name", data.name],
    ["ceo", ceo.name],
    ["ceo_title", ceo.title],
    ["founder_led", data.founder_led],
    ["founder_on_board", data.founder_on_board],
    ["founder_controlled", data.founder_controlled],
    ["control_basis", data.control_basis],
    ["family_controlled", data.family_controlled],
    ["founding_family", family.family],
    ["confidence", data.confidence],
    ["reviewed", data.reviewed],
    ["notes", data.notes],
    ["source_url", source.url],
  ];
  const overviewRows = (): Grid => [
    ...(opts.headers >= 1 ? [["field", "value"] as Cell[]] : []),
    ...overview.map(([k, v]): Cell[] => [k, fieldCell(k, v, opts)]),
  ];
  if (part === "overview") return overviewRows();
  if (part === "founders") return recordTable(data.founders, COLUMNS.founders, opts);
  if (part === "ceo_pay") return recordTable(data.ceo_pay, COLUMNS.ceoPay, opts);
  const label = (t: string): Cell[] => (opts.headers >= 1 ? [t] : []);
  const block = (t: string, g: Grid): Grid => [label(t), ...g].filter((r) => r.length);
  return [
    ...block("Overview", overviewRows()),
    ...block("Founders", recordTable(data.founders, COLUMNS.founders, opts)),
    ...block("CEO pay", recordTable(data.ceo_pay, COLUMNS.ceoPay, opts)),
  ];
}

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

function screen(data: Record<string, unknown>, opts: ShapeOptions): Grid {
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
    rows.push([cellOf(c.ticker, opts), cellOf(c.name, opts), cellOf(c.exchange, opts), fieldCell("cik", c.cik, opts), ...metrics.map((k) => screenCell(m[k], str(units[k]), opts)), cellOf(asArray(c.notes).length ? c.notes : null, opts)]);
  }
  return rows;
}

function economy(data: Record<string, unknown>, opts: ShapeOptions): Grid {
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
  // a level in whole units (claims, payrolls in k): grouped like every other count, so ICSA's 228,000
  // reads like PAYEMS's 120,000; other figures (an index, a sentiment score) as they are
  return { value, unit: suf, kind: Number.isInteger(value) && Math.abs(value) >= 1000 ? "count" : "number" };
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

function investor(data: Record<string, unknown>, opts: ShapeOptions): Grid {
  if (Array.isArray(data.changes) || str(data.view) === "changes") return recordTable(data.changes, COLUMNS.investorChanges, opts);
  if (Array.isArray(data.holdings)) return recordTable(data.holdings, COLUMNS.investorHoldings, opts);
  return recordTable(data.candidates, COLUMNS.investorCandidates, opts);
}

function insiderFeed(data: Record<string, unknown>, opts: ShapeOptions): Grid {
  if (Array.isArray(data.clusters)) return recordTable(data.clusters, COLUMNS.insiderClusters, opts);
  return recordTable(data.trades, COLUMNS.insiderFeed, opts);
}

/** The body of a tool's grid, before notices. */
function body(tool: ToolName, data: Record<string, unknown>, opts: ShapeOptions): Grid {
  switch (tool) {
    case "search_companies":
      return recordTable(firstList(data, ["companies", "results", "matches"]), COLUMNS.search, opts);
    case "get_company":
      return profileRows(data, opts);
    case "get_reported_financials":
      return reported(data, opts);
    case "list_filings":
      return recordTable(data.filings, COLUMNS.filings, opts);
    case "get_filing_summary":
      return summary(data, opts);
    case "get_insider_trades":
      return recordTable(data.trades, COLUMNS.insiders, opts);
    case "get_insider_feed":
      return insiderFeed(data, opts);
    case "get_congress_trades":
      return recordTable(data.trades, COLUMNS.congress, opts);
    case "get_congress_feed":
      return recordTable(data.trades, COLUMNS.congressFeed, opts);
    case "get_headlines":
      return recordTable(data.headlines, COLUMNS.headlines, opts);
    case "get_economy":
      return economy(data, opts);
    case "get_leadership":
      return leadership(data, opts);
    case "get_institutional_holders":
      return recordTable(data.holders, COLUMNS.holders, opts);
    case "get_investor":
      return investor(data, opts);
    case "get_short_interest":
      return recordTable(data.short_interest, COLUMNS.shortInterest, opts);
    case "get_peers":
      return recordTable(data.peers, COLUMNS.peers, opts);
    case "screen_companies":
      return screen(data, opts);
    case "get_financials":
      throw new Error("get_financials is shaped by shape/financials.ts");
  }
}

/** The whole grid for a tool's answer: body, then `Notice:` rows, rectangular and never empty. */
export function shapeAnswer(tool: ToolName, data: Record<string, unknown>, opts: ShapeOptions): Grid {
  return nonEmpty(withNotices(rectangular(body(tool, data, opts)), noticesOf(tool, data), opts));
}

