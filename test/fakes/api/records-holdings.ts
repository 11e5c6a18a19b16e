/** Sample 13F managers, their positions and filings, a company's holders, and short interest. Deterministic (seeded). */
import { AS_OF, addDays, addMonths, isWeekday, lastDayOfMonth } from "./calendar";
import { Company, companies } from "./companies";
import { Rng, hashString, lazy, round } from "./rng";
import { memo } from "./memo";
import { latestAnnual } from "./financials";

export function secIndexUrl(cik: number, accession: string): string {
  return `https://www.sec.gov/Archives/edgar/data/${cik}/${accession.replace(/-/g, "")}/${accession}-index.htm`;
}

/** An illustrative share price (the API itself serves no prices; used for trade values). */
export const sharePrice = memo((c: Company): number => {
  const { cur } = latestAnnual(c);
  const eps = cur.eps_diluted ?? 1;
  return round(Math.min(1500, Math.max(4, Math.abs(eps) * (18 + (hashString(c.ticker) % 15)))), 2);
});

// ----- 13F managers, holders and filers -----

export interface Manager {
  cik: number;
  name: string;
  investor: string | null;
  manager_type: string;
  /** Size of the book, USD millions. */
  aum: number;
}

const MANAGER_ROWS: [string, string | null, string][] = [
  ["Harborview Capital Management LLC", null, "hedge_fund"],
  ["Summit Capital Partners LP", "R. J. Summit", "hedge_fund"],
  ["Capital Grove Advisors LLC", null, "investment_adviser"],
  ["Meridian Index Funds Trust", null, "index_passive"],
  ["Blue Ridge Asset Management", null, "investment_adviser"],
  ["Northstar Bank & Trust Co", null, "bank_broker"],
  ["Keystone Pension Fund", null, "pension"],
  ["Silverline Quant Strategies LP", null, "hedge_fund"],
  ["Oakmont Family Office LLC", "Evelyn Oakmont", "family_office"],
  ["Granite Peak Investors LP", "Victor Hale", "hedge_fund"],
  ["Lakeshore Endowment Partners", null, "endowment"],
  ["Pinecrest Securities Inc", null, "bank_broker"],
  ["Atlas Total Market Index Fund", null, "index_passive"],
  ["Redwood Value Partners LP", "Martin Cole", "hedge_fund"],
  ["Westgate Insurance Investments", null, "insurance"],
  ["Beacon Street Advisors", null, "investment_adviser"],
];

export const managers = lazy((): Manager[] =>
  MANAGER_ROWS.map(([name, investor, type], i) => ({ cik: 1_500_000 + i * 1_117, name, investor, manager_type: type, aum: round(2_000 + ((hashString(name) % 1000) / 1000) * 400_000, 1) })),
);

export const QUARTERS_13F = ["2025-09-30", "2025-12-31", "2026-03-31", "2026-06-30"];
export const filedFor = (quarter: string, cik: number) => addDays(quarter, 38 + (cik % 7));

export function cusipOf(ticker: string): string {
  const h = hashString(`cusip:${ticker}`).toString(36).toUpperCase().padStart(8, "0").slice(0, 8);
  return `${h}${hashString(ticker) % 10}`;
}

export interface Position {
  ticker: string | null;
  issuer: string;
  class: string;
  put_call: string | null;
  shares: number;
  value_usd_m: number;
  cusip: string;
}

/** A manager's 13F positions in a quarter (deterministic per manager and quarter). */
const positionCache = new Map<string, Position[]>();

export function positions(m: Manager, quarter: string): Position[] {
  const key = `${m.cik}:${quarter}`;
  let hit = positionCache.get(key);
  if (!hit) {
    hit = buildPositions(m, quarter);
    positionCache.set(key, hit);
  }
  return hit.map((x) => ({ ...x }));
}

function buildPositions(m: Manager, quarter: string): Position[] {
  const qi = QUARTERS_13F.indexOf(quarter);
  const rng = new Rng(`13f:${m.cik}`);
  const held = companies().filter((c) => c.hasHolders && rng.chance(0.75));
  const out: Position[] = [];
  for (const c of held) {
    const r = new Rng(`13f:${m.cik}:${c.ticker}`);
    const startQ = r.int(-3, 2); // some positions open later (new), some close (sold out)
    const endQ = r.chance(0.15) ? r.int(1, 3) : 9;
    if (qi < startQ || qi > endQ) continue;
    const base = r.range(0.001, 0.06) * m.aum;
    const value = base * (1 + 0.12 * (qi - 1) * r.normal() * 0.5);
    const px = sharePrice(c);
    out.push({ ticker: c.ticker, issuer: c.name.toUpperCase(), class: "COM", put_call: null, shares: Math.max(1, Math.round((value * 1e6) / px)), value_usd_m: round(Math.max(0.1, value), 1), cusip: cusipOf(c.ticker) });
  }
  if (m.manager_type === "hedge_fund" && out.length > 0) {
    const p = out[0];
    out.push({ ...p, put_call: "PUT", shares: Math.round(p.shares / 5), value_usd_m: round(p.value_usd_m / 5, 1) });
  }
  out.push({ ticker: null, issuer: "SANDBOX PRIVATE CREDIT FUND LP", class: "UNIT", put_call: null, shares: 100_000 + (m.cik % 1000) * 100, value_usd_m: round(12 + (m.cik % 50), 1), cusip: "SBXPCF001" });
  return out.sort((a, b) => b.value_usd_m - a.value_usd_m);
}

export interface Holder {
  manager: string;
  cik: number;
  manager_type: string | null;
  report_period: string;
  filed_date: string;
  shares: number;
  value_usd_m: number;
  status: string;
  change_shares: number;
  source_url: string;
}

export const holdersOf = memo((c: Company): { holders: Holder[]; lines_total: number } => {
  if (!c.hasHolders) return { holders: [], lines_total: 0 };
  const latest = QUARTERS_13F[QUARTERS_13F.length - 1];
  const prior = QUARTERS_13F[QUARTERS_13F.length - 2];
  const holders: Holder[] = [];
  for (const m of managers()) {
    const pos = positions(m, latest).find((p) => p.ticker === c.ticker && p.put_call === null);
    if (!pos) continue;
    const before = positions(m, prior).find((p) => p.ticker === c.ticker && p.put_call === null);
    const change = pos.shares - (before?.shares ?? 0);
    const acc = `${String(m.cik).padStart(10, "0")}-26-${String(100 + (m.cik % 900)).padStart(6, "0")}`;
    holders.push({
      manager: m.name.toUpperCase(),
      cik: m.cik,
      manager_type: m.manager_type === "family_office" ? null : m.manager_type,
      report_period: latest,
      filed_date: filedFor(latest, m.cik),
      shares: pos.shares,
      value_usd_m: pos.value_usd_m,
      status: !before ? "new" : change > 0 ? "increased" : change < 0 ? "decreased" : "unchanged",
      change_shares: change,
      source_url: secIndexUrl(m.cik, acc),
    });
  }
  holders.sort((a, b) => b.value_usd_m - a.value_usd_m);
  return { holders, lines_total: holders.length * 2 + (hashString(c.ticker) % 40) };
});

// ----- short interest -----

export const SHORT_ATTRIBUTION = {
  source: "FINRA",
  notice: "Short interest data are provided by FINRA for information only; FINRA does not warrant their accuracy. (Sandbox sample figures.)",
  url: "https://www.finra.org/finra-data/browse-catalog/equity-short-interest",
};

function prevWeekday(iso: string): string {
  let x = iso;
  while (!isWeekday(x)) x = addDays(x, -1);
  return x;
}

/** Settlement dates (mid-month and month end), newest first, published about 9 days after. */
export const settlementDates = lazy((): string[] => {
  const out: string[] = [];
  let [y, m] = [2026, 10];
  while (out.length < 60) {
    out.push(prevWeekday(lastDayOfMonth(y, m)), prevWeekday(`${y}-${String(m).padStart(2, "0")}-15`));
    [y, m] = addMonths(y, m, -1);
  }
  return out.filter((s) => addDays(s, 9) <= AS_OF);
});

export const shortInterestOf = memo((c: Company) => {
  const rng = new Rng(`short:${c.ticker}`);
  const dates = settlementDates();
  const adv = Math.max(1_000, Math.round((c.shares * 1e6) / 150 / (c.kind === "sparse" ? 50 : 1)));
  const series: number[] = [];
  let level = c.shares * 1e6 * rng.range(0.005, 0.05);
  for (let i = 0; i <= dates.length; i++) {
    series.push(Math.round(level));
    level *= 1 + 0.06 * rng.normal();
  }
  return dates.map((date, i) => {
    const short = series[i];
    const prior = series[i + 1];
    const vol = c.kind === "sparse" && i === 2 ? 0 : Math.round(adv * (1 + 0.2 * rng.normal()));
    return {
      settlement_date: date,
      short_shares: short,
      prior_short_shares: prior,
      change_shares: short - prior,
      change_pct: round(((short - prior) / prior) * 100, 2),
      avg_daily_volume: Math.max(0, vol),
      days_to_cover: vol <= 0 ? 999.99 : round(short / vol, 2),
      revised: i === 5,
      split: c.ticker === "NVDA" && i === 30,
    };
  });
});
