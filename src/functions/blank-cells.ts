/**
 * The arguments of an SVC function with the `0` an empty cell gives on older desktop builds read as
 * omitted (src/api/empty-cell.ts): a scalar 0 where the argument does not take 0 becomes null, and a 0
 * inside a range given to a list argument (metrics, filters) is dropped, as a blank there is. The
 * functions and the pane's price both map arguments through here, so the price and the cell agree.
 */
import { argsOf, toolOfFunction } from "../api";
import { paramOf } from "../api";
import { takesZero } from "../api";
import { bareSvcName } from "../api";

/** Whether argument `arg` of `fn` takes the number 0 (the catalogue's parameters; our own arguments never do). */
function argTakesZero(fn: string, arg: string): boolean {
  const tool = toolOfFunction(fn);
  const p = tool ? paramOf(tool, arg) : undefined;
  // period (years 1-20 or a period text), field, options: 0 is none of them
  return p ? takesZero(p) : false;
}

const isZero = (v: unknown) => v === 0;

function withoutZeros(v: unknown): unknown {
  return Array.isArray(v) ? v.map(withoutZeros) : isZero(v) ? null : v;
}

/** `args` (as Excel passed them, in the function's order) with every 0 that can only be an empty cell made blank. */
export function blankZeros(fn: string, args: readonly unknown[]): unknown[] {
  const name = bareSvcName(fn);
  const names = argsOf(name);
  return args.map((v, i) => {
    const arg = names[i];
    if (!arg || argTakesZero(name, arg)) return v;
    return withoutZeros(v);
  });
}
