/** A stand-in for the request engine: answers SVC calls from a table, counts what it was asked. */
import { CallAnswer, SvcCall } from "../../src/model-file/model/svc-eval";

export const NAMES: Record<string, string> = { AAPL: "Apple Inc.", MSFT: "Microsoft Corporation", NVDA: "NVIDIA Corporation", KO: "The Coca-Cola Company", ACMR: "Acme Robotics Corp." };

export function answer(c: SvcCall): CallAnswer {
  const [a, b, cc] = c.args as unknown[];
  if (c.fn === "COMPANY" && b === "name") return NAMES[String(a)] ? { value: [[NAMES[String(a)]]] } : { error: { code: "#N/A", message: `Unknown ticker: ${a}` } };
  if (c.fn === "PEERS") return { value: [["ticker", "name"], ...["MSFT", "NVDA", "KO", "ACMR"].map((t) => [t, NAMES[t]])] };
  if (c.fn === "FINANCIALS" && a === "NOPE") return { error: { code: "#N/A", message: "Unknown ticker: NOPE" } };
  if (c.fn === "FINANCIALS" && cc === "FY") return { value: [[428000]] };
  if (c.fn === "FINANCIALS" && typeof cc === "number") {
    const years = Array.from({ length: cc }, (_, i) => 2026 - cc + 1 + i);
    return { value: [["metric", ...years.map((y) => `FY${y}`)], ["Revenue (USD m)", ...years.map((y) => 400000 + (y - 2020) * 1000)], ["Net income (USD m)", ...years.map((y) => 100000 + (y - 2020) * 100)]] };
  }
  return { error: { code: "#VALUE!", message: `unexpected call ${c.fn}(${JSON.stringify(c.args)})` } };
}

export class FakeCaller {
  readonly batches: SvcCall[][] = [];
  /** Answers that replace the table's (null: the table answers). */
  override: (c: SvcCall) => CallAnswer | null = () => null;
  call = async (calls: SvcCall[]): Promise<CallAnswer[]> => {
    this.batches.push(calls);
    return calls.map((c) => this.override(c) ?? answer(c));
  };
  get calls(): SvcCall[] {
    return this.batches.flat();
  }
}
