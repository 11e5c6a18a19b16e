/**
 * screen_companies filters, parsed the way a lenient API parses them, so that every spelling the API
 * accepts is accepted here and every spelling of one filter has one canonical text.
 *
 * Accepted (decision, documented in docs/functions.md): `metric:min:max` where
 * - the metric is case-insensitive and may carry spaces around it (`ROIC`, ` roic `);
 * - each bound is empty or a decimal number as a float parser reads it: optional sign (`+1`, `-2`),
 *   leading or trailing point (`.5`, `15.`), exponent (`1e3`, `2.5E-1`), spaces around it;
 * - at least one bound is given (a filter with neither bound filters nothing; the spec's examples
 *   always give one), and min <= max when both are given.
 * - a bound may end with `%` to say "this is a percent" (`roic:0.15%:` = 0.15 %, allowed on percent
 *   metrics only: src/api/screen-units.ts checks units); the % is not sent.
 * Refused: `inf`/`nan`, thousands separators, units, anything else (the message says what is
 * allowed). Canonical text: `metric:min:max` with bounds as JavaScript's shortest round-trip
 * decimal (`15.0` -> `15`, `.5` -> `0.5`, `1e3` -> `1000`, `0.15%` -> `0.15`).
 */
import { invalidArgument } from "./errors";

export interface ScreenFilter {
  metric: string;
  min: number | null;
  max: number | null;
  /** A bound was written with % (said to be a percent). */
  percentSign?: boolean;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

export const SCREEN_FILTER_HINT = "metric:min:max with either bound empty, e.g. roic:15: or net_debt_to_ebitda::2";

function bound(text: string, which: "min" | "max", filter: string): number | null {
  const t = text.trim().replace(/\s*%$/, "");
  if (t === "") return null;
  if (!NUMBER.test(t)) {
    throw invalidArgument("filters", `Filter "${filter}": ${which} must be a number such as 15, -2.5 or .5 (no separators or units); got "${text.trim()}"`);
  }
  const n = Number(t);
  if (!Number.isFinite(n)) throw invalidArgument("filters", `Filter "${filter}": ${which} is out of range; got "${t}"`);
  return n === 0 ? 0 : n; // -0 -> 0
}

/** Parse one filter; the metric is lower-cased but not checked against a metric list here. */
export function parseScreenFilter(text: string): ScreenFilter {
  const filter = text.trim();
  const parts = filter.split(":");
  if (parts.length !== 3) throw invalidArgument("filters", `Filter "${filter}" must be ${SCREEN_FILTER_HINT}`);
  const metric = parts[0].trim().toLowerCase();
  if (!/^[a-z0-9_]+$/.test(metric)) throw invalidArgument("filters", `Filter "${filter}" must start with a metric id; ${SCREEN_FILTER_HINT}`);
  const min = bound(parts[1], "min", filter);
  const max = bound(parts[2], "max", filter);
  if (min === null && max === null) throw invalidArgument("filters", `Filter "${filter}" needs a min or a max; ${SCREEN_FILTER_HINT}`);
  if (min !== null && max !== null && min > max) throw invalidArgument("filters", `Filter "${filter}": min is greater than max`);
  const percentSign = /%\s*$/.test(parts[1]) || /%\s*$/.test(parts[2]);
  return percentSign ? { metric, min, max, percentSign } : { metric, min, max };
}

/** The canonical text of a parsed filter. */
export function formatScreenFilter(f: ScreenFilter): string {
  return `${f.metric}:${f.min === null ? "" : String(f.min)}:${f.max === null ? "" : String(f.max)}`;
}
