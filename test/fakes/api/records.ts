/**
 * Record-style sample data: filings, filing summaries, insider and congressional trades, peers,
 * leadership; headlines (./records-news) and 13F holders and filers and short interest
 * (./records-holdings) beside it, re-exported here. Deterministic (seeded per ticker).
 */
import { AS_OF, addDays, daysBetween } from "./calendar";
import { Company, companies, findCompany, latestFY, personName } from "./companies";
import { accessionFor, annualPeriods, latestAnnual, quarterlyPeriods } from "./financials";
import { Rng, hashString, lazy, round } from "./rng";
import { memo } from "./memo";
import { secIndexUrl, sharePrice } from "./records-holdings";

// ----- filings -----

export interface Filing {
  form: string;
  filing_date: string;
  report_date: string;
  accession_number: string;
  description: string;
  sec_url: string;
}

export const filingsOf = memo((c: Company): Filing[] => {
  const rng = new Rng(`filings:${c.ticker}`);
  const out: Filing[] = [];
  const add = (form: string, filed: string, report: string, acc: string, description: string) => {
    if (filed <= AS_OF) out.push({ form, filing_date: filed, report_date: report, accession_number: acc, description, sec_url: secIndexUrl(c.cik, acc) });
  };
  const lfy = latestFY(c);
  const minFY = Math.max(c.firstFY, lfy - 5);
  let seq = 600;
  for (const p of annualPeriods(c)) {
    if (p.fy < minFY) continue;
    add("10-K", p.filed, p.end, p.accession, "Annual report");
    add("8-K", addDays(p.filed, -6), addDays(p.filed, -6), accessionFor(c, addDays(p.filed, -6), seq++), "Current report: Item 2.02 Results of Operations and Financial Condition");
    const proxy = addDays(p.filed, 45);
    add("DEF 14A", proxy, addDays(proxy, 40), accessionFor(c, proxy, seq++), "Definitive proxy statement");
  }
  for (const p of quarterlyPeriods(c)) {
    if (p.fy < minFY || p.q === 4) continue;
    add("10-Q", p.filed, p.end, p.accession, "Quarterly report");
    add("8-K", addDays(p.filed, -5), addDays(p.filed, -5), accessionFor(c, addDays(p.filed, -5), seq++), "Current report: Item 2.02 Results of Operations and Financial Condition");
  }
  const other = ["Item 5.02 Departure or Appointment of Officers", "Item 8.01 Other Events", "Item 1.01 Entry into a Material Definitive Agreement", "Item 7.01 Regulation FD Disclosure"];
  for (let i = 0; i < 8; i++) {
    const filed = addDays(AS_OF, -rng.int(3, 900));
    add("8-K", filed, filed, accessionFor(c, filed, seq++), `Current report: ${rng.pick(other)}`);
  }
  for (const t of insiderTradesOf(c).slice(0, 25)) add("4", t.filed_date, t.transaction_date ?? t.filed_date, t.accession, "Statement of changes in beneficial ownership");
  const seen = new Set<string>();
  return out
    .filter((f) => (seen.has(f.accession_number) ? false : (seen.add(f.accession_number), true)))
    .sort((a, b) => (a.filing_date === b.filing_date ? b.accession_number.localeCompare(a.accession_number) : a.filing_date < b.filing_date ? 1 : -1));
});

// ----- filing summaries -----

export interface Summary {
  accession_number: string;
  form: string;
  filing_date: string;
  report_date: string;
  generated_at: string;
  markdownOnly: boolean;
}

export const summariesOf = memo((c: Company): Summary[] => {
  if (c.kind === "sparse") return [];
  const fs = filingsOf(c);
  const pick: Filing[] = [];
  const tenKs = fs.filter((f) => f.form === "10-K");
  const tenQs = fs.filter((f) => f.form === "10-Q");
  const eightKs = fs.filter((f) => f.form === "8-K");
  pick.push(...tenKs.slice(0, 3), ...tenQs.slice(0, 2), ...eightKs.slice(0, 1));
  return pick
    .sort((a, b) => (a.filing_date < b.filing_date ? 1 : a.filing_date > b.filing_date ? -1 : 0))
    .map((f) => ({
      accession_number: f.accession_number,
      form: f.form,
      filing_date: f.filing_date,
      report_date: f.report_date,
      generated_at: `${addDays(f.filing_date, 1)}T06:12:00Z`,
      // XOM's summaries are all old-style (markdown only); other companies' older 10-K (third newest) too.
      markdownOnly: c.ticker === "XOM" || (f.form === "10-K" && f === tenKs[2]),
    }));
});

export const SUMMARY_NOTICE = "This summary was written by an AI model and may contain errors. Check the cited passages in the filing before relying on it.";
export const SUMMARY_MODEL = "svc-summarizer-2026-06";

export function summaryData(c: Company, s: Summary): Record<string, unknown> {
  const { cur, prev } = latestAnnual(c);
  const growth = prev && cur.revenue && prev.revenue ? round((cur.revenue / prev.revenue - 1) * 100, 1) : null;
  const base = {
    ticker: c.ticker,
    cik: c.cik,
    accession_number: s.accession_number,
    form: s.form,
    filing_date: s.filing_date,
    report_date: s.report_date,
    ai_generated: true,
    notice: SUMMARY_NOTICE,
    model: SUMMARY_MODEL,
    generated_at: s.generated_at,
    sec_url: secIndexUrl(c.cik, s.accession_number),
    other_summaries: summariesOf(c)
      .filter((o) => o.accession_number !== s.accession_number)
      .map((o) => ({ accession_number: o.accession_number, form: o.form, filing_date: o.filing_date, report_date: o.report_date })),
  };
  if (s.markdownOnly) {
    return {
      ...base,
      sections: null,
      summary_markdown: `## ${c.name} ${s.form} (period ended ${s.report_date})\n\n- Revenue ${growth === null ? "was reported" : `changed ${growth}% year over year`}.\n- Management discussed liquidity and capital allocation.\n- Risk factors were updated for macroeconomic conditions.`,
    };
  }
  const q1 = `Total net sales ${growth !== null && growth >= 0 ? "increased" : "decreased"} ${Math.abs(growth ?? 0)}% compared to the prior year`;
  const q2 = "We believe our existing balances of cash and marketable securities will be sufficient to satisfy our working capital needs";
  const q3 = "Our business could be adversely affected by changes in trade policy and tariffs";
  const q4 = "we expect continued investment in research and development";
  return {
    ...base,
    sections: [
      {
        title: "Results",
        bullets: [
          { text: `Revenue ${growth === null ? "was reported for the period" : `moved ${growth}% year over year`}.`, citations: [{ quote: q1, start: 10_412, end: 10_412 + q1.length, verified: true }] },
          { text: "Margins held broadly steady.", citations: [] },
        ],
      },
      {
        title: "Liquidity",
        bullets: [{ text: "Management expects cash on hand to cover needs for the next twelve months.", citations: [{ quote: q2, start: 48_200, end: 48_200 + q2.length, verified: true }] }],
      },
      {
        title: "Risks and outlook",
        bullets: [
          { text: "Trade policy is named as a risk.", citations: [{ quote: q3, start: 22_031, end: 22_031 + q3.length, verified: true }] },
          // A quote the checker could not find in the filing: verified false, offsets null.
          { text: "Research spending is expected to keep rising.", citations: [{ quote: q4, start: null, end: null, verified: false }] },
        ],
      },
    ],
  };
}

// ----- insider trades -----

export interface InsiderTrade {
  ticker: string;
  company: string;
  filed_date: string;
  transaction_date: string | null;
  owner: string;
  role: string;
  code: string | null;
  acquired_disposed: string | null;
  shares: number;
  price: number | null;
  value_usd: number | null;
  shares_after: number;
  days_to_file: number;
  plan_10b5_1: string | null;
  source_url: string;
  accession: string;
}

const ROLES = ["Chief Executive Officer", "Chief Financial Officer", "Director", "General Counsel", "Chief Operating Officer", "Director, 10% owner", "SVP, Sales"];
/** Tickers where two or more insiders bought in the last week: the insider feed's clusters. */
export const CLUSTER_TICKERS = ["XOM", "ACMR", "GRNB", "RDGE"];

export const insiderTradesOf = memo((c: Company): InsiderTrade[] => {
  const rng = new Rng(`insiders:${c.ticker}`);
  const price = sharePrice(c);
  const people = Array.from({ length: 6 }, (_, i) => ({ name: personName(rng), role: ROLES[i % ROLES.length], held: rng.int(20_000, 2_000_000) }));
  const n = c.kind === "sparse" ? 4 : 40;
  const raw: { filed: string; code: string; who: number }[] = [];
  for (let i = 0; i < n; i++) {
    const code = rng.pick(["S", "S", "S", "A", "M", "F", "P", "P", "G"]);
    raw.push({ filed: addDays(AS_OF, -rng.int(0, 720)), code, who: rng.int(0, people.length - 1) });
  }
  raw.push({ filed: addDays(AS_OF, -rng.int(1, 20)), code: rng.pick(["P", "S"]), who: 0 });
  if (CLUSTER_TICKERS.includes(c.ticker)) {
    raw.push({ filed: addDays(AS_OF, -1), code: "P", who: 1 }, { filed: addDays(AS_OF, -3), code: "P", who: 2 }, { filed: addDays(AS_OF, -4), code: "P", who: 3 });
  }
  raw.sort((a, b) => (a.filed < b.filed ? -1 : a.filed > b.filed ? 1 : 0));
  const out: InsiderTrade[] = [];
  raw.forEach((r, i) => {
    const who = people[r.who];
    const lag = rng.int(0, 3);
    const tdate = addDays(r.filed, -lag);
    const shares = rng.int(200, 60_000);
    const px = r.code === "A" || r.code === "G" ? null : r.code === "M" ? round(price * 0.45, 2) : round(price * (1 + 0.05 * rng.normal()), 2);
    const acquired = ["P", "A", "M"].includes(r.code) ? "A" : "D";
    who.held = Math.max(0, who.held + (acquired === "A" ? shares : -shares));
    const acc = accessionFor(c, r.filed, 700 + i);
    out.push({
      ticker: c.ticker,
      company: c.name,
      filed_date: r.filed,
      transaction_date: r.code === "G" && rng.chance(0.5) ? null : tdate,
      owner: who.name,
      role: who.role,
      code: r.code,
      acquired_disposed: acquired,
      shares,
      price: px,
      value_usd: px === null ? null : Math.round(px * shares),
      shares_after: who.held,
      days_to_file: lag,
      plan_10b5_1: r.code === "S" && rng.chance(0.4) ? `Rule 10b5-1 plan adopted ${addDays(r.filed, -rng.int(120, 300))}` : null,
      source_url: secIndexUrl(c.cik, acc),
      accession: acc,
    });
  });
  return out.reverse(); // newest filed first
});

export const allInsiderTrades = lazy((): InsiderTrade[] =>
  companies()
    .flatMap((c) => insiderTradesOf(c))
    .sort((a, b) => (a.filed_date < b.filed_date ? 1 : a.filed_date > b.filed_date ? -1 : a.ticker.localeCompare(b.ticker))),
);

// ----- Congress -----

export interface Member {
  name: string;
  bioguide_id: string;
  party: string;
  chamber: "house" | "senate";
  state: string;
  district: string | null;
  is_current: boolean;
  committees: { name: string; title?: string }[];
}

/** Fictional members of Congress (sandbox data). */
export const MEMBERS: Member[] = [
  { name: "Dana R. Whitfield", bioguide_id: "W000901", party: "Democrat", chamber: "house", state: "CA", district: "CA-12", is_current: true, committees: [{ name: "Financial Services" }, { name: "Science, Space, and Technology", title: "Ranking Member" }] },
  { name: "Marcus T. Hale", bioguide_id: "H000902", party: "Republican", chamber: "senate", state: "TX", district: null, is_current: true, committees: [{ name: "Banking, Housing, and Urban Affairs", title: "Chair" }, { name: "Finance" }] },
  { name: "Elena V. Ortiz", bioguide_id: "O000903", party: "Democrat", chamber: "senate", state: "NM", district: null, is_current: true, committees: [{ name: "Energy and Natural Resources" }] },
  { name: "Gregory P. Lindqvist", bioguide_id: "L000904", party: "Republican", chamber: "house", state: "OH", district: "OH-7", is_current: true, committees: [{ name: "Energy and Commerce" }] },
  { name: "Priya N. Raman", bioguide_id: "R000905", party: "Democrat", chamber: "house", state: "NY", district: "NY-10", is_current: true, committees: [{ name: "Ways and Means" }] },
  { name: "Walter J. Brooks", bioguide_id: "B000906", party: "Independent", chamber: "senate", state: "VT", district: null, is_current: true, committees: [{ name: "Armed Services" }] },
  { name: "Sharon K. Delacroix", bioguide_id: "D000907", party: "Republican", chamber: "house", state: "FL", district: "FL-19", is_current: false, committees: [] },
  { name: "Thomas E. Nguyen", bioguide_id: "N000908", party: "Democrat", chamber: "house", state: "WA", district: "WA-9", is_current: true, committees: [{ name: "Agriculture", title: "Vice Chair" }] },
];

const RANGES: [number, number | null][] = [
  [1_001, 15_000], [15_001, 50_000], [50_001, 100_000], [100_001, 250_000], [250_001, 500_000],
  [500_001, 1_000_000], [1_000_001, 5_000_000], [5_000_001, 25_000_000], [25_000_001, 50_000_000], [50_000_001, null],
];

export interface CongressTrade {
  transaction_date: string;
  filing_date: string;
  member: string;
  bioguide_id: string;
  party: string;
  chamber: string;
  state: string | null;
  ticker: string | null;
  asset_as_filed: string;
  type: string;
  amount_low_usd: number;
  amount_high_usd: number | null;
  owner: string | null;
  source_url: string;
}

function congressTrade(rng: Rng, ticker: string | null, asset: string, maxAge: number): CongressTrade {
  const m = rng.pick(MEMBERS);
  const filed = addDays(AS_OF, -rng.int(0, maxAge));
  const r = rng.chance(0.02) ? RANGES[9] : RANGES[Math.min(8, Math.floor(rng.next() ** 2.5 * 9))];
  const docId = 20_000_000 + (hashString(`${asset}${filed}${m.bioguide_id}`) % 9_000_000);
  return {
    transaction_date: addDays(filed, -rng.int(3, 44)),
    filing_date: filed,
    member: m.name,
    bioguide_id: m.bioguide_id,
    party: m.party,
    chamber: m.chamber,
    state: rng.chance(0.95) ? m.state : null,
    ticker,
    asset_as_filed: asset,
    type: rng.pick(["purchase", "purchase", "sale", "sale", "exchange"]),
    amount_low_usd: r[0],
    amount_high_usd: r[1],
    owner: rng.pick([null, null, "SP", "JT", "DC"]),
    source_url:
      m.chamber === "house"
        ? `https://disclosures-clerk.house.gov/public_disc/ptr-pdfs/${filed.slice(0, 4)}/${docId}.pdf`
        : `https://efdsearch.senate.gov/search/view/ptr/${docId.toString(16)}-sandbox/`,
  };
}

const sortFiled = <T extends { filing_date: string }>(xs: T[]) => xs.sort((a, b) => (a.filing_date < b.filing_date ? 1 : a.filing_date > b.filing_date ? -1 : 0));

export const congressTradesOf = memo((c: Company): CongressTrade[] => {
  if (c.kind === "sparse") return [];
  const rng = new Rng(`congress:${c.ticker}`);
  const n = hashString(c.ticker) % 3 === 0 ? 4 : 14;
  return sortFiled(Array.from({ length: n }, () => congressTrade(rng, c.ticker, rng.chance(0.5) ? c.ticker : `${c.name} - Common Stock`, 700)));
});

export const allCongressTrades = lazy((): CongressTrade[] => {
  const rng = new Rng("congress:feed");
  const nonEquity = ["United States Treasury Bill 0% 03/2027", "Municipal Bond - State of Ohio 4% 2031", "Vanguard Total Bond Market (mutual fund)", "Private farm land, Jefferson County"];
  const extra = Array.from({ length: 30 }, () => congressTrade(rng, null, rng.pick(nonEquity), 200));
  return sortFiled([...companies().flatMap((c) => congressTradesOf(c)), ...extra]);
});

export function findMember(q: string): Member | undefined {
  const s = q.trim().toLowerCase();
  return MEMBERS.find((m) => m.bioguide_id.toLowerCase() === s) ?? MEMBERS.find((m) => m.name.toLowerCase() === s) ?? MEMBERS.find((m) => m.name.toLowerCase().includes(s));
}

// ----- peers -----

export const peersOf = memo((c: Company) => {
  const list = c.peers ?? companies().filter((o) => o.ticker !== c.ticker && o.kind !== "sparse" && o.sic[0] === c.sic[0]).slice(0, 5).map((o) => o.ticker);
  return list.map((t) => findCompany(t)!).filter(Boolean);
});

// ----- leadership -----

export function leadershipData(c: Company, years: number, base: string): Record<string, unknown> {
  const rng = new Rng(`leadership:${c.ticker}`);
  const founders = c.founders ?? [];
  const founderLed = founders.some((f) => f.role_type === "executive" || f.role_type === "employee");
  const onBoard = founders.some((f) => f.role_type !== "none");
  const controlling = founders.find((f) => (f.voting_pct ?? 0) >= 50 && f.role_type !== "none");
  const family = c.ticker === "OCNV";
  const proxy = filingsOf(c).find((f) => f.form === "DEF 14A");
  const lfy = latestFY(c);
  const pay: Record<string, unknown>[] = [];
  const payUrl = (fy: number) => {
    const p = filingsOf(c).find((f) => f.form === "DEF 14A" && f.filing_date > `${fy}`) ?? proxy;
    return p ? `https://www.sec.gov/Archives/edgar/data/${c.cik}/${p.accession_number.replace(/-/g, "")}/def14a.htm` : `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${c.cik}`;
  };
  const firstPayFY = c.kind === "sparse" ? lfy - 1 : lfy - 9;
  for (let fy = lfy; fy > lfy - years && fy >= firstPayFY; fy--) {
    const total = round((c.revenue > 10_000 ? 18 : 4) * (1 + 0.2 * rng.normal()) * (c.kind === "sparse" ? 0.05 : 1), 2);
    const row = (ceo: string | null, t: number) => ({
      fiscal_year_end: annualPeriods(c).find((p) => p.fy === fy)?.end ?? `${fy}-12-31`,
      ceo,
      total_pay_usd_m: t,
      comp_actually_paid_usd_m: round(t * (0.6 + 0.8 * rng.next()), 2),
      other_neos_avg_total_pay_usd_m: round(t * 0.3, 2),
      source_url: payUrl(fy),
    });
    // LMNR changed CEO two years ago: two rows for that fiscal year.
    if (c.ticker === "LMNR" && fy === lfy - 2) {
      pay.push(row(c.ceo.name, round(total * 0.4, 2)), row("Former Chief Executive", round(total * 0.9, 2)));
    } else pay.push(row(fy < lfy - 2 && c.ticker === "LMNR" ? "Former Chief Executive" : c.ceo.name, total));
  }
  const lowConfidence = founders.some((f) => f.confidence === "low");
  return {
    ticker: c.ticker,
    cik: c.cik,
    name: c.name,
    founders,
    founder_led: founderLed,
    founder_on_board: onBoard,
    founder_controlled: !!controlling,
    control_basis: controlling ? `${controlling.name} holds ${controlling.voting_pct}% of the combined voting power` : null,
    family_controlled: family,
    founding_family: family ? { family: "Delmar", members: ["Lucia Delmar", "Hugo Delmar"], voting_pct: 58.2, controlled: true } : null,
    ceo: c.ceo,
    confidence: lowConfidence ? "low" : "high",
    reviewed: ["AAPL", "MSFT", "NVDA"].includes(c.ticker),
    notes: founders.length === 0 ? "No founder is named in the latest proxy statement or 10-K." : `Founders identified from the proxy statement; ${founderLed ? "a founder still works at the company" : "no founder holds an executive role"}.`,
    source: proxy ? { form: proxy.form, accession_number: proxy.accession_number, filing_date: proxy.filing_date, url: proxy.sec_url } : { form: "10-K", accession_number: annualPeriods(c).slice(-1)[0].accession, filing_date: annualPeriods(c).slice(-1)[0].filed, url: `${base}/company/${c.ticker}` },
    ceo_pay: pay,
  };
}

export { daysBetween };
export * from "./records-holdings";
export * from "./records-news";
