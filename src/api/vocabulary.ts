/**
 * The words analysts use for metrics, in ONE table beside the dictionary: what people type ("sales",
 * "eps", "free cash flow", "R&D") -> the API's keys (get_financials and screen_companies). Validation
 * resolves a word through it (src/api/validate.ts), suggestions rank by it (src/api/suggest.ts), and
 * a metric's label from the dictionary ("Net Income") or from a grid ("Revenue (USD m)") is read too.
 *
 * A word written as one key means that key ("eps" is diluted EPS, as analysts use it). A word with
 * several keys means the one of them in the list asked of ("sbc" is cf_sbc among statement lines,
 * sbc_to_fcf among screen metrics); when several are in that list ("margin") it means none, and
 * they are offered as suggestions instead: a guess would be a silent wrong answer.
 */
import { distance } from "fastest-levenshtein";

export const METRIC_TERMS: Readonly<Record<string, string | readonly string[]>> = {
  eps: "eps_diluted",
  earnings_per_share: "eps_diluted",
  diluted_eps: "eps_diluted",
  basic_eps: "eps_basic",
  sales: "revenue",
  revenues: "revenue",
  turnover: "revenue",
  total_revenue: "revenue",
  net_sales: "revenue",
  top_line: "revenue",
  cogs: "cost_of_revenue",
  cost_of_sales: "cost_of_revenue",
  cost_of_goods_sold: "cost_of_revenue",
  gross_income: "gross_profit",
  ebit: "operating_income",
  operating_profit: "operating_income",
  op_income: "operating_income",
  operating_expenses: "total_operating_expenses",
  opex: "total_operating_expenses",
  r_and_d: "rd_expense",
  research_and_development: "rd_expense",
  sga: "sga_expense",
  sg_and_a: "sga_expense",
  interest: "interest_expense",
  ebt: "pretax_income",
  pre_tax_income: "pretax_income",
  income_before_tax: "pretax_income",
  tax: "income_tax",
  taxes: "income_tax",
  tax_rate: "effective_tax_rate",
  net_profit: "net_income",
  earnings: "net_income",
  profit: "net_income",
  bottom_line: "net_income",
  shares: ["shares_diluted", "shares_outstanding"],
  diluted_shares: "shares_diluted",
  dps: "dividends_per_share",
  dividend_per_share: "dividends_per_share",
  dividends: ["dividends_paid", "dividends_per_share"],
  margin: ["gross_margin", "operating_margin", "net_margin"],
  ebit_margin: "operating_margin",
  profit_margin: "net_margin",
  growth: "revenue_growth",
  sales_growth: "revenue_growth",
  cash_and_equivalents: "cash",
  cash_and_cash_equivalents: "cash",
  accounts_receivable: "receivables",
  ar: "receivables",
  inventories: "inventory",
  current_assets: "total_current_assets",
  ppe: "ppe_net",
  pp_e: "ppe_net",
  property_plant_equipment: "ppe_net",
  fixed_assets: "ppe_net",
  intangible_assets: "intangibles",
  assets: "total_assets",
  ap: "accounts_payable",
  payables: "accounts_payable",
  unearned_revenue: "deferred_revenue",
  short_term_debt: "current_debt",
  current_liabilities: "total_current_liabilities",
  lt_debt: "long_term_debt",
  liabilities: "total_liabilities",
  debt: ["total_debt", "net_debt"],
  equity: "total_equity",
  shareholders_equity: "total_equity",
  stockholders_equity: "total_equity",
  book_value: ["total_equity", "book_value_per_share"],
  bvps: "book_value_per_share",
  nwc: "working_capital",
  net_working_capital: "working_capital",
  operating_cash_flow: "cfo",
  cash_from_operations: "cfo",
  ocf: "cfo",
  cash_flow_from_operations: "cfo",
  investing_cash_flow: "cfi",
  cash_from_investing: "cfi",
  financing_cash_flow: "cff",
  cash_from_financing: "cff",
  capital_expenditure: "capex",
  capital_expenditures: "capex",
  free_cash_flow: "fcf",
  fcf_yield: "fcf_margin",
  depreciation: "cf_da",
  d_and_a: "cf_da",
  da: "cf_da",
  depreciation_and_amortization: "cf_da",
  stock_based_compensation: "cf_sbc",
  sbc: ["cf_sbc", "sbc_to_fcf"],
  share_repurchases: "buybacks",
  repurchases: "buybacks",
  buyback: "buybacks",
  m_and_a: "acquisitions",
  // screen metrics
  return_on_invested_capital: "roic",
  return_on_equity: "roe",
  return_on_assets: "roa",
  leverage: ["net_debt_to_ebitda", "debt_to_equity"],
  net_leverage: "net_debt_to_ebitda",
  piotroski: "piotroski_f",
  f_score: "piotroski_f",
  ttm_revenue: "revenue_ttm",
  revenue_growth: ["revenue_growth_yoy", "revenue_growth"],
  ceo_pay: ["ceo_total_pay", "ceo_pay_actually_received"],
  r_d: "rd_expense",
  rd: "rd_expense",
  sg_a: "sga_expense",
  sga_expenses: "sga_expense",
  net_revenue: "revenue",
  net_earnings: "net_income",
  diluted_earnings_per_share: "eps_diluted",
  basic_earnings_per_share: "eps_basic",
  operating_cash: "cfo",
  cash_flow_from_operating_activities: "cfo",
  dividend: ["dividends_paid", "dividends_per_share"],
};

/** A word or label as a key: lower case, words joined by `_`, a trailing "(unit)" dropped ("Revenue (USD m)" -> revenue). */
export function termKey(s: string): string {
  return s
    .trim()
    .replace(/\s*\([^)]*\)\s*$/, "")
    .toLowerCase()
    .replace(/[\s&/.,'-]+/g, "_")
    .replace(/_+/g, "_")
    .replace(/^_|_$/g, "");
}

/** The keys a word points to, best first (empty for a word not in the table). */
export function termKeys(word: string): readonly string[] {
  const t = METRIC_TERMS[termKey(word)];
  return t === undefined ? [] : typeof t === "string" ? [t] : t;
}

/** Words of the table within `maxEdits` of a typed one (a misspelt "return_on_equty"), closest first. */
export function nearTerms(word: string, maxEdits = 2): string[] {
  const k = termKey(word);
  if (k.length < 5) return [];
  return Object.keys(METRIC_TERMS)
    .map((t) => ({ t, d: distance(k, t) }))
    .filter((x) => x.d > 0 && x.d <= maxEdits)
    .sort((a, b) => a.d - b.d)
    .map((x) => x.t);
}

/**
 * The key of `known` a typed metric means: the key itself (any case), a key whose label reads the
 * same (`labelOf`), or a word of METRIC_TERMS; undefined when none, or when the word names several.
 */
export function resolveMetric(typed: string, known: readonly string[], labelOf?: (key: string) => string | undefined): string | undefined {
  const k = termKey(typed);
  if (known.includes(k)) return k;
  if (labelOf) {
    const byLabel = known.filter((key) => {
      const label = labelOf(key);
      return label !== undefined && termKey(label) === k;
    });
    if (byLabel.length === 1) return byLabel[0];
  }
  const t = METRIC_TERMS[k];
  if (typeof t === "string") return known.includes(t) ? t : undefined;
  const inList = (t ?? []).filter((x) => known.includes(x));
  return inList.length === 1 ? inList[0] : undefined;
}
