/** The fake API's tools about people and holdings: insiders, Congress, leadership, 13F filers, short interest. */
import { AS_OF, addDays } from "./calendar";
import { invalid, notFound } from "./params";
import { QUARTERS_13F, SHORT_ATTRIBUTION, allCongressTrades, allInsiderTrades, congressTradesOf, filedFor, findMember, holdersOf, insiderTradesOf, leadershipData, managers, positions, secIndexUrl, shortInterestOf, Manager } from "./records";
import { recordTable } from "./text";
import { Handler, company, pageOf, num, bool, dflt, str, strip } from "./tool-args";

/** A 13F filer's position changes from the quarter before `quarter` to it, largest first. */
function quarterChanges(m: Manager, quarter: string, pos: ReturnType<typeof positions>): { priorQ: string; changes: Record<string, unknown>[] } {
  const qi = QUARTERS_13F.indexOf(quarter);
  const priorQ = qi > 0 ? QUARTERS_13F[qi - 1] : addDays(quarter, -91);
  const before = qi > 0 ? positions(m, priorQ) : [];
  const keyOf = (x: { cusip: string; put_call: string | null }) => `${x.cusip}:${x.put_call ?? ""}`;
  const prevMap = new Map(before.map((x) => [keyOf(x), x]));
  const curMap = new Map(pos.map((x) => [keyOf(x), x]));
  const changes: Record<string, unknown>[] = [];
  for (const x of pos) {
    const b = prevMap.get(keyOf(x));
    const status = !b ? "new" : x.shares > b.shares ? "added" : x.shares < b.shares ? "reduced" : "unchanged";
    if (status === "unchanged") continue;
    changes.push({ ticker: x.ticker, issuer: x.issuer, class: x.class, put_call: x.put_call, status, shares: x.shares, prior_shares: b?.shares ?? 0, change_shares: x.shares - (b?.shares ?? 0), value_usd_m: x.value_usd_m, prior_value_usd_m: b?.value_usd_m ?? 0, cusip: x.cusip });
  }
  for (const b of before)
    if (!curMap.has(keyOf(b))) changes.push({ ticker: b.ticker, issuer: b.issuer, class: b.class, put_call: b.put_call, status: "sold_out", shares: 0, prior_shares: b.shares, change_shares: -b.shares, value_usd_m: 0, prior_value_usd_m: b.value_usd_m, cusip: b.cusip });
  changes.sort((a, b) => Math.max(Number(b.value_usd_m), Number(b.prior_value_usd_m)) - Math.max(Number(a.value_usd_m), Number(a.prior_value_usd_m)));
  return { priorQ, changes };
}

/** The tools about people and holdings: insiders, Congress, leadership, 13F filers, short interest. */
type PeopleTool = "get_insider_trades" | "get_insider_feed" | "get_congress_trades" | "get_congress_feed" | "get_leadership" | "get_institutional_holders" | "get_investor" | "get_short_interest";

export const PEOPLE_HANDLERS: Record<PeopleTool, Handler> = {
  get_insider_trades(p, ctx) {
    const c = company(p);
    const trades = insiderTradesOf(c)
      .slice(0, num(p, "limit"))
      .map((t) => strip(t as unknown as Record<string, unknown>, ["ticker", "company", "days_to_file", "plan_10b5_1", "accession"]));
    const link = pageOf(ctx, c, "/insiders");
    return { data: { ticker: c.ticker, trades }, link, text: recordTable(`${c.ticker} insider transactions, newest filed first`, trades, ["filed_date", "transaction_date", "owner", "role", "code", "shares", "price", "value_usd", "shares_after"], ["Codes: P buy, S sale, A grant, M option exercise, F tax withholding, G gift."], link) };
  },

  get_insider_feed(p, ctx) {
    const days = num(p, "days");
    const buysOnly = bool(p, "buys_only");
    const minValue = p.min_value_usd === undefined ? undefined : Number(p.min_value_usd);
    const since = addDays(AS_OF, -days);
    const limit = num(p, "limit");
    const window = (ctx.edits?.feed(allInsiderTrades()) ?? allInsiderTrades()).filter((t) => t.filed_date >= since && (t.code === "P" || t.code === "S"));
    const link = `${ctx.base}/insiders`;
    if (bool(p, "clusters")) {
      const by = new Map<string, typeof window>();
      for (const t of window) by.set(t.ticker, [...(by.get(t.ticker) ?? []), t]);
      const clusters = [...by.entries()]
        .map(([ticker, ts]) => {
          const buys = ts.filter((t) => t.code === "P");
          const sells = ts.filter((t) => t.code === "S");
          const buyers = [...new Set(buys.map((t) => t.owner))];
          const filed = ts.map((t) => t.filed_date).sort();
          return {
            ticker,
            company: ts[0].company,
            buyers: buyers.length,
            buys: buys.length,
            buy_usd: buys.reduce((s, t) => s + (t.value_usd ?? 0), 0),
            sellers: new Set(sells.map((t) => t.owner)).size,
            sell_usd: sells.reduce((s, t) => s + (t.value_usd ?? 0), 0),
            first_filed: filed[0],
            last_filed: filed[filed.length - 1],
            buyer_names: buyers.slice(0, 3),
          };
        })
        .filter((x) => x.buyers >= 2 && (minValue === undefined || x.buy_usd >= minValue))
        .sort((a, b) => b.buyers - a.buyers || b.buy_usd - a.buy_usd)
        .slice(0, limit);
      return { data: { since, buys_only: buysOnly, clusters }, link, text: recordTable(`Insider buying clusters since ${since}`, clusters, ["ticker", "company", "buyers", "buys", "buy_usd", "sellers", "sell_usd", "first_filed", "last_filed"], [], link) };
    }
    const trades = window
      .filter((t) => (!buysOnly || t.code === "P") && (minValue === undefined || (t.value_usd ?? 0) >= minValue))
      .slice(0, limit)
      .map((t) => strip(t as unknown as Record<string, unknown>, ["acquired_disposed", "accession"]));
    return { data: { since, buys_only: buysOnly, trades }, link, text: recordTable(`Open-market insider trades filed since ${since}${buysOnly ? " (purchases only)" : ""}`, trades, ["filed_date", "ticker", "owner", "role", "code", "shares", "price", "value_usd"], [], link) };
  },

  get_congress_trades(p, ctx) {
    const c = company(p);
    const trades = congressTradesOf(c)
      .slice(0, num(p, "limit"))
      .map((t) => strip(t as unknown as Record<string, unknown>, ["bioguide_id", "ticker", "asset_as_filed"]));
    const link = pageOf(ctx, c, "/congress");
    return { data: { ticker: c.ticker, trades }, link, text: recordTable(`${c.ticker} trades disclosed by members of Congress`, trades, ["filing_date", "transaction_date", "member", "party", "chamber", "type", "amount_low_usd", "amount_high_usd", "owner"], [], link) };
  },

  get_congress_feed(p, ctx) {
    const days = num(p, "days");
    const since = addDays(AS_OF, -days);
    const memberQ = str(p, "member");
    const member = memberQ === undefined ? undefined : findMember(memberQ);
    if (memberQ !== undefined && !member) throw notFound(`Unknown member of Congress: ${memberQ}`);
    const party = str(p, "party")?.toLowerCase();
    const chamber = str(p, "chamber");
    const type = str(p, "transaction_type");
    const partyMatch = (x: string) => !party || x.toLowerCase().startsWith(party.slice(0, 3)) || (party.length === 1 && x[0].toLowerCase() === party);
    const trades = allCongressTrades()
      .filter((t) => t.filing_date >= since && (!member || t.bioguide_id === member.bioguide_id) && partyMatch(t.party) && (!chamber || t.chamber === chamber) && (!type || t.type === type))
      .slice(0, num(p, "limit"));
    const data: Record<string, unknown> = { since, trades };
    if (member) data.member = member;
    const link = member ? `${ctx.base}/congress/${member.bioguide_id}` : `${ctx.base}/congress`;
    return { data, link, text: recordTable(`Congressional trades filed since ${since}${member ? ` by ${member.name}` : ""}`, trades as unknown as Record<string, unknown>[], ["filing_date", "member", "party", "chamber", "ticker", "asset_as_filed", "type", "amount_low_usd", "amount_high_usd"], [], link) };
  },

  get_leadership(p, ctx) {
    const c = company(p);
    const data = leadershipData(c, num(p, "years"), ctx.base);
    const link = pageOf(ctx, c, "/leadership");
    return {
      data,
      link,
      text: recordTable(`${c.ticker} CEO pay, newest first (CEO: ${(data.ceo as { name: string }).name})`, data.ceo_pay as Record<string, unknown>[], ["fiscal_year_end", "ceo", "total_pay_usd_m", "comp_actually_paid_usd_m", "other_neos_avg_total_pay_usd_m"], ["Founder and control fields are read from filings by an AI model; rows with confidence low may be inaccurate."], link),
    };
  },

  get_institutional_holders(p, ctx) {
    const c = company(p);
    const h = holdersOf(c);
    const holders = h.holders.slice(0, num(p, "limit"));
    const link = pageOf(ctx, c, "/holders");
    return { data: { ticker: c.ticker, lines_total: h.lines_total, holders }, link, text: recordTable(`${c.ticker} largest 13F holders`, holders as unknown as Record<string, unknown>[], ["manager", "report_period", "shares", "value_usd_m", "status", "change_shares"], ["Share positions only (no options)."], link) };
  },

  get_investor(p, ctx) {
    const q = String(p.query).trim();
    const lq = q.toLowerCase();
    const all = managers();
    let hits: Manager[];
    if (/^\d+$/.test(q)) hits = all.filter((m) => m.cik === Number(q));
    else {
      const exact = all.filter((m) => m.name.toLowerCase() === lq);
      hits = exact.length ? exact : all.filter((m) => m.name.toLowerCase().includes(lq) || (m.investor ?? "").toLowerCase().includes(lq));
    }
    if (hits.length === 0) throw notFound(`No 13F filer matches: ${q}`);
    if (hits.length > 1) {
      const candidates = hits.map((m) => ({ cik: m.cik, name: m.name, investor: m.investor, manager_type: m.manager_type, latest_quarter: QUARTERS_13F[QUARTERS_13F.length - 1] }));
      const link = `${ctx.base}/investors?q=${encodeURIComponent(q)}`;
      return { data: { query: q, candidates }, link, text: recordTable(`Several 13F filers match "${q}"; retry with a CIK`, candidates, ["cik", "name", "investor", "manager_type", "latest_quarter"], [], link) };
    }
    const m = hits[0];
    let quarter = QUARTERS_13F[QUARTERS_13F.length - 1];
    const qp = str(p, "quarter");
    if (qp !== undefined) {
      const qm = /^(\d{4})Q([1-4])$/i.exec(qp);
      const asDate = qm ? `${qm[1]}-${["03-31", "06-30", "09-30", "12-31"][Number(qm[2]) - 1]}` : qp;
      if (!/-(03-31|06-30|09-30|12-31)$/.test(asDate)) throw invalid(ctx.style, "quarter", `quarter must be a quarter end (YYYY-03-31, -06-30, -09-30, -12-31) or YYYYQn; got "${qp}"`, qp);
      if (!QUARTERS_13F.includes(asDate)) throw notFound(`No 13F from ${m.name} for quarter ${asDate}`);
      quarter = asDate;
    }
    const view = dflt(p, "view");
    const limit = num(p, "limit");
    const pos = positions(m, quarter);
    const total = pos.reduce((s, x) => s + x.value_usd_m, 0);
    const acc = `${String(m.cik).padStart(10, "0")}-${filedFor(quarter, m.cik).slice(2, 4)}-${String(100 + QUARTERS_13F.indexOf(quarter)).padStart(6, "0")}`;
    const base = {
      cik: m.cik,
      name: m.name,
      investor: m.investor,
      manager_type: m.manager_type,
      quarter,
      filed_date: filedFor(quarter, m.cik),
      accession_numbers: [acc],
      source_url: secIndexUrl(m.cik, acc),
      view,
    };
    const link = `${ctx.base}/investors/${m.cik}`;
    if (view === "holdings") {
      const holdings = pos.slice(0, limit).map((x) => ({ ...x, pct_of_portfolio: Math.round((x.value_usd_m / total) * 10000) / 100 }));
      const data = { ...base, positions: pos.length, portfolio_value_usd_m: Math.round(total * 10) / 10, portfolio_value_basis: "sum_of_lines", holdings };
      return { data, link, text: recordTable(`${m.name} 13F holdings at ${quarter}, largest first`, holdings as unknown as Record<string, unknown>[], ["ticker", "issuer", "class", "put_call", "shares", "value_usd_m", "pct_of_portfolio"], [], link) };
    }
    const { priorQ, changes } = quarterChanges(m, quarter, pos);
    const counts = { new: 0, added: 0, reduced: 0, sold_out: 0 } as Record<string, number>;
    for (const ch of changes) counts[String(ch.status)]++;
    const data = { ...base, prior_quarter: priorQ, counts, counts_cover: "all", changes: changes.slice(0, limit) };
    return { data, link, text: recordTable(`${m.name} 13F changes ${priorQ} → ${quarter}`, changes.slice(0, limit), ["ticker", "issuer", "status", "shares", "prior_shares", "change_shares", "value_usd_m"], [], link) };
  },

  get_short_interest(p, ctx) {
    const c = company(p);
    const rows = shortInterestOf(c).slice(0, num(p, "periods"));
    const link = pageOf(ctx, c, "/short-interest");
    return {
      data: { ticker: c.ticker, short_interest: rows, attribution: SHORT_ATTRIBUTION },
      link,
      text: recordTable(`${c.ticker} short interest, newest settlement first`, rows, ["settlement_date", "short_shares", "prior_short_shares", "change_pct", "avg_daily_volume", "days_to_cover"], [SHORT_ATTRIBUTION.notice], link),
    };
  },
};
