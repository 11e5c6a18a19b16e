/**
 * The catalogue of the Company Data API's 18 tools, as data.
 *
 * This is the single source of truth for tool names, parameters, bounds, defaults, list-ness,
 * cache lifetimes and the SVC function that exposes each tool. Validation, the custom functions'
 * argument mapping, the task pane's builders, the CLI and the tests all read it; never restate a
 * bound elsewhere. Transcribed from the spec's "Endpoints" table (vendored as docs/api-spec.md).
 */

import { CHAMBER_SYNONYMS, ECONOMY_LABELS, PARTIES, PARTY_SYNONYMS, TRANSACTION_SYNONYMS } from "./words";
import { DEFAULT_METRICS, DEFAULT_STATEMENT, ECONOMY_SERIES, SCREEN_METRICS, STATEMENTS, YEARS_MAX } from "./lists";
import type { ParamSpec, ToolName, ToolSpec, WideRule } from "./tool-spec";

export type { ParamScalar, ParamSpec, ToolName, ToolSpec, WideRule } from "./tool-spec";

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

/** U.S. ticker: letters and digits, with class suffixes after a hyphen or dot (BRK-B). */
const TICKER: ParamSpec = {
  name: "ticker",
  type: "string",
  required: true,
  minLength: 1,
  maxLength: 12,
  pattern: /^[A-Za-z0-9][A-Za-z0-9.-]*$/,
  patternHint: "a U.S. ticker symbol such as AAPL or BRK-B",
  normalise: "ticker",
  description: "U.S. ticker symbol (class suffixes with a hyphen, e.g. BRK-B)",
};

const limit = (max: number, dflt: number): ParamSpec => ({
  name: "limit",
  type: "integer",
  min: 1,
  max,
  default: dflt,
  description: `Rows to return, 1-${max} (default ${dflt})`,
});

export {
  DEFAULT_STATEMENT, FINANCIAL_METRICS, SCREEN_METRICS, STATEMENTS, YEARS_MAX,
} from "./lists";
export type { Statement } from "./lists";

/** Record tools whose `limit` cuts the first N rows of one array: ask the maximum, slice locally. */
const firstRows = (...arrays: string[]): WideRule => ({ kind: "rows", param: "limit", arrays, widen: true });

export const TOOLS: Readonly<Record<ToolName, ToolSpec>> = {
  search_companies: {
    name: "search_companies",
    fn: "SEARCH",
    fnArgs: ["query", "limit", "options"],
    kind: "record",
    description: "Find U.S.-listed companies by name or ticker; best match first.",
    ttlMs: DAY,
    params: [
      { name: "query", type: "string", required: true, minLength: 1, maxLength: 100, description: "Company name or ticker, 1-100 characters" },
      limit(25, 10),
    ],
    // best match first: the order is the query's; data shape not shown in the spec (companies[] seen)
    wide: firstRows("companies", "results", "matches"),
  },
  get_company: {
    name: "get_company",
    fn: "COMPANY",
    fnArgs: ["ticker", "field", "options"],
    kind: "profile",
    description: "One company's profile: name, exchange, CIK, industry, float, shares, business summary.",
    ttlMs: DAY,
    params: [TICKER],
  },
  get_financials: {
    name: "get_financials",
    fn: "FINANCIALS",
    fnArgs: ["ticker", "metrics", "period", "options"],
    kind: "statement",
    description: "Standardized income, balance and cash-flow statements with precomputed ratios.",
    ttlMs: 12 * HOUR,
    params: [
      TICKER,
      { name: "statement", type: "enum", values: STATEMENTS, default: DEFAULT_STATEMENT, description: "income, balance or cash_flow" },
      {
        name: "metrics",
        type: "string",
        list: true,
        format: "financial_metric",
        defaultBy: { param: "statement", values: DEFAULT_METRICS },
        description: 'One metric ("revenue", "sales", "Net Income"), a list ("revenue,net_income") or a range, all from one statement; omitted: the whole statement',
      },
      { name: "period_type", type: "enum", values: ["annual", "quarterly"], default: "annual", description: "annual or quarterly" },
      { name: "years", type: "integer", min: 1, max: YEARS_MAX, default: 5, description: `Fiscal years back, 1-${YEARS_MAX} (default 5)` },
      { name: "include_provenance", type: "boolean", default: false, description: "Attach each value's XBRL source" },
    ],
    wide: {
      kind: "columns",
      param: "years",
      perColumn: { param: "period_type", values: { annual: 1, quarterly: 4 } },
      list: "metrics",
      columnArrays: ["periods", "period_ends"],
      flags: { include_provenance: true },
    },
  },
  get_reported_financials: {
    name: "get_reported_financials",
    fn: "REPORTED",
    fnArgs: ["ticker", "statement", "view", "fiscal_year", "period", "limit", "options"],
    kind: "statement",
    description: "Statements exactly as filed, segment values, and the lines that moved most.",
    ttlMs: 12 * HOUR,
    params: [
      TICKER,
      {
        name: "statement",
        type: "enum",
        values: STATEMENTS,
        default: DEFAULT_STATEMENT,
        ignoredWhen: { param: "view", values: ["segments"] },
        description: "income, balance or cash_flow (ignored by the segments view)",
      },
      { name: "view", type: "enum", values: ["as_filed", "segments", "changes"], default: "as_filed", description: "as_filed, segments or changes" },
      // No bounds in the spec: any positive integer is passed through.
      { name: "fiscal_year", type: "integer", min: 1, description: "Fiscal year as the filer labels it (default latest)" },
      {
        name: "period",
        type: "enum",
        values: ["FY", "Q1", "Q2", "Q3", "Q4"],
        default: "FY",
        onlyWhen: [{ values: ["Q4"], when: { param: "view", values: ["segments"] }, rule: "Q4 only with the segments view" }],
        description: "FY, Q1, Q2, Q3 or Q4 (Q4 only for segments)",
      },
      // The spec gives no bounds for this limit: the most tolerant choice is any positive integer.
      {
        name: "limit",
        type: "integer",
        min: 1,
        defaultBy: { param: "view", values: { as_filed: 100, segments: 60, changes: 15 } },
        description: "Rows to return (default 100 as filed, 60 segments, 15 changes)",
      },
    ],
    // No stated maximum: limit stays in the identity; a larger cached limit still answers a smaller one.
    wide: { kind: "rows", param: "limit", arrays: ["lines", "segments", "changes"], widen: false },
  },
  list_filings: {
    name: "list_filings",
    fn: "FILINGS",
    fnArgs: ["ticker", "form_type", "limit", "options"],
    kind: "record",
    description: "A company's filings, newest first.",
    ttlMs: 6 * HOUR,
    params: [
      TICKER,
      { name: "form_type", type: "string", minLength: 1, maxLength: 20, format: "form_type", description: "SEC form type such as 10-K, 10-Q, 8-K, 4, DEF 14A (10K, 10-k are read as 10-K; /A for an amendment)" },
      limit(50, 20),
    ],
    wide: firstRows("filings"),
  },
  get_filing_summary: {
    name: "get_filing_summary",
    fn: "SUMMARY",
    fnArgs: ["ticker", "accession_number", "options"],
    kind: "document",
    description: "An existing AI summary of a filing (never generates one).",
    ttlMs: DAY,
    params: [
      TICKER,
      { name: "accession_number", type: "string", minLength: 1, description: "Filing accession number (default: newest summarised 10-K, 10-Q or 8-K)" },
    ],
  },
  get_insider_trades: {
    name: "get_insider_trades",
    fn: "INSIDERS",
    fnArgs: ["ticker", "limit", "options"],
    kind: "record",
    description: "Insider transactions (Forms 3/4/5) for one company, newest filed first.",
    ttlMs: HOUR,
    params: [TICKER, limit(100, 20)],
    wide: firstRows("trades"),
  },
  get_insider_feed: {
    name: "get_insider_feed",
    fn: "INSIDERFEED",
    fnArgs: ["days", "buys_only", "min_value_usd", "clusters", "limit", "options"],
    kind: "record",
    description: "Open-market insider trades across all companies, or clusters of buying.",
    ttlMs: 30 * MIN,
    params: [
      { name: "days", type: "integer", min: 1, max: 90, default: 7, description: "Filed in the last N days, 1-90 (default 7)" },
      { name: "buys_only", type: "boolean", default: true, description: "TRUE = purchases only (default); FALSE adds sales" },
      { name: "min_value_usd", type: "number", description: "Minimum trade value in USD (or minimum total buys of a cluster)" },
      { name: "clusters", type: "boolean", default: false, description: "TRUE = stocks where 2 or more insiders bought" },
      limit(100, 25),
    ],
    // trades are newest filed first; the order of clusters is not stated, so their limit stays exact
    wide: { kind: "rows", param: "limit", arrays: ["trades"], widen: true, when: { param: "clusters", values: [false] } },
  },
  get_congress_trades: {
    name: "get_congress_trades",
    fn: "CONGRESS",
    fnArgs: ["ticker", "limit", "options"],
    kind: "record",
    description: "Trades in one company's stock disclosed by members of Congress.",
    ttlMs: 6 * HOUR,
    params: [TICKER, limit(100, 20)],
    wide: firstRows("trades"),
  },
  get_congress_feed: {
    name: "get_congress_feed",
    fn: "CONGRESSFEED",
    fnArgs: ["days", "member", "party", "chamber", "transaction_type", "limit", "options"],
    kind: "record",
    description: "Trades disclosed by members of Congress across all assets.",
    ttlMs: HOUR,
    params: [
      { name: "days", type: "integer", min: 1, max: 365, default: 30, description: "Filed in the last N days, 1-365 (default 30)" },
      { name: "member", type: "string", minLength: 1, description: "A member's name or bioguide id" },
      { name: "party", type: "string", minLength: 1, known: PARTIES, synonyms: PARTY_SYNONYMS, description: "Democrat, Republican or Independent (D, R, I also read)" },
      { name: "chamber", type: "enum", values: ["house", "senate"], synonyms: CHAMBER_SYNONYMS, description: "house or senate" },
      { name: "transaction_type", type: "enum", values: ["purchase", "sale", "exchange"], synonyms: TRANSACTION_SYNONYMS, description: "purchase, sale or exchange (buy and sell also read)" },
      limit(100, 25),
    ],
    wide: firstRows("trades"),
  },
  get_headlines: {
    name: "get_headlines",
    fn: "HEADLINES",
    fnArgs: ["ticker", "limit", "options"],
    kind: "record",
    description: "Recent press headlines about one company (no article text).",
    ttlMs: 15 * MIN,
    params: [TICKER, limit(20, 10)],
    wide: firstRows("headlines"),
  },
  get_economy: {
    name: "get_economy",
    fn: "ECONOMY",
    fnArgs: ["series_id", "range", "options"],
    kind: "record",
    description: "U.S. economic indicators: a snapshot of all, or the history of one series.",
    ttlMs: HOUR,
    params: [
      { name: "series_id", type: "enum", values: ECONOMY_SERIES, labels: ECONOMY_LABELS, description: "A series id such as UNRATE or DGS10 (omit for the snapshot)" },
      {
        name: "range",
        type: "enum",
        values: ["1Y", "5Y", "10Y", "MAX"],
        default: "5Y",
        usedOnlyWith: "series_id",
        description: "1Y, 5Y, 10Y or MAX (with series_id)",
      },
    ],
    // Beyond 1Y every series is monthly: 5Y and 10Y are windows of MAX; 1Y may be daily or weekly.
    wide: { kind: "window", param: "range", array: "points", field: "date", spans: { "5Y": 5, "10Y": 10, MAX: null }, wide: "MAX" },
  },
  get_leadership: {
    name: "get_leadership",
    fn: "LEADERSHIP",
    fnArgs: ["ticker", "years", "options"],
    kind: "profile",
    description: "Founders, control, current CEO, CEO pay by fiscal year.",
    ttlMs: 7 * DAY,
    params: [TICKER, { name: "years", type: "integer", min: 1, max: 10, default: 5, description: "Fiscal years of CEO pay, 1-10 (default 5)" }],
    wide: { kind: "distinct", param: "years", array: "ceo_pay", field: "fiscal_year_end" },
  },
  get_institutional_holders: {
    name: "get_institutional_holders",
    fn: "HOLDERS",
    fnArgs: ["ticker", "limit", "options"],
    kind: "record",
    description: "Largest institutional holders of a stock from Form 13F.",
    ttlMs: DAY,
    params: [TICKER, limit(100, 20)],
    wide: firstRows("holders"),
  },
  get_investor: {
    name: "get_investor",
    fn: "INVESTOR",
    fnArgs: ["query", "quarter", "view", "limit", "options"],
    kind: "record",
    description: "One 13F filer's holdings or quarter-over-quarter changes.",
    ttlMs: DAY,
    params: [
      { name: "query", type: "string", required: true, minLength: 1, maxLength: 100, description: "Investor or filer name, or CIK (up to 100 characters)" },
      {
        name: "quarter",
        type: "string",
        format: "quarter_end",
        patternHint: "a quarter end date (YYYY-MM-DD, e.g. 2024-12-31, or a date cell) or YYYYQn such as 2024Q4",
        description: "Quarter end as YYYY-MM-DD or YYYYQn (default latest 13F)",
      },
      { name: "view", type: "enum", values: ["holdings", "changes"], default: "holdings", description: "holdings or changes" },
      limit(100, 25),
    ],
    // largest value first in both views
    wide: firstRows("holdings", "changes"),
  },
  get_short_interest: {
    name: "get_short_interest",
    fn: "SHORTINTEREST",
    fnArgs: ["ticker", "periods", "options"],
    kind: "record",
    description: "Short interest by settlement date, newest first.",
    ttlMs: 12 * HOUR,
    params: [TICKER, { name: "periods", type: "integer", min: 1, max: 48, default: 12, description: "Settlement dates, 1-48 (default 12)" }],
    wide: { kind: "rows", param: "periods", arrays: ["short_interest"], widen: true },
  },
  get_peers: {
    name: "get_peers",
    fn: "PEERS",
    fnArgs: ["ticker", "options"],
    kind: "record",
    description: "Researched competitor set of a company.",
    ttlMs: 7 * DAY,
    params: [TICKER],
  },
  screen_companies: {
    name: "screen_companies",
    fn: "SCREEN",
    fnArgs: ["filters", "sort_by", "descending", "limit", "options"],
    kind: "record",
    description: "Filter and sort companies on public-record metrics from a nightly snapshot.",
    ttlMs: 6 * HOUR,
    params: [
      {
        name: "filters",
        type: "string",
        list: true,
        required: true,
        minLength: 3,
        format: "screen_filter",
        patternHint: "metric:min:max with either bound empty, e.g. roic:15: or net_debt_to_ebitda::2",
        description: "Filters written metric:min:max (either bound may be empty), as a list or a range; bounds in the metric's unit: percent metrics in percent (roic:15: = ROIC of at least 15 %; roic:0.5%: for half a percent), USD metrics in USD millions (revenue_ttm:1000: = USD 1 billion), flags 1 or 0",
      },
      {
        name: "sort_by",
        type: "enum",
        values: SCREEN_METRICS,
        format: "screen_metric",
        defaultFromFirst: "filters",
        description: "Metric to sort by (default the first filter's metric)",
      },
      { name: "descending", type: "boolean", default: true, description: "TRUE = largest first (default)" },
      limit(50, 25),
    ],
    // sorted by sort_by (made explicit) in the given direction: the first N of 50 are the top N
    wide: firstRows("companies"),
  },
};

export const TOOL_NAMES = Object.keys(TOOLS) as ToolName[];

/** Function name -> tool, read off the catalogue once: the one table of which tool a function calls. */
const TOOL_OF_FN: ReadonlyMap<string, ToolName> = new Map(TOOL_NAMES.map((t) => [TOOLS[t].fn, t]));

/** Look a tool up by its SVC function name (e.g. "FINANCIALS"). */
export function toolByFunction(fn: string): ToolSpec | undefined {
  const tool = TOOL_OF_FN.get(fn.toUpperCase().replace(/^SVC\./, ""));
  return tool ? TOOLS[tool] : undefined;
}

export function paramOf(tool: ToolName, name: string): ParamSpec | undefined {
  return TOOLS[tool].params.find((p) => p.name === name);
}
