/**
 * The words analysts type for values the API spells one way: parties, transaction types, chambers,
 * and what each economy series measures (so "unemployment" finds UNRATE). Read by the catalogue's
 * parameters (`synonyms`, `known`, `labels`) and through them by validation, the docs and the pane.
 */

/** get_congress_feed `party`: the values the spec gives for trades[].party. */
export const PARTIES: readonly string[] = ["Democrat", "Republican", "Independent"];

export const PARTY_SYNONYMS: Readonly<Record<string, string>> = {
  d: "Democrat", dem: "Democrat", dems: "Democrat", democratic: "Democrat", democrats: "Democrat",
  r: "Republican", rep: "Republican", gop: "Republican", republicans: "Republican",
  i: "Independent", ind: "Independent", independents: "Independent",
};

export const TRANSACTION_SYNONYMS: Readonly<Record<string, string>> = {
  buy: "purchase", buys: "purchase", bought: "purchase", purchases: "purchase", p: "purchase",
  sell: "sale", sells: "sale", sold: "sale", sales: "sale", s: "sale",
  exchanges: "exchange", swap: "exchange",
};

export const CHAMBER_SYNONYMS: Readonly<Record<string, string>> = {
  "house of representatives": "house", representatives: "house", senators: "senate",
};

/** What each get_economy series measures (the data provider's titles, shortened), for matching by words. */
export const ECONOMY_LABELS: Readonly<Record<string, string>> = {
  CPIAUCSL: "Consumer price index (CPI), all items, inflation",
  CPILFESL: "Core consumer price index (CPI excluding food and energy), core inflation",
  PCEPI: "PCE price index, inflation",
  PCEPILFE: "Core PCE price index (excluding food and energy), core inflation",
  PPIFIS: "Producer price index (PPI), final demand",
  CUSR0000SAH1: "Shelter prices (CPI shelter), housing inflation",
  GASREGW: "Regular gasoline price (gas)",
  DCOILWTICO: "Crude oil price (WTI)",
  T5YIE: "5-year breakeven inflation rate",
  T10YIE: "10-year breakeven inflation rate",
  UNRATE: "Unemployment rate",
  U6RATE: "Underemployment rate (U-6 unemployment)",
  PAYEMS: "Nonfarm payrolls (employment, jobs)",
  ICSA: "Initial jobless claims (unemployment insurance)",
  CCSA: "Continuing jobless claims (unemployment insurance)",
  JTSJOL: "Job openings (JOLTS)",
  CIVPART: "Labor force participation rate",
  CES0500000003: "Average hourly earnings (wages)",
  A191RL1Q225SBEA: "Real GDP growth (gross domestic product)",
  RSAFS: "Retail sales",
  INDPRO: "Industrial production",
  TCU: "Capacity utilization",
  DGORDER: "Durable goods orders",
  PCEC96: "Real personal consumption expenditures (consumer spending)",
  DSPIC96: "Real disposable personal income",
  PSAVERT: "Personal saving rate",
  UMCSENT: "Consumer sentiment (University of Michigan)",
  BOPGSTB: "Trade balance, goods and services",
  HOUST: "Housing starts",
  PERMIT: "Building permits (housing)",
  HSN1F: "New home sales",
  HPIPONM226S: "House price index (FHFA), home prices",
  MORTGAGE30US: "30-year fixed mortgage rate",
  DFF: "Federal funds effective rate (fed funds, interest rate)",
  SOFR: "Secured overnight financing rate (SOFR)",
  DPRIME: "Bank prime loan rate",
  DGS3MO: "3-month Treasury yield (bill rate)",
  DGS2: "2-year Treasury yield",
  DGS5: "5-year Treasury yield",
  DGS10: "10-year Treasury yield (bond rate)",
  DGS30: "30-year Treasury yield",
  T10Y2Y: "10-year minus 2-year Treasury spread (yield curve)",
  T10Y3M: "10-year minus 3-month Treasury spread (yield curve)",
  WALCL: "Federal Reserve total assets (balance sheet)",
  M2SL: "M2 money supply",
  TOTALSL: "Total consumer credit",
  DRCCLACBS: "Credit card delinquency rate",
  NFCI: "National financial conditions index (Chicago Fed)",
  VIXCLS: "Volatility index (VIX)",
  DTWEXBGS: "Broad U.S. dollar index",
  GFDEBTN: "Federal debt, total public debt",
  GFDEGDQ188S: "Federal debt as percent of GDP",
  MTSDS133FMS: "Federal surplus or deficit (budget)",
  SAHMREALTIME: "Sahm rule recession indicator",
};

const wordsOf = (s: string): string[] => s.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== "");

/**
 * Values whose label holds the words typed ("unemployment" -> UNRATE, U6RATE), best first: every
 * word found before some, then the share of the label the words make up. At most `n`.
 */
export function byLabelWords(typed: string, labels: Readonly<Record<string, string>>, n = 3): string[] {
  const want = wordsOf(typed);
  if (want.length === 0) return [];
  const scored = Object.entries(labels).map(([value, label]) => {
    const have = wordsOf(label);
    const found = want.filter((w) => have.some((h) => h === w || (w.length >= 4 && h.startsWith(w)))).length;
    return { value, found, all: found === want.length, share: found / have.length };
  });
  return scored
    .filter((s) => s.found > 0)
    .sort((a, b) => Number(b.all) - Number(a.all) || b.found - a.found || b.share - a.share)
    .slice(0, n)
    .map((s) => s.value);
}
