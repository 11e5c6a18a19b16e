/**
 * Where the SVC calls are in a formula's text (outside string literals and quoted sheet names):
 * `SVC.NAME(` or the file form `_xldudf_SVC_NAME(`, with the span up to its closing parenthesis.
 * The host evaluates a nested call first and puts its result in its place, as Excel evaluates the
 * arguments of a function before calling it.
 */

export interface Span {
  start: number;
  /** Exclusive: the index after the closing parenthesis. */
  end: number;
  text: string;
}

const CALL = /(?:SVC\.|_xldudf_SVC_)[A-Za-z][A-Za-z0-9_]*\s*\(/iy;

function skipQuoted(text: string, i: number): number {
  const q = text[i];
  let j = i + 1;
  while (j < text.length) {
    if (text[j] === q) {
      if (text[j + 1] === q) j += 2;
      else return j + 1;
    } else j++;
  }
  return j;
}

function closeOf(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; ) {
    const ch = text[i];
    if (ch === '"' || ch === "'") {
      i = skipQuoted(text, i);
      continue;
    }
    if (ch === "(") depth++;
    else if (ch === ")" && --depth === 0) return i + 1;
    i++;
  }
  return -1;
}

/** Every SVC call of a formula, outermost first in reading order. */
export function svcSpans(text: string): Span[] {
  const out: Span[] = [];
  for (let i = 0; i < text.length; ) {
    const ch = text[i];
    if (ch === '"' || ch === "'") {
      i = skipQuoted(text, i);
      continue;
    }
    CALL.lastIndex = i;
    const prev = i > 0 ? text[i - 1] : "";
    const m = /[A-Za-z0-9_.]/.test(prev) ? null : CALL.exec(text);
    if (m) {
      const end = closeOf(text, i + m[0].length - 1);
      if (end > 0) out.push({ start: i, end, text: text.slice(i, end) });
    }
    i++;
  }
  return out;
}

/** A call with no other SVC call inside it (evaluated first). */
export function innermost(spans: readonly Span[]): Span | null {
  return spans.find((s) => !spans.some((o) => o !== s && o.start > s.start && o.end <= s.end)) ?? null;
}

/** The formula is exactly one SVC call ("=SVC.X(...)"). */
export function isTopLevelCall(text: string, spans: readonly Span[]): boolean {
  const body = /^\s*=\s*/.exec(text);
  const start = body ? body[0].length : 0;
  return spans.some((s) => s.start === start && text.slice(s.end).trim() === "");
}
