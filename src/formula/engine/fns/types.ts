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

export interface PureFunction {
  /** One call: every one-value parameter holds one value here (never a grid). */
  fn: (args: Arg[], opts: EvaluateOptions) => CellValue | Grid;
  /** Fewest and most arguments Excel accepts (Excel refuses other counts when the formula is typed). */
  min: number;
  max: number;
  /** Parameters (0-based) that take a range or an array whole; "all" for every one. The others take one value. */
  ranges?: readonly number[] | "all";
  /** Parameters Excel evaluates as arrays even in a legacy formula (SUMPRODUCT's kind). */
  arrays?: readonly number[] | "all";
  /** The function looks at an error argument itself (ISERROR's kind) instead of returning it. */
  readsErrors?: boolean;
  /** Parameters where an empty argument (`F(x,,1)`) means omitted, the default (an empty cell stays an empty value). */
  emptyIsOmitted?: readonly number[] | "all";
}

export type PureFamily = Record<string, PureFunction>;

export const takes = (spec: readonly number[] | "all" | undefined, i: number): boolean => spec === "all" || (spec !== undefined && spec.includes(i));
