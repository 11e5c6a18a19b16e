/**
 * An empty referenced cell reaches a custom function as null on the web and current desktop builds and
 * as 0 on older desktop builds (Windows 2208-2503): office.js's custom functions runtime changed it as a
 * bug fix, with no requirement set to tell the two apart. Property: for every argument of every SVC
 * function, a blank cell gives the same requests (or the same refusal) on both, except where the
 * catalogue says the parameter takes 0 (then 0 is passed on as typed).
 */
import { PERIODS_FN, argsOf, toolOfFunction } from "../../src/api/arguments";
import { TOOLS, paramOf } from "../../src/api/catalogue";
import { takesZero } from "../../src/api/empty-cell";
import { requestsFor } from "../../src/functions/requests";

const FUNCTIONS = [...Object.values(TOOLS).map((t) => t.fn), PERIODS_FN];

/** A valid value for the arguments a call cannot do without; the rest omitted. */
const BASE: Record<string, unknown> = { ticker: "AAPL", query: "apple", filters: "roic:15:", metrics: "revenue" };

function outcome(fn: string, args: unknown[]): unknown {
  try {
    return requestsFor(fn, args);
  } catch (e) {
    return { refused: (e as Error).message };
  }
}

const takesZeroArg = (fn: string, arg: string) => {
  const tool = toolOfFunction(fn);
  const p = tool ? paramOf(tool, arg) : undefined;
  return !!p && takesZero(p);
};

const cases = FUNCTIONS.flatMap((fn) => argsOf(fn).map((arg, i) => [fn, arg, i] as const));

describe("a blank cell on an older build (0) asks what it asks on the web (null)", () => {
  it.each(cases)("SVC.%s, argument %s", (fn, arg, i) => {
    const base = argsOf(fn).map((a) => BASE[a] ?? null);
    const web = base.map((v, j) => (j === i ? null : v));
    const old = base.map((v, j) => (j === i ? 0 : v));
    if (takesZeroArg(fn, arg)) {
      // the one kind of argument that takes 0: 0 is passed on (a minimum of 0 USD filters nothing out)
      const [req] = outcome(fn, old) as { params: Record<string, unknown> }[];
      expect(req.params[arg]).toBe(0);
    } else {
      expect(outcome(fn, old)).toEqual(outcome(fn, web));
    }
  });

  it("the arguments that take 0 are exactly the numbers whose bounds include it", () => {
    const zero = cases.filter(([fn, arg]) => takesZeroArg(fn, arg)).map(([fn, arg]) => `${fn}.${arg}`);
    expect(zero).toEqual(["INSIDERFEED.min_value_usd"]);
  });

  it.each([
    ["FINANCIALS", 1, [["revenue"], [null], ["net_income"]]],
    ["SCREEN", 0, [["roic:15:"], [null], ["net_debt_to_ebitda::2"]]],
  ] as const)("a blank row in a range given to SVC.%s's list drops out, as on the web", (fn, at, range) => {
    const base = argsOf(fn).map((a) => BASE[a] ?? null);
    const web = base.map((v, j) => (j === at ? range : v));
    const old = base.map((v, j) => (j === at ? range.map((row) => row.map((c) => c ?? 0)) : v));
    expect(outcome(fn, web)).not.toHaveProperty("refused");
    expect(outcome(fn, old)).toEqual(outcome(fn, web));
  });
});
