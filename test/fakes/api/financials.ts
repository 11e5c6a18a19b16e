/**
 * Standardized financial statements of the sample companies (get_financials) and the as-filed /
 * segment / changes views built from them (get_reported_financials). All numbers come from a
 * seeded model per ticker: plausible, internally consistent, deterministic.
 */
import { SPEC_METRICS as FINANCIAL_METRICS, Statement, statementOf } from "./rules";
import { Company, fyEnd, latestFY, latestQuarter, quarterEnd, tenKDate, tenQDate } from "./companies";
import { industryLine, industryOf } from "./industry";
import { Rng, round } from "./rng";

export type Values = Record<string, number | null>;

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

const BANK_NULL = ["cost_of_revenue", "gross_profit", "gross_margin", "rd_expense", "inventory", "total_current_assets", "total_current_liabilities", "working_capital", "deferred_revenue"];

function div(a: number | null, b: number | null): number | null {
  return a === null || b === null || b === 0 ? null : a / b;
}

/** Recompute ratio and per-share metrics from the base lines. */
function finish(v: Values, prevRevenue: number | null): void {
  v.gross_margin = div(v.gross_profit, v.revenue);
  v.operating_margin = div(v.operating_income, v.revenue);
  v.net_margin = div(v.net_income, v.revenue);
  v.effective_tax_rate = div(v.income_tax, v.pretax_income);
  v.eps_diluted = div(v.net_income, v.shares_diluted);
  v.eps_basic = v.eps_diluted === null || v.shares_diluted === null ? null : div(v.net_income, v.shares_diluted * 0.994);
  v.revenue_growth = prevRevenue === null || v.revenue === null ? null : v.revenue / prevRevenue - 1;
  v.fcf_margin = div(v.fcf, v.revenue);
  v.book_value_per_share = div(v.total_equity, v.shares_outstanding);
}

interface Model {
  annual: Map<number, Values>;
  quarterly: Map<string, Values>; // key `${fy}Q${q}`
}

const models = new Map<string, Model>();

function model(c: Company): Model {
  let m = models.get(c.ticker);
  if (!m) {
    m = build(c);
    models.set(c.ticker, m);
  }
  return m;
}

function build(c: Company): Model {
  const rng = new Rng(`fin:${c.ticker}`);
  const last = latestFY(c) + 1; // one internal year beyond the latest 10-K feeds the newer quarters
  const bank = c.kind === "bank";
  const annual = new Map<number, Values>();
  // Revenue path, backwards from the latest fiscal year.
  const rev = new Map<number, number>();
  rev.set(last - 1, c.revenue);
  rev.set(last, c.revenue * (1 + c.growth));
  for (let fy = last - 2; fy >= c.firstFY; fy--) {
    const g = Math.max(-0.25, Math.min(0.8, c.growth + 0.07 * rng.normal()));
    rev.set(fy, rev.get(fy + 1)! / (1 + g));
  }
  let prevCash: number | null = null;
  let retained = c.revenue * 0.1;
  for (let fy = c.firstFY; fy <= last; fy++) {
    const R = rev.get(fy)!;
    const age = last - 1 - fy;
    const jitter = () => 1 + 0.04 * rng.normal();
    const gm = bank ? 0 : Math.min(0.95, Math.max(0.05, c.grossMargin * jitter()));
    const v: Values = {};
    v.revenue = R;
    v.cost_of_revenue = bank ? null : R * (1 - gm);
    v.gross_profit = bank ? null : R * gm;
    v.rd_expense = c.rdPct > 0 ? R * c.rdPct * jitter() : null;
    v.sga_expense = R * c.sgaPct * jitter();
    const provision = bank ? R * 0.06 * jitter() : 0;
    v.total_operating_expenses = (v.rd_expense ?? 0) + v.sga_expense + provision;
    v.operating_income = (bank ? R : v.gross_profit!) - v.total_operating_expenses;
    const da = R * (bank ? 0.03 : 0.04) * jitter();
    v.ebitda = v.operating_income + da;
    const assets = R * c.assetsToRevenue * jitter();
    const debt = assets * c.debtToAssets * jitter();
    v.interest_expense = bank ? R * 0.18 * jitter() : debt * 0.045;
    v.pretax_income = v.operating_income - (bank ? 0 : v.interest_expense) + R * 0.005 * rng.normal();
    v.income_tax = v.pretax_income > 0 ? v.pretax_income * (0.15 + 0.06 * rng.next()) : v.pretax_income * 0.05;
    v.net_income = v.pretax_income - v.income_tax;
    v.shares_diluted = c.shares * (1 + c.buyback) ** age;
    v.dividends_per_share = c.payout > 0 ? Math.max(0, (v.net_income * c.payout) / v.shares_diluted) : null;
    // Balance sheet at year end.
    const cash = assets * (bank ? 0.12 : 0.08) * jitter();
    v.cash = cash;
    v.short_term_investments = bank ? assets * 0.2 : assets * 0.05 * jitter();
    v.receivables = bank ? assets * 0.35 : R * 0.12 * jitter();
    v.inventory = bank ? null : c.sic.startsWith("7") ? null : R * 0.06 * jitter();
    v.total_current_assets = bank ? null : cash + v.short_term_investments + v.receivables + (v.inventory ?? 0) + R * 0.02;
    v.goodwill = assets * 0.06 * jitter();
    v.intangibles = assets * 0.02 * jitter();
    v.total_assets = assets;
    v.ppe_net = bank ? assets * 0.01 : Math.max(0, assets - (v.total_current_assets ?? 0) - v.goodwill - v.intangibles - assets * 0.1);
    v.accounts_payable = R * (bank ? 0.3 : 0.1) * jitter();
    v.deferred_revenue = bank ? null : R * 0.03 * jitter();
    v.current_debt = debt * 0.12;
    v.long_term_debt = debt * 0.88;
    v.total_current_liabilities = bank ? null : v.accounts_payable + v.deferred_revenue! + v.current_debt + R * 0.05;
    const leverage = bank ? 0.91 : Math.min(0.9, c.debtToAssets + 0.35);
    v.total_liabilities = assets * leverage;
    v.total_equity = assets - v.total_liabilities;
    retained += v.net_income * (1 - c.payout) - Math.max(0, c.buyback) * v.total_equity * 0.3;
    v.retained_earnings = retained;
    v.shares_outstanding = v.shares_diluted * 0.992;
    v.total_debt = v.current_debt + v.long_term_debt;
    v.net_debt = v.total_debt - cash - v.short_term_investments;
    v.working_capital = bank ? null : v.total_current_assets! - v.total_current_liabilities!;
    v.tangible_book_value = v.total_equity - v.goodwill - v.intangibles;
    v.invested_capital = v.total_equity + v.total_debt - cash;
    // Cash flow (outflows negative).
    v.cf_net_income = v.net_income;
    v.cf_da = da;
    v.cf_sbc = R * (c.rdPct > 0.05 ? 0.04 : 0.01) * jitter();
    v.cf_working_capital_change = R * 0.01 * rng.normal();
    v.cfo = v.cf_net_income + v.cf_da + v.cf_sbc + v.cf_working_capital_change;
    v.capex = -R * (bank ? 0.02 : 0.05) * jitter();
    v.acquisitions = rng.chance(0.3) ? -R * 0.03 * rng.next() : 0;
    v.debt_issued = debt * 0.1 * jitter();
    v.debt_repaid = -debt * 0.09 * jitter();
    v.buybacks = c.buyback > 0 ? -c.buyback * v.shares_diluted * (v.net_income / v.shares_diluted) * 8 : 0;
    v.dividends_paid = -(v.dividends_per_share ?? 0) * v.shares_diluted;
    v.cff = v.debt_issued + v.debt_repaid + v.buybacks + v.dividends_paid;
    v.ending_cash = cash;
    v.net_change_in_cash = prevCash === null ? cash * 0.05 : cash - prevCash;
    v.cfi = v.net_change_in_cash - v.cfo - v.cff;
    v.fcf = v.cfo + v.capex;
    prevCash = cash;
    finish(v, annual.get(fy - 1)?.revenue ?? null);
    if (bank) for (const k of BANK_NULL) v[k] = null;
    annual.set(fy, v);
  }
  // Quarters: flows split by seasonality, balance items interpolated between year ends.
  const quarterly = new Map<string, Values>();
  const lq = latestQuarter(c);
  const balanceKeys = FINANCIAL_METRICS.balance;
  const flowKeys = [...FINANCIAL_METRICS.income, ...FINANCIAL_METRICS.cash_flow];
  for (let fy = c.firstFY; fy <= lq.fy; fy++) {
    const a = annual.get(fy)!;
    const prevA = annual.get(fy - 1);
    for (let q = 1; q <= 4; q++) {
      if (fy === lq.fy && q > lq.q) break;
      const w = c.seasonality[q - 1] * (1 + 0.02 * rng.normal());
      const v: Values = {};
      for (const k of flowKeys) v[k] = a[k] === null ? null : a[k]! * w;
      for (const k of balanceKeys) {
        const cur = a[k];
        const prev = prevA ? prevA[k] : cur === null ? null : cur * 0.92;
        v[k] = cur === null || prev === null ? cur : prev + ((cur - prev) * q) / 4;
      }
      v.shares_diluted = a.shares_diluted;
      v.dividends_per_share = a.dividends_per_share === null ? null : a.dividends_per_share / 4;
      const prevCashQ = q === 1 ? (prevA ? prevA.cash : null) : quarterly.get(`${fy}Q${q - 1}`)?.cash ?? null;
      v.ending_cash = v.cash;
      v.net_change_in_cash = prevCashQ === null || v.cash === null ? null : v.cash - prevCashQ;
      if (v.net_change_in_cash !== null) v.cfi = v.net_change_in_cash - (v.cfo ?? 0) - (v.cff ?? 0);
      finish(v, quarterly.get(`${fy - 1}Q${q}`)?.revenue ?? null);
      if (c.kind === "bank") for (const k of BANK_NULL) v[k] = null;
      quarterly.set(`${fy}Q${q}`, v);
    }
  }
  if (c.kind === "sparse") {
    const nr = new Rng(`sparse:${c.ticker}`);
    const holes = [...annual.values(), ...quarterly.values()];
    for (const v of holes) for (const k of Object.keys(v)) if (k !== "revenue" && k !== "net_income" && nr.chance(0.35)) v[k] = null;
  }
  return { annual, quarterly };
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
    const filed = tenKDate(c, fy);
    out.push({ label: `FY${fy}`, fy, q: 0, end: fyEnd(c, fy), filed, form: "10-K", accession: accessionFor(c, filed, 500 + (fy % 10)), values: m.annual.get(fy)! });
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
