/**
 * What the fake API knows about tools, parameters and metric keys: read from the vendored spec
 * (docs/api-spec.md) by test/spec/spec.ts, never from src/api (the fake must not validate against the
 * code it tests). Industry lines beyond the spec's lists come from ./industry (the spec says they
 * exist; their keys are this fake's choice and are served by its /dictionary).
 */
import { SpecParam, loadSpec } from "../../spec/spec";
import { INDUSTRY_LINES } from "./industry";

const spec = loadSpec();

/** A tool name as the spec lists it (checked at run time against TOOL_NAMES). */
export type ToolName = string;
export type Statement = "income" | "balance" | "cash_flow";

export const TOOL_NAMES: readonly string[] = spec.toolNames;
export const STATEMENTS = spec.statements as readonly Statement[];
/** The spec's metric keys by statement. */
export const SPEC_METRICS = spec.financialMetrics as Readonly<Record<Statement, readonly string[]>>;
export const DEFAULT_METRICS = spec.defaultMetrics as Readonly<Record<Statement, readonly string[]>>;
export const SCREEN_METRICS: readonly string[] = spec.screenMetrics;
export const ECONOMY_SERIES: readonly string[] = spec.seriesIds;

/** Every key get_financials accepts, by statement: the spec's lists plus the industry lines (the dictionary's content). */
export const FINANCIAL_METRICS: Readonly<Record<Statement, readonly string[]>> = Object.fromEntries(
  STATEMENTS.map((s) => [s, [...SPEC_METRICS[s], ...INDUSTRY_LINES.filter((l) => l.statement === s).map((l) => l.key)]]),
) as unknown as Record<Statement, readonly string[]>;

/** Which statement a metric key belongs to. */
export function statementOf(metric: string): Statement | undefined {
  return STATEMENTS.find((s) => FINANCIAL_METRICS[s].includes(metric));
}

export function isTool(name: string): boolean {
  return TOOL_NAMES.includes(name);
}

export function paramsOf(tool: ToolName): readonly SpecParam[] {
  const t = spec.tools[tool];
  if (!t) throw new Error(`fake API: no such tool in the spec: ${tool}`);
  return t.params;
}

export function purposeOf(tool: ToolName): string {
  return spec.tools[tool]?.purpose ?? "";
}

export type { SpecParam };
