/**
 * Excel's number formats applied to a value, as TEXT writes them: the section for the value (one
 * section: every number, a minus sign added when the shown digits are not all 0; two: >= 0 and < 0;
 * three: > 0, < 0, = 0; the section holding `@`, or a fourth, for text; `[>100]`-style conditions
 * choose in their place), then the section rendered. A format Excel refuses is #VALUE!.
 */
import type { ErrorValue } from "../../types";
import { DAYS_1900_TO_1904 } from "../../../api";
import { err, unsupported } from "../kinds";
import { renderDate } from "./format-date";
import { generalText } from "./format-general";
import { renderNumber } from "./format-number";
import { readSection, splitSections, type Condition, type Section } from "./format-tokens";

interface Format {
  numbers: Section[];
  text?: Section;
}

/** A format's sections sorted into number sections and the text section; null when Excel refuses it. */
function readFormat(code: string): Format | null {
  const parts = splitSections(code);
  if (!parts || parts.length > 4) return null;
  const secs = parts.map(readSection);
  const textAt = secs.findIndex((s) => s.text);
  if (textAt >= 0 && textAt !== secs.length - 1) return null;
  if (secs.some((s) => s.text && (s.digits || s.date))) return null;
  if (secs.some((s) => s.date && s.tokens.some((t) => t.t === "exp" || t.t === "percent"))) return null;
  const hasText = textAt >= 0 || secs.length === 4;
  return { numbers: hasText ? secs.slice(0, -1) : secs, text: hasText ? secs[secs.length - 1] : undefined };
}

const holds = (c: Condition, x: number): boolean =>
  c.op === "<" ? x < c.value : c.op === ">" ? x > c.value : c.op === "=" ? x === c.value : c.op === "<=" ? x <= c.value : c.op === ">=" ? x >= c.value : x !== c.value;

/** The section for x and whether it shows x's sign itself (the minus sign added for a negative x). */
function choose(f: Format, x: number): { sec: Section; signed: boolean } | null {
  const ns = f.numbers;
  if (ns.some((s) => s.condition)) {
    if (x < 0) unsupported("a negative number in a format with conditions");
    const hit = ns.find((s) => s.condition && holds(s.condition, x)) ?? ns.find((s, i) => !s.condition && i > 0);
    return hit ? { sec: hit, signed: true } : null;
  }
  if (ns.length === 1 || (x >= 0 && ns.length === 2) || (x > 0 && ns.length === 3)) return { sec: ns[0], signed: true };
  if (x < 0) return { sec: ns[1], signed: false };
  return { sec: ns[2], signed: false };
}

/** A number in the format `code` (1904 serials moved into the 1900 system for dates). */
export function formatNumber(x: number, code: string, date1904 = false): string | ErrorValue {
  const f = readFormat(code);
  if (!f) return err("#VALUE!");
  if (!f.numbers.length) return generalText(x);
  const pick = choose(f, x);
  if (!pick) unsupported("a number no section of the format's conditions takes");
  const { sec, signed } = pick;
  const v = signed ? x : Math.abs(x);
  if (sec.date) {
    // elapsed time counts from the system's day 0 alike; calendar codes read the 1900 calendar
    const elapsed = sec.tokens.some((t) => t.t === "elapsed");
    return renderDate(sec.tokens, date1904 && !elapsed && v >= 0 ? v + DAYS_1900_TO_1904 : v);
  }
  const r = renderNumber(sec.tokens, Math.abs(v));
  return v < 0 && !r.zero ? "-" + r.text : r.text;
}

/** Text in the format `code`: its text section with `@` as the text, or the text itself. */
export function formatText(s: string, code: string): string | ErrorValue {
  const f = readFormat(code);
  if (!f) return err("#VALUE!");
  if (!f.text) return s;
  return f.text.tokens.map((t) => (t.t === "at" ? s : t.t === "lit" ? t.s : t.t === "comma" ? "," : t.t === "point" ? "." : t.t === "percent" ? "%" : t.t === "slash" ? "/" : unsupported("a code in the text section"))).join("");
}

