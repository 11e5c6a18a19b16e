/**
 * The tokenizer of Excel formula text. Tokens keep their offsets in the text so callers can rewrite
 * one part of a formula (a reference, a function name) and keep the rest exactly as written.
 */

export type TokenKind =
  | "number" // 12, 1.5, 1e3 (a row number in 1:3 too)
  | "string" // "a""b" (value unescaped)
  | "error" // #REF!, #N/A ...
  | "word" // A1, $A$1, SUM, SVC.FINANCIALS, TRUE, my_name, $3
  | "prefix" // Sheet1!, 'Peer set'!, [1]!, '[1]Sheet1'!, 'C:\path\[svc.xlam]'!
  | "op" // + - * / ^ & = <> < > <= >= % @
  | "spill" // # after a reference
  | "table" // [Amount], [[#This Row],[Qty]]: the bracketed part of a structured reference (table-refs.ts)
  | "punct"; // ( ) { } , ; :

export interface Token {
  kind: TokenKind;
  /** The text as written. */
  text: string;
  /** Offset of the first character in the formula text, and one past the last. */
  start: number;
  end: number;
  /** For strings: the value; for prefixes: the sheet (unquoted, unescaped). */
  value?: string;
  /** For prefixes: the external book part ("[1]", "C:\path\[svc.xlam]"), when present. */
  book?: string;
}

export class FormulaSyntaxError extends Error {
  constructor(message: string, readonly position: number) {
    super(message);
    this.name = "FormulaSyntaxError";
  }
}

export const ERROR_CODES = [
  "#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA", "#SPILL!", "#CALC!",
  "#FIELD!", "#BLOCKED!", "#CONNECT!", "#BUSY!", "#UNKNOWN!", "#PYTHON!",
];

// sticky: matched at a position without slicing the text
const NUMBER = /(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/y;
const WORD = /[$A-Za-z_\\\u00C0-\uFFFF][$A-Za-z0-9_.?\\\u00C0-\uFFFF]*/y;
const UNQUOTED_PREFIX = /(\[[^\]'!]+\])?([A-Za-z0-9_.\u00C0-\uFFFF]*)!/y;
const OPERATORS = ["<>", "<=", ">=", "+", "-", "*", "/", "^", "&", "=", "<", ">", "%", "@"];

export function syntaxError(text: string, pos: number, what: string): FormulaSyntaxError {
  return new FormulaSyntaxError(`${what} at position ${pos + 1} of ${JSON.stringify(text)}`, pos);
}

/** The book and sheet of a prefix body ("[1]Sheet1", "C:\path\[svc.xlam]", "Peer set"). */
function splitPrefix(body: string): { book?: string; sheet: string } {
  const close = body.lastIndexOf("]");
  if (body.includes("[") && close >= 0) return { book: body.slice(0, close + 1), sheet: body.slice(close + 1) };
  if (/[\\/]/.test(body) || /\.xl[a-z]{1,2}$/i.test(body)) return { book: body, sheet: "" };
  return { sheet: body };
}

function quotedPrefix(text: string, pos: number): Token | null {
  let i = pos + 1;
  let body = "";
  for (;;) {
    if (i >= text.length) return null;
    if (text[i] === "'") {
      if (text[i + 1] === "'") {
        body += "'";
        i += 2;
        continue;
      }
      break;
    }
    body += text[i++];
  }
  if (text[i + 1] !== "!") return null;
  const { book, sheet } = splitPrefix(body);
  return { kind: "prefix", text: text.slice(pos, i + 2), start: pos, end: i + 2, value: sheet, book };
}

function readString(text: string, pos: number): Token {
  let i = pos + 1;
  let value = "";
  for (;;) {
    if (i >= text.length) throw syntaxError(text, pos, "unterminated text");
    if (text[i] === '"') {
      if (text[i + 1] === '"') {
        value += '"';
        i += 2;
        continue;
      }
      return { kind: "string", text: text.slice(pos, i + 1), start: pos, end: i + 1, value };
    }
    value += text[i++];
  }
}

function readHash(text: string, pos: number, prev: Token | undefined): Token {
  const rest = text.slice(pos).toUpperCase();
  const code = ERROR_CODES.find((c) => rest.startsWith(c));
  if (code) return { kind: "error", text: text.slice(pos, pos + code.length), start: pos, end: pos + code.length, value: code };
  if (prev && prev.end === pos && (prev.kind === "word" || prev.text === ")")) return { kind: "spill", text: "#", start: pos, end: pos + 1 };
  throw syntaxError(text, pos, "unknown error value");
}

/** The bracketed group starting at `pos` (nested brackets and `'` escapes inside) as one token. */
function readBrackets(text: string, pos: number): Token {
  let depth = 0;
  for (let i = pos; i < text.length; i++) {
    const ch = text[i];
    if (ch === "'") i++;
    else if (ch === "[") depth++;
    else if (ch === "]" && --depth === 0) return { kind: "table", text: text.slice(pos, i + 1), start: pos, end: i + 1 };
  }
  throw syntaxError(text, pos, "unterminated table reference");
}

function stickyAt(re: RegExp, text: string, pos: number): RegExpExecArray | null {
  re.lastIndex = pos;
  return re.exec(text);
}

function readOther(text: string, pos: number): Token {
  const tok = (kind: TokenKind, len: number, extra: Partial<Token> = {}): Token => ({ kind, text: text.slice(pos, pos + len), start: pos, end: pos + len, ...extra });
  const ch = text[pos];
  if ("(){},;:".includes(ch)) return tok("punct", 1);
  const prefix = stickyAt(UNQUOTED_PREFIX, text, pos);
  if (prefix && (prefix[1] || prefix[2])) return tok("prefix", prefix[0].length, { value: prefix[2], book: prefix[1] });
  if (ch === "[") return readBrackets(text, pos);
  const num = stickyAt(NUMBER, text, pos);
  if (num) return tok("number", num[0].length);
  const word = stickyAt(WORD, text, pos);
  if (word) return tok("word", word[0].length);
  const op = OPERATORS.find((o) => text.startsWith(o, pos));
  if (op) return tok("op", op.length);
  throw syntaxError(text, pos, `unexpected "${ch}"`);
}

/** Split formula text into tokens (whitespace dropped). A leading "=" is the caller's business. */
export function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let pos = 0;
  while (pos < text.length) {
    const ch = text[pos];
    if (/\s/.test(ch)) {
      pos++;
      continue;
    }
    let t: Token | null;
    if (ch === '"') t = readString(text, pos);
    else if (ch === "'") {
      t = quotedPrefix(text, pos);
      if (!t) throw syntaxError(text, pos, "expected a quoted sheet name followed by !");
    } else if (ch === "#") t = readHash(text, pos, out[out.length - 1]);
    else t = readOther(text, pos);
    out.push(t);
    pos = t.end;
  }
  return out;
}
