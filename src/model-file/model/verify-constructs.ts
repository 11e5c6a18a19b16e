/**
 * Which construct of a formula most likely makes the engine differ from Excel, named as an Excel
 * user would say it ("SUMPRODUCT of a condition", "an empty argument in IF"). A guess from the
 * formula's shape, for the stale report: the constructs listed are those where engines are known to
 * part from Excel (array evaluation, empty arguments, whole columns, 3-D references).
 */
import { Node, parseCached, walk } from "../../formula";
import type { NodeOf } from "../../formula";
import { plainFunctionName } from "../../formula";

const AGGREGATES = new Set(["SUM", "AVERAGE", "MIN", "MAX", "COUNT", "PRODUCT", "SUMPRODUCT", "MEDIAN"]);
const COMPARISONS = new Set(["=", "<>", "<", ">", "<=", ">="]);

type Call = NodeOf<"call">;

const isArea = (n: Node): boolean => (n.kind === "ref" && (n.to !== null || n.spill)) || n.kind === "range";

function some(n: Node, test: (x: Node) => boolean): boolean {
  let hit = false;
  walk(n, (x) => (hit ||= test(x)));
  return hit;
}

/** An operator applied to a range (A1:A3*B1:B3, A1:A3>1): Excel computes it cell by cell. */
const rangeOperation = (n: Node, ops?: ReadonlySet<string>): boolean =>
  some(n, (x) => x.kind === "binary" && (!ops || ops.has(x.op)) && (isArea(x.left) || isArea(x.right)));

function callHint(c: Call, array: boolean): string | null {
  const name = plainFunctionName(c.name);
  const args = c.args.filter((a): a is Node => a !== null);
  if (c.args.some((a) => a === null)) return `an empty argument in ${name}`;
  if (name === "SUMPRODUCT" && args.some((a) => rangeOperation(a, COMPARISONS))) return "SUMPRODUCT of a condition";
  if (name === "SUMPRODUCT" && args.some((a) => rangeOperation(a))) return "SUMPRODUCT of arithmetic on ranges";
  if (AGGREGATES.has(name) && args.some((a) => some(a, (x) => x.kind === "call" && plainFunctionName(x.name) === "IF")))
    return `${name}(IF(...))${array ? " as an array formula" : ""}`;
  if (AGGREGATES.has(name) && args.some((a) => rangeOperation(a))) return `arithmetic on ranges inside ${name}`;
  return null;
}

function refHint(n: Node): string | null {
  if (n.kind !== "ref") return null;
  if (n.prefix?.sheet?.includes(":")) return "a 3-D reference across sheets";
  if (n.from.row === null) return "a whole-column reference";
  if (n.from.col === null) return "a whole-row reference";
  return null;
}

/** The construct to name beside a mismatch, or null when the formula has none of the known ones. */
export function suspectConstruct(text: string, array: boolean): string | null {
  let node: Node;
  try {
    node = parseCached(text.trim());
  } catch {
    return null;
  }
  let hint: string | null = null;
  walk(node, (x) => {
    hint ??= x.kind === "call" ? callHint(x, array) : refHint(x);
  });
  if (hint) return hint;
  if (rangeOperation(node)) return "an operation on a range in a one-cell formula";
  const names = new Set<string>();
  walk(node, (x) => void (x.kind === "call" && names.add(plainFunctionName(x.name))));
  return names.size > 0 ? [...names].join(", ") : null;
}
