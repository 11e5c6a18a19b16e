import { FINANCIAL_METRICS, SCREEN_METRICS } from "../../src/api/catalogue";
import { canonicalise } from "../../src/api/canonical";
import { rulesOf } from "../../src/engine/rules";
import {
  FetchLike,
  SPEC_DICTIONARY,
  dictionaryFor,
  loadDictionary,
  parseDictionary,
} from "../../src/api/dictionary";

const BANK = ["net_interest_income", "provision_for_credit_losses", "noninterest_income"];

/** Bodies a dictionary endpoint might plausibly return (the spec does not show the shape). */
const SHAPES: Record<string, unknown> = {
  "objects keyed by statement": {
    get_financials: { income: [...FINANCIAL_METRICS.income, ...BANK], balance: ["deposits"], cash_flow: FINANCIAL_METRICS.cash_flow },
    screen_companies: { metrics: ["roic", "roe", "tangible_book_growth"], units: { roic: "percent", tangible_book_growth: "percent" } },
  },
  "array of entries with statement": {
    metrics: [
      ...BANK.map((key) => ({ key, label: key.replace(/_/g, " "), unit: "USD millions", statement: "income" })),
      { key: "deposits", label: "Deposits", statement: "balance_sheet" },
    ],
    screen_metrics: [{ id: "roic", unit: "percent", label: "Return on invested capital" }, { id: "tangible_book_growth", unit: "percent" }],
  },
  "map keyed by metric": {
    financials: { income: Object.fromEntries(BANK.map((k) => [k, { label: k, unit: "USD millions" }])), balance: { deposits: "Deposits" } },
    screen: { roic: { unit: "percent", label: "ROIC" }, tangible_book_growth: { unit: "percent" } },
  },
  "metric map with entry objects and document metadata": {
    version: "1",
    description: "Data dictionary",
    metrics: {
      ...Object.fromEntries(BANK.map((k) => [k, { statement: "income", label: k, unit: "USD millions" }])),
      deposits: { statement: "balance", name: "Total deposits" },
    },
    screen: { description: "Screen metrics", metrics: [{ key: "roic", unit: "percent" }, { key: "tangible_book_growth", unit: "percent" }] },
  },
  "financial_metrics by statement, screen_metrics with ids": {
    financial_metrics: {
      income: [...FINANCIAL_METRICS.income, ...BANK].map((key) => ({ key, label: key, unit_kind: "currency" })),
      balance: [{ key: "deposits", label: "Deposits", unit_kind: "currency" }],
    },
    screen_metrics: [{ id: "roic", unit: "percent" }, { id: "tangible_book_growth", unit: "percent" }],
  },
  "flat entries with a tool field": [
    ...BANK.map((k) => ({ metric: k, tool: "get_financials", statement: "Income Statement" })),
    { metric: "deposits", tool: "get_financials", statement: "balance" },
    { metric: "roic", tool: "screen_companies", unit: "percent" },
    { metric: "tangible_book_growth", tool: "screen_companies", unit: "percent" },
  ],
};

describe("the data dictionary", () => {
  // The reads are kept per API address for the process: each test below reads addresses of its own.

  for (const [name, body] of Object.entries(SHAPES)) {
    it(`reads ${name}: industry lines join the statement, spec keys stay`, () => {
      const d = parseDictionary(body);
      expect(d.fromApi).toBe(true);
      for (const k of BANK) expect(d.statementOf(k)).toBe("income");
      expect(d.statementOf("deposits")).toBe("balance");
      expect(d.financialMetrics("income")).toEqual(expect.arrayContaining([...FINANCIAL_METRICS.income, ...BANK]));
      expect(d.financialMetrics("income").slice(0, FINANCIAL_METRICS.income.length)).toEqual(FINANCIAL_METRICS.income);
      expect(d.statementOf("revenue")).toBe("income");
      expect(d.screenMetrics()).toEqual(expect.arrayContaining([...SCREEN_METRICS, "tangible_book_growth"]));
      expect(d.screenInfo("roic")?.unit).toBe("percent");
    });
  }

  it("takes no document metadata for a metric key, and keeps display names as labels", () => {
    const d = parseDictionary(SHAPES["metric map with entry objects and document metadata"]);
    expect(d.financialInfo("deposits")?.label).toBe("Total deposits");
    for (const k of ["version", "description", "income", "statement", "label", "metrics", "screen"]) {
      expect(d.statementOf(k)).toBeUndefined();
      expect(d.screenInfo(k)).toBeUndefined();
    }
  });

  it("never throws on odd bodies and falls back to the spec lists", () => {
    for (const body of [null, 42, "text", [], {}, { a: { b: { c: { d: { e: { f: { g: { h: "deep" } } } } } } } }, [[[["x"]]]]]) {
      const d = parseDictionary(body);
      expect(d.financialMetrics("balance")).toEqual(expect.arrayContaining(FINANCIAL_METRICS.balance));
      expect(d.screenMetrics()).toEqual(expect.arrayContaining(SCREEN_METRICS));
    }
  });

  it("a dictionary cannot move a spec key to another statement", () => {
    const d = parseDictionary({ balance: ["revenue"] });
    expect(d.statementOf("revenue")).toBe("income");
  });

  it("is read once per base URL with no credential, shared by concurrent callers", async () => {
    const calls: { url: string; headers?: Record<string, string> }[] = [];
    const fetchFn: FetchLike = async (url, init) => {
      calls.push({ url, headers: init?.headers });
      return { ok: true, status: 200, json: async () => SHAPES["objects keyed by statement"] };
    };
    const [a, b] = await Promise.all([loadDictionary("http://127.0.0.1:9/", fetchFn), loadDictionary("http://127.0.0.1:9", fetchFn)]);
    await loadDictionary("http://127.0.0.1:9", fetchFn);
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe("http://127.0.0.1:9/api/public/v1/dictionary");
    expect(Object.keys(calls[0].headers ?? {}).map((h) => h.toLowerCase())).not.toContain("authorization");
    expect(a).toBe(b);
    expect(dictionaryFor("http://127.0.0.1:9")).toBe(a);
    expect(dictionaryFor("http://other")).toBe(SPEC_DICTIONARY);
    await loadDictionary("http://other", fetchFn);
    expect(calls).toHaveLength(2);
  });

  it("until read, and after a failed read, the spec lists apply; a failure is retried later, not at once", async () => {
    let t = 0;
    let fail = true;
    let n = 0;
    const fetchFn: FetchLike = async () => {
      n++;
      if (fail) throw new Error("down");
      return { ok: true, status: 200, json: async () => ({ income: BANK }) };
    };
    expect(dictionaryFor("http://x")).toBe(SPEC_DICTIONARY);
    expect(await loadDictionary("http://x", fetchFn, () => t)).toBe(SPEC_DICTIONARY);
    await loadDictionary("http://x", fetchFn, () => t);
    expect(n).toBe(1);
    fail = false;
    t += 11 * 60_000;
    const d = await loadDictionary("http://x", fetchFn, () => t);
    expect(n).toBe(2);
    expect(d.statementOf("net_interest_income")).toBe("income");
  });

  it("an HTTP error status is a failed read", async () => {
    const d = await loadDictionary("http://y", async () => ({ ok: false, status: 503, json: async () => ({ income: BANK }) }));
    expect(d).toBe(SPEC_DICTIONARY);
  });

  it("validation uses the union: an industry line is accepted once the dictionary is read", async () => {
    const raw = { ticker: "JPM", metrics: "net_interest_income" };
    expect(() => canonicalise("get_financials", raw)).toThrow(/Unknown income metric/);
    const dictionary = await loadDictionary("http://z", async () => ({ ok: true, status: 200, json: async () => SHAPES["array of entries with statement"] }));
    expect(canonicalise("get_financials", raw, { dictionary }).params.metrics).toEqual(["net_interest_income"]);
    expect(canonicalise("get_financials", { ticker: "JPM", statement: "balance", metrics: "DEPOSITS" }, { dictionary }).params.metrics).toEqual(["deposits"]);
    expect(() => canonicalise("get_financials", { ticker: "JPM", statement: "balance", metrics: "net_interest_income" }, { dictionary })).toThrow(/income metric/);
    expect(canonicalise("screen_companies", { filters: "tangible_book_growth:5:" }, { dictionary }).params.sort_by).toBe("tangible_book_growth");
    // nothing is left behind for a caller that passes no dictionary
    expect(() => canonicalise("get_financials", raw)).toThrow(/Unknown income metric/);
  });

  it("two API addresses in one process each validate against their own dictionary", async () => {
    const banks = rulesOf(() => dictionaryFor("http://banks"));
    const plain = rulesOf(() => dictionaryFor("http://plain"));
    const raw = { ticker: "JPM", metrics: "net_interest_income" };
    expect(() => banks.canonicalise("get_financials", raw)).toThrow(/Unknown income metric/);
    await loadDictionary("http://banks", async () => ({ ok: true, status: 200, json: async () => ({ income: BANK }) }));
    await loadDictionary("http://plain", async () => ({ ok: true, status: 200, json: async () => ({ balance: ["deposits"] }) }));
    expect(banks.canonicalise("get_financials", raw).params.metrics).toEqual(["net_interest_income"]);
    expect(() => plain.canonicalise("get_financials", raw)).toThrow(/Unknown income metric/);
    expect(banks.widen(banks.canonicalise("get_financials", { ticker: "JPM" })).params.metrics).toEqual(expect.arrayContaining(BANK));
    expect(plain.widen(plain.canonicalise("get_financials", { ticker: "JPM" })).params.metrics).not.toContain(BANK[0]);
  });
});
