/**
 * The one help of each function argument (src/api/arguments.ts): what `svc-excel help` prints and
 * what the options parser accepts come from the same table.
 */
import { argHelp, argsOf, functionHelp, optionsHelp, optionsOf } from "../../src/api/arguments";
import { TOOLS, TOOL_NAMES } from "../../src/api/catalogue";
import { parseOptions } from "../../src/functions/options";

describe("function arguments and their help", () => {
  test("every function's help lists its arguments, optional ones in brackets", () => {
    expect(functionHelp("svc.financials")).toMatch(/^SVC\.FINANCIALS\(ticker, metrics, \[period\], \[options\]\)\n/);
    expect(functionHelp("FINANCIALS")).toContain(argHelp("FINANCIALS", "period"));
    expect(functionHelp("NOPE")).toBeNull();
    for (const t of TOOL_NAMES) expect(argsOf(TOOLS[t].fn)).toEqual(TOOLS[t].fnArgs);
    expect(argsOf("PERIODS")).toEqual(["ticker", "period", "options"]);
  });

  test("the options help names exactly what the parser accepts", () => {
    for (const fn of [...TOOL_NAMES.map((t) => TOOLS[t].fn), "PERIODS"]) {
      for (const [name, values] of Object.entries(optionsOf(fn))) {
        expect(optionsHelp(fn)).toContain(`${name}=${values.join("|")}`);
        for (const v of values) expect(() => parseOptions(`${name}=${v}`, fn)).not.toThrow();
      }
    }
    expect(() => parseOptions("part=all", "FILINGS")).toThrow(/unknown option/);
  });

  test("a catalogue default the description does not state is added", () => {
    expect(argHelp("REPORTED", "view")).toBe("as_filed, segments or changes (default as_filed)");
    expect(argHelp("INSIDERFEED", "clusters")).toMatch(/\(default FALSE\)$/);
    expect(argHelp("SEARCH", "limit")).toBe("Rows to return, 1-25 (default 10)");
  });
});
