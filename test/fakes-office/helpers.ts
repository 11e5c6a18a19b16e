/** A fake host in Node with two custom functions shaped like SVC's (for the host's own tests). */
import { Host } from "../../src/fake-office/host";
import { createDriver, Driver } from "../../src/fake-office/driver";

export interface TestBook {
  host: Host;
  fx: Driver;
  /** Calls each function received: [id, args]. */
  calls: Array<[string, unknown[]]>;
}

const META = {
  functions: [
    { id: "FINANCIALS", parameters: [{ name: "ticker" }, { name: "metrics" }, { name: "period", optional: true }] },
    { id: "PEERS", parameters: [{ name: "ticker" }] },
    { id: "ECHO", parameters: [{ name: "value", optional: true }] },
  ],
};

const PEERS: Record<string, string[]> = { AAPL: ["MSFT", "GOOGL", "NVDA"], KO: ["PEP", "KDP"] };

export function testBook(sheets: string[] = ["Sheet1", "Sheet2"]): TestBook {
  const host = new Host({ sheets, metadata: async () => META });
  const calls: Array<[string, unknown[]]> = [];
  host.fns.associate("FINANCIALS", async (ticker: unknown, metric: unknown, years: unknown) => {
    calls.push(["FINANCIALS", [ticker, metric, years]]);
    if (typeof ticker !== "string" || ticker === "") throw { code: "#VALUE!", message: "ticker: text like AAPL" };
    const n = typeof years === "number" ? years : 5;
    const base = [...ticker].reduce((s, ch) => s + ch.charCodeAt(0), 0);
    return [
      ["metric", ...Array.from({ length: n }, (_, i) => `FY${2020 + i}`)],
      [String(metric), ...Array.from({ length: n }, (_, i) => base * 10 + i)],
    ];
  });
  host.fns.associate("PEERS", async (ticker: unknown) => {
    calls.push(["PEERS", [ticker]]);
    return [["ticker"], ...(PEERS[String(ticker)] ?? []).map((t) => [t])];
  });
  host.fns.associate("ECHO", async (v: unknown) => {
    calls.push(["ECHO", [v]]);
    return v;
  });
  return { host, fx: createDriver(host), calls };
}

/** What a cell shows: its value, or its error. */
export function show(fx: Driver, address: string): unknown {
  const hit = fx.shown().find(([a]) => a === address);
  if (!hit) return null;
  return hit[1].error ?? hit[1].value;
}
