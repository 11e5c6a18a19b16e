/**
 * The 18 tools of the fake API: parsed parameters in, envelope {text, data, link} out.
 * Shapes follow the spec; where it says "not shown" the choice is documented here:
 * - search_companies data: {query, companies: [{ticker, name, exchange, country, cik}]}, best match first.
 * - get_company data: {ticker, name, exchange, country, cik, sic, industry, fiscal_year_end (MM-DD),
 *   public_float_usd_m, shares_outstanding_m, shares_as_of, business_summary, sec_url}.
 * - get_insider_feed clusters mode: {since, buys_only, clusters: [...]}.
 * - get_filing_summary without any existing summary: 404 ("No existing summary ...").
 * - get_congress_feed with a `member` that matches nobody: 404 ("Unknown member of Congress: ...").
 * - get_investor ambiguous name: {query, candidates: [...]} only; no match: 404.
 */
import { FINANCIAL_METRICS, DEFAULT_METRICS, SCREEN_METRICS, Statement, TOOL_NAMES, ToolName, statementOf } from "./rules";
import { AS_OF, addDays, d, daysBetween } from "./calendar";
import { Company, companies, findCompany, fyEnd, latestFY } from "./companies";
import { financialsData, latestAnnual } from "./financials";
import { isSeries, seriesData, snapshotData } from "./economy";
import { HttpError, Parsed, badRequest, notFound, parseParams } from "./params";
import { HEADLINE_ATTRIBUTION, MEMBERS, filingsOf, headlinesOf, peersOf, summariesOf, summaryData } from "./records";
import { reportedData } from "./reported";
import { SCREEN_AS_OF, SCREEN_UNITS, snapshot } from "./screen";
import { compactTable, recordTable } from "./text";
import { ToolContext, Envelope, Handler, company, pageOf, num, bool, dflt, str } from "./tool-args";
import { PEOPLE_HANDLERS } from "./tools-people";

/**
 * One screen filter, `metric:min:max` (spec: either bound may be empty). The spec says nothing of case,
 * spaces or number spelling, so this is lenient there: metric in any case, spaces around parts, bounds
 * such as ".5", "15.0", "-3", "+2". Strict on what it states: three parts, a known metric, numbers.
 */
export function parseFilter(f: string): { metric: string; min: number | null; max: number | null } {
  const parts = f.split(":").map((x) => x.trim());
  if (parts.length !== 3) throw badRequest(`filters: "${f}" must be written metric:min:max (either bound may be empty)`);
  const metric = parts[0].toLowerCase();
  if (!SCREEN_METRICS.includes(metric)) throw badRequest(`Unknown screen metric "${parts[0]}" in filters. Valid metrics: ${SCREEN_METRICS.join(", ")}`);
  const bound = (x: string, which: string) => {
    if (x === "") return null;
    if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(x)) throw badRequest(`filters: the ${which} bound of "${f}" is not a number`);
    return Number(x);
  };
  const min = bound(parts[1], "lower");
  const max = bound(parts[2], "upper");
  if (min !== null && max !== null && min > max) throw badRequest(`filters: "${f}" has min greater than max`);
  return { metric, min, max };
}

const handlers: Record<ToolName, Handler> = {
  search_companies(p, ctx) {
    const q = String(p.query).trim();
    const lq = q.toLowerCase();
    const score = (c: Company): number => {
      const t = c.ticker.toLowerCase();
      const n = c.name.toLowerCase();
      if (t === lq || t.replace("-", ".") === lq) return 0;
      if (n === lq) return 1;
      if (n.startsWith(lq)) return 2;
      if (t.startsWith(lq)) return 3;
      if (n.split(/[^a-z0-9]+/).some((w) => w.startsWith(lq))) return 4;
      if (n.includes(lq)) return 5;
      return -1;
    };
    const hits = companies()
      .map((c) => ({ c, s: score(c) }))
      .filter((x) => x.s >= 0)
      .sort((a, b) => a.s - b.s || a.c.name.localeCompare(b.c.name))
      .slice(0, num(p, "limit"))
      .map(({ c }) => ({ ticker: c.ticker, name: c.name, exchange: c.exchange, country: c.country, cik: c.cik }));
    const link = `${ctx.base}/search?q=${encodeURIComponent(q)}`;
    return { data: { query: q, companies: hits }, link, text: recordTable(`Companies matching "${q}" (best match first)`, hits, ["ticker", "name", "exchange", "country", "cik"], hits.length ? [] : ["No company matches."], link) };
  },

  get_company(p, ctx) {
    const c = company(p);
    const { cur } = latestAnnual(c);
    const lfy = latestFY(c);
    const shares = cur.shares_outstanding ?? null;
    const data = {
      ticker: c.ticker,
      name: c.name,
      exchange: c.exchange,
      country: c.country,
      cik: c.cik,
      sic: c.sic,
      industry: c.industry,
      fiscal_year_end: fyEnd(c, lfy).slice(5),
      public_float_usd_m: c.kind === "sparse" ? null : Math.round((shares ?? 0) * 0.98 * (cur.eps_diluted ?? 1) * 20),
      shares_outstanding_m: shares === null ? null : Math.round(shares * 100) / 100,
      shares_as_of: addDays(fyEnd(c, lfy), 25),
      business_summary: c.business_summary,
      sec_url: `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${c.cik}`,
    };
    const link = pageOf(ctx, c);
    return { data, link, text: compactTable(`${c.ticker} ${c.name}: profile`, ["field", "value"], Object.entries(data).map(([k, v]) => [k, v]), ["No prices or market data."], link) };
  },

  get_financials(p, ctx) {
    const statement = dflt(p, "statement") as Statement;
    // Keys in any case (the spec is silent on case); answered under their canonical spelling.
    const keys = (p.metrics as string[] | undefined)?.map((k) => k.trim().toLowerCase()) ?? [...DEFAULT_METRICS[statement]];
    for (const k of keys) {
      const owner = statementOf(k);
      if (!owner) throw badRequest(`Unknown metric "${k}" for the ${statement} statement. Valid keys: ${FINANCIAL_METRICS[statement].join(", ")}`);
      if (owner !== statement) throw badRequest(`Metric "${k}" belongs to the ${owner} statement, not ${statement}. Valid ${statement} keys: ${FINANCIAL_METRICS[statement].join(", ")}`);
    }
    const c = company(p);
    const data = financialsData(c, {
      statement,
      metrics: keys,
      periodType: dflt(p, "period_type") as "annual" | "quarterly",
      years: num(p, "years"),
      provenance: bool(p, "include_provenance"),
    }, ctx.edits);
    const link = pageOf(ctx, c, `/financials?statement=${statement}`);
    const periods = data.periods as string[];
    const metrics = data.metrics as { key: string; label: string; values: (number | null)[] }[];
    return {
      data,
      link,
      text: compactTable(
        `${c.ticker} ${c.name}: ${statement.replace("_", " ")} statement, ${data.period_type}`,
        ["metric", ...periods],
        metrics.map((m) => [m.key, ...m.values]),
        [String(data.units), "Blank = not reported."],
        link,
      ),
    };
  },

  get_reported_financials(p, ctx) {
    const c = company(p);
    const data = reportedData(c, {
      statement: dflt(p, "statement") as Statement,
      view: dflt(p, "view") as "as_filed",
      fiscal_year: p.fiscal_year === undefined ? undefined : Number(p.fiscal_year),
      period: dflt(p, "period") as "FY",
      limit: p.limit === undefined ? undefined : Number(p.limit),
    });
    const link = pageOf(ctx, c, `/filings/${data.accession_number}`);
    const head = `${c.ticker} ${data.form} FY${data.fiscal_year} ${data.period}: ${data.view} (${data.statement})`;
    let text: string;
    if (data.view === "as_filed") {
      const periods = data.periods as { label: string }[];
      const lines = data.lines as { label: string; values: unknown[] }[];
      text = compactTable(head, ["line", ...periods.map((x) => x.label)], lines.map((l) => [l.label, ...l.values]), [`Values in millions of ${data.currency} unless per share.`], link);
    } else if (data.view === "segments") text = recordTable(head, data.segments as Record<string, unknown>[], ["axis", "metric", "member", "value", "prior_year", "change_pct"], [], link);
    else text = recordTable(head, data.changes as Record<string, unknown>[], ["label", "previous", "current", "change", "change_pct", "kind"], [], link);
    return { data, link, text };
  },

  list_filings(p, ctx) {
    const c = company(p);
    const form = str(p, "form_type");
    const filings = filingsOf(c)
      .filter((f) => form === undefined || f.form === form)
      .slice(0, num(p, "limit"));
    const link = pageOf(ctx, c, "/filings");
    return {
      data: { ticker: c.ticker, cik: c.cik, filings },
      link,
      text: recordTable(`${c.ticker} filings${form ? ` (${form})` : ""}, newest first`, filings as unknown as Record<string, unknown>[], ["form", "filing_date", "report_date", "accession_number", "description"], [], link),
    };
  },

  get_filing_summary(p, ctx) {
    const c = company(p);
    const acc = str(p, "accession_number");
    const sums = summariesOf(c);
    let s = sums[0];
    if (acc !== undefined) {
      s = sums.find((x) => x.accession_number === acc)!;
      if (!s) {
        if (!filingsOf(c).some((f) => f.accession_number === acc)) throw notFound(`Unknown accession number for ${c.ticker}: ${acc}`);
        throw notFound(`No existing summary for filing ${acc}; summaries are never generated on request`);
      }
    }
    if (!s) throw notFound(`No existing summary for ${c.ticker}; summaries are never generated on request`);
    const data = summaryData(c, s);
    const link = pageOf(ctx, c, `/filings/${s.accession_number}`);
    const rows: unknown[][] = [];
    for (const sec of (data.sections as { title: string; bullets: { text: string; citations: { quote: string; verified: boolean }[] }[] }[] | null) ?? [])
      for (const b of sec.bullets) rows.push([sec.title, b.text, b.citations[0]?.quote ?? "", b.citations[0]?.verified ?? ""]);
    if (!data.sections) rows.push(["Summary", String(data.summary_markdown).replace(/\n+/g, " "), "", ""]);
    return { data, link, text: compactTable(`${c.ticker} ${s.form} filed ${s.filing_date}: AI summary`, ["section", "finding", "quote", "verified"], rows, [String(data.notice)], link) };
  },

  get_headlines(p, ctx) {
    const c = company(p);
    const all = headlinesOf(c);
    const headlines = (ctx.edits ? ctx.edits.headlines(c, all) : all).slice(0, num(p, "limit"));
    const link = pageOf(ctx, c, "/news");
    return {
      data: { ticker: c.ticker, headlines, attribution: HEADLINE_ATTRIBUTION },
      link,
      text: recordTable(`${c.ticker} headlines, newest first`, headlines as unknown as Record<string, unknown>[], ["published", "source", "title", "url"], [`Headlines supplied by ${HEADLINE_ATTRIBUTION.name} (${HEADLINE_ATTRIBUTION.url}); matched by company name, so some may concern something else.`], link),
    };
  },

  get_economy(p, ctx) {
    const id = str(p, "series_id");
    if (id === undefined) {
      const data = snapshotData();
      const link = `${ctx.base}/economy`;
      const cites = (data.citations as { citation: string }[]).map((x) => x.citation);
      return { data, link, text: recordTable(`U.S. economic indicators as of ${data.as_of}`, data.indicators as Record<string, unknown>[], ["id", "label", "basis", "latest", "date", "prior", "prior_date", "next_release"], [String(data.notice), ...cites], link) };
    }
    if (!isSeries(id)) throw notFound(`Unknown series: ${id}`);
    const data = seriesData(id, dflt(p, "range"));
    const link = `${ctx.base}/economy/${id}`;
    const unit = data.unit as { prefix: string; suffix: string };
    return { data, link, text: recordTable(`${id} ${data.label} (${data.basis}), ${data.range}, ${unit.prefix}…${unit.suffix}`, data.points as Record<string, unknown>[], ["date", "value"], [String(data.notice), ...(data.citation ? [String(data.citation)] : [])], link) };
  },

  get_peers(p, ctx) {
    const c = company(p);
    const peers = peersOf(c).map((o) => ({ ticker: o.ticker, name: o.name, exchange: o.exchange, cik: o.cik, url: `${ctx.base}/company/${encodeURIComponent(o.ticker)}` }));
    const link = pageOf(ctx, c, "/peers");
    const data = {
      ticker: c.ticker,
      peers,
      unlisted_competitors: c.unlistedCompetitors ?? [],
      rationale: peers.length ? `Companies competing with ${c.name} in ${c.industry.toLowerCase()}, chosen by business first and size second.` : "No comparable listed companies were found.",
      researched_at: "2026-08-14T09:30:00Z",
    };
    return { data, link, text: recordTable(`${c.ticker} peers, most comparable first`, peers, ["ticker", "name", "exchange", "cik"], data.unlisted_competitors.length ? [`Unlisted competitors: ${data.unlisted_competitors.join("; ")}`] : [], link) };
  },

  screen_companies(p, ctx) {
    const filters = (p.filters as string[]).map(parseFilter);
    const sortBy = str(p, "sort_by") ?? filters[0].metric;
    const desc = bool(p, "descending");
    const wanted = [...new Set([...filters.map((f) => f.metric), sortBy])];
    let excluded = 0;
    const rows = snapshot().filter((r) => {
      const inRange = filters.every((f) => {
        const v = r.metrics[f.metric];
        return v === null || ((f.min === null || v >= f.min) && (f.max === null || v <= f.max));
      });
      if (!inRange) return false;
      if (wanted.some((m) => r.metrics[m] === null)) {
        excluded++;
        return false;
      }
      return true;
    });
    rows.sort((a, b) => ((a.metrics[sortBy] as number) - (b.metrics[sortBy] as number)) * (desc ? -1 : 1) || a.c.ticker.localeCompare(b.c.ticker));
    const list = rows.slice(0, num(p, "limit")).map((r) => ({ ticker: r.c.ticker, name: r.c.name, exchange: r.c.exchange, cik: r.c.cik, metrics: Object.fromEntries(wanted.map((m) => [m, r.metrics[m]])), notes: r.notes }));
    const data = { as_of: SCREEN_AS_OF, filters, sort_by: sortBy, descending: desc, units: Object.fromEntries(wanted.map((m) => [m, SCREEN_UNITS[m]])), companies: list, excluded_not_sec_derived: excluded };
    const link = `${ctx.base}/screener?${new URLSearchParams({ filters: filters.map((f) => `${f.metric}:${f.min ?? ""}:${f.max ?? ""}`).join(","), sort_by: sortBy })}`;
    return { data, link, text: compactTable(`Screen as of ${SCREEN_AS_OF}: ${list.length} companies, sorted by ${sortBy} ${desc ? "descending" : "ascending"}`, ["ticker", "name", ...wanted], list.map((x) => [x.ticker, x.name, ...wanted.map((m) => x.metrics[m])]), [`${excluded} matching listings excluded: a requested figure is not derived from filings for them.`], link) };
  },
  ...PEOPLE_HANDLERS,
};

/** Add unknown fields a tolerant client must ignore: envelope `meta`, `data.x_debug`, `x_new_field` on records. */
function addExtraFields(env: Envelope): Envelope {
  const data: Record<string, unknown> = { ...env.data, x_debug: { served_by: "fake-api", build: "sandbox" } };
  for (const [k, v] of Object.entries(data)) {
    if (Array.isArray(v)) data[k] = v.map((x) => (x && typeof x === "object" && !Array.isArray(x) ? { ...x, x_new_field: "ignore me" } : x));
  }
  return { ...env, data, meta: { request_id: "req_sandbox", api_version: "1.9.9" } };
}

const unhandled = TOOL_NAMES.filter((t) => !handlers[t]);
if (unhandled.length) throw new Error(`fake API: the spec lists tools the fake does not serve: ${unhandled.join(", ")}`);

export function runTool(tool: ToolName, params: Parsed, ctx: ToolContext): Envelope {
  const env = handlers[tool](params, ctx);
  const out: Envelope = { text: env.text, data: env.data, link: env.link };
  return ctx.extraFields ? addExtraFields(out) : out;
}

/** Tiny HTML pages behind the envelopes' links, so the sandbox's "More:" links open something. */
export function sandboxPage(path: string, base: string): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const m = /^\/company\/([^/]+)/.exec(path);
  const c = m ? findCompany(decodeURIComponent(m[1])) : undefined;
  const body = c
    ? `<h1>${esc(c.name)} (${esc(c.ticker)})</h1><p>${esc(c.industry)} · ${esc(c.exchange)} · CIK ${c.cik}</p><p>${esc(c.business_summary)}</p>`
    : `<h1>SVC sandbox</h1><p>Local sample of the Company Data API at ${esc(base)}/api/public/v1/&lt;tool&gt;. Sample tickers: ${companies().map((x) => esc(x.ticker)).join(", ")}.</p>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>SVC sandbox</title></head><body>${body}<p><small>Sandbox page for ${esc(path)} — sample data as of ${AS_OF}.</small></p></body></html>`;
}

export { HttpError, MEMBERS, d, daysBetween };

let warmed = false;

/**
 * Build the lazily generated sample data once per process (about half a second), so that no tool call
 * of a test with a short client timeout pays for generating it.
 */
export function warmUp(): void {
  if (warmed) return;
  warmed = true;
  const ctx: ToolContext = { base: "http://warm.invalid", style: "400", extraFields: false };
  const run = (tool: string, q: Record<string, string>) => handlers[tool](parseParams(tool, new URLSearchParams(q), "400"), ctx);
  for (const c of companies()) {
    run("get_financials", { ticker: c.ticker, period_type: "quarterly", years: "1" });
    run("list_filings", { ticker: c.ticker });
  }
  run("get_insider_feed", { clusters: "true" });
  run("get_congress_feed", {});
  run("get_economy", {});
  run("screen_companies", { filters: "roic:0:" });
  run("get_institutional_holders", { ticker: "AAPL" });
}
