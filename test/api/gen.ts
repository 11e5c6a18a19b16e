/**
 * Seeded generators of raw requests for property tests: values drawn from the catalogue's bounds and
 * enums, spelled in random case, with random omissions. Valid by construction (the spec's rules).
 */
import { FINANCIAL_METRICS, ParamSpec, SCREEN_METRICS, STATEMENTS, TOOLS, ToolName } from "../../src/api/catalogue";
import type { SvcError } from "../../src/api/errors";
import { screenUnitOf } from "../../src/api/screen-units";
import { RawParams } from "../../src/api/validate";
import { Rng as SeededRng } from "../fakes/api/rng";

export type Rng = () => number;

/** The fake API's seeded mulberry32, as a function. */
export function rng(seed: number): Rng {
  const g = new SeededRng(seed);
  return () => g.next();
}

export const pick = <T>(r: Rng, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
export const int = (r: Rng, lo: number, hi: number): number => lo + Math.floor(r() * (hi - lo + 1));

/** The same text in a random mix of upper and lower case. */
export function randomCase(r: Rng, s: string): string {
  return [...s].map((c) => (r() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join("");
}

/** A filter in the metric's unit (spec: percent metrics in percent, USD in millions, flags 1 or 0). */
function screenFilter(r: Rng): string {
  const m = pick(r, SCREEN_METRICS);
  const flag = screenUnitOf(m) === "1/0";
  const lo = flag ? int(r, 0, 1) : int(r, -50, 50);
  const hi = flag ? 1 : lo + int(r, 0, 100);
  switch (int(r, 0, 2)) {
    case 0:
      return `${m}:${lo}:`;
    case 1:
      return `${m}::${hi}`;
    default:
      return `${m}:${lo}:${hi}`;
  }
}

function value(r: Rng, tool: ToolName, p: ParamSpec, raw: RawParams): unknown {
  switch (p.type) {
    case "integer":
      return int(r, p.min ?? 1, p.max ?? 300);
    case "number":
      return int(r, 0, 1_000_000);
    case "boolean":
      return r() < 0.5;
    case "enum":
      return pick(r, p.values ?? []);
  }
  switch (p.name) {
    case "ticker":
      return pick(r, ["AAPL", "MSFT", "BRK-B", "JPM", "nvda"]);
    case "query":
      return pick(r, ["apple", "Berkshire Hathaway", "0001067983"]);
    case "form_type":
      return pick(r, ["10-K", "8-K", "4", "DEF 14A"]);
    case "accession_number":
      return "0000320193-24-000123";
    case "member":
      return pick(r, ["Pelosi", "P000197"]);
    case "party":
      return pick(r, ["Democrat", "Republican"]);
    case "quarter":
      return pick(r, ["2024Q4", "2023-06-30", "2022q1"]);
    case "filters":
      return Array.from({ length: int(r, 1, 3) }, () => screenFilter(r));
    case "metrics": {
      const st = (raw.statement as string | undefined) ?? "income";
      const keys = FINANCIAL_METRICS[st as keyof typeof FINANCIAL_METRICS];
      return Array.from({ length: int(r, 1, 4) }, () => pick(r, keys));
    }
  }
  throw new Error(`no generator for ${tool}.${p.name}`);
}

/** A valid raw request: required parameters always, each optional one with probability 1/2. */
export function rawRequest(r: Rng, tool: ToolName): RawParams {
  const raw: RawParams = {};
  for (const p of TOOLS[tool].params) {
    if (!p.required && r() < 0.5) continue;
    raw[p.name] = value(r, tool, p, raw);
  }
  // the spec's cross-parameter rule: Q4 only with the segments view
  if (tool === "get_reported_financials" && raw.period === "Q4") raw.view = "segments";
  return raw;
}

export { STATEMENTS };

/** The SvcError a local check throws (fails the test when nothing is thrown). */
export function rejection(fn: () => unknown): SvcError {
  try {
    fn();
  } catch (e) {
    return e as SvcError;
  }
  throw new Error("expected a rejection");
}
