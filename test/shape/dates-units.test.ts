/**
 * Excel's 1900 date system exactly, dates only where the spec types dates, text limits, and the
 * unit convention of docs/functions.md (percent -> decimal fraction, money, economy figures).
 */
import { MAX_CELL_TEXT, ShapeOptions, cellOf, dateCell, excelSerial, serialOfDate } from "../../src/shape/grid";
import { dateOfSerial, displayText, formatNumber } from "../../src/shape/display";
import { FIELD_KINDS } from "../../src/shape/fields";
import { parseOptions } from "../../src/functions/options";
import { economyNumber, parseEconomyFigure } from "../../src/shape/economy";
import { shapeAnswer } from "../../src/shape/tools";
import { FormattedNumber, isTypedValue } from "../../src/shape/values";

/** What a cell gets without an options argument. */
const DEFAULT_SHAPE: ShapeOptions = parseOptions(null, "COMPANY");
const PERCENT_FIELDS = Object.keys(FIELD_KINDS).filter((k) => FIELD_KINDS[k] === "percent");
const typedDisplay = (v: unknown): string | null => (isTypedValue(v) ? displayText(v) : null);
const opts = (o: Partial<ShapeOptions> = {}): ShapeOptions => ({ ...DEFAULT_SHAPE, ...o, extra: { ...(o.extra ?? {}) } });
const typed = (c: unknown) => c as FormattedNumber;

describe("Excel's 1900 date system", () => {
  it("numbers 1900-01-01 as 1, counts the fictitious 1900-02-29 as 60, and 1900-03-01 as 61", () => {
    expect(excelSerial("1900-01-01")).toBe(1);
    expect(excelSerial("1900-02-28")).toBe(59);
    expect(excelSerial("1900-02-29")).toBe(60);
    expect(excelSerial("1900-03-01")).toBe(61);
    expect(excelSerial("2024-01-01")).toBe(45292);
  });

  it("agrees with the day count everywhere (property: consecutive days are consecutive serials from 1900-03-01)", () => {
    let prev = excelSerial("1900-03-01")!;
    for (let ms = Date.UTC(1900, 2, 2); ms < Date.UTC(2100, 0, 1); ms += 86_400_000 * 97) {
      const iso = new Date(ms).toISOString().slice(0, 10);
      const s = excelSerial(iso)!;
      expect(s - prev).toBe(Math.round((ms - Date.UTC(1900, 2, 1)) / 86_400_000) - (prev - 61));
      prev = s;
      expect(dateOfSerial(s)).toEqual({ y: Number(iso.slice(0, 4)), m: Number(iso.slice(5, 7)), d: Number(iso.slice(8, 10)) });
    }
  });

  it("round-trips every day of 1900 through the serial, quirk included", () => {
    for (let s = 1; s <= 366; s++) {
      const d = dateOfSerial(s)!;
      expect(serialOfDate(d.y, d.m, d.d)).toBe(s);
    }
  });

  it("rejects invalid dates instead of rolling them (2024-02-30 is not 2024-03-01)", () => {
    expect(excelSerial("2024-02-30")).toBeNull();
    expect(excelSerial("2023-02-29")).toBeNull();
    expect(excelSerial("2024-13-01")).toBeNull();
    expect(excelSerial("1899-12-31")).toBeNull();
    expect(dateCell("2024-02-30", opts())).toBe("2024-02-30");
  });

  it("reads a timestamp without an offset as UTC, whatever the machine's zone", () => {
    expect(excelSerial("2024-01-01T12:00:00")).toBe(45292.5);
    expect(excelSerial("2024-01-01T12:00:00Z")).toBe(45292.5);
    expect(excelSerial("2024-01-01T12:00:00+02:00")).toBeCloseTo(45292.416667, 5);
    expect(excelSerial("2024-01-01T01:00:00+02:00")).toBeCloseTo(45291.958333, 5);
  });
});

describe("dates only in fields the spec types as dates", () => {
  it("keeps a headline titled like a date as text, and converts its published timestamp", () => {
    const g = shapeAnswer("get_headlines", { headlines: [{ title: "2024-01-01", url: "https://x", source: "x.com", published: "2024-01-02T10:30:00Z" }] }, opts());
    expect(g[1][1]).toBe("2024-01-01");
    expect(typed(g[1][0])).toEqual({ type: "Double", basicValue: 45293.4375, numberFormat: "yyyy-mm-dd hh:mm" });
    expect(typedDisplay(g[1][0])).toBe("2024-01-02 10:30");
  });

  it("shows dates as yyyy-mm-dd over the serial, and ISO text with dates=text", () => {
    const g = shapeAnswer("list_filings", { filings: [{ form: "10-K", filing_date: "2024-11-01" }] }, opts());
    expect(typed(g[1][1])).toEqual({ type: "Double", basicValue: 45597, numberFormat: "yyyy-mm-dd" });
    expect(typedDisplay(g[1][1])).toBe("2024-11-01");
    expect(shapeAnswer("list_filings", { filings: [{ form: "10-K", filing_date: "2024-11-01" }] }, opts({ dates: "text" }))[1][1]).toBe("2024-11-01");
  });

  it("every date field of the table is a spec field name (no guessing by value)", () => {
    for (const [k, kind] of Object.entries(FIELD_KINDS)) if (kind === "date" || kind === "timestamp") expect(k).toMatch(/date|filed|end|period|release|quarter|as_of|since|published|_at$/);
  });
});

describe("text", () => {
  it("cuts text longer than Excel's 32,767 characters, ending with an ellipsis", () => {
    const c = cellOf("x".repeat(40_000)) as string;
    expect(c).toHaveLength(MAX_CELL_TEXT);
    expect(c.endsWith("\u2026")).toBe(true);
    expect(cellOf("x".repeat(MAX_CELL_TEXT))).toHaveLength(MAX_CELL_TEXT);
  });
});

describe("the unit convention", () => {
  it("turns every percent field into a decimal fraction shown as a percent", () => {
    expect([...PERCENT_FIELDS].sort()).toEqual(["change_pct", "economic_pct", "pct_of_portfolio", "voting_pct"]);
    const g = shapeAnswer("get_short_interest", { short_interest: [{ settlement_date: "2026-10-31", change_pct: 14.81 }] }, opts());
    const v = typed(g[1][4]);
    expect(v.basicValue).toBe(0.1481);
    expect(typedDisplay(v)).toBe("14.81%");
  });

  it("converts SCREEN percent metrics by the answer's units, leaving USD millions and counts alone", () => {
    const data = { units: { roic: "percent", net_debt: "USD millions", piotroski_f: "count" }, filters: [{ metric: "roic" }, { metric: "net_debt" }, { metric: "piotroski_f" }], companies: [{ ticker: "A", metrics: { roic: 110.23, net_debt: -1234.5, piotroski_f: 7 } }] };
    const g = shapeAnswer("screen_companies", data, opts());
    expect(typed(g[1][4]).basicValue).toBe(1.1023);
    expect(typedDisplay(g[1][4])).toBe("110.23%");
    expect(typed(g[1][5]).basicValue).toBe(-1234.5);
    expect(typedDisplay(g[1][5])).toBe("-1,234.5");
    expect(typed(g[1][6]).basicValue).toBe(7);
  });

  it("reads the economy snapshot's formatted figures as numbers with the unit in its own column", () => {
    expect(parseEconomyFigure("2.9%")).toEqual({ value: 0.029, unit: "percent", kind: "fraction" });
    expect(parseEconomyFigure("$3.15/gal")).toEqual({ value: 3.15, unit: "USD/gal", kind: "per_share" });
    expect(parseEconomyFigure("120k")).toEqual({ value: 120000, unit: "", kind: "count" });
    expect(parseEconomyFigure("-$62.0bn")).toEqual({ value: -62000, unit: "USD millions", kind: "usd_m" });
    expect(parseEconomyFigure("$38.40tn")).toEqual({ value: 38400000, unit: "USD millions", kind: "usd_m" });
    expect(parseEconomyFigure("n/a")).toBeNull();
    const g = shapeAnswer("get_economy", { indicators: [{ id: "UNRATE", latest: "4.3%", prior: "4.2%", date: "2026-10-01" }] }, opts());
    expect(g[0].slice(3, 6)).toEqual(["latest", "prior", "unit"]);
    expect(typed(g[1][3]).basicValue).toBe(0.043);
    expect(g[1][5]).toBe("percent");
  });

  it("converts a percent series' history to fractions, with its unit", () => {
    expect(economyNumber(4.1, "", "%")).toEqual({ value: 0.041, unit: "percent", kind: "fraction" });
    const g = shapeAnswer("get_economy", { id: "UNRATE", unit: { prefix: "", suffix: "%" }, points: [{ date: "2026-10-01", value: 4.1 }], notice: "N" }, opts());
    expect(typed(g[1][1]).basicValue).toBe(0.041);
    expect(g[1][2]).toBe("percent");
  });

  it("says segment values are USD millions", () => {
    const g = shapeAnswer("get_reported_financials", { view: "segments", segments: [{ axis: "product_service", member: "iPhone", value: 76953, unit: "USD", change_pct: 5 }] }, opts());
    const unitAt = g[0].indexOf("unit");
    expect(g[1][unitAt]).toBe("USD millions");
    expect(typedDisplay(g[1][g[0].indexOf("value")])).toBe("76,953.0");
    expect(typed(g[1][g[0].indexOf("change_pct")]).basicValue).toBe(0.05);
  });

  it("converts INVESTOR pct_of_portfolio and LEADERSHIP voting_pct/economic_pct", () => {
    const inv = shapeAnswer("get_investor", { holdings: [{ ticker: "AAPL", pct_of_portfolio: 22.5 }] }, opts());
    expect(typed(inv[1][inv[0].indexOf("pct_of_portfolio")]).basicValue).toBe(0.225);
    const lead = shapeAnswer("get_leadership", { founders: [{ name: "A", voting_pct: 62, economic_pct: 40, confidence: "high" }], ceo_pay: [] }, opts({ extra: { part: "founders" } }));
    expect(typed(lead[1][3]).basicValue).toBe(0.62);
    expect(typed(lead[1][4]).basicValue).toBe(0.4);
  });

  it("shows money with thousands separators and never changes the value", () => {
    expect(formatNumber(391035.25, "#,##0.0")).toBe("391,035.3");
    expect(formatNumber(1234567, "#,##0")).toBe("1,234,567");
    expect(formatNumber(0.4788, "0.00%")).toBe("47.88%");
    const g = shapeAnswer("get_insider_trades", { trades: [{ owner: "X", value_usd: 1234567, shares: 1000 }] }, opts());
    expect(typed(g[1][g[0].indexOf("value_usd")])).toEqual({ type: "Double", basicValue: 1234567, numberFormat: "#,##0" });
  });

  it("leaves missing values missing (null), never 0", () => {
    const g = shapeAnswer("get_short_interest", { short_interest: [{ settlement_date: "2026-10-31", change_pct: null }] }, opts());
    expect(g[1][4]).toBeNull();
    expect(g.flat().filter(isTypedValue).every((c) => c.type !== "Double" || Number.isFinite(c.basicValue))).toBe(true);
  });
});
