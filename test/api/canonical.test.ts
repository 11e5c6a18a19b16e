import { TOOLS, TOOL_NAMES, ToolName } from "../../src/api/catalogue";
import { canonicalise } from "../../src/api/canonical";
import { SvcError } from "../../src/api/errors";
import { RawParams } from "../../src/api/validate";
import { pick, randomCase, rawRequest, rng, rejection } from "./gen";

const key = (tool: ToolName, raw: RawParams): string => canonicalise(tool, raw).key;
const RUNS = 60;

describe("canonicalise: properties over every tool", () => {
  for (const tool of TOOL_NAMES) {
    describe(tool, () => {
      it("is idempotent: canonical params canonicalise to the same key", () => {
        const r = rng(1);
        for (let i = 0; i < RUNS; i++) {
          const c = canonicalise(tool, rawRequest(r, tool));
          expect(canonicalise(tool, c.params).key).toBe(c.key);
        }
      });

      it("gives a spelled-out default and the omitted default the same key", () => {
        const r = rng(2);
        for (let i = 0; i < RUNS; i++) {
          const raw = rawRequest(r, tool);
          const c = canonicalise(tool, raw);
          for (const name of Object.keys(c.params)) {
            if (name in raw) {
              // the other way round: leaving out a value equal to its default changes nothing
              const rest = { ...raw };
              delete rest[name];
              let k2: string | undefined;
              try {
                k2 = canonicalise(tool, rest).key;
              } catch {
                continue; // required
              }
              const c2 = canonicalise(tool, rest);
              if (JSON.stringify(c2.params[name]) === JSON.stringify(c.params[name])) expect(k2).toBe(c.key);
            } else {
              expect(key(tool, { ...raw, [name]: c.params[name] })).toBe(c.key);
            }
          }
        }
      });

      it("ignores the case of enum values, tickers, metric keys and screen metrics", () => {
        const r = rng(3);
        for (let i = 0; i < RUNS; i++) {
          const raw = rawRequest(r, tool);
          const c = canonicalise(tool, raw);
          const varied: RawParams = {};
          for (const [k, v] of Object.entries(raw)) {
            const p = TOOLS[tool].params.find((x) => x.name === k)!;
            const caseFree = p.type === "enum" || k === "ticker" || k === "metrics" || k === "filters" || k === "quarter";
            varied[k] = !caseFree ? v : Array.isArray(v) ? v.map((x) => randomCase(r, String(x))) : typeof v === "string" ? randomCase(r, v) : v;
          }
          expect(key(tool, varied)).toBe(c.key);
        }
      });

      it("makes every stated default explicit", () => {
        const raw = rawRequest(rng(4), tool);
        const required: RawParams = {};
        for (const p of TOOLS[tool].params) if (p.required) required[p.name] = raw[p.name];
        const c = canonicalise(tool, required);
        for (const p of TOOLS[tool].params) {
          if (p.default === undefined || p.usedOnlyWith || p.ignoredWhen) continue;
          expect(c.params[p.name]).toEqual(p.default);
        }
      });
    });
  }
});

describe("canonicalise: the issue's equivalent formulas", () => {
  const same = (tool: ToolName, a: RawParams, b: RawParams): void => expect(key(tool, a)).toBe(key(tool, b));

  it("HOLDERS(\"AAPL\") = HOLDERS(\"AAPL\",20)", () => same("get_institutional_holders", { ticker: "AAPL" }, { ticker: "aapl", limit: 20 }));
  it("FILINGS default limit", () => same("list_filings", { ticker: "AAPL" }, { ticker: "AAPL", limit: "20" }));
  it("ECONOMY 5Y is the default range of a series", () => same("get_economy", { series_id: "UNRATE" }, { series_id: "unrate", range: "5y" }));
  it("ECONOMY(,\"MAX\") sends no range without a series", () => {
    same("get_economy", {}, { range: "MAX" });
    expect(canonicalise("get_economy", { range: "MAX" }).params).toEqual({});
  });
  it("INSIDERFEED(7,TRUE,,FALSE,25) = INSIDERFEED()", () =>
    same("get_insider_feed", {}, { days: 7, buys_only: true, min_value_usd: null, clusters: false, limit: 25 }));
  it("LEADERSHIP(t,5) = LEADERSHIP(t)", () => same("get_leadership", { ticker: "AAPL" }, { ticker: "AAPL", years: 5 }));
  it("SCREEN roic:15: = roic:15.0: and sort_by defaults to the first filter's metric", () => {
    same("screen_companies", { filters: "roic:15:" }, { filters: "roic:15.0:", sort_by: "ROIC", descending: true, limit: 25 });
  });
  it("FINANCIALS default metrics spelled out", () =>
    same("get_financials", { ticker: "AAPL" }, { ticker: "AAPL", metrics: "REVENUE;gross_profit,operating_income,net_income,eps_diluted", years: 5 }));
  it("FINANCIALS repeated metrics count once, order kept", () => {
    expect(canonicalise("get_financials", { ticker: "AAPL", metrics: "net_income,revenue,NET_INCOME" }).params.metrics).toEqual(["net_income", "revenue"]);
  });
  it("REPORTED: statement dropped with the segments view, limit default per view", () => {
    same("get_reported_financials", { ticker: "AAPL", view: "segments" }, { ticker: "AAPL", view: "segments", statement: "balance", limit: 60 });
    expect(canonicalise("get_reported_financials", { ticker: "AAPL" }).params.limit).toBe(100);
    expect(canonicalise("get_reported_financials", { ticker: "AAPL", view: "changes" }).params.limit).toBe(15);
    expect(canonicalise("get_reported_financials", { ticker: "AAPL", view: "segments" }).params).not.toHaveProperty("statement");
  });
  it("INVESTOR quarter: YYYYQn, the quarter-end date and a date serial are one request", () => {
    same("get_investor", { query: "Berkshire", quarter: "2024Q4" }, { query: "Berkshire", quarter: "2024-12-31" });
    same("get_investor", { query: "Berkshire", quarter: "2024q4" }, { query: "Berkshire", quarter: 45657 }); // 45657 = 2024-12-31
    same("get_investor", { query: "Berkshire", quarter: "Q4 2024" }, { query: "Berkshire", quarter: 45657.75 });
  });
  it("puts defaults in the key in a stable order whatever the argument order", () => {
    same("get_congress_feed", { limit: 5, chamber: "House", days: 30 }, { chamber: "house", days: 30, limit: 5 });
  });
});

describe("canonicalise: local rules, no call", () => {
  it("period Q4 only with the segments view, naming the argument", () => {
    const e = rejection(() => canonicalise("get_reported_financials", { ticker: "AAPL", period: "Q4" }));
    expect(e.kind).toBe("invalid_argument");
    expect(e.param).toBe("period");
    expect(e.message).toMatch(/segments/);
    expect(canonicalise("get_reported_financials", { ticker: "AAPL", period: "q4", view: "SEGMENTS" }).params.period).toBe("Q4");
  });

  it("get_investor quarter must be a real quarter end or YYYYQn", () => {
    for (const bad of ["2024-11-15", "2024-02-30", "2024Q5", "last", 45611 /* 2024-11-15 */, 60 /* 1900-02-29 */]) {
      const e = rejection(() => canonicalise("get_investor", { query: "x", quarter: bad }));
      expect(e.param).toBe("quarter");
      expect(e.message).toMatch(/quarter end|YYYYQn/);
    }
  });

  it("names the argument and what is allowed for bounds, enums, types", () => {
    expect(rejection(() => canonicalise("get_leadership", { ticker: "AAPL", years: 11 })).message).toMatch(/years must be a whole number from 1 to 10/);
    expect(rejection(() => canonicalise("get_economy", { series_id: "UNRAT" })).param).toBe("series_id");
    expect(rejection(() => canonicalise("screen_companies", { filters: "roic:15:", sort_by: "pe" })).param).toBe("sort_by");
    expect(rejection(() => canonicalise("get_financials", { ticker: "AAPL", metrics: "eps_dilutd" })).message).toMatch(/Closest: eps_diluted/);
  });

  it("reports an unknown parameter as a bad argument, not a crash", () => {
    expect(rejection(() => canonicalise("get_company", { ticker: "AAPL", limit: 3 })).kind).toBe("invalid_argument");
  });

  it("never mutates the raw parameters", () => {
    const r = rng(9);
    for (const tool of TOOL_NAMES) {
      const raw = rawRequest(r, tool);
      const copy = JSON.parse(JSON.stringify(raw));
      canonicalise(tool, raw);
      expect(raw).toEqual(copy);
    }
  });

  it("random garbage is either canonicalised or rejected as invalid_argument", () => {
    const r = rng(10);
    const junk = [null, "", " ", "abc", -1, 0, 1.5, 1e9, true, "TRUE", "2024Q4", ["a", "b"], "roic:1:", "x:y:z"];
    for (let i = 0; i < 400; i++) {
      const tool = pick(r, TOOL_NAMES);
      const raw = rawRequest(r, tool);
      const p = pick(r, TOOLS[tool].params);
      raw[p.name] = pick(r, junk);
      try {
        const c = canonicalise(tool, raw);
        expect(canonicalise(tool, c.params).key).toBe(c.key);
      } catch (e) {
        expect((e as SvcError).kind).toBe("invalid_argument");
      }
    }
  });
});

describe("canonicalise: text the API matches without regard to case", () => {
  it("tickers: upper case, a dotted class suffix as the spec's hyphen", () => {
    expect(canonicalise("get_company", { ticker: " brk.b " }).params.ticker).toBe("BRK-B");
    expect(key("get_company", { ticker: "brk.b" })).toBe(key("get_company", { ticker: "BRK-B" }));
  });
  it("form types: upper case", () => {
    expect(key("list_filings", { ticker: "AAPL", form_type: "def 14a" })).toBe(key("list_filings", { ticker: "AAPL", form_type: "DEF 14A" }));
  });
});
