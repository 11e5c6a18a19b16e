/**
 * The parser of Excel formula text into a syntax tree (ast.ts), with Excel's precedence: reference
 * `:` and union, then unary + - (so `-2^2` is 4), `%`, `^`, `* /`, `+ -`, `&`, comparisons; all binary
 * operators left-associative. A leading "=" is optional (files store formulas without it).
 */
import { MAX_COLS, MAX_ROWS, columnIndex } from "./address";
import { ArrayItem, BinaryOp, Node, PRECEDENCE, Prefix, RefPart, Span } from "./ast";
import { parseTableSpec } from "./table-refs";
import { Token, syntaxError, tokenize } from "./tokens";

const CELL = /^(\$?)([A-Za-z]{1,3})(\$?)(\d+)$/;
const COLUMN = /^(\$?)([A-Za-z]{1,3})$/;
const ROW = /^(\$?)(\d+)$/;
const NAME = /^[A-Za-z_\\\u00C0-\uFFFF][A-Za-z0-9_.?\\\u00C0-\uFFFF]*$/;

function cellPart(text: string): RefPart | null {
  const m = CELL.exec(text);
  if (!m) return null;
  const col = columnIndex(m[2]);
  const row = Number(m[4]) - 1;
  if (col >= MAX_COLS || row < 0 || row >= MAX_ROWS) return null;
  return { row, col, rowAbs: m[3] === "$", colAbs: m[1] === "$" };
}

function columnPart(text: string): RefPart | null {
  const m = COLUMN.exec(text);
  if (!m || columnIndex(m[2]) >= MAX_COLS) return null;
  return { row: null, col: columnIndex(m[2]), rowAbs: false, colAbs: m[1] === "$" };
}

function rowPart(text: string): RefPart | null {
  const m = ROW.exec(text);
  if (!m) return null;
  const row = Number(m[2]) - 1;
  if (row < 0 || row >= MAX_ROWS) return null;
  return { row, col: null, rowAbs: m[1] === "$", colAbs: false };
}

/** For each "(" token, the index of its ")" (found without recursion: formulas may nest deeply). */
function matchingParens(tokens: Token[]): Map<number, number> {
  const out = new Map<number, number>();
  const open: number[] = [];
  tokens.forEach((t, i) => {
    if (t.kind !== "punct") return;
    if (t.text === "(") open.push(i);
    else if (t.text === ")" && open.length) out.set(open.pop() as number, i);
  });
  return out;
}

class Parser {
  private i = 0;
  private readonly closes: Map<number, number>;
  constructor(readonly text: string, readonly tokens: Token[]) {
    this.closes = matchingParens(tokens);
  }

  /** `((x))` is `(x)`: skip parentheses that directly wrap others, so 2,000 of them do not recurse 2,000 deep. */
  skipRedundantParens(): void {
    for (;;) {
      const close = this.closes.get(this.i);
      if (!this.is("(", 1) || close === undefined || this.closes.get(this.i + 1) !== close - 1) return;
      this.i++;
    }
  }

  peek(offset = 0): Token | undefined {
    return this.tokens[this.i + offset];
  }
  next(): Token {
    const t = this.tokens[this.i++];
    if (!t) throw this.fail("unexpected end of the formula", this.text.length);
    return t;
  }
  is(text: string, offset = 0): boolean {
    const t = this.peek(offset);
    return !!t && (t.kind === "punct" || t.kind === "op") && t.text === text;
  }
  expect(text: string): Token {
    if (!this.is(text)) throw this.fail(`expected "${text}"`);
    return this.next();
  }
  fail(what: string, at = this.peek()?.start ?? this.text.length): Error {
    return syntaxError(this.text, at, what);
  }
  span(start: number): Span {
    return { start, end: this.tokens[this.i - 1]?.end ?? start };
  }

  formula(): Node {
    if (this.is("=")) this.next();
    if (!this.peek()) throw this.fail("empty formula");
    const node = this.binary(0);
    if (this.peek()) throw this.fail(`unexpected "${this.peek()?.text}"`);
    return node;
  }

  binary(minPrec: number): Node {
    let left = this.percent();
    for (;;) {
      const t = this.peek();
      const prec = t?.kind === "op" ? PRECEDENCE[t.text as BinaryOp] : undefined;
      if (t === undefined || prec === undefined || prec < minPrec) return left;
      this.next();
      const right = this.binary(prec + 1);
      left = { kind: "binary", op: t.text as BinaryOp, left, right, span: { start: left.span.start, end: right.span.end } };
    }
  }

  percent(): Node {
    let node = this.unary();
    while (this.is("%")) {
      this.next();
      node = { kind: "percent", operand: node, span: this.span(node.span.start) };
    }
    return node;
  }

  unary(): Node {
    const t = this.peek();
    if (t && t.kind === "op" && (t.text === "+" || t.text === "-" || t.text === "@")) {
      this.next();
      const operand = this.unary();
      return { kind: "unary", op: t.text, operand, span: { start: t.start, end: operand.span.end } };
    }
    return this.rangeOp();
  }

  rangeOp(): Node {
    let left = this.invoked(this.primary());
    while (this.is(":")) {
      this.next();
      const right = this.primary();
      left = { kind: "range", left, right, span: { start: left.span.start, end: right.span.end } };
    }
    return left;
  }

  primary(): Node {
    const t = this.peek();
    if (!t) throw this.fail("expected a value");
    const start = t.start;
    switch (t.kind) {
      case "prefix":
        return this.prefixed();
      case "number": {
        const rows = this.rowRange(null, start);
        if (rows) return rows;
        this.next();
        return { kind: "number", value: Number(t.text), span: this.span(start) };
      }
      case "string":
        this.next();
        return { kind: "string", value: t.value ?? "", span: this.span(start) };
      case "error":
        this.next();
        return { kind: "error", code: t.value ?? t.text.toUpperCase(), prefix: null, span: this.span(start) };
      case "word":
        return this.word(null, start);
      case "table":
        return this.tableRef(null, null, start);
    }
    if (t.text === "{") return this.array();
    if (t.text === "(") return this.parens();
    throw this.fail(`unexpected "${t.text}"`);
  }

  prefixed(): Node {
    const p = this.next();
    const prefix: Prefix = { book: p.book || null, sheet: p.value || null };
    const t = this.peek();
    if (t?.kind === "error" && t.value === "#REF!") {
      this.next();
      return { kind: "error", code: "#REF!", prefix, span: this.span(p.start) };
    }
    if (t?.kind === "number") {
      const rows = this.rowRange(prefix, p.start);
      if (rows) return rows;
    }
    if (t?.kind !== "word") throw this.fail("expected a reference, a name or a function after the sheet name");
    return this.word(prefix, p.start);
  }

  /** 3:5, $3:$5 (whole rows), or null when the tokens are not a row range. */
  rowRange(prefix: Prefix | null, start: number): Node | null {
    const a = this.peek(), b = this.peek(2);
    if (!a || !b || !this.is(":", 1)) return null;
    const from = rowPart(a.text), to = rowPart(b.text);
    if (!from || !to) return null;
    this.i += 3;
    return { kind: "ref", prefix, from, to, spill: false, span: this.span(start) };
  }

  /** `Sales[Amount]` (the table's name just read, or null for `[@Qty]` inside its own table). */
  tableRef(prefix: Prefix | null, table: string | null, start: number): Node {
    const t = this.next();
    return { kind: "table", prefix, table, spec: parseTableSpec(t, this.text), written: t.text, span: this.span(start) };
  }

  word(prefix: Prefix | null, start: number): Node {
    const t = this.peek() as Token;
    if (this.is("(", 1)) return this.call(prefix, start);
    const after = this.peek(1);
    if (after?.kind === "table" && after.start === t.end) {
      this.next();
      return this.tableRef(prefix, t.text, start);
    }
    const cell = cellPart(t.text);
    if (cell) return this.cellRef(prefix, cell, start);
    const rows = this.rowRange(prefix, start);
    if (rows) return rows;
    const col = columnPart(t.text);
    const colTo = this.is(":", 1) ? columnPart(this.peek(2)?.text ?? "") : null;
    if (col && colTo && this.peek(2)?.kind === "word") {
      this.i += 3;
      return { kind: "ref", prefix, from: col, to: colTo, spill: false, span: this.span(start) };
    }
    this.next();
    if (!prefix && /^(TRUE|FALSE)$/i.test(t.text)) return { kind: "bool", value: t.text.toUpperCase() === "TRUE", span: this.span(start) };
    if (!NAME.test(t.text)) throw this.fail(`"${t.text}" is not a reference or a name`, t.start);
    return { kind: "name", prefix, name: t.text, span: this.span(start) };
  }

  cellRef(prefix: Prefix | null, from: RefPart, start: number): Node {
    this.next();
    let to: RefPart | null = null;
    const after = this.peek(1);
    if (this.is(":") && after?.kind === "word" && !this.is("(", 2)) {
      to = cellPart(after.text);
      if (to) this.i += 2;
    }
    let spill = false;
    if (!to && this.peek()?.kind === "spill") {
      this.next();
      spill = true;
    }
    return { kind: "ref", prefix, from, to, spill, span: this.span(start) };
  }

  call(prefix: Prefix | null, start: number): Node {
    const name = this.next().text;
    return { kind: "call", prefix, name, args: this.callArgs(), span: this.span(start) };
  }

  /** `(a, , b)` after a function name: the arguments, null for an empty one. */
  callArgs(): (Node | null)[] {
    this.expect("(");
    const args: (Node | null)[] = [];
    if (this.is(")")) {
      this.next();
      return args;
    }
    for (;;) {
      args.push(this.is(",") || this.is(")") ? null : this.binary(0));
      const t = this.next();
      if (t.text === ")" && t.kind === "punct") return args;
      if (t.text !== "," || t.kind !== "punct") throw this.fail('expected "," or ")"', t.start);
    }
  }

  /** `LAMBDA(x,x+1)(2)`, `(f)(2)`: a call of what a call or a parenthesised expression gives. */
  invoked(node: Node): Node {
    while (this.is("(") && this.tokens[this.i - 1]?.text === ")" && (node.kind === "call" || node.kind === "union" || this.text[node.span.start] === "(")) {
      const args = this.callArgs();
      node = { kind: "call", prefix: null, name: "", args, callee: node, span: this.span(node.span.start) };
    }
    return node;
  }

  parens(): Node {
    const start = this.peek()?.start ?? 0;
    const outer = this.closes.get(this.i);
    this.skipRedundantParens();
    const inner = this.closes.get(this.i);
    this.next();
    const items = [this.binary(0)];
    while (this.is(",")) {
      this.next();
      items.push(this.binary(0));
    }
    this.expect(")");
    if (outer !== undefined && inner !== undefined && outer !== inner) this.i = outer + 1;
    if (items.length === 1) return { ...items[0], span: this.span(start) };
    return { kind: "union", items, span: this.span(start) };
  }

  arrayItem(): ArrayItem {
    const t = this.next();
    if (t.kind === "op" && (t.text === "-" || t.text === "+") && this.peek()?.kind === "number") {
      const n = Number(this.next().text);
      return t.text === "-" ? -n : n;
    }
    if (t.kind === "number") return Number(t.text);
    if (t.kind === "string") return t.value ?? "";
    if (t.kind === "error") return { error: t.value ?? t.text };
    if (t.kind === "word" && /^(TRUE|FALSE)$/i.test(t.text)) return t.text.toUpperCase() === "TRUE";
    throw this.fail("an array constant holds only numbers, text, TRUE/FALSE and error values", t.start);
  }

  array(): Node {
    const start = this.next().start;
    const rows: ArrayItem[][] = [[this.arrayItem()]];
    for (;;) {
      const t = this.next();
      if (t.text === "}") break;
      if (t.text === ",") rows[rows.length - 1].push(this.arrayItem());
      else if (t.text === ";") rows.push([this.arrayItem()]);
      else throw this.fail('expected "," ";" or "}" in the array constant', t.start);
    }
    if (rows.some((r) => r.length !== rows[0].length)) throw this.fail("array constant rows differ in length", start);
    return { kind: "array", rows, span: this.span(start) };
  }
}

/** Parse formula text (with or without the leading "="). Throws FormulaSyntaxError. */
export function parseExpression(text: string): Node {
  const tokens = tokenize(text);
  try {
    return new Parser(text, tokens).formula();
  } catch (e) {
    if (e instanceof RangeError) throw syntaxError(text, 0, "the formula nests too deeply to read");
    throw e;
  }
}

/** Room for every formula of a large model (100,000 cells and their calls): a smaller cache emptied on each pass re-parses them all. */
const CACHE_LIMIT = 250_000;
const cache = new Map<string, Node>();

/** parseExpression, memoised (the trees are shared: never mutate one). Syntax errors are not cached. */
export function parseCached(text: string): Node {
  let node = cache.get(text);
  if (!node) {
    node = parseExpression(text);
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(text, node);
  }
  return node;
}
