/**
 * The SVC custom functions as Excel registers them, in the page's composition root. Each is a plain
 * top-level `export async function` with a JSDoc block: custom-functions-metadata reads these to
 * write functions.json and appends CustomFunctions.associate(...) here (arrow functions would be
 * dropped silently). Each hands Excel's arguments to the cell of the same name (src/functions/cells.ts)
 * with the page's one runtime: this closure is the one way a cell reaches it.
 * Numeric and boolean arguments are typed `any` so that a wrong value reaches our validation and
 * gets a message naming the argument, instead of Excel's bare #VALUE!.
 */
import { excelCell } from "./page-runtime";

/**
 * Finds U.S.-listed companies by name or ticker, best match first.
 * @customfunction
 * @requiresAddress
 * @param query Company name or ticker, 1-100 characters.
 * @param [limit] Rows to return, 1-25 (default 10).
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na".
 * @returns ticker, name, exchange, country, cik per row.
 */
export async function SEARCH(query: string, limit?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("SEARCH", [query, limit, options], invocation);
}

/**
 * A company's profile (field, value rows), or one field of it.
 * @customfunction
 * @requiresAddress
 * @param ticker U.S. ticker symbol (class suffixes with a hyphen, e.g. BRK-B).
 * @param [field] One profile field (e.g. "name", "cik", "shares_outstanding_m"); omit for all fields.
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na".
 * @returns The profile, or one value.
 */
export async function COMPANY(ticker: any, field?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("COMPANY", [ticker, field, options], invocation);
}

/**
 * Standardized financial statement figures from filings: time across columns, oldest to newest.
 * @customfunction
 * @requiresAddress
 * @param ticker U.S. ticker symbol (class suffixes with a hyphen, e.g. BRK-B).
 * @param [metrics] One metric ("revenue", "sales", "Net Income"), a list ("revenue,net_income") or a range, all from one statement; omitted: the whole statement.
 * @param [period] Number of years (1-20, default 5), FY, FY-1, FY-4:FY, FQ, FQ-7:FQ, LTM (or TTM), LTM-1, FY2024, FQ3 2024, FY2020:FY2024, CY2024 or CQ3 2024.
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na; statement=income|balance|cash_flow; source=0|1".
 * @returns One value, or a grid with a header row of fiscal periods and one row per metric (USD millions, per-share USD, ratios as decimal fractions).
 */
export async function FINANCIALS(ticker: any, metrics?: any[][], period?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("FINANCIALS", [ticker, metrics, period, options], invocation);
}

/**
 * Statements exactly as filed, segment values, or the lines that moved most.
 * @customfunction
 * @requiresAddress
 * @param ticker U.S. ticker symbol (class suffixes with a hyphen, e.g. BRK-B).
 * @param [statement] income, balance or cash_flow (ignored by the segments view) (default income).
 * @param [view] as_filed, segments or changes (default as_filed).
 * @param [fiscal_year] Fiscal year as the filer labels it (default latest).
 * @param [period] FY, Q1, Q2, Q3 or Q4 (Q4 only for segments) (default FY).
 * @param [limit] Rows to return (default 100 as filed, 60 segments, 15 changes).
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na".
 * @returns The statement lines with one column per filed period, or segment / change rows.
 */
export async function REPORTED(ticker: any, statement?: string, view?: string, fiscal_year?: any, period?: string, limit?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("REPORTED", [ticker, statement, view, fiscal_year, period, limit, options], invocation);
}

/**
 * A company's filings, newest first.
 * @customfunction
 * @requiresAddress
 * @param ticker U.S. ticker symbol (class suffixes with a hyphen, e.g. BRK-B).
 * @param [form_type] SEC form type such as 10-K, 10-Q, 8-K, 4, DEF 14A (10K, 10-k are read as 10-K; /A for an amendment).
 * @param [limit] Rows to return, 1-50 (default 20).
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na".
 * @returns form, filing_date, report_date, accession_number, description, sec_url per row.
 */
export async function FILINGS(ticker: any, form_type?: string, limit?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("FILINGS", [ticker, form_type, limit, options], invocation);
}

/**
 * An existing AI summary of a filing, one row per finding with its quote and whether it was verified.
 * @customfunction
 * @requiresAddress
 * @param ticker U.S. ticker symbol (class suffixes with a hyphen, e.g. BRK-B).
 * @param [accession_number] Filing accession number (default: newest summarised 10-K, 10-Q or 8-K).
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na".
 * @returns section, finding, quote, verified per row, then the AI notice.
 */
export async function SUMMARY(ticker: any, accession_number?: string, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("SUMMARY", [ticker, accession_number, options], invocation);
}

/**
 * Insider transactions (Forms 3/4/5) for one company, newest filed first.
 * @customfunction
 * @requiresAddress
 * @param ticker U.S. ticker symbol (class suffixes with a hyphen, e.g. BRK-B).
 * @param [limit] Rows to return, 1-100 (default 20).
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na".
 * @returns One trade per row.
 */
export async function INSIDERS(ticker: any, limit?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("INSIDERS", [ticker, limit, options], invocation);
}

/**
 * Open-market insider trades across all companies, or clusters of insider buying.
 * @customfunction
 * @requiresAddress
 * @param [days] Filed in the last N days, 1-90 (default 7).
 * @param [buys_only] TRUE = purchases only (default); FALSE adds sales.
 * @param [min_value_usd] Minimum trade value in USD (or minimum total buys of a cluster).
 * @param [clusters] TRUE = stocks where 2 or more insiders bought (default FALSE).
 * @param [limit] Rows to return, 1-100 (default 25).
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na".
 * @returns One trade (or cluster) per row.
 */
export async function INSIDERFEED(days?: any, buys_only?: any, min_value_usd?: any, clusters?: any, limit?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("INSIDERFEED", [days, buys_only, min_value_usd, clusters, limit, options], invocation);
}

/**
 * Trades in one company's stock disclosed by members of Congress.
 * @customfunction
 * @requiresAddress
 * @param ticker U.S. ticker symbol (class suffixes with a hyphen, e.g. BRK-B).
 * @param [limit] Rows to return, 1-100 (default 20).
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na".
 * @returns One disclosed trade per row.
 */
export async function CONGRESS(ticker: any, limit?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("CONGRESS", [ticker, limit, options], invocation);
}

/**
 * Trades disclosed by members of Congress across all assets.
 * @customfunction
 * @requiresAddress
 * @param [days] Filed in the last N days, 1-365 (default 30).
 * @param [member] A member's name or bioguide id.
 * @param [party] Democrat, Republican or Independent (D, R, I also read).
 * @param [chamber] house or senate.
 * @param [transaction_type] purchase, sale or exchange (buy and sell also read).
 * @param [limit] Rows to return, 1-100 (default 25).
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na".
 * @returns One disclosed trade per row.
 */
export async function CONGRESSFEED(days?: any, member?: string, party?: string, chamber?: string, transaction_type?: string, limit?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("CONGRESSFEED", [days, member, party, chamber, transaction_type, limit, options], invocation);
}

/**
 * Recent press headlines about one company (no article text), with the news index's attribution.
 * @customfunction
 * @requiresAddress
 * @param ticker U.S. ticker symbol (class suffixes with a hyphen, e.g. BRK-B).
 * @param [limit] Rows to return, 1-20 (default 10).
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na".
 * @returns published, title, source, url per row, then the attribution notice.
 */
export async function HEADLINES(ticker: any, limit?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("HEADLINES", [ticker, limit, options], invocation);
}

/**
 * U.S. economic indicators: a snapshot of all, or the history of one series.
 * @customfunction
 * @requiresAddress
 * @param [series_id] A series id such as UNRATE or DGS10 (omit for the snapshot).
 * @param [range] 1Y, 5Y, 10Y or MAX (with series_id) (default 5Y).
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na".
 * @returns Snapshot rows, or date and value rows oldest first, then the required notice.
 */
export async function ECONOMY(series_id?: string, range?: string, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("ECONOMY", [series_id, range, options], invocation);
}

/**
 * Founders, control, current CEO and CEO pay by fiscal year.
 * @customfunction
 * @requiresAddress
 * @param ticker U.S. ticker symbol (class suffixes with a hyphen, e.g. BRK-B).
 * @param [years] Fiscal years of CEO pay, 1-10 (default 5).
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na; part=all|overview|founders|ceo_pay".
 * @returns Labelled blocks (overview, founders, CEO pay), or the one block chosen with part=.
 */
export async function LEADERSHIP(ticker: any, years?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("LEADERSHIP", [ticker, years, options], invocation);
}

/**
 * Largest institutional holders of a stock from Form 13F.
 * @customfunction
 * @requiresAddress
 * @param ticker U.S. ticker symbol (class suffixes with a hyphen, e.g. BRK-B).
 * @param [limit] Rows to return, 1-100 (default 20).
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na".
 * @returns One holder per row, largest first.
 */
export async function HOLDERS(ticker: any, limit?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("HOLDERS", [ticker, limit, options], invocation);
}

/**
 * One 13F filer's holdings or quarter-over-quarter changes; an ambiguous name lists the candidates.
 * @customfunction
 * @requiresAddress
 * @param query Investor or filer name, or CIK (up to 100 characters).
 * @param [quarter] Quarter end as YYYY-MM-DD or YYYYQn (default latest 13F).
 * @param [view] holdings or changes (default holdings).
 * @param [limit] Rows to return, 1-100 (default 25).
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na".
 * @returns One position (or change, or candidate filer) per row.
 */
export async function INVESTOR(query: string, quarter?: string, view?: string, limit?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("INVESTOR", [query, quarter, view, limit, options], invocation);
}

/**
 * Short interest by settlement date, newest first.
 * @customfunction
 * @requiresAddress
 * @param ticker U.S. ticker symbol (class suffixes with a hyphen, e.g. BRK-B).
 * @param [periods] Settlement dates, 1-48 (default 12).
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na".
 * @returns One settlement date per row, then the data owner's notice.
 */
export async function SHORTINTEREST(ticker: any, periods?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("SHORTINTEREST", [ticker, periods, options], invocation);
}

/**
 * The researched competitor set of a company, most comparable first.
 * @customfunction
 * @requiresAddress
 * @param ticker U.S. ticker symbol (class suffixes with a hyphen, e.g. BRK-B).
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na".
 * @returns ticker, name, exchange, cik, url per row.
 */
export async function PEERS(ticker: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("PEERS", [ticker, options], invocation);
}

/**
 * Screens companies on public-record metrics from a nightly snapshot.
 * @customfunction
 * @requiresAddress
 * @param filters Filters written metric:min:max (either bound may be empty), as a list or a range; bounds in the metric's unit: percent metrics in percent (roic:15: = ROIC of at least 15 %; roic:0.5%: for half a percent), USD metrics in USD millions (revenue_ttm:1000: = USD 1 billion), flags 1 or 0.
 * @param [sort_by] Metric to sort by (default the first filter's metric).
 * @param [descending] TRUE = largest first (default).
 * @param [limit] Rows to return, 1-50 (default 25).
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na".
 * @returns ticker, name, exchange, cik, one column per metric, notes.
 */
export async function SCREEN(filters: any[][], sort_by?: string, descending?: any, limit?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("SCREEN", [filters, sort_by, descending, limit, options], invocation);
}

/**
 * The fiscal calendar of a company: each fiscal period's label, start, end and calendar quarter.
 * @customfunction
 * @requiresAddress
 * @param ticker U.S. ticker symbol (class suffixes with a hyphen, e.g. BRK-B).
 * @param [period] As in SVC.FINANCIALS (default FQ-7:FQ): FY, FY-1, FY-4:FY, FQ, FQ-7:FQ, LTM (or TTM), LTM-1, FY2024, FQ3 2024, FY2020:FY2024, CY2024 or CQ3 2024.
 * @param [options] "headers=0|1|2; dates=serial|text; na=blank|na".
 * @returns period, start, end, calendar_quarter per row, oldest first.
 */
export async function PERIODS(ticker: any, period?: any, options?: string, invocation?: CustomFunctions.CancelableInvocation): Promise<any[][]> {
  return excelCell("PERIODS", [ticker, period, options], invocation);
}
