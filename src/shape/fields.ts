/**
 * The unit convention, field by field (docs/functions.md states it for users): how each field the
 * spec names is shown, and which fields are converted from the API's unit.
 *   - dates and timestamps: only the fields the spec types as dates become Excel dates;
 *   - percentages: the API gives percent (14.81); cells hold the decimal fraction (0.1481);
 *   - money: USD millions unless the field name says `_usd` (then USD), as the API gives it.
 * Field names mean the same in every tool, so one table serves all record tools.
 */
import { NumberKind } from "./values";

export type FieldKind = NumberKind | "percent";

export const FIELD_KINDS: Readonly<Record<string, FieldKind>> = {
  // dates (spec: date)
  filing_date: "date", report_date: "date", filed_date: "date", transaction_date: "date", first_filed: "date",
  last_filed: "date", settlement_date: "date", report_period: "date", date: "date", prior_date: "date",
  next_release: "date", fiscal_year_end: "date", period_end: "date", latest_quarter: "date", as_of: "date",
  since: "date", prior_quarter: "date", filed: "date", previous_period_end: "date", current_period_end: "date",
  // timestamps (spec: ISO timestamp)
  published: "timestamp", generated_at: "timestamp", researched_at: "timestamp",
  // percent in the API -> decimal fraction in cells
  change_pct: "percent", pct_of_portfolio: "percent", voting_pct: "percent", economic_pct: "percent",
  // money in USD
  value_usd: "usd", amount_low_usd: "usd", amount_high_usd: "usd", buy_usd: "usd", sell_usd: "usd",
  price: "per_share",
  // money in USD millions
  value_usd_m: "usd_m", prior_value_usd_m: "usd_m", total_pay_usd_m: "usd_m", comp_actually_paid_usd_m: "usd_m",
  other_neos_avg_total_pay_usd_m: "usd_m", portfolio_value_usd_m: "usd_m",
  // identifiers that are numbers: as written (a CIK is never 1,045,810)
  cik: "id", fiscal_year: "id",
  // counts
  shares: "count", shares_after: "count", short_shares: "count", prior_short_shares: "count", change_shares: "count",
  avg_daily_volume: "count", prior_shares: "count", buyers: "count", buys: "count", sellers: "count",
};
