/**
 * The printer of a syntax tree back to formula text, with the parentheses Excel's precedence needs
 * and no others. A `rewrite` hook replaces the text of chosen nodes (the engine uses it to spell
 * spill references as their range; callers to rename functions).
 */
import { columnName, quoteSheet } from "./address";
import { ArrayItem, Node, PERCENT_PRECEDENCE, PRECEDENCE, Prefix, RefPart, UNARY_PRECEDENCE } from "./ast";
import { isErrorValue } from "../types";

export type Rewrite = (node: Node) => string | undefined;

export function printNumber(n: number): string {
  const s = String(n);
  return s.includes("e") ? s.toUpperCase() : s;
}

export function printString(s: string): string {
  return `"${s.replace(/"/g, '""')}"`;
}

/** "Sheet1!", "'Peer set'!", "[1]Sheet1!", "'C:\x\[svc.xlam]'!" */
export function printPrefix(p: Prefix | null): string {
  if (!p) return "";
  const book = p.book ?? "";
  const sheet = p.sheet ?? "";
  if (!book) return `${quoteSheet(sheet)}!`;
  const plain = /^\[[^\]\s']+\]$/.test(book) && (sheet === "" || quoteSheet(sheet) === sheet);
  return plain ? `${book}${sheet}!` : `'${(book + sheet).replace(/'/g, "''")}'!`;
}

export function printRefPart(p: RefPart): string {
  const col = p.col === null ? "" : `${p.colAbs ? "$" : ""}${columnName(p.col)}`;
  const row = p.row === null ? "" : `${p.rowAbs ? "$" : ""}${p.row + 1}`;
  return col + row;
}

function printArrayItem(v: ArrayItem): string {
  if (typeof v === "string") return printString(v);
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (isErrorValue(v)) return v.error;
  return printNumber(v);
}

function precedenceOf(node: Node): number {
  switch (node.kind) {
    case "binary":
      return PRECEDENCE[node.op];
    case "percent":
      return PERCENT_PRECEDENCE;
    case "unary":
      return UNARY_PRECEDENCE;
    default:
      return 99;
  }
}

function wrap(text: string, node: Node, min: number): string {
  return precedenceOf(node) < min ? `(${text})` : text;
}

export function printNode(node: Node, rewrite?: Rewrite): string {
  const custom = rewrite?.(node);
  if (custom !== undefined) return custom;
  const p = (n: Node) => printNode(n, rewrite);
  switch (node.kind) {
    case "number":
      return printNumber(node.value);
    case "string":
      return printString(node.value);
    case "bool":
      return node.value ? "TRUE" : "FALSE";
    case "error":
      return printPrefix(node.prefix) + node.code;
    case "array":
      return `{${node.rows.map((r) => r.map(printArrayItem).join(",")).join(";")}}`;
    case "ref":
      return printPrefix(node.prefix) + printRefPart(node.from) + (node.to ? `:${printRefPart(node.to)}` : "") + (node.spill ? "#" : "");
    case "name":
      return printPrefix(node.prefix) + node.name;
    case "call":
      if (node.callee) return `${node.callee.kind === "call" ? p(node.callee) : `(${p(node.callee)})`}(${node.args.map((a) => (a ? p(a) : "")).join(",")})`;
      return `${printPrefix(node.prefix)}${node.name}(${node.args.map((a) => (a ? p(a) : "")).join(",")})`;
    case "unary":
      return node.op + wrap(p(node.operand), node.operand, UNARY_PRECEDENCE);
    case "percent":
      return wrap(p(node.operand), node.operand, PERCENT_PRECEDENCE) + "%";
    case "binary": {
      const prec = PRECEDENCE[node.op];
      // left-associative: a right operand of the same precedence needs parentheses
      return `${wrap(p(node.left), node.left, prec)}${node.op}${wrap(p(node.right), node.right, prec + 1)}`;
    }
    case "range":
      return `${wrapRange(p(node.left), node.left, true)}:${wrapRange(p(node.right), node.right, false)}`;
    case "union":
      return `(${node.items.map(p).join(",")})`;
    case "table":
      return printPrefix(node.prefix) + (node.table ?? "") + node.written;
  }
}

/** An operand of `:` other than a reference, a name or a call needs parentheses (a range only on the right: `:` is left-associative). */
function wrapRange(text: string, node: Node, left: boolean): string {
  const bare = ["ref", "name", "call", "error", "table"].includes(node.kind) || (left && node.kind === "range");
  return bare ? text : `(${text})`;
}
