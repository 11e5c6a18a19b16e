/**
 * The units screen filters are written in (spec: "percent metrics in percent, usd metrics in USD
 * millions, flags as 1 or 0") and the checks that keep a filter from meaning something else than
 * its writer meant: `roic:0.15:` reads as 0.15 %, not 15 %, and would return nearly every company.
 * The API's dictionary states each metric's unit; until it has been read, the units the metric
 * names state are used (a metric whose name states none is not checked).
 */
import { invalidArgument } from "./errors";
import type { MetricDictionary } from "./dictionary";
import { ScreenFilter, formatScreenFilter } from "./screen-filter";

export type ScreenUnit = "percent" | "USD millions" | "ratio" | "days" | "count" | "1/0";

/** Units the metric names state (used until the dictionary is read). */
const BY_NAME: ReadonlyArray<[RegExp, ScreenUnit]> = [
  [/^(had_8k_|founder_|family_controlled$|insider_officer_bought)/, "1/0"],
  [/^days_since_/, "days"],
  [/^(filings_8k_90d|insider_buyers_90d|holders_13f|piotroski_f)$/, "count"],
  [/^(revenue_ttm|net_debt|value_13f|insider_buy_value_90d|insider_net_buy_90d|insider_net_buy_1y|ceo_total_pay|ceo_pay_actually_received)$/, "USD millions"],
  [/(margin|growth|cagr|change_yoy|^rule_of_40$|^ro[aei]c?$|^capex_to_revenue$)/, "percent"],
  [/^(net_debt_to_ebitda|debt_to_equity|current_ratio|interest_coverage|capex_to_da)$/, "ratio"],
];

function unitFromText(u: string): ScreenUnit | undefined {
  const t = u.trim().toLowerCase();
  if (t === "percent" || t === "%" || t === "pct") return "percent";
  if (/usd\s*(m|millions?)$/.test(t)) return "USD millions";
  if (t === "1/0" || t === "flag" || t === "boolean") return "1/0";
  if (t === "days" || t === "count" || t === "ratio") return t;
  return undefined;
}

/** A screen metric's unit: the dictionary's, else the one its name states; undefined when neither says. */
export function screenUnitOf(metric: string, dict?: MetricDictionary): ScreenUnit | undefined {
  const stated = dict?.screenInfo(metric)?.unit;
  if (stated) return unitFromText(stated);
  return BY_NAME.find(([re]) => re.test(metric))?.[1];
}

const fmt = (n: number) => new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 }).format(n);
const bounds = (f: ScreenFilter) => [f.min, f.max].filter((b): b is number => b !== null);

/** The reading a fraction probably meant: every bound times 100 ("roic:15: means 15 %"). */
function percentReading(f: ScreenFilter): string {
  const scaled = { ...f, min: f.min === null ? null : Number((f.min * 100).toPrecision(12)), max: f.max === null ? null : Number((f.max * 100).toPrecision(12)) };
  const range = [scaled.min, scaled.max].map((b) => (b === null ? null : `${fmt(b)} %`));
  const what = range[0] && range[1] ? `${range[0]} to ${range[1]}` : range[0] ? `at least ${range[0]}` : `at most ${range[1]}`;
  return `${formatScreenFilter(scaled)} means ${what}`;
}

/**
 * Refuse a filter whose numbers are probably in another unit than the metric's (no call is made):
 * fractions on a percent metric (unless written with %), dollars on a USD-millions metric, a flag
 * bound other than 1 or 0, a % on a metric that is not a percent.
 */
export function checkScreenUnits(text: string, f: ScreenFilter, unit: ScreenUnit | undefined): void {
  const shown = text.trim();
  if (f.percentSign && unit !== "percent")
    throw invalidArgument("filters", `Filter "${shown}": ${f.metric} is not a percent metric${unit ? ` (its unit: ${unit})` : ""}; write the bound without %`);
  const given = bounds(f);
  if (unit === "percent" && !f.percentSign && given.some((b) => b !== 0) && given.every((b) => Math.abs(b) < 1)) {
    const typed = given.filter((b) => b !== 0).map((b) => `${fmt(b)} %`).join(" to ");
    throw invalidArgument("filters", `Filter "${shown}" would mean ${typed}: filters on percent metrics are in percent, so ${percentReading(f)} (to mean ${typed}, write the bound with %: ${f.metric}:${f.min ?? ""}${f.min !== null ? "%" : ""}:${f.max ?? ""}${f.max !== null ? "%" : ""})`);
  }
  if (unit === "USD millions" && given.some((b) => Math.abs(b) >= 1e7)) {
    const scaled = formatScreenFilter({ ...f, min: f.min === null ? null : f.min / 1e6, max: f.max === null ? null : f.max / 1e6 });
    throw invalidArgument("filters", `Filter "${shown}" would mean USD ${fmt(Math.max(...given.map(Math.abs)))} million: filters on USD metrics are in USD millions (${scaled} is the same amount in dollars written in millions)`);
  }
  if (unit === "1/0" && given.some((b) => b !== 0 && b !== 1))
    throw invalidArgument("filters", `Filter "${shown}": ${f.metric} is a flag; its bounds are 1 (yes) or 0 (no), e.g. ${f.metric}:1:`);
}
