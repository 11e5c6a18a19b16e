/**
 * The seeded financial model of one sample company: annual statements built year by year from a
 * revenue path, then quarters split from the years. Every figure the fake serves comes from here,
 * so two things are load-bearing: the order of the random draws (one generator per ticker, drawn
 * in the order the lines below are computed) and the order in which keys are first set on each
 * period's values (the sparse companies' holes are drawn key by key in that order). Change neither.
 */
import { SPEC_METRICS as FINANCIAL_METRICS } from "./rules";
import { Company, latestFY, latestQuarter } from "./companies";
import { Rng } from "./rng";

export type Values = Record<string, number | null>;

interface Model {
  annual: Map<number, Values>;
  quarterly: Map<string, Values>; // key `${fy}Q${q}`
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

const models = new Map<string, Model>();

export function model(c: Company): Model {
  let m = models.get(c.ticker);
  if (!m) {
    m = build(c);
    models.set(c.ticker, m);
  }
  return m;
}

function build(c: Company): Model {
  const rng = new Rng(`fin:${c.ticker}`);
  const annual = annualModel(c, rng);
  const quarterly = quarterlyModel(c, rng, annual);
  if (c.kind === "sparse") {
    const nr = new Rng(`sparse:${c.ticker}`);
    const holes = [...annual.values(), ...quarterly.values()];
    for (const v of holes) for (const k of Object.keys(v)) if (k !== "revenue" && k !== "net_income" && nr.chance(0.35)) v[k] = null;
  }
  return { annual, quarterly };
}

/** Revenue by fiscal year, backwards from the latest one (`last` is one internal year beyond it). */
function revenuePath(c: Company, rng: Rng, last: number): Map<number, number> {
  const rev = new Map<number, number>();
  rev.set(last - 1, c.revenue);
  rev.set(last, c.revenue * (1 + c.growth));
  let next = c.revenue;
  for (let fy = last - 2; fy >= c.firstFY; fy--) {
    const g = Math.max(-0.25, Math.min(0.8, c.growth + 0.07 * rng.normal()));
    next = next / (1 + g);
    rev.set(fy, next);
  }
  return rev;
}

/** What one year's lines share: the company, its draws, the year's revenue and age (0 = the latest 10-K). */
interface Year {
  c: Company;
  rng: Rng;
  bank: boolean;
  R: number;
  age: number;
  jitter: () => number;
}

/** What the income statement hands the balance sheet and the cash flow statement. */
interface Income {
  da: number;
  assets: number;
  debt: number;
  net: number;
  shares: number;
}

function annualModel(c: Company, rng: Rng): Map<number, Values> {
  const last = latestFY(c) + 1; // one internal year beyond the latest 10-K feeds the newer quarters
  const bank = c.kind === "bank";
  const annual = new Map<number, Values>();
  const rev = revenuePath(c, rng, last);
  let prevCash: number | null = null;
  let retained = c.revenue * 0.1;
  for (let fy = c.firstFY; fy <= last; fy++) {
    const R = rev.get(fy);
    if (R === undefined) throw new Error(`fake financials: ${c.ticker} has no revenue for ${fy}`);
    const y: Year = { c, rng, bank, R, age: last - 1 - fy, jitter: () => 1 + 0.04 * rng.normal() };
    const v: Values = {};
    const inc = incomeLines(y, v);
    const bal = balanceLines(y, v, inc, retained);
    retained = bal.retained;
    cashFlowLines(y, v, inc, bal.cash, prevCash);
    prevCash = bal.cash;
    finish(v, annual.get(fy - 1)?.revenue ?? null);
    if (bank) for (const k of BANK_NULL) v[k] = null;
    annual.set(fy, v);
  }
  return annual;
}

function incomeLines({ c, rng, bank, R, age, jitter }: Year, v: Values): Income {
  const gm = bank ? 0 : Math.min(0.95, Math.max(0.05, c.grossMargin * jitter()));
  v.revenue = R;
  v.cost_of_revenue = bank ? null : R * (1 - gm);
  const gross = R * gm;
  v.gross_profit = bank ? null : gross;
  v.rd_expense = c.rdPct > 0 ? R * c.rdPct * jitter() : null;
  v.sga_expense = R * c.sgaPct * jitter();
  const provision = bank ? R * 0.06 * jitter() : 0;
  v.total_operating_expenses = (v.rd_expense ?? 0) + v.sga_expense + provision;
  v.operating_income = (bank ? R : gross) - v.total_operating_expenses;
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
  return { da, assets, debt, net: v.net_income, shares: v.shares_diluted };
}

/** The balance sheet at year end; returns the year's cash and the retained earnings carried on. */
function balanceLines({ c, bank, R, jitter }: Year, v: Values, inc: Income, retained: number): { cash: number; retained: number } {
  const { assets, debt } = inc;
  const cash = assets * (bank ? 0.12 : 0.08) * jitter();
  v.cash = cash;
  v.short_term_investments = bank ? assets * 0.2 : assets * 0.05 * jitter();
  v.receivables = bank ? assets * 0.35 : R * 0.12 * jitter();
  v.inventory = bank ? null : c.sic.startsWith("7") ? null : R * 0.06 * jitter();
  const currentAssets = cash + v.short_term_investments + v.receivables + (v.inventory ?? 0) + R * 0.02;
  v.total_current_assets = bank ? null : currentAssets;
  v.goodwill = assets * 0.06 * jitter();
  v.intangibles = assets * 0.02 * jitter();
  v.total_assets = assets;
  v.ppe_net = bank ? assets * 0.01 : Math.max(0, assets - (v.total_current_assets ?? 0) - v.goodwill - v.intangibles - assets * 0.1);
  v.accounts_payable = R * (bank ? 0.3 : 0.1) * jitter();
  const deferred = bank ? 0 : R * 0.03 * jitter();
  v.deferred_revenue = bank ? null : deferred;
  v.current_debt = debt * 0.12;
  v.long_term_debt = debt * 0.88;
  const currentLiabilities = v.accounts_payable + deferred + v.current_debt + R * 0.05;
  v.total_current_liabilities = bank ? null : currentLiabilities;
  const leverage = bank ? 0.91 : Math.min(0.9, c.debtToAssets + 0.35);
  v.total_liabilities = assets * leverage;
  v.total_equity = assets - v.total_liabilities;
  const carried = retained + (inc.net * (1 - c.payout) - Math.max(0, c.buyback) * v.total_equity * 0.3);
  v.retained_earnings = carried;
  v.shares_outstanding = inc.shares * 0.992;
  v.total_debt = v.current_debt + v.long_term_debt;
  v.net_debt = v.total_debt - cash - v.short_term_investments;
  v.working_capital = bank ? null : currentAssets - currentLiabilities;
  v.tangible_book_value = v.total_equity - v.goodwill - v.intangibles;
  v.invested_capital = v.total_equity + v.total_debt - cash;
  return { cash, retained: carried };
}

/** The cash flow statement (outflows negative). */
function cashFlowLines({ c, rng, bank, R, jitter }: Year, v: Values, inc: Income, cash: number, prevCash: number | null): void {
  const { da, debt, net, shares } = inc;
  v.cf_net_income = net;
  v.cf_da = da;
  v.cf_sbc = R * (c.rdPct > 0.05 ? 0.04 : 0.01) * jitter();
  v.cf_working_capital_change = R * 0.01 * rng.normal();
  v.cfo = v.cf_net_income + v.cf_da + v.cf_sbc + v.cf_working_capital_change;
  v.capex = -R * (bank ? 0.02 : 0.05) * jitter();
  v.acquisitions = rng.chance(0.3) ? -R * 0.03 * rng.next() : 0;
  v.debt_issued = debt * 0.1 * jitter();
  v.debt_repaid = -debt * 0.09 * jitter();
  v.buybacks = c.buyback > 0 ? -c.buyback * shares * (net / shares) * 8 : 0;
  v.dividends_paid = -(v.dividends_per_share ?? 0) * shares;
  v.cff = v.debt_issued + v.debt_repaid + v.buybacks + v.dividends_paid;
  v.ending_cash = cash;
  v.net_change_in_cash = prevCash === null ? cash * 0.05 : cash - prevCash;
  v.cfi = v.net_change_in_cash - v.cfo - v.cff;
  v.fcf = v.cfo + v.capex;
}

/** Quarters: flows split by seasonality, balance items interpolated between year ends. */
function quarterlyModel(c: Company, rng: Rng, annual: Map<number, Values>): Map<string, Values> {
  const quarterly = new Map<string, Values>();
  const lq = latestQuarter(c);
  for (let fy = c.firstFY; fy <= lq.fy; fy++) {
    const a = annual.get(fy);
    if (!a) throw new Error(`fake financials: ${c.ticker} has no model year ${fy}`);
    const prevA = annual.get(fy - 1);
    for (let q = 1; q <= 4; q++) {
      if (fy === lq.fy && q > lq.q) break;
      const v = quarter(c, rng, a, prevA, q);
      const prevCashQ = q === 1 ? (prevA ? prevA.cash : null) : quarterly.get(`${fy}Q${q - 1}`)?.cash ?? null;
      v.ending_cash = v.cash;
      v.net_change_in_cash = prevCashQ === null || v.cash === null ? null : v.cash - prevCashQ;
      if (v.net_change_in_cash !== null) v.cfi = v.net_change_in_cash - (v.cfo ?? 0) - (v.cff ?? 0);
      finish(v, quarterly.get(`${fy - 1}Q${q}`)?.revenue ?? null);
      if (c.kind === "bank") for (const k of BANK_NULL) v[k] = null;
      quarterly.set(`${fy}Q${q}`, v);
    }
  }
  return quarterly;
}

/** Quarter `q` of year `a`: the flows weighted by the season, the balance items `q`/4 of the way from the year before. */
function quarter(c: Company, rng: Rng, a: Values, prevA: Values | undefined, q: number): Values {
  const w = c.seasonality[q - 1] * (1 + 0.02 * rng.normal());
  const v: Values = {};
  for (const k of FLOW_KEYS) {
    const x = a[k];
    v[k] = x === null ? null : x * w;
  }
  for (const k of FINANCIAL_METRICS.balance) {
    const cur = a[k];
    const prev = prevA ? prevA[k] : cur === null ? null : cur * 0.92;
    v[k] = cur === null || prev === null ? cur : prev + ((cur - prev) * q) / 4;
  }
  v.shares_diluted = a.shares_diluted;
  v.dividends_per_share = a.dividends_per_share === null ? null : a.dividends_per_share / 4;
  return v;
}

const FLOW_KEYS = [...FINANCIAL_METRICS.income, ...FINANCIAL_METRICS.cash_flow];
