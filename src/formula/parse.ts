/**
 * A parser for one SVC call in Excel syntax: `=SVC.NAME(arg, ...)` with string ("a""b"), number and
 * boolean literals, empty arguments, and array constants ({"a","b";"c","d"}: `,` separates columns,
 * `;` rows). Pure and shared: the CLI (src/cli/formula.ts re-exports it), the pane (pricing a refresh) and the workbench.
 */

export type Literal = string | number | boolean | null;
export type Arg = Literal | Literal[][];

export interface ParsedFormula {
  /** The function name without the namespace, upper-cased (e.g. FINANCIALS). */
  fn: string;
  args: Arg[];
}

export class FormulaSyntaxError extends Error {
  constructor(message: string, readonly position: number) {
    super(message);
    this.name = "FormulaSyntaxError";
  }
}

class Reader {
  pos = 0;
  constructor(readonly text: string) {}
  peek(): string {
    return this.text[this.pos] ?? "";
  }
  skipSpace(): void {
    while (/\s/.test(this.peek())) this.pos++;
  }
  fail(what: string): never {
    throw new FormulaSyntaxError(`${what} at position ${this.pos + 1} of ${JSON.stringify(this.text)}`, this.pos);
  }
  expect(ch: string): void {
    this.skipSpace();
    if (this.peek() !== ch) this.fail(`expected "${ch}"`);
    this.pos++;
  }
}

function readString(r: Reader): string {
  r.pos++; // opening quote
  let out = "";
  for (;;) {
    const ch = r.peek();
    if (ch === "") r.fail("unterminated text");
    r.pos++;
    if (ch === '"') {
      if (r.peek() === '"') {
        out += '"';
        r.pos++;
        continue;
      }
      return out;
    }
    out += ch;
  }
}

function readLiteral(r: Reader): Literal {
  r.skipSpace();
  const ch = r.peek();
  if (ch === '"') return readString(r);
  const m = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?%?/.exec(r.text.slice(r.pos));
  if (m) {
    r.pos += m[0].length;
    const pct = m[0].endsWith("%");
    const n = Number(pct ? m[0].slice(0, -1) : m[0]);
    return pct ? n / 100 : n;
  }
  const b = /^(TRUE|FALSE)\b/i.exec(r.text.slice(r.pos));
  if (b) {
    r.pos += b[0].length;
    return b[0].toUpperCase() === "TRUE";
  }
  return r.fail("expected text in quotes, a number, TRUE/FALSE or an array constant");
}

function readArray(r: Reader): Literal[][] {
  r.pos++; // {
  const rows: Literal[][] = [[]];
  for (;;) {
    rows[rows.length - 1].push(readLiteral(r));
    r.skipSpace();
    const ch = r.peek();
    r.pos++;
    if (ch === ",") continue;
    if (ch === ";") {
      rows.push([]);
      continue;
    }
    if (ch === "}") break;
    r.pos--;
    r.fail('expected "," ";" or "}" in the array constant');
  }
  const width = rows[0].length;
  if (rows.some((row) => row.length !== width)) r.fail("array constant rows differ in length");
  return rows;
}

function readArg(r: Reader): Arg {
  r.skipSpace();
  const ch = r.peek();
  if (ch === "," || ch === ")") return null; // empty argument
  if (ch === "{") return readArray(r);
  return readLiteral(r);
}

export function parseFormula(text: string): ParsedFormula {
  const r = new Reader(text.trim());
  r.skipSpace();
  if (r.peek() === "=") r.pos++;
  r.skipSpace();
  const name = /^(?:SVC\.)?([A-Za-z][A-Za-z0-9_]*)/i.exec(r.text.slice(r.pos));
  if (!name) return r.fail("expected a function name such as SVC.FINANCIALS");
  r.pos += name[0].length;
  r.expect("(");
  const args: Arg[] = [];
  r.skipSpace();
  if (r.peek() === ")") {
    r.pos++;
  } else {
    for (;;) {
      args.push(readArg(r));
      r.skipSpace();
      const ch = r.peek();
      r.pos++;
      if (ch === ",") continue;
      if (ch === ")") break;
      r.pos--;
      r.fail('expected "," or ")"');
    }
  }
  r.skipSpace();
  if (r.pos < r.text.length) r.fail("unexpected text after the closing parenthesis");
  // Trailing empty arguments are the same as omitted ones.
  while (args.length && args[args.length - 1] === null) args.pop();
  return { fn: name[1].toUpperCase(), args };
}
