/**
 * A function the engine computes itself from its evaluated arguments, to Excel's documented
 * definition. The engine reads the arguments as Excel does before the call (a one-value parameter
 * gets one value: a legacy formula intersects a range, an array argument calls the function once per
 * element; a range parameter gets the whole grid), and an error given for a one-value parameter is the
 * result unless the function reads errors itself.
 */
import type { CellValue } from "../../types";
import type { Grid } from "../kinds";
import type { EvaluateOptions } from "../source";

/** An evaluated argument: a value (null: an empty cell or an empty argument `F(1,)`), a grid, or undefined when omitted. */
export type Arg = CellValue | Grid | undefined;

/** Why Excel recomputes a function on every recalculation: it reads the clock, draws a random number, or builds a reference from values. */
export type Volatility = "clock" | "random" | "reference";

/** How Excel takes a function's arguments, beyond their count: facts of Excel, whatever computes the function. */
export interface ArgumentRules {
  /** Parameters (0-based) that take a range or an array whole; "all" for every one. The others take one value. */
  ranges?: readonly number[] | "all";
  /** Parameters Excel evaluates as arrays even in a legacy formula (SUMPRODUCT's kind). */
  arrays?: readonly number[] | "all";
  /** Parameters that take the reference itself (where it points: ROW's, OFFSET's), not its values. */
  refs?: readonly number[] | "all";
  /** The function looks at an error argument itself (ISERROR's kind) instead of returning it. */
  readsErrors?: boolean;
  /** Excel recomputes it on every recalculation, and why. */
  volatile?: Volatility;
  /** Parameters that hold dates (moved into the 1900 system in a 1904 workbook). */
  dates?: readonly number[];
  /** The result is a date (moved back into the 1904 system in a 1904 workbook). */
  dateResult?: boolean;
}

/** A function's catalogue entry when the engine computes it from evaluated arguments. */
export interface PureFunction extends ArgumentRules {
  /** One call: every one-value parameter holds one value here (never a grid). */
  fn: (args: Arg[], opts: EvaluateOptions) => CellValue | Grid;
  /** Fewest and most arguments Excel accepts (Excel refuses other counts when the formula is typed). */
  min: number;
  max: number;
  /** What an empty argument (`F(1,)`) reads as, where it is not an empty cell's null (the Analysis ToolPak's #N/A). */
  emptyArgument?: CellValue;
  /** A reference to more than one cell given for a one-value parameter is #VALUE! (the Analysis ToolPak's rule: it lifts over arrays, not over ranges). */
  refusesRanges?: boolean;
  /** Parameters where an empty argument (`F(x,,1)`) means omitted, the default (an empty cell stays an empty value). */
  emptyIsOmitted?: readonly number[] | "all";
}

export type PureFamily = Record<string, PureFunction>;

export const takes = (spec: readonly number[] | "all" | undefined, i: number): boolean => spec === "all" || (spec !== undefined && spec.includes(i));
