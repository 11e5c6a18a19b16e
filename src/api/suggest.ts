/**
 * Suggestions for an unknown key: finance aliases first (what an analyst types for a line the API
 * names differently), then edit distance. When the statement is known, only its keys are offered.
 */
import { distance } from "fastest-levenshtein";

/** What people type -> the API's keys, best first. Only keys that exist in `known` are offered. */
export const ALIASES: Readonly<Record<string, readonly string[]>> = {
  eps: ["eps_diluted", "eps_basic"],
  earnings_per_share: ["eps_diluted", "eps_basic"],
  diluted_eps: ["eps_diluted"],
  basic_eps: ["eps_basic"],
  sales: ["revenue"],
  revenues: ["revenue"],
  turnover: ["revenue"],
  total_revenue: ["revenue"],
  net_sales: ["revenue"],
  top_line: ["revenue"],
  cogs: ["cost_of_revenue"],
  cost_of_sales: ["cost_of_revenue"],
  cost_of_goods_sold: ["cost_of_revenue"],
  gross_income: ["gross_profit"],
  ebit: ["operating_income"],
  operating_profit: ["operating_income"],
  op_income: ["operating_income"],
  operating_expenses: ["total_operating_expenses"],
  opex: ["total_operating_expenses"],
  r_and_d: ["rd_expense"],
  research_and_development: ["rd_expense"],
  sga: ["sga_expense"],
  sg_and_a: ["sga_expense"],
  interest: ["interest_expense"],
  ebt: ["pretax_income"],
  pre_tax_income: ["pretax_income"],
  income_before_tax: ["pretax_income"],
  tax: ["income_tax"],
  taxes: ["income_tax"],
  tax_rate: ["effective_tax_rate"],
  net_profit: ["net_income"],
  earnings: ["net_income"],
  profit: ["net_income"],
  bottom_line: ["net_income"],
  shares: ["shares_diluted", "shares_outstanding"],
  diluted_shares: ["shares_diluted"],
  dps: ["dividends_per_share"],
  dividend_per_share: ["dividends_per_share"],
  dividends: ["dividends_paid", "dividends_per_share"],
  margin: ["gross_margin", "operating_margin", "net_margin"],
  ebit_margin: ["operating_margin"],
  profit_margin: ["net_margin"],
  growth: ["revenue_growth"],
  sales_growth: ["revenue_growth"],
  cash_and_equivalents: ["cash"],
  cash_and_cash_equivalents: ["cash"],
  accounts_receivable: ["receivables"],
  ar: ["receivables"],
  inventories: ["inventory"],
  current_assets: ["total_current_assets"],
  ppe: ["ppe_net"],
  pp_e: ["ppe_net"],
  property_plant_equipment: ["ppe_net"],
  fixed_assets: ["ppe_net"],
  intangible_assets: ["intangibles"],
  assets: ["total_assets"],
  ap: ["accounts_payable"],
  payables: ["accounts_payable"],
  unearned_revenue: ["deferred_revenue"],
  short_term_debt: ["current_debt"],
  current_liabilities: ["total_current_liabilities"],
  lt_debt: ["long_term_debt"],
  liabilities: ["total_liabilities"],
  debt: ["total_debt", "net_debt"],
  equity: ["total_equity"],
  shareholders_equity: ["total_equity"],
  stockholders_equity: ["total_equity"],
  book_value: ["total_equity", "book_value_per_share"],
  bvps: ["book_value_per_share"],
  nwc: ["working_capital"],
  net_working_capital: ["working_capital"],
  operating_cash_flow: ["cfo"],
  cash_from_operations: ["cfo"],
  ocf: ["cfo"],
  cash_flow_from_operations: ["cfo"],
  investing_cash_flow: ["cfi"],
  cash_from_investing: ["cfi"],
  financing_cash_flow: ["cff"],
  cash_from_financing: ["cff"],
  capital_expenditure: ["capex"],
  capital_expenditures: ["capex"],
  free_cash_flow: ["fcf"],
  fcf_yield: ["fcf_margin"],
  depreciation: ["cf_da"],
  d_and_a: ["cf_da"],
  da: ["cf_da"],
  depreciation_and_amortization: ["cf_da"],
  stock_based_compensation: ["cf_sbc"],
  sbc: ["cf_sbc", "sbc_to_fcf"],
  share_repurchases: ["buybacks"],
  repurchases: ["buybacks"],
  buyback: ["buybacks"],
  m_and_a: ["acquisitions"],
  // screen metrics
  return_on_invested_capital: ["roic"],
  return_on_equity: ["roe"],
  return_on_assets: ["roa"],
  leverage: ["net_debt_to_ebitda", "debt_to_equity"],
  net_leverage: ["net_debt_to_ebitda"],
  piotroski: ["piotroski_f"],
  f_score: ["piotroski_f"],
  ttm_revenue: ["revenue_ttm"],
  revenue_growth: ["revenue_growth_yoy", "revenue_growth"],
  ceo_pay: ["ceo_total_pay", "ceo_pay_actually_received"],
};

function norm(s: string): string {
  return s.trim().toLowerCase().replace(/[\s&/.-]+/g, "_").replace(/_+/g, "_").replace(/^_|_$/g, "");
}

/**
 * Up to `n` keys from `known` for an unknown `key`: its aliases (in alias order) that are known, then
 * the closest keys by edit distance (keys containing or starting with what was typed rank higher).
 */
export function suggest(key: string, known: readonly string[], n = 3): string[] {
  const k = norm(key);
  const knownSet = new Set(known);
  const out: string[] = [];
  for (const a of ALIASES[k] ?? []) if (knownSet.has(a) && !out.includes(a)) out.push(a);
  // keys the typed text is a word of (eps -> eps_basic, eps_diluted) come before mere spelling neighbours
  const ranked = [...known]
    .filter((c) => !out.includes(c))
    .map((c) => {
      const lc = c.toLowerCase();
      const words = lc.split("_");
      const bonus = words.includes(k) ? 3 : lc.startsWith(k) || lc.includes(k) ? 2 : 0;
      return { c, d: distance(k, lc) - bonus };
    })
    .sort((a, b) => a.d - b.d || a.c.localeCompare(b.c));
  for (const r of ranked) {
    if (out.length >= n) break;
    out.push(r.c);
  }
  return out.slice(0, n);
}
