/** VALUE: text read as a number (Excel's reading of number text), a number as itself, an empty cell 0, TRUE/FALSE #VALUE!. */
import { numberFromText } from "./coerce";
import { own, type OwnFamily, type Special } from "./fn-logic";
import { evalNode, operand } from "./interp";
import { err } from "./kinds";
import { map } from "./operators";

const VALUE: Special = (args, ctx, arr) => {
  if (args.length !== 1 || !args[0]) return err("#VALUE!");
  return map(operand(evalNode(args[0], ctx, arr), ctx, arr), (v) => (typeof v === "string" ? numberFromText(v) : typeof v === "boolean" ? err("#VALUE!") : v === null ? 0 : v));
};

export const TEXT_VALUE: OwnFamily = { VALUE: own(VALUE, 1, 1) };
