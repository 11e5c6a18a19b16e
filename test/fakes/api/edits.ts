/**
 * Test controls that change what the sandbox answers, as the real service changes between two
 * mornings: a value restated by an amendment (10-K/A with its own accession number), a newer fiscal
 * year whose 10-K has arrived (the sample model already holds the year after the latest 10-K), and a
 * new row at the top of the insider feed. One set per server (`FakeApi.edits`, or POST /__fake/edits
 * from loopback); `reset()` forgets them. Shapes follow the spec and this fake's provenance choice.
 */
import { AS_OF, addDays } from "./calendar";
import { Company, findCompany, latestFY, tenKDate } from "./companies";
import { Period, accessionFor, nextAnnualPeriod } from "./financials";
import { InsiderTrade } from "./records";
import type { Headline } from "./records-news";

export interface Revision {
  ticker: string;
  /** Period label as the API gives it ("FY2025"). */
  period: string;
  metric: string;
  value: number;
  accession: string;
  form: string;
}

export class SandboxEdits {
  private readonly revisions = new Map<string, Revision>();
  private readonly years = new Set<string>();
  private readonly rows: InsiderTrade[] = [];
  private readonly news: Headline[] = [];

  /** Restate one value of the latest fiscal year (or `period`) by a 10-K/A; returns what was set. */
  revise(o: { ticker: string; metric: string; value: number; period?: string; accession?: string }): Revision {
    const c = company(o.ticker);
    const period = o.period ?? `FY${latestFY(c)}`;
    const filed = addDays(tenKDate(c, Number(period.slice(2)) || latestFY(c)), 120);
    const r: Revision = { ticker: c.ticker, period, metric: o.metric.toLowerCase(), value: o.value, accession: o.accession ?? accessionFor(c, filed, 12), form: "10-K/A" };
    this.revisions.set(key(r.ticker, r.period, r.metric), r);
    return r;
  }

  revision(ticker: string, period: string, metric: string): Revision | undefined {
    return this.revisions.get(key(ticker, period, metric));
  }

  /** The 10-K of the fiscal year after the latest one arrives for `ticker`. */
  addFiscalYear(ticker: string): string {
    const c = company(ticker);
    this.years.add(c.ticker);
    return `FY${latestFY(c) + 1}`;
  }

  /** Annual periods as answered: the sample's, plus the added year. */
  annual(c: Company, periods: Period[]): Period[] {
    const next = this.years.has(c.ticker) ? nextAnnualPeriod(c) : null;
    return next ? [...periods, next] : periods;
  }

  /** A new open-market purchase filed today at the top of the insider feed. */
  addFeedRow(o: { ticker?: string; owner?: string; value_usd?: number } = {}): InsiderTrade {
    const c = company(o.ticker ?? "NVDA");
    const value = o.value_usd ?? 250_000;
    const price = 125;
    const row: InsiderTrade = {
      ticker: c.ticker, company: c.name, filed_date: AS_OF, transaction_date: addDays(AS_OF, -1), owner: o.owner ?? "Sandbox, Avery", role: "Director",
      code: "P", acquired_disposed: "A", shares: Math.round(value / price), price, value_usd: value, shares_after: 10_000 + Math.round(value / price),
      days_to_file: 1, plan_10b5_1: null, source_url: `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${c.cik}`, accession: accessionFor(c, AS_OF, 990 + this.rows.length),
    };
    this.rows.unshift(row);
    return row;
  }

  /** Insider trades the feed answers from: the added rows first (newest filed first), then the sample's. */
  feed(all: InsiderTrade[]): InsiderTrade[] {
    return this.rows.length ? [...this.rows, ...all] : all;
  }

  /** A headline published now at the top of `ticker`'s headlines. */
  addHeadline(o: { ticker: string; title?: string }): Headline {
    const c = company(o.ticker);
    const h: Headline & { ticker: string } = { ticker: c.ticker, title: o.title ?? `${c.name} files its annual report`, url: `https://news-index.example/${c.ticker.toLowerCase()}/${this.news.length + 1}`, source: "marketwire.example", published: `${AS_OF}T09:00:00+00:00` };
    this.news.unshift(h);
    return h;
  }

  /** A company's headlines as answered: the added ones first, then the sample's. */
  headlines(c: Company, all: Headline[]): Headline[] {
    const added = this.news.filter((h) => (h as Headline & { ticker?: string }).ticker === c.ticker).map(({ title, url, source, published }) => ({ title, url, source, published }));
    return added.length ? [...added, ...all] : all;
  }

  reset(): void {
    this.revisions.clear();
    this.years.clear();
    this.rows.length = 0;
    this.news.length = 0;
  }
}

const key = (t: string, p: string, m: string) => `${t}|${p}|${m}`;

function company(ticker: string): Company {
  const c = findCompany(ticker);
  if (!c) throw new Error(`sandbox edits: unknown ticker ${ticker}`);
  return c;
}

/** POST /__fake/edits body: {"revise":{ticker,metric,value,period?}} | {"add_fiscal_year":"AAPL"} | {"add_feed_row":{ticker?}|true} | {"add_headline":{ticker,title?}} | {"reset":true}. */
export function applyEdit(edits: SandboxEdits, body: Record<string, unknown>): unknown {
  if (body.reset) return edits.reset(), { reset: true };
  if (body.revise && typeof body.revise === "object") return { revised: edits.revise(body.revise as Parameters<SandboxEdits["revise"]>[0]) };
  if (typeof body.add_fiscal_year === "string") return { added_fiscal_year: edits.addFiscalYear(body.add_fiscal_year) };
  if (body.add_headline && typeof body.add_headline === "object") return { added_headline: edits.addHeadline(body.add_headline as { ticker: string; title?: string }) };
  if (body.add_feed_row) return { added_feed_row: edits.addFeedRow(typeof body.add_feed_row === "object" ? (body.add_feed_row as Record<string, never>) : {}) };
  throw new Error('edits: send {"revise":{...}}, {"add_fiscal_year":"TICKER"}, {"add_feed_row":true}, {"add_headline":{"ticker":"NVDA"}} or {"reset":true}');
}
