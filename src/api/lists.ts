/**
 * The lists the spec states (statements, metric keys, screen metrics, economy series), read by the
 * catalogue (src/api/catalogue.ts, which re-exports those others need) and validation. Transcribed from the
 * spec's "Metric keys by statement", "Screen metrics" and "Series ids accepted".
 */

export const STATEMENTS = ["income", "balance", "cash_flow"] as const;
export type Statement = (typeof STATEMENTS)[number];
/** The statement get_financials and get_reported_financials read when none is named. */
export const DEFAULT_STATEMENT: Statement = "income";
/** get_financials serves this many fiscal years at most. */
export const YEARS_MAX = 20;

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
