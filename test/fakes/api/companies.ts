/**
 * The fake API's sample companies (deterministic; "as of" AS_OF = 2026-11-01).
 *
 * Eight hand-described companies (AAPL, MSFT, NVDA, JPM, BRK-B, XOM, KO, SPRS) plus 25 generated
 * fictional ones, so a benchmark can use 25+ tickers. Every company has financial history; SPRS
 * ("Sparse Holdings") has only three fiscal years, many nulls, no headlines and no holders.
 * Fiscal years are named by the calendar year in which they end (Apple's FY2026 ends Sep 2026,
 * Nvidia's FY2026 ends Jan 2026); quarter labels use the fiscal year: 2026Q1 is the first quarter of
 * FY2026.
 */
import { AS_OF, addDays, addMonths, lastDayOfMonth, lastWeekdayOfMonth } from "./calendar";
import { Rng, hashString, lazy } from "./rng";

export type CompanyKind = "normal" | "bank" | "sparse";

export interface Company {
  ticker: string;
  name: string;
  exchange: string;
  country: string;
  cik: number;
  sic: string;
  industry: string;
  business_summary: string;
  kind: CompanyKind;
  /** Month (1-12) in which the fiscal year ends. */
  fyEndMonth: number;
  /** month_end, or 52/53-week years ending on the last Saturday / Sunday of the month. */
  fyRule: "month_end" | "last_sat" | "last_sun";
  /** First fiscal year with data. */
  firstFY: number;
  /** Revenue of the latest fiscal year, USD millions. */
  revenue: number;
  growth: number;
  grossMargin: number;
  rdPct: number;
  sgaPct: number;
  /** Diluted shares, millions, latest year. */
  shares: number;
  /** Yearly share count shrink from buybacks. */
  buyback: number;
  payout: number;
  /** Total assets / revenue. */
  assetsToRevenue: number;
  debtToAssets: number;
  /** Quarterly revenue weights (fiscal Q1..Q4). */
  seasonality: [number, number, number, number];
  hasHeadlines: boolean;
  hasHolders: boolean;
  /** Peers hand-chosen (generated companies get peers by industry). */
  peers?: string[];
  unlistedCompetitors?: string[];
  founders?: Founder[];
  ceo: { name: string; title: string };
}

export interface Founder {
  name: string;
  role_type: "executive" | "employee" | "non_executive_board" | "none";
  title: string;
  voting_pct: number | null;
  economic_pct: number | null;
  confidence: "high" | "low";
}

const FLAT: [number, number, number, number] = [0.24, 0.25, 0.25, 0.26];

const MAIN: Company[] = [
  {
    ticker: "AAPL", name: "Apple Inc.", exchange: "Nasdaq", country: "US", cik: 320193, sic: "3571",
    industry: "Electronic Computers", kind: "normal", fyEndMonth: 9, fyRule: "last_sat", firstFY: 2007,
    business_summary: "Designs, manufactures and markets smartphones, personal computers, tablets, wearables and accessories, and sells a variety of related services.",
    revenue: 428_000, growth: 0.07, grossMargin: 0.46, rdPct: 0.08, sgaPct: 0.065, shares: 14_900, buyback: 0.03, payout: 0.15,
    assetsToRevenue: 0.86, debtToAssets: 0.27, seasonality: [0.30, 0.23, 0.21, 0.26], hasHeadlines: true, hasHolders: true,
    peers: ["MSFT", "NVDA", "KO", "ACMR"], unlistedCompetitors: ["Samsung Electronics", "Xiaomi", "Huawei"],
    founders: [
      { name: "Steven P. Jobs", role_type: "none", title: "", voting_pct: null, economic_pct: null, confidence: "high" },
      { name: "Stephen G. Wozniak", role_type: "none", title: "", voting_pct: null, economic_pct: null, confidence: "high" },
      { name: "Ronald G. Wayne", role_type: "none", title: "", voting_pct: null, economic_pct: null, confidence: "low" },
    ],
    ceo: { name: "Timothy D. Cook", title: "Chief Executive Officer" },
  },
  {
    ticker: "MSFT", name: "Microsoft Corporation", exchange: "Nasdaq", country: "US", cik: 789019, sic: "7372",
    industry: "Services-Prepackaged Software", kind: "normal", fyEndMonth: 6, fyRule: "month_end", firstFY: 2007,
    business_summary: "Develops and licenses software, cloud services, devices and solutions, including Azure, Microsoft 365, LinkedIn, Windows and gaming.",
    revenue: 318_000, growth: 0.14, grossMargin: 0.69, rdPct: 0.12, sgaPct: 0.10, shares: 7_460, buyback: 0.005, payout: 0.25,
    assetsToRevenue: 2.0, debtToAssets: 0.08, seasonality: [0.24, 0.25, 0.25, 0.26], hasHeadlines: true, hasHolders: true,
    peers: ["AAPL", "NVDA", "BLFN", "CRSW"], unlistedCompetitors: ["OpenAI"],
    founders: [
      { name: "William H. Gates III", role_type: "none", title: "", voting_pct: 1.0, economic_pct: 1.0, confidence: "high" },
      { name: "Paul G. Allen", role_type: "none", title: "", voting_pct: null, economic_pct: null, confidence: "high" },
    ],
    ceo: { name: "Satya Nadella", title: "Chairman and Chief Executive Officer" },
  },
  {
    ticker: "NVDA", name: "NVIDIA Corporation", exchange: "Nasdaq", country: "US", cik: 1045810, sic: "3674",
    industry: "Semiconductors & Related Devices", kind: "normal", fyEndMonth: 1, fyRule: "last_sun", firstFY: 2007,
    business_summary: "Designs accelerated computing platforms: data-center GPUs, networking and software for AI, plus gaming, professional visualization and automotive chips.",
    revenue: 205_000, growth: 0.35, grossMargin: 0.72, rdPct: 0.09, sgaPct: 0.025, shares: 24_600, buyback: 0.004, payout: 0.01,
    assetsToRevenue: 0.8, debtToAssets: 0.06, seasonality: [0.21, 0.24, 0.26, 0.29], hasHeadlines: true, hasHolders: true,
    peers: ["AAPL", "MSFT", "CRSW", "QNTM"], unlistedCompetitors: ["Huawei HiSilicon", "Cerebras Systems"],
    founders: [
      { name: "Jen-Hsun Huang", role_type: "executive", title: "President and Chief Executive Officer", voting_pct: 3.5, economic_pct: 3.5, confidence: "high" },
      { name: "Chris A. Malachowsky", role_type: "employee", title: "NVIDIA Fellow", voting_pct: null, economic_pct: null, confidence: "high" },
      { name: "Curtis R. Priem", role_type: "none", title: "", voting_pct: null, economic_pct: null, confidence: "low" },
    ],
    ceo: { name: "Jen-Hsun Huang", title: "President and Chief Executive Officer" },
  },
  {
    ticker: "JPM", name: "JPMorgan Chase & Co.", exchange: "NYSE", country: "US", cik: 19617, sic: "6021",
    industry: "National Commercial Banks", kind: "bank", fyEndMonth: 12, fyRule: "month_end", firstFY: 2006,
    business_summary: "Financial services firm: consumer and community banking, commercial and investment banking, and asset and wealth management.",
    revenue: 182_000, growth: 0.05, grossMargin: 0, rdPct: 0, sgaPct: 0.55, shares: 2_800, buyback: 0.02, payout: 0.3,
    assetsToRevenue: 22, debtToAssets: 0.12, seasonality: FLAT, hasHeadlines: true, hasHolders: true,
    peers: ["BRK-B", "NTHB", "GRNB"], unlistedCompetitors: ["HSBC Holdings"],
    founders: [],
    ceo: { name: "James Dimon", title: "Chairman and Chief Executive Officer" },
  },
  {
    ticker: "BRK-B", name: "Berkshire Hathaway Inc.", exchange: "NYSE", country: "US", cik: 1067983, sic: "6331",
    industry: "Fire, Marine & Casualty Insurance", kind: "normal", fyEndMonth: 12, fyRule: "month_end", firstFY: 2006,
    business_summary: "Holding company owning insurance, railroad, utilities and energy, manufacturing, service and retailing businesses.",
    revenue: 375_000, growth: 0.04, grossMargin: 0.25, rdPct: 0, sgaPct: 0.08, shares: 2_160, buyback: 0.01, payout: 0,
    assetsToRevenue: 3.0, debtToAssets: 0.11, seasonality: FLAT, hasHeadlines: true, hasHolders: true,
    peers: ["JPM", "XOM", "KO"], unlistedCompetitors: ["Munich Re"],
    founders: [],
    ceo: { name: "Gregory E. Abel", title: "President and Chief Executive Officer" },
  },
  {
    ticker: "XOM", name: "Exxon Mobil Corporation", exchange: "NYSE", country: "US", cik: 34088, sic: "2911",
    industry: "Petroleum Refining", kind: "normal", fyEndMonth: 12, fyRule: "month_end", firstFY: 2006,
    business_summary: "Explores for and produces crude oil and natural gas, and manufactures petroleum products, chemicals and specialty products.",
    revenue: 330_000, growth: 0.01, grossMargin: 0.32, rdPct: 0.003, sgaPct: 0.03, shares: 4_300, buyback: 0.02, payout: 0.45,
    assetsToRevenue: 1.35, debtToAssets: 0.09, seasonality: FLAT, hasHeadlines: true, hasHolders: true,
    peers: ["BRK-B", "PTRX", "KO"], unlistedCompetitors: ["Shell plc", "Saudi Aramco"],
    founders: [],
    ceo: { name: "Darren W. Woods", title: "Chairman and Chief Executive Officer" },
  },
  {
    ticker: "KO", name: "The Coca-Cola Company", exchange: "NYSE", country: "US", cik: 21344, sic: "2080",
    industry: "Beverages", kind: "normal", fyEndMonth: 12, fyRule: "month_end", firstFY: 2006,
    business_summary: "Beverage company: manufactures and sells concentrates, syrups and finished beverages under Coca-Cola and 200 other brands.",
    revenue: 48_000, growth: 0.04, grossMargin: 0.61, rdPct: 0, sgaPct: 0.30, shares: 4_320, buyback: 0.005, payout: 0.75,
    assetsToRevenue: 2.1, debtToAssets: 0.42, seasonality: [0.23, 0.27, 0.26, 0.24], hasHeadlines: true, hasHolders: true,
    peers: ["FZDR", "XOM", "AAPL"], unlistedCompetitors: ["Red Bull GmbH"],
    founders: [
      { name: "Asa G. Candler", role_type: "none", title: "", voting_pct: null, economic_pct: null, confidence: "low" },
    ],
    ceo: { name: "James Quincey", title: "Chairman and Chief Executive Officer" },
  },
  {
    ticker: "SPRS", name: "Sparse Holdings, Inc.", exchange: "OTC", country: "US", cik: 1999001, sic: "6770",
    industry: "Blank Checks", kind: "sparse", fyEndMonth: 12, fyRule: "month_end", firstFY: 2023,
    business_summary: "Shell company with limited operations. (Sandbox sample with sparse data: three fiscal years, many missing figures, no headlines, no holders.)",
    revenue: 42, growth: 0.1, grossMargin: 0.3, rdPct: 0, sgaPct: 0.25, shares: 31, buyback: 0, payout: 0,
    assetsToRevenue: 3.5, debtToAssets: 0.3, seasonality: FLAT, hasHeadlines: false, hasHolders: false,
    peers: [], unlistedCompetitors: [],
    founders: [
      { name: "Pat Q. Sparse", role_type: "executive", title: "Chief Executive Officer", voting_pct: 62.0, economic_pct: 40.0, confidence: "low" },
    ],
    ceo: { name: "Pat Q. Sparse", title: "Chief Executive Officer" },
  },
];

/** 25 fictional companies, generated from a table of names (sizes and ratios from a seeded RNG). */
const GENERATED: [string, string, string, string, string][] = [
  // ticker, name, sic, industry, exchange
  ["ACMR", "Acme Robotics Corp.", "3569", "General Industrial Machinery", "Nasdaq"],
  ["BLFN", "Bluefin Software Inc.", "7372", "Services-Prepackaged Software", "Nasdaq"],
  ["CRSW", "Crosswind Semiconductor Inc.", "3674", "Semiconductors & Related Devices", "Nasdaq"],
  ["DLTA", "Delta Freight Lines Inc.", "4213", "Trucking (No Local)", "NYSE"],
  ["EVRG", "Evergreen Power Co.", "4911", "Electric Services", "NYSE"],
  ["FZDR", "Fizzdrop Beverages Inc.", "2086", "Bottled & Canned Soft Drinks", "NYSE"],
  ["GRNB", "Granite Bancorp", "6022", "State Commercial Banks", "Nasdaq"],
  ["HLXB", "Helix Biotherapeutics Inc.", "2836", "Biological Products", "Nasdaq"],
  ["IRNW", "Ironworks Steel Corp.", "3312", "Steel Works & Blast Furnaces", "NYSE"],
  ["JNPP", "Juniper Paper & Packaging Co.", "2650", "Paperboard Containers & Boxes", "NYSE"],
  ["KSTL", "Kestrel Aerospace Inc.", "3721", "Aircraft", "NYSE"],
  ["LMNR", "Luminar Retail Group Inc.", "5331", "Variety Stores", "NYSE"],
  ["MRDN", "Meridian Health Systems Inc.", "8062", "General Medical & Surgical Hospitals", "NYSE"],
  ["NTHB", "Northbridge Financial Corp.", "6211", "Security Brokers & Dealers", "NYSE"],
  ["OCNV", "Oceanview Hotels & Resorts Inc.", "7011", "Hotels & Motels", "NYSE"],
  ["PTRX", "Petrex Energy Corp.", "1311", "Crude Petroleum & Natural Gas", "NYSE"],
  ["QNTM", "Quantum Circuits Inc.", "3672", "Printed Circuit Boards", "Nasdaq"],
  ["RDGE", "Ridgeline Homes Inc.", "1531", "Operative Builders", "NYSE"],
  ["SLTR", "Solstice Renewables Inc.", "4991", "Cogeneration Services", "Nasdaq"],
  ["TRVL", "Travelwise Online Inc.", "4700", "Transportation Services", "Nasdaq"],
  ["UPLK", "Uplink Telecom Inc.", "4813", "Telephone Communications", "NYSE"],
  ["VRDN", "Viridian Agritech Inc.", "2870", "Agricultural Chemicals", "NYSE"],
  ["WSTR", "Westerly Insurance Group Inc.", "6331", "Fire, Marine & Casualty Insurance", "NYSE"],
  ["XPLR", "Explorer Outdoor Brands Inc.", "3949", "Sporting & Athletic Goods", "Nasdaq"],
  ["ZNTH", "Zenith Medical Devices Inc.", "3841", "Surgical & Medical Instruments", "Nasdaq"],
];

const FIRST_NAMES = ["Alex", "Jordan", "Morgan", "Taylor", "Casey", "Riley", "Jamie", "Avery", "Quinn", "Drew", "Harper", "Rowan", "Sam", "Lee", "Kai", "Robin"];
const LAST_NAMES = ["Abbott", "Brennan", "Castillo", "Dawson", "Ellison", "Foster", "Garcia", "Hayes", "Ibarra", "Jensen", "Keller", "Lindqvist", "Moreno", "Nakamura", "Okafor", "Patel", "Quintero", "Reyes", "Sato", "Thompson", "Underwood", "Vance", "Whitaker", "Xu", "Young", "Zimmerman"];

export function personName(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${String.fromCharCode(65 + rng.int(0, 25))}. ${rng.pick(LAST_NAMES)}`;
}

function generated(row: [string, string, string, string, string], i: number): Company {
  const [ticker, name, sic, industry, exchange] = row;
  const rng = new Rng(`company:${ticker}`);
  const bank = sic.startsWith("60");
  const fyEndMonth = i % 7 === 3 ? 6 : i % 11 === 5 ? 3 : i % 13 === 8 ? 9 : 12;
  const founderLed = rng.chance(0.4);
  const ceo = personName(rng);
  const founders: Founder[] = founderLed
    ? [{ name: ceo, role_type: "executive", title: "Chief Executive Officer", voting_pct: rng.chance(0.3) ? 55 + rng.int(0, 20) : round1(rng.range(1, 20)), economic_pct: round1(rng.range(1, 20)), confidence: rng.chance(0.8) ? "high" : "low" }]
    : rng.chance(0.5)
      ? [{ name: personName(rng), role_type: rng.pick(["none", "non_executive_board"] as const), title: "", voting_pct: null, economic_pct: null, confidence: "high" }]
      : [];
  return {
    ticker, name, exchange, country: "US", cik: 1_100_000 + hashString(ticker) % 800_000, sic, industry,
    business_summary: `${name.replace(/ (Inc|Corp|Co|Group Inc)\.?$/, "")} operates in ${industry.toLowerCase()}. (Fictional sandbox company.)`,
    kind: bank ? "bank" : "normal", fyEndMonth, fyRule: "month_end", firstFY: 2006,
    revenue: Math.round(rng.range(800, 60_000)), growth: rng.range(-0.02, 0.18), grossMargin: bank ? 0 : rng.range(0.2, 0.7),
    rdPct: rng.chance(0.5) ? rng.range(0.01, 0.15) : 0, sgaPct: bank ? 0.55 : rng.range(0.05, 0.25), shares: Math.round(rng.range(50, 1500)),
    buyback: rng.range(-0.01, 0.03), payout: rng.chance(0.6) ? rng.range(0.1, 0.6) : 0, assetsToRevenue: bank ? rng.range(8, 15) : rng.range(0.6, 2.5),
    debtToAssets: rng.range(0.05, 0.45), seasonality: FLAT, hasHeadlines: true, hasHolders: true,
    founders, ceo: { name: founderLed ? ceo : personName(rng), title: "Chief Executive Officer" },
  };
}

function round1(v: number): number {
  return Math.round(v * 10) / 10;
}

export const companies = lazy((): Company[] => [...MAIN, ...GENERATED.map(generated)]);

const byTicker = lazy(() => new Map(companies().map((c) => [c.ticker, c])));

/** Find a company by ticker (case-insensitive; BRK.B is accepted for BRK-B). */
export function findCompany(ticker: string): Company | undefined {
  const t = ticker.trim().toUpperCase();
  return byTicker().get(t) ?? byTicker().get(t.replace(/\./g, "-"));
}

/** Tickers of every sample company (main ones first). */
export function sampleTickers(): string[] {
  return companies().map((c) => c.ticker);
}

// ----- fiscal calendar -----

export function fyEnd(c: Company, fy: number): string {
  if (c.fyRule === "last_sat") return lastWeekdayOfMonth(fy, c.fyEndMonth, 6);
  if (c.fyRule === "last_sun") return lastWeekdayOfMonth(fy, c.fyEndMonth, 0);
  return lastDayOfMonth(fy, c.fyEndMonth);
}

export function quarterEnd(c: Company, fy: number, q: number): string {
  if (q === 4) return fyEnd(c, fy);
  if (c.fyRule !== "month_end") return addDays(fyEnd(c, fy - 1), 91 * q);
  const [y, m] = addMonths(fy, c.fyEndMonth, -3 * (4 - q));
  return lastDayOfMonth(y, m);
}

export function quarterStart(c: Company, fy: number, q: number): string {
  return addDays(q === 1 ? fyEnd(c, fy - 1) : quarterEnd(c, fy, q - 1), 1);
}

/** Filing lags of the sample: 10-K 34 days after year end, 10-Q 30 days after quarter end. */
export const TENK_LAG = 34;
export const TENQ_LAG = 30;

export function tenKDate(c: Company, fy: number): string {
  return addDays(fyEnd(c, fy), TENK_LAG);
}
export function tenQDate(c: Company, fy: number, q: number): string {
  return addDays(quarterEnd(c, fy, q), TENQ_LAG);
}

/** Latest fiscal year whose 10-K was filed by AS_OF. */
export function latestFY(c: Company): number {
  let fy = Number(AS_OF.slice(0, 4)) + 1;
  while (tenKDate(c, fy) > AS_OF) fy--;
  return fy;
}

/** Latest fiscal quarter reported by AS_OF (Q4 comes with the 10-K). */
export function latestQuarter(c: Company): { fy: number; q: number } {
  const fy = latestFY(c);
  let best = { fy, q: 4 };
  for (let q = 1; q <= 3; q++) if (tenQDate(c, fy + 1, q) <= AS_OF) best = { fy: fy + 1, q };
  return best;
}
