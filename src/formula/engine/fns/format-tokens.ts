/**
 * Excel's number-format language read into sections of tokens: `pos;neg;zero;text`, each with its
 * condition (`[>100]`), literal text (`"..."`, `\x`, `_x` as a space, `*x` dropped: TEXT has no
 * column width to fill), digit placeholders `0 # ?`, `. , % / E+ E-`, `@`, `General`, and the
 * date and time codes. Colours are dropped; anything this reader does not know is UNSUPPORTED.
 */
import { unsupported } from "../kinds";

export type Token =
  | { t: "lit"; s: string }
  | { t: "digit"; c: "0" | "#" | "?" }
  | { t: "point" }
  | { t: "comma" }
  | { t: "percent" }
  | { t: "slash" }
  | { t: "exp"; plus: boolean }
  | { t: "at" }
  | { t: "general" }
  | { t: "date"; c: string } // y d h s m (lower case), count in n
  | { t: "elapsed"; c: string }
  | { t: "ampm"; short: boolean; upper: boolean };

export type DateToken = Token & { n?: number };

export interface Condition {
  op: string;
  value: number;
}

export interface Section {
  tokens: DateToken[];
  condition?: Condition;
  /** Holds a date or time code. */
  date: boolean;
  /** Holds `@`: the section for text. */
  text: boolean;
  /** Holds a digit placeholder. */
  digits: boolean;
}

const COLOURS = /^\[(black|blue|cyan|green|magenta|red|white|yellow|color\s*\d{1,2})\]$/i;
const CONDITION = /^\[(<=|>=|<>|<|>|=)\s*(-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)\]$/i;
const CURRENCY = /^\[\$([^\]-]*)(?:-([0-9a-f]{1,8}))?\]$/i;

/** The sections of a format code, split at `;` outside quotes, brackets and escapes; null for a quote left open (Excel refuses the format). */
export function splitSections(code: string): string[] | null {
  const out: string[] = [];
  let cur = "";
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === '"') {
      const end = code.indexOf('"', i + 1);
      if (end < 0) return null;
      const stop = end + 1;
      cur += code.slice(i, stop);
      i = stop - 1;
    } else if (c === "\\" || c === "_" || c === "*") {
      cur += code.slice(i, i + 2);
      i++;
    } else if (c === ";") {
      out.push(cur);
      cur = "";
    } else cur += c;
  }
  out.push(cur);
  return out;
}

function bracket(body: string, sec: Section): void {
  const elapsed = /^\[(h+|m+|s+)\]$/i.exec(body);
  if (elapsed) {
    sec.tokens.push({ t: "elapsed", c: elapsed[1][0].toLowerCase(), n: elapsed[1].length });
    sec.date = true;
    return;
  }
  const cond = CONDITION.exec(body);
  if (cond) {
    sec.condition = { op: cond[1], value: Number(cond[2]) };
    return;
  }
  const cur = CURRENCY.exec(body);
  if (cur) {
    const locale = cur[2] ? parseInt(cur[2], 16) & 0xffff : 0;
    if (locale !== 0 && locale !== 0x409) unsupported(`the format's locale [$-${cur[2]}]`);
    if (cur[1]) sec.tokens.push({ t: "lit", s: cur[1] });
    return;
  }
  if (COLOURS.test(body)) return;
  unsupported(`the format code ${body}`);
}

/** A date or time code at `i` (letters y m d h s, AM/PM, A/P), or null. */
function dateCode(s: string, i: number): { tok: DateToken; len: number } | null {
  const rest = s.slice(i);
  if (/^am\/pm/i.test(rest)) return { tok: { t: "ampm", short: false, upper: rest[0] === "A" }, len: 5 };
  if (/^a\/p/i.test(rest)) return { tok: { t: "ampm", short: true, upper: rest[0] === "A" }, len: 3 };
  const m = /^(y+|m+|d+|h+|s+)/i.exec(rest);
  if (!m) return null;
  return { tok: { t: "date", c: m[1][0].toLowerCase(), n: m[1].length }, len: m[1].length };
}

const SIMPLE: Record<string, Token> = { "0": { t: "digit", c: "0" }, "#": { t: "digit", c: "#" }, "?": { t: "digit", c: "?" }, ".": { t: "point" }, ",": { t: "comma" }, "%": { t: "percent" }, "/": { t: "slash" }, "@": { t: "at" } };

/** One section's tokens. */
export function readSection(src: string): Section {
  const sec: Section = { tokens: [], date: false, text: false, digits: false };
  const lit = (s: string) => sec.tokens.push({ t: "lit", s });
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '"') {
      const end = src.indexOf('"', i + 1);
      lit(src.slice(i + 1, end < 0 ? src.length : end));
      i = end < 0 ? src.length : end;
    } else if (c === "\\") lit(src[++i] ?? "");
    else if (c === "_") {
      lit(" ");
      i++;
    } else if (c === "*") i++;
    else if (c === "[") {
      const end = src.indexOf("]", i);
      if (end < 0) unsupported("an unclosed [ in the format");
      bracket(src.slice(i, end + 1), sec);
      i = end;
    } else if (SIMPLE[c]) sec.tokens.push(SIMPLE[c]);
    else if ((c === "E" || c === "e") && (src[i + 1] === "+" || src[i + 1] === "-")) {
      sec.tokens.push({ t: "exp", plus: src[i + 1] === "+" });
      i++;
    } else if (/^general/i.test(src.slice(i))) {
      sec.tokens.push({ t: "general" });
      i += 6;
    } else i += letter(src, i, sec) - 1;
  }
  sec.text = sec.tokens.some((t) => t.t === "at");
  sec.digits = sec.tokens.some((t) => t.t === "digit");
  sec.date = sec.date || sec.tokens.some((t) => t.t === "date" || t.t === "ampm");
  return sec;
}

/** A date code, or a character shown as itself; a letter that is neither is not read here. Returns the characters used. */
function letter(src: string, i: number, sec: Section): number {
  const d = dateCode(src, i);
  if (d) {
    sec.tokens.push(d.tok);
    return d.len;
  }
  // other ASCII letters show as themselves; these mean eras, calendars or more in some Excel versions
  if (/[bBeEgGnNzZ]|[^\x00-\x7f]/.test(src[i]) && /\p{L}/u.test(src[i])) unsupported(`the letter "${src[i]}" unquoted in the format`);
  sec.tokens.push({ t: "lit", s: src[i] });
  return 1;
}
