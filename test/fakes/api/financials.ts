/**
 * Standardized financial statements of the sample companies (get_financials) and the as-filed /
 * segment / changes views built from them (get_reported_financials). All numbers come from a
 * seeded model per ticker (./financials-model.ts): plausible, internally consistent, deterministic.
 */
import { Statement, statementOf } from "./rules";
import { Company, fyEnd, latestFY, quarterEnd, tenKDate, tenQDate } from "./companies";
import { industryLine, industryOf } from "./industry";
import { round } from "./rng";
import { Values, model } from "./financials-model";

export type { Values };

export interface Period {
  label: string; // FY2024 or 2024Q3
  fy: number;
  q: number; // 0 = annual
  end: string;
  filed: string;
  accession: string;
  form: string;
  values: Values;
}

export const PER_SHARE = new Set(["eps_basic", "eps_diluted", "dividends_per_share", "book_value_per_share"]);
export const SHARES = new Set(["shares_diluted", "shares_outstanding"]);
export const RATIOS = new Set(["effective_tax_rate", "gross_margin", "operating_margin", "net_margin", "revenue_growth", "fcf_margin"]);

/** unit_kind: the spec shows currency and per_share; ratio and shares are this fake's choice. */
export function unitKind(key: string): string {
  const line = industryLine(key);
  if (line) return line.unit_kind;
  if (PER_SHARE.has(key)) return "per_share";
  if (SHARES.has(key)) return "shares";
  if (RATIOS.has(key)) return "ratio";
  return "currency";
}

const LABEL_OVERRIDES: Record<string, string> = {
  rd_expense: "Research and development", sga_expense: "Selling, general and administrative", ebitda: "EBITDA",
  eps_basic: "EPS (basic)", eps_diluted: "EPS (diluted)", shares_diluted: "Diluted shares", ppe_net: "PP&E, net",
  cf_net_income: "Net income (cash flow)", cf_da: "Depreciation and amortization", cf_sbc: "Stock-based compensation",
  cf_working_capital_change: "Change in working capital", cfo: "Cash from operations", cfi: "Cash from investing",
  cff: "Cash from financing", capex: "Capital expenditures", fcf: "Free cash flow", fcf_margin: "Free cash flow margin",
  net_change_in_cash: "Net change in cash", sga: "SG&A",
};

export function metricLabel(key: string): string {
  const line = industryLine(key);
  if (line) return line.label;
  if (LABEL_OVERRIDES[key]) return LABEL_OVERRIDES[key];
  const s = key.replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** XBRL concept (or formula) behind each metric, for include_provenance. */
const CONCEPTS: Record<string, string> = {
  revenue: "us-gaap:Revenues", cost_of_revenue: "us-gaap:CostOfRevenue", gross_profit: "us-gaap:GrossProfit",
  rd_expense: "us-gaap:ResearchAndDevelopmentExpense", sga_expense: "us-gaap:SellingGeneralAndAdministrativeExpense",
  total_operating_expenses: "us-gaap:OperatingExpenses", operating_income: "us-gaap:OperatingIncomeLoss",
  interest_expense: "us-gaap:InterestExpense", pretax_income: "us-gaap:IncomeLossFromContinuingOperationsBeforeIncomeTaxes",
  income_tax: "us-gaap:IncomeTaxExpenseBenefit", net_income: "us-gaap:NetIncomeLoss", eps_basic: "us-gaap:EarningsPerShareBasic",
  eps_diluted: "us-gaap:EarningsPerShareDiluted", shares_diluted: "us-gaap:WeightedAverageNumberOfDilutedSharesOutstanding",
  dividends_per_share: "us-gaap:CommonStockDividendsPerShareDeclared", cash: "us-gaap:CashAndCashEquivalentsAtCarryingValue",
  short_term_investments: "us-gaap:ShortTermInvestments", receivables: "us-gaap:AccountsReceivableNetCurrent",
  inventory: "us-gaap:InventoryNet", total_current_assets: "us-gaap:AssetsCurrent", ppe_net: "us-gaap:PropertyPlantAndEquipmentNet",
  goodwill: "us-gaap:Goodwill", intangibles: "us-gaap:IntangibleAssetsNetExcludingGoodwill", total_assets: "us-gaap:Assets",
  accounts_payable: "us-gaap:AccountsPayableCurrent", deferred_revenue: "us-gaap:ContractWithCustomerLiabilityCurrent",
  current_debt: "us-gaap:LongTermDebtCurrent", total_current_liabilities: "us-gaap:LiabilitiesCurrent",
  long_term_debt: "us-gaap:LongTermDebtNoncurrent", total_liabilities: "us-gaap:Liabilities",
  retained_earnings: "us-gaap:RetainedEarningsAccumulatedDeficit", total_equity: "us-gaap:StockholdersEquity",
  shares_outstanding: "dei:EntityCommonStockSharesOutstanding", cf_net_income: "us-gaap:NetIncomeLoss",
  cf_da: "us-gaap:DepreciationDepletionAndAmortization", cf_sbc: "us-gaap:ShareBasedCompensation",
  cf_working_capital_change: "us-gaap:IncreaseDecreaseInOperatingCapital", cfo: "us-gaap:NetCashProvidedByUsedInOperatingActivities",
  capex: "us-gaap:PaymentsToAcquirePropertyPlantAndEquipment", acquisitions: "us-gaap:PaymentsToAcquireBusinessesNetOfCashAcquired",
  cfi: "us-gaap:NetCashProvidedByUsedInInvestingActivities", debt_issued: "us-gaap:ProceedsFromIssuanceOfLongTermDebt",
  debt_repaid: "us-gaap:RepaymentsOfLongTermDebt", buybacks: "us-gaap:PaymentsForRepurchaseOfCommonStock",
  dividends_paid: "us-gaap:PaymentsOfDividends", cff: "us-gaap:NetCashProvidedByUsedInFinancingActivities",
  net_change_in_cash: "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalentsPeriodIncreaseDecreaseIncludingExchangeRateEffect",
  ending_cash: "us-gaap:CashCashEquivalentsRestrictedCashAndRestrictedCashEquivalents",
};
const FORMULAS: Record<string, string> = {
  ebitda: "operating_income + cf_da", effective_tax_rate: "income_tax / pretax_income", gross_margin: "gross_profit / revenue",
  operating_margin: "operating_income / revenue", net_margin: "net_income / revenue", revenue_growth: "revenue / revenue(prior) - 1",
  total_debt: "current_debt + long_term_debt", net_debt: "total_debt - cash - short_term_investments",
  working_capital: "total_current_assets - total_current_liabilities", tangible_book_value: "total_equity - goodwill - intangibles",
  invested_capital: "total_equity + total_debt - cash", book_value_per_share: "total_equity / shares_outstanding",
  fcf: "cfo + capex", fcf_margin: "fcf / revenue",
};

export function provenanceOf(key: string): { concept: string | null; formula: string | null } {
  const line = industryLine(key);
  if (line) return { concept: line.concept, formula: line.formula };
  return { concept: CONCEPTS[key] ?? null, formula: CONCEPTS[key] ? null : FORMULAS[key] ?? null };
}

export function accessionFor(c: Company, filed: string, seq: number): string {
  return `${String(c.cik).padStart(10, "0")}-${filed.slice(2, 4)}-${String(seq).padStart(6, "0")}`;
}

export function roundMetric(key: string, v: number | null): number | null {
  if (v === null || !Number.isFinite(v)) return null;
  if (RATIOS.has(key)) return round(v, 4);
  if (PER_SHARE.has(key)) return round(v, 2);
  if (SHARES.has(key)) return round(v, 2);
  return round(v, 1);
}

/** Annual periods of a company, oldest first (only fiscal years with a filed 10-K). */
const annualCache = new Map<string, Period[]>();
const quarterlyCache = new Map<string, Period[]>();

export function annualPeriods(c: Company): Period[] {
  const hit = annualCache.get(c.ticker);
  if (hit) return hit;
  const m = model(c);
  const out: Period[] = [];
  for (let fy = c.firstFY; fy <= latestFY(c); fy++) {
    const values = m.annual.get(fy);
    if (!values) throw new Error(`fake financials: ${c.ticker} has no model year ${fy}`);
    const filed = tenKDate(c, fy);
    out.push({ label: `FY${fy}`, fy, q: 0, end: fyEnd(c, fy), filed, form: "10-K", accession: accessionFor(c, filed, 500 + (fy % 10)), values });
  }
  annualCache.set(c.ticker, out);
  return out;
}

/** The fiscal year after the latest 10-K (the sample model holds it), as it will be filed. */
export function nextAnnualPeriod(c: Company): Period | null {
  const fy = latestFY(c) + 1;
  const values = model(c).annual.get(fy);
  if (!values) return null;
  const filed = tenKDate(c, fy);
  return { label: `FY${fy}`, fy, q: 0, end: fyEnd(c, fy), filed, form: "10-K", accession: accessionFor(c, filed, 500 + (fy % 10)), values };
}

/** Quarterly periods, oldest first (fiscal labels: 2026Q1 = first quarter of FY2026). */
export function quarterlyPeriods(c: Company): Period[] {
  const hit = quarterlyCache.get(c.ticker);
  if (hit) return hit;
  const m = model(c);
  const out: Period[] = [];
  for (const [label, values] of m.quarterly) {
    const [fy, q] = label.split("Q").map(Number);
    const filed = q === 4 ? tenKDate(c, fy) : tenQDate(c, fy, q);
    out.push({ label, fy, q, end: quarterEnd(c, fy, q), filed, form: q === 4 ? "10-K" : "10-Q", accession: accessionFor(c, filed, q === 4 ? 500 + (fy % 10) : 400 + q * 10 + (fy % 10)), values });
  }
  quarterlyCache.set(c.ticker, out);
  return out;
}

export interface FinancialsRequest {
  statement: Statement;
  metrics: string[];
  periodType: "annual" | "quarterly";
  years: number;
  provenance: boolean;
}

/** What the sandbox's test controls change in an answer (./edits.ts). */
export interface FinancialsEdits {
  annual(c: Company, periods: Period[]): Period[];
  revision(ticker: string, period: string, metric: string): { value: number; accession: string; form: string } | undefined;
}

export function financialsData(c: Company, r: FinancialsRequest, edits?: FinancialsEdits): Record<string, unknown> {
  const all = r.periodType === "annual" ? edits?.annual(c, annualPeriods(c)) ?? annualPeriods(c) : quarterlyPeriods(c);
  const n = r.periodType === "annual" ? r.years : r.years * 4;
  const periods = all.slice(Math.max(0, all.length - n));
  return {
    ticker: c.ticker,
    cik: c.cik,
    statement: r.statement,
    period_type: r.periodType,
    units: "USD millions; per-share figures in USD; ratios as decimals; shares in millions",
    periods: periods.map((p) => p.label),
    period_ends: periods.map((p) => p.end),
    metrics: r.metrics.map((key) => {
      const line = industryLine(key);
      const ownLine = line && industryOf(c.sic) === line.industry;
      // An industry line is accepted for every company, but only its industry reports it (null elsewhere).
      const raw = (p: Period) => (line ? (ownLine ? line.derive(p.values) : null) : p.values[key] ?? null);
      const revised = periods.map((p) => edits?.revision(c.ticker, p.label, key));
      const values = periods.map((p, i) => revised[i]?.value ?? roundMetric(line?.unit_kind === "ratio" ? "gross_margin" : key, raw(p)));
      const entry: Record<string, unknown> = { key, label: metricLabel(key), unit_kind: unitKind(key), values };
      if (r.provenance) {
        // Shape not shown in the spec (this fake's choice, documented in README/TESTING): `provenance`
        // is parallel to `values`, one entry per period, null where the value is null:
        // {period, concept (XBRL concept or null), formula (how a derived value is computed, or null),
        //  accession_number, form, sec_url (the filing's index page)}.
        const src = provenanceOf(key);
        entry.provenance = periods.map((p, i) => {
          const acc = revised[i]?.accession ?? p.accession;
          return values[i] === null ? null : { period: p.label, concept: src.concept, formula: src.formula, accession_number: acc, form: revised[i]?.form ?? p.form, sec_url: `https://www.sec.gov/Archives/edgar/data/${c.cik}/${acc.replace(/-/g, "")}/${acc}-index.htm` };
        });
      }
      return entry;
    }),
  };
}

/** Latest annual values, and the year before, for the screener and the profile. */
export function latestAnnual(c: Company): { cur: Values; prev: Values | null; prev3: Values | null } {
  const ps = annualPeriods(c);
  return { cur: ps[ps.length - 1].values, prev: ps[ps.length - 2]?.values ?? null, prev3: ps[ps.length - 4]?.values ?? null };
}

export { statementOf };
