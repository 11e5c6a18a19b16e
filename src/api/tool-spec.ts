/**
 * The shape of the catalogue's entries (src/api/catalogue.ts): a tool, its parameters, and how one
 * wide call answers narrower requests. Types only; the data is the catalogue.
 */

export type ToolName =
  | "search_companies"
  | "get_company"
  | "get_financials"
  | "get_reported_financials"
  | "list_filings"
  | "get_filing_summary"
  | "get_insider_trades"
  | "get_insider_feed"
  | "get_congress_trades"
  | "get_congress_feed"
  | "get_headlines"
  | "get_economy"
  | "get_leadership"
  | "get_institutional_holders"
  | "get_investor"
  | "get_short_interest"
  | "get_peers"
  | "screen_companies";

export type ParamType = "string" | "integer" | "number" | "boolean" | "enum";

export type ParamScalar = string | number | boolean;

/** A condition on another parameter's canonical value (defaults applied). */
export interface ParamCondition {
  param: string;
  values: readonly ParamScalar[];
}

export interface ParamSpec {
  name: string;
  type: ParamType;
  required?: boolean;
  /** Inclusive bounds for integer/number parameters. */
  min?: number;
  max?: number;
  /** Inclusive length bounds for strings (each element for list parameters). */
  minLength?: number;
  maxLength?: number;
  /** Allowed values for enum parameters (matched case-insensitively, sent as written here). */
  values?: readonly string[];
  /** The API's default, when the spec states one. canonicalise() applies it, so a spelled-out default
   * and an omitted one give the same request key. */
  default?: ParamScalar;
  /** A default that depends on another parameter (its canonical value -> this default). */
  defaultBy?: { param: string; values: Readonly<Record<string, ParamScalar | readonly string[]>> };
  /** The default is the metric of the first item of this list parameter (screen sort_by). */
  defaultFromFirst?: string;
  /** The API uses this parameter only when `usedOnlyWith` is present: dropped otherwise. */
  usedOnlyWith?: string;
  /** The API ignores this parameter when the condition holds: dropped then. */
  ignoredWhen?: ParamCondition;
  /** Values allowed only when a condition holds (checked locally, no call). */
  onlyWhen?: readonly { values: readonly ParamScalar[]; when: ParamCondition; rule: string }[];
  /** Text read by a dedicated parser: a quarter end (date, YYYYQn or a date serial), a screen filter,
   * a screen metric id (spec list plus dictionary), or a get_financials metric key. */
  format?: "quarter_end" | "screen_filter" | "screen_metric" | "financial_metric";
  /** One spelling for text the API matches without regard to case: `upper` (form types), `ticker`
   * (upper case, a class suffix written with a dot as the spec's hyphen: BRK.B -> BRK-B). */
  normalise?: "upper" | "ticker";
  /** List parameter: sent comma-separated. */
  list?: boolean;
  /** Extra shape rule checked locally (e.g. ticker symbol characters). */
  pattern?: RegExp;
  patternHint?: string;
  description: string;
}

export interface ToolSpec {
  name: ToolName;
  /** The SVC custom function that calls this tool (without the namespace). */
  fn: string;
  /** Order of the function's arguments, as users type them (names of tool parameters or options). */
  fnArgs: readonly string[];
  description: string;
  params: readonly ParamSpec[];
  /** How long an answer stays fresh in the cache. */
  ttlMs: number;
  /** Record tools spill one record per row. */
  kind: "record" | "profile" | "statement" | "document";
  /** Ask wide, answer narrow: how one call can answer narrower requests (src/api/wide.ts). */
  wide?: WideRule;
}

/**
 * Ask wide, answer narrow, as data (read by src/api/wide.ts):
 * - `rows`: `param` cuts the first N rows of each array in `arrays` (the first one present). When
 *   `widen` is true the identity leaves `param` out and the wide call asks the parameter's catalogue
 *   maximum; false (no stated maximum) keeps `param` in the identity, and a cached answer with a
 *   larger value still answers a smaller one. `when` limits the rule to answers whose order is fully
 *   determined by the other parameters.
 * - `distinct`: `param` keeps the rows of `array` belonging to the first N distinct values of `field`
 *   (leadership: a CEO change gives two ceo_pay rows for one fiscal year).
 * - `columns`: get_financials: `param` (years) keeps the last N x `perColumn` columns; `list` (metrics)
 *   keeps the requested entries in request order; the wide call asks every key of the statement,
 *   `param`'s maximum and `flags` (include_provenance), which only add to what a request gets.
 * - `window`: `param` values in `spans` (years, null = everything) are answered from the `wide` value
 *   by keeping the points of `array` whose `field` date is within N years before the newest point;
 *   values not in `spans` (1Y: a finer resolution) are their own identity.
 */
export type WideRule =
  | { kind: "rows"; param: string; arrays: readonly string[]; widen: boolean; when?: ParamCondition }
  | { kind: "distinct"; param: string; array: string; field: string }
  | {
      kind: "columns";
      param: string;
      perColumn: { param: string; values: Readonly<Record<string, number>> };
      list: string;
      columnArrays: readonly string[];
      flags: Readonly<Record<string, boolean>>;
    }
  | { kind: "window"; param: string; array: string; field: string; spans: Readonly<Record<string, number | null>>; wide: string };
