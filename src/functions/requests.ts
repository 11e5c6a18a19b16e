/**
 * Functions -> requests: the pure mapping from a custom function's arguments (as Excel
 * hands them over, omitted ones null) to the tool requests it makes. Every custom function in
 * functions.ts asks the engine exactly what this module says, so the pane can price a refresh of any
 * SVC formula with `engine.plan(requestsFor(fn, args))` and the price is what recalculation spends.
 *
 * Throws SvcError("invalid_argument") for arguments that are wrong before any request exists (a
 * period the grammar does not read, metrics of two statements, a bad option); parameter bounds are
 * left to the engine's validation, so `plan()` reports them as `invalid`.
 */
import { PERIODS_DEFAULT_PERIOD, PERIODS_FN, toolOfFunction } from "../api";
import { DEFAULT_STATEMENT, Statement, TOOLS, ToolName, YEARS_MAX, paramOf } from "../api";
import { MetricDictionary, SPEC_DICTIONARY } from "../api";
import { SvcError, invalidArgument } from "../api";
import { bareSvcName } from "../api";
import { RawParams, financialMetricKey, metricStatement, splitList } from "../api";
import type { PlanRequest } from "../engine";
import { CellOptions, parseOptions } from "./options";
import { ltmComponents } from "../shape";
import { PeriodPlan, parsePeriod } from "./period";
import { plainArgument, tickerOf } from "./typed-args";
import { unknownFunctionMessage } from "./names";
import { blankZeros } from "./blank-cells";

/** One tool request: the engine's PlanRequest (what `engine.plan` prices). */

/** What SVC.FINANCIALS asks for, and what it needs to pick and compute its columns. */
export interface FinancialsRequests {
  /** The statement the metrics belong to (inferred, or options statement=). */
  statement: Statement;
  /** The metric keys asked for, resolved ("sales" -> revenue), de-duplicated, in order; with no metric
   * given, every line of the statement in the API's order (`whole`). */
  keys: string[];
  /** No metric was given: the whole statement (lines the dictionary adds are shown only where they have figures). */
  whole: boolean;
  plan: PeriodPlan;
  /** The first request is the statement's; LTM ratios may add one for components of another statement. */
  requests: PlanRequest[];
}

const normalName = bareSvcName;

/** The statement a list of metric keys belongs to; keys from two statements are an error. */
function statementFor(keys: string[], fallback: string | undefined, dict: MetricDictionary): Statement {
  let found: Statement | undefined;
  for (const k of keys) {
    const s = metricStatement(k, dict);
    if (s === "any") continue; // a dictionary line with no stated statement fits any
    if (found && s !== found)
      throw invalidArgument("metrics", `metrics mix ${found} and ${s} keys ("${k}"); use keys of one statement per formula`);
    found = s;
  }
  return found ?? (fallback as Statement | undefined) ?? DEFAULT_STATEMENT;
}

/** The ticker argument, refused first when blank (a formula's first mistake is named first). */
function requiredTicker(ticker: unknown): unknown {
  const t = tickerOf(ticker);
  if (t === null || t === undefined || (typeof t === "string" && t.trim() === ""))
    throw invalidArgument("ticker", `ticker is required (${paramOf("get_financials", "ticker")?.description ?? "a U.S. ticker"})`);
  return t;
}

/** The get_financials requests of =SVC.FINANCIALS(ticker, metrics, period, options). */
export function financialsRequests(ticker: unknown, metrics: unknown, period: unknown, options: CellOptions, dict: MetricDictionary): FinancialsRequests {
  const t = requiredTicker(ticker);
  const typed = [...new Set(splitList(plainArgument(metrics)))];
  const resolved = [...new Set(typed.map((k) => financialMetricKey(k, dict)))];
  const statement = statementFor(resolved, options.extra.statement, dict);
  const whole = resolved.length === 0;
  const keys = whole ? [...dict.financialMetrics(statement)] : resolved;
  const plan = parsePeriod(plainArgument(period));
  // include_provenance: every value keeps its source for "Show source" (the engine's wide call asks it too)
  const base = { ticker: t, statement, period_type: plan.periodType, years: plan.years, include_provenance: true };
  const requests: PlanRequest[] = [];
  if (plan.pick.kind === "ltm" || (plan.pick.kind === "calendar" && plan.pick.span === "year")) {
    // LTM ratios are recomputed from their components: ask for those too (same statement in the
    // same request; another statement's, e.g. revenue for fcf_margin, in a second one).
    const extra = ltmComponents(keys, statement);
    const inStatement = (k: string) => [statement, "any"].includes(metricStatement(k, dict));
    const own = [...keys, ...extra.filter((k) => inStatement(k) && !keys.includes(k))];
    requests.push({ tool: "get_financials", params: { ...base, metrics: own } });
    const others = new Map<Statement, string[]>();
    for (const k of extra) {
      const s = metricStatement(k, dict);
      if (s !== statement && s !== "any") others.set(s, [...(others.get(s) ?? []), k]);
    }
    for (const [s, ks] of others) requests.push({ tool: "get_financials", params: { ...base, statement: s, metrics: ks } });
  } else {
    requests.push({ tool: "get_financials", params: { ...base, metrics: keys } });
  }
  return { statement, keys, whole, plan, requests };
}

/**
 * The request of =SVC.PERIODS(ticker, period): the fiscal calendar comes from get_financials'
 * period labels and ends. One column more than shown is asked for, so the oldest period has a start.
 */
export function periodsRequest(ticker: unknown, period: unknown): { plan: PeriodPlan; request: PlanRequest } {
  const plan = parsePeriod(plainArgument(period) ?? PERIODS_DEFAULT_PERIOD);
  const years = Math.min(YEARS_MAX, plan.years + 1);
  return { plan, request: { tool: "get_financials", params: { ticker: tickerOf(ticker), statement: DEFAULT_STATEMENT, metrics: ["revenue"], period_type: plan.periodType, years, include_provenance: true } } };
}

/** A record/profile tool's parameters from the function's arguments, by the catalogue's argument order. */
export function toolParams(tool: ToolName, args: readonly unknown[]): RawParams {
  const spec = TOOLS[tool];
  const params: RawParams = {};
  spec.fnArgs.forEach((name, i) => {
    if (!spec.params.some((p) => p.name === name)) return; // options, COMPANY's field: not tool parameters
    params[name] = (name === "ticker" ? tickerOf(args[i]) : plainArgument(args[i])) ?? null; // omitted = null, as Excel passes it
  });
  return params;
}

/**
 * The requests `=SVC.<fn>(args...)` makes (args as typed, without Excel's invocation object), metric
 * names checked against `dict` (the runtime's dictionary; the spec's lists when none is given).
 */
export function requestsFor(fn: string, given: readonly unknown[], dict: MetricDictionary = SPEC_DICTIONARY): PlanRequest[] {
  const name = normalName(fn);
  const args = blankZeros(name, given);
  if (name === "FINANCIALS") return financialsRequests(args[0], args[1], args[2], parseOptions(plainArgument(args[3]), name), dict).requests;
  if (name === PERIODS_FN) {
    parseOptions(plainArgument(args[2]), name);
    return [periodsRequest(args[0], args[1]).request];
  }
  const tool = toolOfFunction(name);
  if (!tool) throw new SvcError("unknown_function", unknownFunctionMessage(name));
  const optionsAt = TOOLS[tool].fnArgs.indexOf("options");
  if (optionsAt >= 0) parseOptions(plainArgument(args[optionsAt]), name);
  return [{ tool, params: toolParams(tool, args) }];
}
