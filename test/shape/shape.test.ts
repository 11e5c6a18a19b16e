import { ShapeOptions, excelSerial } from "../../src/shape/grid";
import { parseOptions } from "../../src/functions/options";
import { financialsGrid as typedFinancialsGrid, financialsView, metricLabel } from "../../src/shape/financials";
import { shapeAnswer as typedShapeAnswer } from "../../src/shape/tools";
import { Grid } from "../../src/shape/grid";
import { isTypedValue, plainValue } from "../../src/shape/values";

/** These tests read plain values (what a host without data types gets); typed cells are tested in units.test.ts. */
const plain = (g: Grid) => g.map((r) => r.map((c) => (isTypedValue(c) ? plainValue(c) : c)));
const shapeAnswer = (...a: Parameters<typeof typedShapeAnswer>) => plain(typedShapeAnswer(...a));
const financialsGrid = (...a: Parameters<typeof typedFinancialsGrid>) => plain(typedFinancialsGrid(...a));

/** What a cell gets without an options argument. */
const DEFAULT_SHAPE: ShapeOptions = parseOptions(null, "COMPANY");
const opts = (o: Partial<ShapeOptions> = {}): ShapeOptions => ({ ...DEFAULT_SHAPE, ...o, extra: { ...(o.extra ?? {}) } });

const FIN = {
  ticker: "AAPL",
  periods: ["FY2024", "FY2025", "FY2026"],
  period_ends: ["2024-09-28", "2025-09-27", "2026-09-26"],
  metrics: [
    { key: "revenue", label: "Revenue", unit_kind: "currency", values: [391035, 416161, null] },
    { key: "gross_margin", label: "Gross margin", unit_kind: "ratio", values: [0.46, 0.47, 0.48] },
  ],
};

describe("Excel dates", () => {
  it("turns an ISO date into its Excel serial number", () => {
    expect(excelSerial("2024-01-01")).toBe(45292);
    expect(excelSerial("1900-03-01")).toBe(61);
  });

  it("keeps the UTC time of day of a timestamp as the fraction", () => {
    expect(excelSerial("2024-01-01T12:00:00Z")).toBe(45292.5);
    expect(excelSerial("2024-01-01T12:00:00+02:00")).toBeCloseTo(45292.416667, 5);
  });
});

describe("record tables", () => {
  const filings = { filings: [{ form: "10-K", filing_date: "2024-11-01", report_date: "2024-09-28", accession_number: "a1", description: "Annual", sec_url: "https://s", extra: "ignored" }] };

  it("spill a header of the API's field names, then one row per record", () => {
    expect(shapeAnswer("list_filings", filings, opts())).toEqual([
      ["form", "filing_date", "report_date", "accession_number", "description", "sec_url"],
      ["10-K", 45597, 45563, "a1", "Annual", "https://s"],
    ]);
  });

  it("keep ISO text dates with dates=text", () => {
    expect(shapeAnswer("list_filings", filings, opts({ dates: "text" }))[1][1]).toBe("2024-11-01");
  });

  it("drop the header with headers=0", () => {
    expect(shapeAnswer("list_filings", filings, opts({ headers: 0 }))).toHaveLength(1);
  });

  it("leave a missing value missing (null), never 0", () => {
    const g = shapeAnswer("get_insider_trades", { trades: [{ owner: "X", price: null, shares: 10 }] }, opts());
    expect(g[1][7]).toBeNull();
  });

  it("spill just the header when there are no records", () => {
    expect(shapeAnswer("get_peers", { peers: [] }, opts())).toEqual([["ticker", "name", "exchange", "cik", "url"]]);
  });

  it("spill one blank cell for no records and no header", () => {
    expect(shapeAnswer("get_peers", { peers: [] }, opts({ headers: 0 }))).toEqual([[""]]);
  });
});

describe("notices", () => {
  const headlines = { headlines: [{ title: "T", url: "https://n", source: "n.com", published: "2026-11-01T10:00:00Z" }], attribution: { name: "NewsIndex", url: "https://ni" } };

  it("end the grid with a Notice: row carrying the attribution", () => {
    const g = shapeAnswer("get_headlines", headlines, opts());
    expect(g[g.length - 1]).toEqual(["Notice:", "Headlines from NewsIndex (https://ni)", "", ""]);
  });

  it("are left out with headers=0", () => {
    expect(shapeAnswer("get_headlines", headlines, opts({ headers: 0 }))).toHaveLength(1);
  });

  it("carry the economy notice and every citation", () => {
    const g = shapeAnswer("get_economy", { indicators: [], notice: "Not advice.", citations: [{ text: "Source: X" }, "Y" ] }, opts());
    expect(g.filter((r) => r[0] === "Notice:").map((r) => r[1])).toEqual(["Not advice.", "Source: X", "Y"]);
  });

  it("widen a one-column grid to fit the notice text, keeping it rectangular", () => {
    const g = shapeAnswer("get_economy", { id: "UNRATE", points: [{ date: "2026-10-01", value: 4.1 }], notice: "N", citation: null }, opts());
    expect(new Set(g.map((r) => r.length)).size).toBe(1);
  });

  it("flag low-confidence AI readings in leadership", () => {
    const g = shapeAnswer("get_leadership", { founders: [{ name: "A", confidence: "low" }], ceo_pay: [] }, opts());
    expect(g[g.length - 1][1]).toMatch(/AI model.*Low confidence/);
    expect(g.filter((r) => r[0] === "Notice:")).toHaveLength(1);
  });
});

describe("FINANCIALS grids", () => {
  it("put time across columns with a header row of period labels and units in the labels", () => {
    expect(financialsGrid(financialsView(FIN), opts())).toEqual([
      ["metric", "FY2024", "FY2025", "FY2026"],
      ["Revenue (USD m)", 391035, 416161, null],
      ["Gross margin (ratio)", 0.46, 0.47, 0.48],
    ]);
  });

  it("add a row of period-end dates with headers=2", () => {
    expect(financialsGrid(financialsView(FIN), opts({ headers: 2 }))[1]).toEqual(["period_end", 45563, 45927, 46291]);
  });

  it("give values alone with headers=0", () => {
    expect(financialsGrid(financialsView(FIN), opts({ headers: 0 }))).toEqual([
      [391035, 416161, null],
      [0.46, 0.47, 0.48],
    ]);
  });

  it("give a single value for one metric and one period", () => {
    const one = { ...FIN, metrics: [FIN.metrics[0]] };
    expect(financialsGrid(financialsView(one, [1]), opts())).toEqual([[416161]]);
  });

  it("label per-share values in USD per share", () => {
    expect(metricLabel({ key: "eps_diluted", label: "EPS (diluted)", unit_kind: "per_share" })).toBe("EPS (diluted) (USD per share)");
    expect(metricLabel({ key: "dividends_per_share", label: "Dividends per share", unit_kind: "per_share" })).toBe("Dividends per share (USD per share)");
  });
});

describe("tools that need a decision of shape", () => {
  it("SUMMARY spills one row per finding with its quote and whether it was verified", () => {
    const data = {
      notice: "AI-generated.",
      sections: [{ title: "Risks", bullets: [{ text: "Supply risk", citations: [{ quote: "we depend", verified: true }] }, { text: "FX", citations: [{ quote: "currency", verified: false }] }] }],
    };
    expect(shapeAnswer("get_filing_summary", data, opts())).toEqual([
      ["section", "finding", "quote", "verified"],
      ["Risks", "Supply risk", "we depend", true],
      ["Risks", "FX", "currency", false],
      ["Notice:", "AI-generated.", "", ""],
    ]);
  });

  it("LEADERSHIP part=ceo_pay spills only the CEO pay table", () => {
    const g = shapeAnswer("get_leadership", { ceo_pay: [{ fiscal_year_end: "2025-09-27", ceo: "T", total_pay_usd_m: 74.6 }], founders: [] }, opts({ extra: { part: "ceo_pay" } }));
    expect(g[0]).toEqual(["fiscal_year_end", "ceo", "total_pay_usd_m", "comp_actually_paid_usd_m", "other_neos_avg_total_pay_usd_m", "source_url"]);
    expect(g[1].slice(0, 3)).toEqual([45927, "T", 74.6]);
  });

  it("LEADERSHIP by default stacks labelled blocks starting with a fixed-shape overview", () => {
    const g = shapeAnswer("get_leadership", { name: "Apple", ceo: { name: "T", title: "CEO" }, founders: [], ceo_pay: [] }, opts());
    expect(g[0][0]).toBe("Overview");
    expect(g[1].slice(0, 2)).toEqual(["field", "value"]);
    expect(g[2].slice(0, 2)).toEqual(["name", "Apple"]);
  });

  it("INVESTOR with an ambiguous name spills the candidates and a notice to pass a CIK", () => {
    const g = shapeAnswer("get_investor", { candidates: [{ cik: 1, name: "Capital A" }, { cik: 2, name: "Capital B" }] }, opts());
    expect(g[0]).toEqual(["cik", "name", "investor", "manager_type", "latest_quarter"]);
    expect(g[g.length - 1][1]).toMatch(/pass a CIK/);
  });

  it("SCREEN spills one column per filtered metric, then notes", () => {
    const data = { filters: [{ metric: "roic", min: 15, max: null }], sort_by: "roic", companies: [{ ticker: "A", name: "A Co", exchange: "NYSE", cik: 1, metrics: { roic: 20.5 }, notes: ["low_confidence"] }] };
    expect(shapeAnswer("screen_companies", data, opts())).toEqual([
      ["ticker", "name", "exchange", "cik", "roic", "notes"],
      ["A", "A Co", "NYSE", 1, 20.5, "low_confidence"],
    ]);
  });

  it("COMPANY spills the fields of a nested profile object as parent.child", () => {
    expect(shapeAnswer("get_company", { ticker: "AAPL", profile: { name: "Apple Inc." } }, opts())).toEqual([
      ["field", "value"],
      ["ticker", "AAPL"],
      ["profile.name", "Apple Inc."],
    ]);
  });

  it("COMPANY spills field and value rows of the profile's scalar fields", () => {
    expect(shapeAnswer("get_company", { ticker: "AAPL", name: "Apple Inc.", cik: 320193 }, opts())).toEqual([
      ["field", "value"],
      ["ticker", "AAPL"],
      ["name", "Apple Inc."],
      ["cik", 320193],
    ]);
  });
});
