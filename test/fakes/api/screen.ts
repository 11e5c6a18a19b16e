/** screen_companies: a nightly snapshot of screen metrics per sample company, derived from its statements. */
import { SCREEN_METRICS } from "./rules";
import { AS_OF, daysBetween } from "./calendar";
import { Company, companies } from "./companies";
import { latestAnnual } from "./financials";
import { Rng, lazy, round } from "./rng";
import { allInsiderTrades, filingsOf, holdersOf, leadershipData } from "./records";

/** Unit of each screen metric (spec: percent, USD millions, ratio, days, count or 1/0). */
export const SCREEN_UNITS: Record<string, string> = Object.fromEntries(
  SCREEN_METRICS.map((m) => [
    m,
    /^(had_8k|founder_|family_|insider_officer_bought)/.test(m)
      ? "1/0"
      : /^days_since/.test(m)
        ? "days"
        : /^(filings_8k_90d|insider_buyers_90d|holders_13f|piotroski_f)$/.test(m)
          ? "count"
          : /^(revenue_ttm|net_debt|value_13f|insider_buy_value_90d|insider_net_buy_90d|insider_net_buy_1y|ceo_total_pay|ceo_pay_actually_received)$/.test(m)
            ? "USD millions"
            : /(growth|margin|cagr|rule_of_40|roic|roe|roa|accruals|capex_to_revenue|shares_change|cash_conversion|sbc_to_fcf)/.test(m)
              ? "percent"
              : "ratio",
  ]),
);

export const SCREEN_AS_OF = "2026-10-31";

type Row = { c: Company; metrics: Record<string, number | null>; notes: string[] };

const pctOf = (a: number | null | undefined, b: number | null | undefined) => (a == null || b == null || b === 0 ? null : round((a / b) * 100, 2));
const growth = (a: number | null | undefined, b: number | null | undefined) => (a == null || b == null || b === 0 ? null : round((a / b - 1) * 100, 2));

type Annual = ReturnType<typeof latestAnnual>;

/** The screen metrics read off the statements: growth, margins, returns, cash, leverage. */
function statementMetrics({ cur, prev, prev3 }: Annual): Record<string, number | null> {
  const ebitda = cur.ebitda ?? null;
  return {
    revenue_ttm: cur.revenue,
    revenue_growth_yoy: growth(cur.revenue, prev?.revenue),
    revenue_cagr_3y: cur.revenue && prev3?.revenue ? round(((cur.revenue / prev3.revenue) ** (1 / 3) - 1) * 100, 2) : null,
    net_income_growth_yoy: growth(cur.net_income, prev?.net_income),
    fcf_growth_yoy: growth(cur.fcf, prev?.fcf),
    gross_margin: pctOf(cur.gross_profit, cur.revenue),
    gross_margin_change_yoy: cur.gross_margin != null && prev?.gross_margin != null ? round((cur.gross_margin - prev.gross_margin) * 100, 2) : null,
    operating_margin: pctOf(cur.operating_income, cur.revenue),
    net_margin: pctOf(cur.net_income, cur.revenue),
    fcf_margin: pctOf(cur.fcf, cur.revenue),
    rule_of_40: null,
    roic: pctOf(cur.operating_income != null ? cur.operating_income * 0.8 : null, cur.invested_capital),
    roe: pctOf(cur.net_income, cur.total_equity),
    roa: pctOf(cur.net_income, cur.total_assets),
    accruals_ratio: cur.net_income != null && cur.cfo != null ? pctOf(cur.net_income - cur.cfo, cur.total_assets) : null,
    cash_conversion: pctOf(cur.cfo, cur.net_income),
    capex_to_revenue: cur.capex != null ? pctOf(-cur.capex, cur.revenue) : null,
    capex_to_da: cur.capex != null && cur.cf_da ? round(-cur.capex / cur.cf_da, 2) : null,
    sbc_to_fcf: pctOf(cur.cf_sbc, cur.fcf),
    shares_change_yoy: growth(cur.shares_diluted, prev?.shares_diluted),
    net_debt: cur.net_debt != null ? round(cur.net_debt, 1) : null,
    net_debt_to_ebitda: cur.net_debt != null && ebitda ? round(cur.net_debt / ebitda, 2) : null,
    debt_to_equity: cur.total_debt != null && cur.total_equity ? round(cur.total_debt / cur.total_equity, 2) : null,
    current_ratio: cur.total_current_assets != null && cur.total_current_liabilities ? round(cur.total_current_assets / cur.total_current_liabilities, 2) : null,
    interest_coverage: cur.operating_income != null && cur.interest_expense ? round(cur.operating_income / cur.interest_expense, 2) : null,
  };
}

/** The screen metrics of what happened lately: filings, insiders, 13F holders, leadership and pay. */
function activityMetrics(c: Company): Record<string, number | null> {
  const fs = filingsOf(c);
  const lastK = fs.find((f) => f.form === "10-K");
  const lastQ = fs.find((f) => f.form === "10-Q");
  const recent8k = fs.filter((f) => f.form === "8-K" && daysBetween(f.filing_date, AS_OF) <= 90);
  const trades = allInsiderTrades().filter((t) => t.ticker === c.ticker);
  const in90 = trades.filter((t) => daysBetween(t.filed_date, AS_OF) <= 90);
  const in1y = trades.filter((t) => daysBetween(t.filed_date, AS_OF) <= 365);
  const net = (ts: typeof trades) => round(ts.reduce((s, t) => s + (t.code === "P" ? t.value_usd ?? 0 : t.code === "S" ? -(t.value_usd ?? 0) : 0), 0) / 1e6, 3);
  const buys90 = in90.filter((t) => t.code === "P");
  const lead = leadershipData(c, 1, "");
  const pay = (lead.ceo_pay as { total_pay_usd_m: number; comp_actually_paid_usd_m: number }[])[0];
  const h = holdersOf(c);
  return {
    days_since_10k: lastK ? daysBetween(lastK.filing_date, SCREEN_AS_OF) : null,
    days_since_10q: lastQ ? daysBetween(lastQ.filing_date, SCREEN_AS_OF) : null,
    filings_8k_90d: recent8k.length,
    had_8k_101_90d: recent8k.some((f) => f.description.includes("1.01")) ? 1 : 0,
    had_8k_205_90d: 0,
    had_8k_401_90d: 0,
    had_8k_502_90d: recent8k.some((f) => f.description.includes("5.02")) ? 1 : 0,
    insider_buyers_90d: new Set(buys90.map((t) => t.owner)).size,
    insider_buy_value_90d: round(buys90.reduce((s, t) => s + (t.value_usd ?? 0), 0) / 1e6, 3),
    insider_net_buy_90d: net(in90),
    insider_net_buy_1y: net(in1y),
    insider_officer_bought_90d: buys90.some((t) => /Officer|Chief/.test(t.role)) ? 1 : 0,
    holders_13f: c.hasHolders ? h.lines_total : null,
    value_13f: c.hasHolders ? round(h.holders.reduce((s, x) => s + x.value_usd_m, 0), 1) : null,
    founder_led: lead.founder_led ? 1 : 0,
    founder_on_board: lead.founder_on_board ? 1 : 0,
    founder_controlled: lead.founder_controlled ? 1 : 0,
    family_controlled: lead.family_controlled ? 1 : 0,
    ceo_total_pay: pay ? pay.total_pay_usd_m : null,
    ceo_pay_actually_received: pay ? pay.comp_actually_paid_usd_m : null,
  };
}

export const snapshot = lazy((): Row[] =>
  companies().map((c) => {
    const annual = latestAnnual(c);
    const { cur } = annual;
    const rng = new Rng(`screen:${c.ticker}`);
    const m: Record<string, number | null> = { ...statementMetrics(annual), piotroski_f: c.kind === "sparse" ? null : rng.int(2, 9), ...activityMetrics(c) };
    const lead = leadershipData(c, 1, "");
    m.rule_of_40 = m.revenue_growth_yoy != null && m.fcf_margin != null ? round(m.revenue_growth_yoy + m.fcf_margin, 2) : null;
    if (cur.revenue != null) m.revenue_ttm = round(cur.revenue, 1);
    const notes: string[] = [];
    if (lead.confidence === "low") notes.push("low_confidence");
    if ((m.cash_conversion != null && Math.abs(m.cash_conversion) > 400) || (m.roe != null && Math.abs(m.roe) > 200)) notes.push("implausible");
    return { c, metrics: m, notes };
  }),
);
