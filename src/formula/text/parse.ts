/**
 * One SVC call with literal arguments: `=SVC.NAME(arg, ...)` with string ("a""b"), number (-1.5, 2e3,
 * 5%) and boolean literals, empty arguments, and array constants ({"a","b";"c","d"}: `,` separates
 * columns, `;` rows). Built on the formula parser (syntax.ts); arguments that refer to cells or
 * compute something are the resolver's business (resolve.ts). Shared by the CLI, the pane and the
 * workbench.
 */
import { Node } from "./ast";
import { svcName } from "../../api";
import { parseCached } from "./syntax";
import { syntaxError } from "./tokens";
import { isErrorValue } from "../types";

export type Literal = string | number | boolean | null;
export type Arg = Literal | Literal[][];

export interface ParsedFormula {
  /** The function name without the namespace, upper-cased (e.g. FINANCIALS). */
  fn: string;
  args: Arg[];
}

/** The value of a literal argument, or undefined when the argument is not a literal. */
export function literalOf(node: Node | null): Arg | undefined {
  if (node === null) return null;
  switch (node.kind) {
    case "number":
    case "string":
    case "bool":
      return node.value;
    case "array":
      return node.rows.some((r) => r.some(isErrorValue)) ? undefined : (node.rows as Literal[][]);
    case "unary": {
      const v = node.op === "@" ? undefined : literalOf(node.operand);
      return typeof v === "number" && node.operand.kind === "number" ? (node.op === "-" ? -v : v) : undefined;
    }
    case "percent": {
      const v = literalOf(node.operand);
      return typeof v === "number" && (node.operand.kind === "number" || node.operand.kind === "unary") ? v / 100 : undefined;
    }
    default:
      return undefined;
  }
}

/** The function of a top-level call: SVC.X / _xldudf_SVC_X, or a bare name (FINANCIALS) as the CLI accepts. */
export function callName(name: string): string | null {
  return svcName(name) ?? (/^[A-Za-z][A-Za-z0-9_]*$/.test(name) ? name.toUpperCase() : null);
}

export function parseFormula(text: string): ParsedFormula {
  const trimmed = text.trim();
  const node = parseCached(trimmed);
  const fn = node.kind === "call" && !node.prefix ? callName(node.name) : null;
  if (node.kind !== "call" || fn === null) throw syntaxError(trimmed, node.span.start, "expected one function call such as SVC.FINANCIALS(...)");
  const args = node.args.map((a) => {
    const v = literalOf(a);
    if (v === undefined) throw syntaxError(trimmed, a?.span.start ?? 0, "expected text in quotes, a number, TRUE/FALSE or an array constant");
    return v;
  });
  // Trailing empty arguments are the same as omitted ones.
  while (args.length && args[args.length - 1] === null) args.pop();
  return { fn, args };
}
