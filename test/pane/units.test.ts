/** @jest-environment jsdom */
import { cellAddress, columnIndex, columnName, normaliseAddress, parseRange, rangeAddress } from "../../src/formula/text/address";
import { FROZEN_NAMESPACE, frozenXml, parseFrozenXml } from "../../src/office/frozen-part";
import { ageText, citeName, locate } from "../../src/taskpane/pane/data";
import { priceText } from "../../src/taskpane/pane/refresh/refresh";
import { seriesLabels } from "../../src/taskpane/pane/series";
import { mountPane } from "../../src/taskpane/pane";
import { invalidArgument } from "../../src/api/errors";
import { CONFIRMATION_MS } from "../../src/taskpane/pane/common";
import { buttonByText, deps, newRoot, sectionOf, settle, source } from "./stubs";

describe("A1 addresses", () => {
  it("round-trips column names for every column Excel has", () => {
    for (let c = 0; c < 16384; c++) expect(columnIndex(columnName(c))).toBe(c);
    expect([columnName(0), columnName(25), columnName(26), columnName(16383)]).toEqual(["A", "Z", "AA", "XFD"]);
  });
  it("parses and prints ranges, quoting sheet names only where Excel needs it", () => {
    expect(parseRange("Sheet1!$B$2:C5")).toEqual({ sheet: "Sheet1", r0: 1, c0: 1, r1: 4, c1: 2 });
    expect(parseRange("'My ''data'''!AA10")).toEqual({ sheet: "My 'data'", r0: 9, c0: 26, r1: 9, c1: 26 });
    expect(cellAddress("My sheet", 0, 0)).toBe("'My sheet'!A1");
    expect(rangeAddress({ sheet: "S", r0: 0, c0: 0, r1: 2, c1: 1 })).toBe("S!A1:B3");
    expect(normaliseAddress("Sheet1!$C$3")).toBe("Sheet1!C3");
  });
});

describe("frozen formulas in the workbook", () => {
  it("round-trip through the custom XML part, text with markup kept as text, no credential fields", () => {
    const entries = [
      { address: "Sheet1!B2", range: "Sheet1!B2:G3", formula: '=SVC.FINANCIALS("A&B","<x>""",5)', asOf: "2026-11-23T20:00:00.000Z" },
      { address: "'My sheet'!A1", range: "'My sheet'!A1", formula: '=SVC.COMPANY("AAPL","name")', asOf: "2026-11-23T20:00:00.000Z" },
    ];
    const xml = frozenXml(entries);
    expect(xml).toContain(`xmlns="${FROZEN_NAMESPACE}"`);
    expect(parseFrozenXml(xml)).toEqual(entries);
  });
  it("reads every entry as written (Unfreeze decides what it may restore) and keeps the fingerprint", () => {
    const xml = `<frozen xmlns="${FROZEN_NAMESPACE}"><cell address="A1" range="A1" asOf="" formula="=WEBSERVICE(&quot;x&quot;)" values="abc"/><cell range="B1"/></frozen>`;
    expect(parseFrozenXml(xml)).toEqual([{ address: "A1", range: "A1", asOf: "", formula: '=WEBSERVICE("x")', digest: "abc" }]);
  });
});

describe("what a refresh prices", () => {
  it("says the price before anything is spent", () => {
    expect(priceText({ calls: 37 }, 1412)).toBe("≈ 37 calls; 1,412 left today");
    expect(priceText({ calls: 1 }, null)).toBe("≈ 1 call; quota left today: not known yet");
  });
});

describe("the results list helpers", () => {
  it("says how old an answer is", () => {
    expect([ageText(10_000), ageText(5 * 60_000), ageText(3 * 3600_000), ageText(3 * 86_400_000)]).toEqual(["just now", "5 min ago", "3 h ago", "3 days ago"]);
  });
  it("names a link by what it cites", () => {
    expect(citeName("https://www.sec.gov/Archives/edgar/data/320193/000032019324000123")).toMatch(/^sec\.gov\/Archives/);
    expect(citeName("https://fred.stlouisfed.org/series/UNRATE")).toBe("fred.stlouisfed.org/series/UNRATE");
  });
  it("finds the result covering a selected cell: its anchor, or a spill cell with provenance", () => {
    const v = { row: 1, col: 2, metric: "revenue", period: "FY2023", value: 1, concept: "us-gaap:Revenues", formula: null, accession: "0001", filingUrl: "https://www.sec.gov/x", computed: false };
    const s = { ...source("Sheet1!B2", { fn: "FINANCIALS", tool: "get_financials" }), provenance: [v] };
    expect(locate([s], "Sheet1!B2")?.source).toBe(s);
    expect(locate([s], "Sheet1!D3")?.value).toBe(v);
    expect(locate([s], "Sheet1!D4")).toBeNull();
    expect(locate([s], "Sheet2!B2")).toBeNull();
  });
  it("reads economy series names from a snapshot", () => {
    expect([...seriesLabels({ indicators: [{ id: "UNRATE", label: "Unemployment rate" }, { id: 3 }, null] }).entries()]).toEqual([["UNRATE", "Unemployment rate"]]);
  });
});

describe("the builder", () => {
  it("offers FINANCIALS metrics grouped by statement, with the dictionary's labels and units", () => {
    const d = deps({
      metrics: {
        financialMetrics: (s) => (s === "income" ? ["revenue"] : s === "balance" ? ["total_assets"] : ["free_cash_flow"]),
        financialInfo: (k) => (k === "revenue" ? { key: k, label: "Revenue", unit: "USD millions" } : { key: k }),
        screenMetrics: () => ["roic"],
        screenInfo: (k) => ({ key: k, label: "Return on invested capital", unit: "%" }),
      },
    });
    const root = newRoot();
    mountPane(root, d);
    const pick = sectionOf(root, "svc-builder").querySelector<HTMLSelectElement>("[name=metric-pick]")!;
    const groups = Array.from(pick.querySelectorAll("optgroup")).map((g) => [g.label, Array.from(g.querySelectorAll("option")).map((o) => o.textContent)]);
    expect(groups).toEqual([
      ["Income statement", ["Revenue (USD millions) — revenue"]],
      ["Balance sheet", ["total_assets"]],
      ["Cash flow", ["free_cash_flow"]],
    ]);
    const screen = sectionOf(root, "svc-screener").querySelector<HTMLSelectElement>(".svc-filter-row select")!;
    expect(Array.from(screen.options).map((o) => o.textContent)).toContain("Return on invested capital (%) — roic");
  });

  it("offers no Copy or Insert while a cell would reject the formula (the cells' own mapping and the engine's validation)", async () => {
    const d = deps({
      insertFormula: jest.fn(async () => "Sheet1!A1"),
      requestsFor: (_fn, args) => {
        if (args[2] === 25) throw invalidArgument("period", "period: 25 years is more than 20");
        return [{ tool: "get_financials", params: { ticker: args[0], metrics: args[1] } }];
      },
    });
    (d.engine as unknown as { plan: unknown }).plan = jest.fn(async (reqs: Array<{ params: { metrics: unknown } }>) => ({
      calls: 1,
      requests: 1,
      cached: 0,
      invalid: reqs[0].params.metrics === "revenu" ? [{ index: 0, message: 'metrics: unknown metric "revenu"; did you mean revenue?' }] : [],
    }));
    const root = newRoot();
    mountPane(root, d);
    const b = sectionOf(root, "svc-builder");
    const set = (name: string, v: string) => {
      const i = b.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
      i.value = v;
      i.dispatchEvent(new Event("input"));
    };
    set("ticker", "MSFT");
    set("metrics", "revenu");
    set("period", "5");
    await settle();
    const insert = buttonByText(b, "Insert at the active cell");
    expect(insert.hasAttribute("disabled")).toBe(true);
    expect(b.querySelector("[data-field=problem]")!.textContent).toMatch(/revenu/);
    set("metrics", "revenue");
    await settle();
    expect(insert.hasAttribute("disabled")).toBe(false);
    set("period", "25");
    await settle();
    expect(insert.hasAttribute("disabled")).toBe(true);
    expect(b.querySelector("[data-field=problem]")!.textContent).toMatch(/period/);
  });

  it("clears the Copied confirmation on the next edit, and by itself", async () => {
    jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate"] });
    try {
      const d = deps();
      const root = newRoot();
      mountPane(root, d);
      const b = sectionOf(root, "svc-builder");
      const fn = b.querySelector<HTMLSelectElement>("[name=fn]")!;
      fn.value = "get_peers";
      fn.dispatchEvent(new Event("change"));
      const t = b.querySelector<HTMLInputElement>("[name=ticker]")!;
      t.value = "MSFT";
      t.dispatchEvent(new Event("input"));
      for (let i = 0; i < 5; i++) await Promise.resolve();
      await jest.advanceTimersByTimeAsync(0);
      buttonByText(b, "Copy").click();
      await jest.advanceTimersByTimeAsync(0);
      const status = () => b.querySelector<HTMLElement>(".svc-formula .svc-status")!;
      expect(status().textContent).toBe("Copied to the clipboard");
      await jest.advanceTimersByTimeAsync(CONFIRMATION_MS + 10);
      expect(status().hidden).toBe(true);
      buttonByText(b, "Copy").click();
      await jest.advanceTimersByTimeAsync(0);
      expect(status().hidden).toBe(false);
      t.value = "KO";
      t.dispatchEvent(new Event("input"));
      expect(status().hidden).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });
});
