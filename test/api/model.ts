/**
 * A tiny model of what the API returns for given parameters, written from the spec's text (row order
 * and what each parameter does), NOT from src/api/wide.ts: property tests check that slicing a wide
 * answer gives what the API would have answered for the narrow request.
 *
 * Stated in the spec and modelled here: limit/periods cut the first N rows of the ordered list
 * (newest first, largest first, best match first, sort order); leadership `years` = ceo_pay of the
 * newest N fiscal years (a CEO change gives two rows for one year); get_financials returns the asked
 * metrics, one column per year (four when quarterly), oldest first, and with include_provenance a
 * source per value; screen sorts by sort_by (default the first filter's metric) in the asked direction.
 * Our documented decision (not the spec's): economy 5Y/10Y = points after (newest point − N years).
 */
import { FINANCIAL_METRICS, ToolName } from "../../src/api/catalogue";
import { ToolParams } from "../../src/api/validate";

type Data = Record<string, unknown>;

function seedOf(s: string): number {
  let h = 2166136261;
  for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return h >>> 0;
}

function rows(prefix: string, n: number, make: (i: number) => Data): Data[] {
  return Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i}`, ...make(i) }));
}

const UNIVERSE_ROWS = 160; // more than any stated maximum

function first(list: Data[], n: unknown): Data[] {
  return list.slice(0, typeof n === "number" ? n : list.length);
}

function identityText(p: ToolParams, skip: string[]): string {
  return Object.keys(p)
    .filter((k) => !skip.includes(k))
    .sort()
    .map((k) => `${k}=${JSON.stringify(p[k])}`)
    .join("&");
}

function financials(p: ToolParams): Data {
  const quarterly = p.period_type === "quarterly";
  const all = quarterly
    ? Array.from({ length: 80 }, (_, i) => `${2007 + Math.floor(i / 4)}Q${(i % 4) + 1}`)
    : Array.from({ length: 20 }, (_, i) => `FY${2007 + i}`);
  const n = Math.min(all.length, (p.years as number) * (quarterly ? 4 : 1));
  const periods = all.slice(all.length - n);
  const metrics = (p.metrics as string[]).map((key) => {
    const values = periods.map((label) => (seedOf(`${p.ticker}${key}${label}`) % 100000) / 10);
    const m: Data = { key, label: key.replace(/_/g, " "), unit_kind: "currency", values };
    if (p.include_provenance === true) m.provenance = periods.map((label) => ({ period: label, concept: `us-gaap:${key}`, accession_number: `acc-${label}` }));
    return m;
  });
  return {
    ticker: p.ticker,
    cik: 320193,
    statement: p.statement,
    period_type: p.period_type,
    units: "USD millions",
    periods,
    period_ends: periods.map((l) => `${l.replace(/\D/g, "").slice(0, 4)}-09-30`),
    metrics,
  };
}

function screen(p: ToolParams): Data {
  const filters = (p.filters as string[]).map((f) => {
    const [metric, min, max] = f.split(":");
    return { metric, min: min === "" ? null : Number(min), max: max === "" ? null : Number(max) };
  });
  const sortBy = (p.sort_by as string | undefined) ?? filters[0].metric;
  const wanted = [...new Set([...filters.map((f) => f.metric), sortBy])];
  const companies = Array.from({ length: 120 }, (_, i) => {
    const metrics: Record<string, number> = {};
    for (const m of wanted) metrics[m] = (seedOf(`${m}-${i}`) % 2001) / 10 - 50; // distinct enough: ties broken by ticker
    return { ticker: `T${String(i).padStart(3, "0")}`, name: `Company ${i}`, metrics };
  })
    .filter((c) => filters.every((f) => (f.min === null || c.metrics[f.metric] >= f.min) && (f.max === null || c.metrics[f.metric] <= f.max)))
    .sort((a, b) => (p.descending === false ? 1 : -1) * (a.metrics[sortBy] - b.metrics[sortBy]) || a.ticker.localeCompare(b.ticker));
  return { as_of: "2026-11-22", filters, sort_by: sortBy, descending: p.descending !== false, companies: first(companies, p.limit), excluded_not_sec_derived: 3 };
}

function leadership(p: ToolParams): Data {
  const pay: Data[] = [];
  for (let y = 2025; y >= 2014; y--) {
    pay.push({ fiscal_year_end: `${y}-09-30`, ceo: y === 2021 ? "New CEO" : "CEO", total_pay_usd_m: y });
    if (y === 2021) pay.push({ fiscal_year_end: `${y}-09-30`, ceo: "Old CEO", total_pay_usd_m: y / 2 });
  }
  const years = [...new Set(pay.map((r) => r.fiscal_year_end))].slice(0, p.years as number);
  return { ticker: p.ticker, founders: [], ceo: { name: "CEO" }, ceo_pay: pay.filter((r) => years.includes(r.fiscal_year_end)) };
}

function economy(p: ToolParams): Data {
  if (p.series_id === undefined) return { as_of: "2026-10-01", indicators: [{ id: "UNRATE", latest: "4.1%" }], notice: "n" };
  if (p.range === "1Y") {
    const points = Array.from({ length: 250 }, (_, i) => ({ date: new Date(Date.UTC(2025, 9, 2) + i * 86400000).toISOString().slice(0, 10), value: i }));
    return { id: p.series_id, range: "1Y", resolution: "D", points, notice: "n" };
  }
  const all: Data[] = [];
  for (let y = 1990; y <= 2026; y++) for (let m = 1; m <= 12; m++) if (y < 2026 || m <= 10) all.push({ date: `${y}-${String(m).padStart(2, "0")}-01`, value: y + m / 100 });
  const newest = all[all.length - 1].date as string;
  const span = p.range === "MAX" ? null : Number(String(p.range).replace("Y", ""));
  const cutoff = span === null ? "" : `${Number(newest.slice(0, 4)) - span}${newest.slice(4)}`;
  return { id: p.series_id, range: p.range, resolution: "M", points: all.filter((x) => (x.date as string) > cutoff), notice: "n" };
}

/** The data the API would return for these (canonical) parameters. */
export function apiData(tool: ToolName, p: ToolParams): Data {
  const id = identityText(p, ["limit", "periods"]);
  const list = (prefix: string): Data[] => rows(`${tool}-${seedOf(id)}-${prefix}`, UNIVERSE_ROWS, (i) => ({ rank: i }));
  switch (tool) {
    case "get_financials":
      return financials(p);
    case "screen_companies":
      return screen(p);
    case "get_leadership":
      return leadership(p);
    case "get_economy":
      return economy(p);
    case "search_companies":
      return { query: p.query, companies: first(list("c"), p.limit) };
    case "list_filings":
      return { ticker: p.ticker, cik: 1, filings: first(list("f"), p.limit) };
    case "get_insider_trades":
    case "get_congress_trades":
      return { ticker: p.ticker, trades: first(list("t"), p.limit) };
    case "get_insider_feed":
      return p.clusters === true
        ? { clusters: first(list("k").reverse(), p.limit) } // order not stated
        : { since: "2026-11-16", buys_only: p.buys_only, trades: first(list("t"), p.limit) };
    case "get_congress_feed":
      return { since: "2026-10-24", trades: first(list("t"), p.limit) };
    case "get_headlines":
      return { ticker: p.ticker, headlines: first(list("h"), p.limit), attribution: { name: "x", url: "https://x" } };
    case "get_institutional_holders":
      return { ticker: p.ticker, lines_total: 999, holders: first(list("h"), p.limit) };
    case "get_investor":
      return p.view === "changes"
        ? { cik: 1, view: "changes", counts: { new: 1 }, changes: first(list("c"), p.limit) }
        : { cik: 1, view: "holdings", positions: UNIVERSE_ROWS, holdings: first(list("h"), p.limit) };
    case "get_short_interest":
      return { ticker: p.ticker, short_interest: first(list("s"), p.periods), attribution: { notice: "n" } };
    case "get_reported_financials": {
      const arr = p.view === "segments" ? "segments" : p.view === "changes" ? "changes" : "lines";
      return { ticker: p.ticker, view: p.view, [arr]: first(list(arr), p.limit), [`total_${arr === "lines" ? "lines" : arr === "segments" ? "rows" : "changes"}`]: UNIVERSE_ROWS };
    }
    default:
      return { ticker: p.ticker ?? null, params: id };
  }
}

export { FINANCIAL_METRICS };
