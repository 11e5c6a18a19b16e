/**
 * The SVC functions' arguments and their help, in one place beside the catalogue. An argument that
 * is an API parameter is described by its catalogue entry (ParamSpec.description); the arguments
 * that are not (period, field, options, SVC.PERIODS) are described here, with the options each
 * function accepts. Everything that tells a user what to type reads `argHelp`:
 *   - the JSDoc of src/compose/excel-functions.ts (what Excel shows while typing; custom-functions-metadata
 *     reads it, so it is written out there and test/metadata checks it equals argHelp),
 *   - the pane's builder hints (src/taskpane/pane/formula.ts), `svc-excel help FUNCTION`,
 *   - the period parser's messages (src/functions/period.ts).
 * New help (a period form, an option, a unit) goes here or in the catalogue, nowhere else.
 */
import { STATEMENTS, TOOLS, ToolName, YEARS_MAX, paramOf, toolByFunction } from "./catalogue";
import { bareSvcName } from "./svc-name";

/** SVC.PERIODS is ours (no tool of its own): it reads the fiscal calendar from get_financials. */
export const PERIODS_FN = "PERIODS";
export const PERIODS_ARGS = ["ticker", "period", "options"] as const;
/** SVC.PERIODS without a period: the last eight fiscal quarters. */
export const PERIODS_DEFAULT_PERIOD = "FQ-7:FQ";

/** The options every function takes last (`name=value` separated by `;`), first value the default. */
const COMMON_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  headers: ["0", "1", "2"],
  dates: ["serial", "text"],
  na: ["blank", "na"],
};

/** Options some functions add, by function. */
const EXTRA_OPTIONS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  LEADERSHIP: { part: ["all", "overview", "founders", "ceo_pay"] },
  FINANCIALS: { statement: STATEMENTS, source: ["0", "1"] },
};

/** The options `fn` accepts and their allowed values. */
export function optionsOf(fn: string): Readonly<Record<string, readonly string[]>> {
  return { ...COMMON_OPTIONS, ...(EXTRA_OPTIONS[fn] ?? {}) };
}

const YEARS_DEFAULT = paramOf("get_financials", "years")?.default;

/** The period forms SVC.FINANCIALS and SVC.PERIODS read (src/functions/period.ts). */
export const PERIOD_FORMS = "FY, FY-1, FY-4:FY, FQ, FQ-7:FQ, LTM (or TTM), LTM-1, FY2024, FQ3 2024, FY2020:FY2024, CY2024 or CQ3 2024";
/** What a period may be, for messages: "use <PERIOD_HELP>". */
export const PERIOD_HELP = `a number of years (1-${YEARS_MAX}), ${PERIOD_FORMS}`;

/** Function arguments that are not tool parameters, by function ("*" = any function). */
const OWN_ARGS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  FINANCIALS: { period: `Number of years (1-${YEARS_MAX}, default ${YEARS_DEFAULT}), ${PERIOD_FORMS}` },
  PERIODS: { period: `As in SVC.FINANCIALS (default ${PERIODS_DEFAULT_PERIOD}): ${PERIOD_FORMS}` },
  COMPANY: { field: 'One profile field (e.g. "name", "cik", "shares_outstanding_m"); omit for all fields' },
};

/** Arguments a function requires although the tool does not (the API has a default for them). */
const REQUIRED_ARGS: Readonly<Record<string, readonly string[]>> = { PERIODS: ["ticker"] };

const fnName = bareSvcName;

/** The tool a function's (first) request goes to: the catalogue's, get_financials for SVC.PERIODS. */
export function toolOfFunction(fn: string): ToolName | undefined {
  const name = fnName(fn);
  return name === PERIODS_FN ? "get_financials" : toolByFunction(name)?.name;
}

/** The arguments of `fn` in the order users type them; empty for an unknown function. */
export function argsOf(fn: string): readonly string[] {
  const name = fnName(fn);
  if (name === PERIODS_FN) return PERIODS_ARGS;
  const tool = toolOfFunction(name);
  return tool ? TOOLS[tool].fnArgs : [];
}

/** True when `fn` cannot be called without `arg`. */
export function argRequired(fn: string, arg: string): boolean {
  const name = fnName(fn);
  const tool = toolOfFunction(name);
  return (REQUIRED_ARGS[name] ?? []).includes(arg) || (tool ? paramOf(tool, arg)?.required === true : false);
}

/** The `options` help of `fn`: "headers=0|1|2; dates=serial|text; na=blank|na" plus its own. */
export function optionsHelp(fn: string): string {
  return Object.entries(optionsOf(fnName(fn)))
    .map(([name, values]) => `${name}=${values.join("|")}`)
    .join("; ");
}

/** The one help text of argument `arg` of function `fn` (JSDoc, pane, CLI). */
export function argHelp(fn: string, arg: string): string {
  const name = fnName(fn);
  if (arg === "options") return `"${optionsHelp(name)}"`;
  const own = OWN_ARGS[name]?.[arg];
  if (own) return own;
  const tool = toolOfFunction(name);
  const p = tool ? paramOf(tool, arg) : undefined;
  if (!p) return arg;
  // The catalogue's default, where the description does not already say it.
  if (p.default === undefined || /\bdefault\b/i.test(p.description)) return p.description;
  const dflt = typeof p.default === "boolean" ? String(p.default).toUpperCase() : String(p.default);
  return `${p.description} (default ${dflt})`;
}

/** `SVC.FN(a, [b], ...)` and one line of help per argument: `svc-excel help FN`. */
export function functionHelp(fn: string): string | null {
  const name = fnName(fn);
  const args = argsOf(name);
  if (args.length === 0) return null;
  const shown = args.map((a) => (argRequired(name, a) ? a : `[${a}]`));
  const width = Math.max(...shown.map((s) => s.length));
  const lines = shown.map((s, i) => `  ${s.padEnd(width)}  ${argHelp(name, args[i])}`);
  return `SVC.${name}(${shown.join(", ")})\n${lines.join("\n")}\n`;
}
