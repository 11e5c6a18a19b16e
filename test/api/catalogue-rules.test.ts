/**
 * The catalogue's rules are data read by canonical.ts and wide.ts: every name they mention must be a
 * parameter of the tool, a dependency must come before the parameter that reads it (defaults are
 * applied in catalogue order), and a widened parameter must have a maximum to ask for.
 */
import { ParamSpec, TOOLS, TOOL_NAMES, ToolName } from "../../src/api/catalogue";

type ParamCondition = NonNullable<ParamSpec["ignoredWhen"]>;

function indexOf(tool: ToolName, name: string): number {
  return TOOLS[tool].params.findIndex((p) => p.name === name);
}

function checkCondition(tool: ToolName, cond: ParamCondition): void {
  const p = TOOLS[tool].params.find((x) => x.name === cond.param);
  expect([tool, cond.param, p !== undefined]).toEqual([tool, cond.param, true]);
  if (p?.type === "enum") for (const v of cond.values) expect(p.values).toContain(v);
  if (p?.type === "boolean") for (const v of cond.values) expect(typeof v).toBe("boolean");
}

describe("catalogue rules refer to real parameters", () => {
  for (const tool of TOOL_NAMES) {
    it(tool, () => {
      const params = TOOLS[tool].params;
      for (const [i, p] of params.entries()) {
        if (p.defaultBy) {
          expect(indexOf(tool, p.defaultBy.param)).toBeGreaterThanOrEqual(0);
          expect(indexOf(tool, p.defaultBy.param)).toBeLessThan(i);
          const on = params[indexOf(tool, p.defaultBy.param)];
          // a default for every value the other parameter can take
          for (const v of on.values ?? []) expect([p.name, v, p.defaultBy.values[v] !== undefined]).toEqual([p.name, v, true]);
        }
        if (p.defaultFromFirst) {
          expect(indexOf(tool, p.defaultFromFirst)).toBeGreaterThanOrEqual(0);
          expect(indexOf(tool, p.defaultFromFirst)).toBeLessThan(i);
        }
        if (p.usedOnlyWith) expect(indexOf(tool, p.usedOnlyWith)).toBeGreaterThanOrEqual(0);
        if (p.ignoredWhen) checkCondition(tool, p.ignoredWhen);
        for (const r of p.onlyWhen ?? []) {
          checkCondition(tool, r.when);
          for (const v of r.values) expect(p.values).toContain(v);
        }
        if (p.default !== undefined && p.type === "enum") expect(p.values).toContain(p.default);
        if (p.default !== undefined && typeof p.default === "number") {
          expect(p.default).toBeGreaterThanOrEqual(p.min ?? -Infinity);
          expect(p.default).toBeLessThanOrEqual(p.max ?? Infinity);
        }
      }
      const rule = TOOLS[tool].wide;
      if (!rule) return;
      const sliced = params.find((p) => p.name === rule.param);
      expect(sliced).toBeDefined();
      if (rule.kind === "rows" && rule.when) checkCondition(tool, rule.when);
      if ((rule.kind === "rows" && rule.widen) || rule.kind === "distinct" || rule.kind === "columns") {
        expect(sliced!.max).toBeDefined(); // the wide call asks it
        expect(sliced!.default).toBeDefined(); // a request without it still has a value to slice to
      }
      if (rule.kind === "columns") {
        expect(indexOf(tool, rule.list)).toBeGreaterThanOrEqual(0);
        checkCondition(tool, { param: rule.perColumn.param, values: Object.keys(rule.perColumn.values) });
        for (const f of Object.keys(rule.flags)) expect(indexOf(tool, f)).toBeGreaterThanOrEqual(0);
      }
      if (rule.kind === "window") {
        for (const v of [...Object.keys(rule.spans), rule.wide]) expect(sliced!.values).toContain(v);
        expect(rule.spans[rule.wide]).toBeNull(); // the wide value holds every point
      }
    });
  }
});
