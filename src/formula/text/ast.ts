/**
 * The syntax tree of a formula. Every node keeps the span of text it came from (offsets into the
 * text given to the parser) so callers can rewrite one part and keep the rest as written.
 */
import type { ErrorValue } from "../types";

export interface Span {
  start: number;
  end: number;
}

/** One corner of a reference, zero-based; null row = whole columns, null col = whole rows. */
export interface RefPart {
  row: number | null;
  col: number | null;
  rowAbs: boolean;
  colAbs: boolean;
}

/** "Sheet1!", "'Peer set'!", "[1]!", "'[1]Sheet1'!": the book (external, with brackets) and the sheet. */
export interface Prefix {
  book: string | null;
  sheet: string | null;
}

/** The part of an Excel Table a structured reference names. */
export type TableItem = "#All" | "#Data" | "#Headers" | "#Totals" | "#This Row";

/** What a structured reference names: row items (none: the data rows) and a column or range of columns (null: all). */
export interface TableSpec {
  items: TableItem[];
  first: string | null;
  last: string | null;
}

export type BinaryOp = "+" | "-" | "*" | "/" | "^" | "&" | "=" | "<>" | "<" | ">" | "<=" | ">=";
export type ArrayItem = string | number | boolean | ErrorValue;

export type Node = (
  | { kind: "number"; value: number }
  | { kind: "string"; value: string }
  | { kind: "bool"; value: boolean }
  | { kind: "error"; code: string; prefix: Prefix | null }
  | { kind: "array"; rows: ArrayItem[][] }
  /** A cell (to null), an area, whole columns or rows; spill: `A2#`. */
  | { kind: "ref"; prefix: Prefix | null; from: RefPart; to: RefPart | null; spill: boolean }
  | { kind: "name"; prefix: Prefix | null; name: string }
  /** A function call; `callee`: a call of what an expression gives (`LAMBDA(x,x+1)(2)`), name "". */
  | { kind: "call"; prefix: Prefix | null; name: string; args: (Node | null)[]; callee?: Node }
  | { kind: "unary"; op: "+" | "-" | "@"; operand: Node }
  | { kind: "percent"; operand: Node }
  | { kind: "binary"; op: BinaryOp; left: Node; right: Node }
  /** The `:` operator between references that are not two plain cells (A1:INDEX(...), name:name). */
  | { kind: "range"; left: Node; right: Node }
  /** (A1,B2:C3) */
  | { kind: "union"; items: Node[] }
  /** An Excel Table reference (table-refs.ts): `Sales[Amount]`, `Sales[[#This Row],[Qty]]`; table null: `[@Qty]` in its own table. */
  | { kind: "table"; prefix: Prefix | null; table: string | null; spec: TableSpec; written: string }
) & { span: Span };

export type NodeOf<K extends Node["kind"]> = Extract<Node, { kind: K }>;

/** Visit every node, parents before children. */
export function walk(node: Node, visit: (n: Node) => void): void {
  visit(node);
  switch (node.kind) {
    case "call":
      if (node.callee) walk(node.callee, visit);
      for (const a of node.args) if (a) walk(a, visit);
      return;
    case "unary":
    case "percent":
      return walk(node.operand, visit);
    case "binary":
    case "range":
      walk(node.left, visit);
      return walk(node.right, visit);
    case "union":
      for (const i of node.items) walk(i, visit);
  }
}

/** Excel's binding strength, higher binds tighter (`-2^2` is 4; `=1+2&3` is "33"). */
export const PRECEDENCE: Record<BinaryOp, number> = {
  "=": 1, "<>": 1, "<": 1, ">": 1, "<=": 1, ">=": 1,
  "&": 2,
  "+": 3, "-": 3,
  "*": 4, "/": 4,
  "^": 5,
};
export const PERCENT_PRECEDENCE = 6;
export const UNARY_PRECEDENCE = 7;
