/**
 * The ask-wide rule of each tool in words, generated from the catalogue's rules (ToolSpec.wide), as
 * docs/functions.md's "one call per identity" table states them: the docs test compares the two, so
 * a rule changed without the docs fails. Only the docs read it, so it lives beside their test.
 */
import { TOOLS, ToolName, WideRule, paramOf } from "../../src/api/catalogue";

const maxOf = (tool: ToolName, param: string): number | undefined => paramOf(tool, param)?.max;

/** Parameter names that do not change the identity under a `columns` rule (as src/api/wide.ts slices them). */
const sliceParams = (rule: WideRule & { kind: "columns" }): string[] => [rule.param, rule.list, ...Object.keys(rule.flags)];

export interface WideRuleText {
  tool: ToolName;
  /** Parameters that make a different answer (the identity). */
  identity: string;
  /** What the one call asks. */
  wide: string;
  /** How a narrower request is answered from it. */
  narrow: string;
}

/** The ask-wide rule of a tool in words, generated from the catalogue (so the docs cannot drift). */
export function describeWide(tool: ToolName): WideRuleText[] {
  const spec = TOOLS[tool];
  const rule = spec.wide;
  const names = (skip: readonly string[]): string => spec.params.map((p) => p.name).filter((n) => !skip.includes(n)).join(", ") || "(none)";
  const exact: WideRuleText = { tool, identity: `${names([])} (every parameter)`, wide: "as asked", narrow: "only the identical request" };
  if (!rule) return [exact];
  switch (rule.kind) {
    case "rows": {
      const rows = `first N ${rule.arrays.join(" / ")}`;
      if (!rule.widen) {
        return [{ ...exact, narrow: `a cached answer with a larger ${rule.param} answers a smaller one: ${rows} (no stated maximum, so ${rule.param} stays in the identity)` }];
      }
      const main: WideRuleText = { tool, identity: names([rule.param]), wide: `${rule.param} ${maxOf(tool, rule.param)}`, narrow: rows };
      if (!rule.when) return [main];
      const cond = `${rule.when.param} ${rule.when.values.join("/")}`;
      return [
        { ...main, identity: `${main.identity} (when ${cond})` },
        { ...exact, identity: `${exact.identity} (otherwise: the order is not stated)` },
      ];
    }
    case "distinct":
      return [{ tool, identity: names([rule.param]), wide: `${rule.param} ${maxOf(tool, rule.param)}`, narrow: `${rule.array} rows of the newest N distinct ${rule.field}` }];
    case "columns":
      return [{
        tool,
        identity: names(sliceParams(rule)),
        wide: `every ${rule.list} key of the statement (spec list + dictionary + requested), ${rule.param} ${maxOf(tool, rule.param)}, ${Object.entries(rule.flags).map(([k, v]) => `${k}=${v}`).join(", ")}`,
        narrow: `requested ${rule.list} in request order (defaults when none), last N ${rule.param} of columns (x${Object.entries(rule.perColumn.values).map(([k, v]) => `${v} ${k}`).join(", ")}); ${Object.keys(rule.flags).join(", ")} content removed when not asked`,
      }];
    case "window": {
      const spans = Object.keys(rule.spans);
      const others = (paramOf(tool, rule.param)?.values ?? []).filter((v) => !spans.includes(v));
      return [
        { tool, identity: `${names([rule.param])} (${rule.param} ${spans.join("/")})`, wide: `${rule.param} ${rule.wide}`, narrow: `${rule.array} dated after (newest ${rule.field} − N years); ${rule.wide} all` },
        ...(others.length ? [{ ...exact, identity: `${names([])} (${rule.param} ${others.join("/")}: another resolution)` }] : []),
      ];
    }
  }
}
