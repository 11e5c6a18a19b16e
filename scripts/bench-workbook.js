/**
 * The bench's synthetic finance model and its distinct identities, computed here from the rule
 * (tool + ticker/query + the parameters that change the content), independently of the engine's rules.
 */
"use strict";

const SERIES = ["UNRATE", "DGS10", "CPIAUCSL", "DFF", "PAYEMS", "T10Y2Y", "VIXCLS", "M2SL"];

/**
 * A synthetic model, as {fn, tool, params}: per ticker, FINANCIALS cells over metrics of the three
 * statements (annual and quarterly, various years, defaults spelled out or not), COMPANY fields,
 * FILINGS/HEADLINES/HOLDERS/LEADERSHIP at different limits and years, PEERS; plus ECONOMY, insider and
 * congress feeds and SCREEN cells shared by the sheet.
 */
function workbook(tickers, FIN) {
  const out = [];
  const add = (fn, tool, params) => out.push({ fn, tool, params });
  tickers.forEach((t, ti) => companyCells(add, t, ti, FIN));
  marketCells(add);
  // The field picks a cell, not a request: kept beside the parameters (scripts/bench-cli.js writes it into the formula).
  for (const f of out) {
    if (f.params._field) f.field = f.params._field;
    delete f.params._field;
  }
  return out;
}

/** `n` items of `list` from `off`, three apart (wrapping). */
const pick = (list, n, off) => Array.from({ length: n }, (_, i) => list[(i * 3 + off) % list.length]);

/** One company's cells: COMPANY fields, FINANCIALS of the three statements, filings, headlines, holders, leadership, peers. */
function companyCells(add, t, ti, FIN) {
  const lc = t.toLowerCase();
  for (const field of ["name", "exchange", "industry", "shares_outstanding_m", "public_float_usd_m", "cik"])
    add("COMPANY", "get_company", { ticker: ti % 2 ? lc : t, _field: field });
  pick(FIN.income, 12, ti).forEach((m, i) =>
    add("FINANCIALS", "get_financials", { ticker: t, metrics: m, years: [3, 5, 10, 20][i % 4] }),
  );
  add("FINANCIALS", "get_financials", { ticker: t, metrics: ["revenue", "net_income"], years: 3 });
  add("FINANCIALS", "get_financials", { ticker: t });
  add("FINANCIALS", "get_financials", { ticker: lc, statement: "income", period_type: "annual", years: 5 });
  pick(FIN.balance, 8, ti).forEach((m, i) =>
    add("FINANCIALS", "get_financials", { ticker: t, statement: "balance", metrics: m, years: i % 2 ? 5 : 3 }),
  );
  pick(FIN.cash_flow, 6, ti).forEach((m) =>
    add("FINANCIALS", "get_financials", { ticker: t, statement: "cash_flow", metrics: m, years: 5 }),
  );
  pick(FIN.income, 4, ti + 1).forEach((m, i) =>
    add("FINANCIALS", "get_financials", { ticker: t, metrics: m, period_type: "quarterly", years: 1 + i }),
  );
  add("FILINGS", "list_filings", { ticker: t, form_type: "10-K", limit: 5 });
  add("FILINGS", "list_filings", { ticker: t, form_type: "10-K" });
  add("FILINGS", "list_filings", { ticker: t, limit: 10 });
  add("FILINGS", "list_filings", { ticker: t, limit: 20 });
  add("FILINGS", "list_filings", { ticker: lc });
  add("HEADLINES", "get_headlines", { ticker: t, limit: 5 });
  add("HEADLINES", "get_headlines", { ticker: t });
  add("HEADLINES", "get_headlines", { ticker: t, limit: 10 });
  add("HOLDERS", "get_institutional_holders", { ticker: t });
  add("HOLDERS", "get_institutional_holders", { ticker: t, limit: 20 });
  add("HOLDERS", "get_institutional_holders", { ticker: t, limit: 50 });
  add("LEADERSHIP", "get_leadership", { ticker: t });
  add("LEADERSHIP", "get_leadership", { ticker: t, years: 5 });
  add("LEADERSHIP", "get_leadership", { ticker: t, years: 3 });
  add("PEERS", "get_peers", { ticker: t });
}

/** The cells shared by the sheet: ECONOMY series, the insider and congress feeds, SCREEN. */
function marketCells(add) {
  for (const s of SERIES) {
    add("ECONOMY", "get_economy", { series_id: s, range: "5Y" });
    add("ECONOMY", "get_economy", { series_id: s });
    add("ECONOMY", "get_economy", { series_id: s, range: "10Y" });
    add("ECONOMY", "get_economy", { series_id: s, range: "MAX" });
  }
  add("ECONOMY", "get_economy", { series_id: "DGS10", range: "1Y" });
  add("ECONOMY", "get_economy", {});
  add("ECONOMY", "get_economy", { range: "MAX" });
  for (let i = 0; i < 3; i++) {
    add("INSIDERFEED", "get_insider_feed", { days: 7 });
    add("INSIDERFEED", "get_insider_feed", {});
    add("INSIDERFEED", "get_insider_feed", { days: 7, buys_only: true, clusters: false, limit: 25 });
    add("INSIDERFEED", "get_insider_feed", { days: 7, limit: 10 });
    add("INSIDERFEED", "get_insider_feed", { days: 30, clusters: true });
    add("CONGRESSFEED", "get_congress_feed", { days: 30 });
    add("CONGRESSFEED", "get_congress_feed", {});
    add("CONGRESSFEED", "get_congress_feed", { limit: 10 });
    add("SCREEN", "screen_companies", { filters: ["roic:15:", "net_debt_to_ebitda::2"], limit: 20 });
    add("SCREEN", "screen_companies", { filters: ["roic:15.0:", "net_debt_to_ebitda::2.00"] });
    add("SCREEN", "screen_companies", { filters: ["revenue_growth_yoy:10:"], sort_by: "rule_of_40" });
  }
}
/**
 * Distinct identities by the rule, written out here for the tools this workbook uses: the
 * tool, ticker/query/series, and the parameters that change the content (never limit/years/metrics,
 * which a wide call answers by slicing).
 */
function identityOf({ tool, params: p }) {
  const up = (s) => String(s).toUpperCase();
  switch (tool) {
    case "get_financials":
      return `fin|${up(p.ticker)}|${p.statement || "income"}|${p.period_type || "annual"}`;
    case "list_filings":
      return `filings|${up(p.ticker)}|${p.form_type || ""}`;
    case "get_economy":
      if (!p.series_id) return "economy|snapshot";
      return `economy|${p.series_id}|${p.range === "1Y" ? "daily" : "long"}`;
    case "get_insider_feed": {
      const base = `${p.days ?? 7}|${p.buys_only ?? true}|${p.min_value_usd ?? ""}|${p.clusters ?? false}`;
      return p.clusters ? `insiderfeed|${base}|${p.limit ?? 25}` : `insiderfeed|${base}`;
    }
    case "get_congress_feed":
      return `congressfeed|${p.days ?? 30}|${p.member ?? ""}|${p.party ?? ""}|${p.chamber ?? ""}|${p.transaction_type ?? ""}`;
    case "screen_companies": {
      const filters = p.filters.map((f) => f.split(":").map((x, i) => (i === 0 || x === "" ? x : String(Number(x)))).join(":"));
      return `screen|${filters.join(",")}|${p.sort_by || filters[0].split(":")[0]}|${p.descending ?? true}`;
    }
    default:
      return `${tool}|${up(p.ticker)}`;
  }
}

module.exports = { workbook, identityOf };
