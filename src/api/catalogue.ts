/**
 * The catalogue of the Company Data API's 18 tools, as data.
 *
 * This is the single source of truth for tool names, parameters, bounds, defaults, list-ness,
 * cache lifetimes and the SVC function that exposes each tool. Validation, the custom functions'
 * argument mapping, the task pane's builders, the CLI and the tests all read it; never restate a
 * bound elsewhere. Transcribed from the spec's "Endpoints" table (shared/spec/company-data-api.md).
 */

import { CHAMBER_SYNONYMS, ECONOMY_LABELS, PARTIES, PARTY_SYNONYMS, TRANSACTION_SYNONYMS } from "./words";

export type ToolName =
  | "search_companies"
  | "get_company"
  | "get_financials"
  | "get_reported_financials"
  | "list_filings"
  | "get_filing_summary"
  | "get_insider_trades"
  | "get_insider_feed"
  | "get_congress_trades"
  | "get_congress_feed"
  | "get_headlines"
  | "get_economy"
  | "get_leadership"
  | "get_institutional_holders"
  | "get_investor"
  | "get_short_interest"
  | "get_peers"
  | "screen_companies";

export type ParamType = "string" | "integer" | "number" | "boolean" | "enum";

export type ParamScalar = string | number | boolean;

/** A condition on another parameter's canonical value (defaults applied). */
export interface ParamCondition {
  param: string;
  values: readonly ParamScalar[];
}

export interface ParamSpec {
  name: string;
  type: ParamType;
  required?: boolean;
  /** Inclusive bounds for integer/number parameters. */
  min?: number;
  max?: number;
  /** Inclusive length bounds for strings (each element for list parameters). */
  minLength?: number;
  maxLength?: number;
  /** Allowed values for enum parameters (matched case-insensitively, sent as written here). */
  values?: readonly string[];
  /** The API's default, when the spec states one. canonicalise() applies it, so a spelled-out default
   * and an omitted one give the same request key. */
  default?: ParamScalar;
  /** A default that depends on another parameter (its canonical value -> this default). */
  defaultBy?: { param: string; values: Readonly<Record<string, ParamScalar | readonly string[]>> };
  /** The default is the metric of the first item of this list parameter (screen sort_by). */
  defaultFromFirst?: string;
  /** The API uses this parameter only when `usedOnlyWith` is present: dropped otherwise. */
  usedOnlyWith?: string;
  /** The API ignores this parameter when the condition holds: dropped then. */
  ignoredWhen?: ParamCondition;
  /** Values allowed only when a condition holds (checked locally, no call). */
  onlyWhen?: readonly { values: readonly ParamScalar[]; when: ParamCondition; rule: string }[];
  /** Text read by a dedicated parser: a quarter end (date, YYYYQn or a date serial), a screen filter,
   * a screen metric id (spec list plus dictionary), a get_financials metric key, or an SEC form type
   * (src/api/forms.ts: `10K` -> `10-K`, an unknown form refused with the closest). */
  format?: "quarter_end" | "screen_filter" | "screen_metric" | "financial_metric" | "form_type";
  /** Other words for an allowed value (`buy` -> purchase), matched without regard to case (src/api/words.ts). */
  synonyms?: Readonly<Record<string, string>>;
  /** Values the API matches although its parameter table enumerates none (party: the values the spec
   * gives for trades[].party): matched like an enum, an unknown value refused with them. */
  known?: readonly string[];
  /** What each allowed value means, so a value typed as words finds it ("unemployment" -> UNRATE). */
  labels?: Readonly<Record<string, string>>;
  /** One spelling for text the API matches without regard to case: `upper` (form types), `ticker`
   * (upper case, a class suffix written with a dot as the spec's hyphen: BRK.B -> BRK-B). */
  normalise?: "upper" | "ticker";
  /** List parameter: sent comma-separated. */
  list?: boolean;
  /** Extra shape rule checked locally (e.g. ticker symbol characters). */
  pattern?: RegExp;
  patternHint?: string;
  description: string;
}

export interface ToolSpec {
  name: ToolName;
  /** The SVC custom function that calls this tool (without the namespace). */
  fn: string;
  /** Order of the function's arguments, as users type them (names of tool parameters or options). */
  fnArgs: readonly string[];
  description: string;
  params: readonly ParamSpec[];
  /** How long an answer stays fresh in the cache. */
  ttlMs: number;
  /** Record tools spill one record per row. */
  kind: "record" | "profile" | "statement" | "document";
  /** Ask wide, answer narrow: how one call can answer narrower requests (src/api/wide.ts). */
  wide?: WideRule;
}

/**
 * Ask wide, answer narrow, as data (read by src/api/wide.ts):
 * - `rows`: `param` cuts the first N rows of each array in `arrays` (the first one present). When
 *   `widen` is true the identity leaves `param` out and the wide call asks the parameter's catalogue
 *   maximum; false (no stated maximum) keeps `param` in the identity, and a cached answer with a
 *   larger value still answers a smaller one. `when` limits the rule to answers whose order is fully
 *   determined by the other parameters.
 * - `distinct`: `param` keeps the rows of `array` belonging to the first N distinct values of `field`
 *   (leadership: a CEO change gives two ceo_pay rows for one fiscal year).
 * - `columns`: get_financials: `param` (years) keeps the last N x `perColumn` columns; `list` (metrics)
 *   keeps the requested entries in request order; the wide call asks every key of the statement,
 *   `param`'s maximum and `flags` (include_provenance), which only add to what a request gets.
 * - `window`: `param` values in `spans` (years, null = everything) are answered from the `wide` value
 *   by keeping the points of `array` whose `field` date is within N years before the newest point;
 *   values not in `spans` (1Y: a finer resolution) are their own identity.
 */
export type WideRule =
  | { kind: "rows"; param: string; arrays: readonly string[]; widen: boolean; when?: ParamCondition }
  | { kind: "distinct"; param: string; array: string; field: string }
  | {
      kind: "columns";
      param: string;
      perColumn: { param: string; values: Readonly<Record<string, number>> };
      list: string;
      columnArrays: readonly string[];
      flags: Readonly<Record<string, boolean>>;
    }
  | { kind: "window"; param: string; array: string; field: string; spans: Readonly<Record<string, number | null>>; wide: string };

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
  pattern: /^[A-Za-z0-9][A-Za-z0-9.\-]*$/,
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

export const STATEMENTS = ["income", "balance", "cash_flow"] as const;
export type Statement = (typeof STATEMENTS)[number];

/** get_financials metric keys by statement (spec: "Metric keys by statement"). Unique across statements. */
export const FINANCIAL_METRICS: Readonly<Record<Statement, readonly string[]>> = {
  income: [
    "revenue", "cost_of_revenue", "gross_profit", "rd_expense", "sga_expense", "total_operating_expenses",
    "operating_income", "ebitda", "interest_expense", "pretax_income", "income_tax", "effective_tax_rate",
    "net_income", "eps_basic", "eps_diluted", "shares_diluted", "dividends_per_share", "gross_margin",
    "operating_margin", "net_margin", "revenue_growth",
  ],
  balance: [
    "cash", "short_term_investments", "receivables", "inventory", "total_current_assets", "ppe_net", "goodwill",
    "intangibles", "total_assets", "accounts_payable", "deferred_revenue", "current_debt",
    "total_current_liabilities", "long_term_debt", "total_liabilities", "retained_earnings", "total_equity",
    "shares_outstanding", "total_debt", "net_debt", "working_capital", "tangible_book_value", "invested_capital",
    "book_value_per_share",
  ],
  cash_flow: [
    "cf_net_income", "cf_da", "cf_sbc", "cf_working_capital_change", "cfo", "capex", "acquisitions", "cfi",
    "debt_issued", "debt_repaid", "buybacks", "dividends_paid", "cff", "net_change_in_cash", "ending_cash", "fcf",
    "fcf_margin",
  ],
};

/** The API's default metrics when `metrics` is omitted, by statement. */
export const DEFAULT_METRICS: Readonly<Record<Statement, readonly string[]>> = {
  income: ["revenue", "gross_profit", "operating_income", "net_income", "eps_diluted"],
  balance: ["cash", "total_assets", "total_liabilities", "total_equity", "total_debt"],
  cash_flow: ["cfo", "cfi", "cff", "capex", "fcf"],
};

/** Which statement a metric key belongs to. */
export function statementOf(metric: string): Statement | undefined {
  for (const s of STATEMENTS) if (FINANCIAL_METRICS[s].includes(metric)) return s;
  return undefined;
}

export const ALL_FINANCIAL_METRICS: readonly string[] = STATEMENTS.flatMap((s) => FINANCIAL_METRICS[s]);

/** screen_companies metric ids (spec: "Screen metrics"). */
export const SCREEN_METRICS: readonly string[] = [
  "revenue_ttm", "revenue_growth_yoy", "revenue_cagr_3y", "net_income_growth_yoy", "fcf_growth_yoy", "gross_margin",
  "gross_margin_change_yoy", "operating_margin", "net_margin", "fcf_margin", "rule_of_40", "roic", "roe", "roa",
  "accruals_ratio", "cash_conversion", "capex_to_revenue", "capex_to_da", "sbc_to_fcf", "shares_change_yoy",
  "net_debt", "net_debt_to_ebitda", "debt_to_equity", "current_ratio", "interest_coverage", "piotroski_f",
  "days_since_10k", "days_since_10q", "filings_8k_90d", "had_8k_101_90d", "had_8k_205_90d", "had_8k_401_90d",
  "had_8k_502_90d", "insider_buyers_90d", "insider_buy_value_90d", "insider_net_buy_90d", "insider_net_buy_1y",
  "insider_officer_bought_90d", "holders_13f", "value_13f", "founder_led", "founder_on_board", "founder_controlled",
  "family_controlled", "ceo_total_pay", "ceo_pay_actually_received",
];

/** get_economy series ids (spec: "Series ids accepted"). */
export const ECONOMY_SERIES: readonly string[] = [
  "CPIAUCSL", "CPILFESL", "PCEPI", "PCEPILFE", "PPIFIS", "CUSR0000SAH1", "GASREGW", "DCOILWTICO", "T5YIE", "T10YIE",
  "UNRATE", "U6RATE", "PAYEMS", "ICSA", "CCSA", "JTSJOL", "CIVPART", "CES0500000003", "A191RL1Q225SBEA", "RSAFS",
  "INDPRO", "TCU", "DGORDER", "PCEC96", "DSPIC96", "PSAVERT", "UMCSENT", "BOPGSTB", "HOUST", "PERMIT", "HSN1F",
  "HPIPONM226S", "MORTGAGE30US", "DFF", "SOFR", "DPRIME", "DGS3MO", "DGS2", "DGS5", "DGS10", "DGS30", "T10Y2Y",
  "T10Y3M", "WALCL", "M2SL", "TOTALSL", "DRCCLACBS", "NFCI", "VIXCLS", "DTWEXBGS", "GFDEBTN", "GFDEGDQ188S",
  "MTSDS133FMS", "SAHMREALTIME",
];

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
      { name: "statement", type: "enum", values: STATEMENTS, default: "income", description: "income, balance or cash_flow" },
      {
        name: "metrics",
        type: "string",
        list: true,
        format: "financial_metric",
        defaultBy: { param: "statement", values: DEFAULT_METRICS },
        description: "Metric keys of the chosen statement",
      },
      { name: "period_type", type: "enum", values: ["annual", "quarterly"], default: "annual", description: "annual or quarterly" },
      { name: "years", type: "integer", min: 1, max: 20, default: 5, description: "Fiscal years back, 1-20 (default 5)" },
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
        default: "income",
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
        description: "Filters written metric:min:max (either bound may be empty), bounds in the metric's unit: percent metrics in percent (roic:15: = ROIC of at least 15 %; roic:0.5%: for half a percent), USD metrics in USD millions (revenue_ttm:1000: = USD 1 billion), flags 1 or 0",
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

/** Look a tool up by its SVC function name (e.g. "FINANCIALS"). */
export function toolByFunction(fn: string): ToolSpec | undefined {
  const upper = fn.toUpperCase().replace(/^SVC\./, "");
  return TOOL_NAMES.map((t) => TOOLS[t]).find((t) => t.fn === upper);
}

export function paramOf(tool: ToolName, name: string): ParamSpec | undefined {
  return TOOLS[tool].params.find((p) => p.name === name);
}
