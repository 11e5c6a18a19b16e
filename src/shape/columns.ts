/**
 * The columns of each record list, as the spec names them: a grid has exactly these, so fields the
 * API adds later never shift a model's references.
 */
export const COLUMNS = {
  search: ["ticker", "name", "exchange", "country", "cik"],
  filings: ["form", "filing_date", "report_date", "accession_number", "description", "sec_url"],
  insiders: ["filed_date", "transaction_date", "owner", "role", "code", "acquired_disposed", "shares", "price", "value_usd", "shares_after", "source_url"],
  insiderFeed: ["filed_date", "transaction_date", "ticker", "company", "owner", "role", "code", "shares", "price", "value_usd", "shares_after", "days_to_file", "plan_10b5_1", "source_url"],
  insiderClusters: ["ticker", "company", "buyers", "buys", "buy_usd", "sellers", "sell_usd", "first_filed", "last_filed", "buyer_names"],
  congress: ["transaction_date", "filing_date", "member", "party", "chamber", "state", "type", "amount_low_usd", "amount_high_usd", "owner", "source_url"],
  congressFeed: ["filing_date", "transaction_date", "member", "bioguide_id", "party", "chamber", "state", "ticker", "asset_as_filed", "type", "amount_low_usd", "amount_high_usd", "owner", "source_url"],
  headlines: ["published", "title", "source", "url"],
  economySnapshot: ["id", "label", "basis", "latest", "prior", "unit", "date", "prior_date", "next_release"],
  economyHistory: ["date", "value", "unit"],
  holders: ["manager", "cik", "manager_type", "report_period", "filed_date", "shares", "value_usd_m", "status", "change_shares", "source_url"],
  investorHoldings: ["ticker", "issuer", "class", "put_call", "shares", "value_usd_m", "pct_of_portfolio", "cusip"],
  investorChanges: ["ticker", "issuer", "class", "put_call", "status", "shares", "prior_shares", "change_shares", "value_usd_m", "prior_value_usd_m", "cusip"],
  investorCandidates: ["cik", "name", "investor", "manager_type", "latest_quarter"],
  shortInterest: ["settlement_date", "short_shares", "prior_short_shares", "change_shares", "change_pct", "avg_daily_volume", "days_to_cover", "revised", "split"],
  peers: ["ticker", "name", "exchange", "cik", "url"],
  segments: ["axis", "metric", "member", "value", "prior_year", "change_pct", "derived", "tag", "unit", "period_end"],
  changes: ["label", "concept", "previous", "current", "change", "change_pct", "kind", "material", "scale"],
  founders: ["name", "role_type", "title", "voting_pct", "economic_pct", "confidence"],
  ceoPay: ["fiscal_year_end", "ceo", "total_pay_usd_m", "comp_actually_paid_usd_m", "other_neos_avg_total_pay_usd_m", "source_url"],
  summary: ["section", "finding", "quote", "verified"],
} as const;

