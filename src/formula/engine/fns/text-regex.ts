/**
 * REGEXTEST, REGEXEXTRACT (first match) and REGEXREPLACE. Excel runs PCRE2; the engine runs the
 * pattern in JavaScript only when both read it alike: plain characters, classes, `\d \w \s \b`,
 * quantifiers, groups and alternation on ASCII text. Anything else (inline flags, possessive or
 * atomic forms, lookbehind, `\A \Z \K \Q`, Unicode properties, `$` before a line break) is UNSUPPORTED.
 */
import type { ErrorValue } from "../../types";
import { err, isErrorValue, unsupported } from "../kinds";
import { firstError, int, text } from "./args";
import type { Arg, PureFamily, PureFunction } from "./types";

const PCRE_ONLY = /\(\?[<]?[=!]|\(\?[a-zA-Z^]|\(\?>|\(\?\||\(\?P|\(\?#|[*+?}]\+|\\[AZzGKQEpPXRhHvVNCx]|\[:|\\[0-9]{2,}|\\o|\\c|\\g|\\k/;

/** The pattern as a JavaScript regular expression, when PCRE2 and JavaScript read it alike. */
function regex(pattern: string, text: string, caseFlag: Arg, global: boolean): RegExp | ErrorValue {
  const c = int(caseFlag, 0);
  if (isErrorValue(c)) return c;
  if (c !== 0 && c !== 1) return err("#VALUE!");
  if (PCRE_ONLY.test(pattern)) unsupported(`the regular expression ${pattern} (PCRE2 and JavaScript may read it differently)`);
  if (/[^\x00-\x7f]/.test(text + pattern)) unsupported("a regular expression over text beyond ASCII");
  if (pattern.includes("$") && text.includes("\n")) unsupported("$ in a regular expression over text with line breaks");
  try {
    return new RegExp(pattern, (c === 1 ? "i" : "") + (global ? "g" : ""));
  } catch {
    return err("#VALUE!");
  }
}

const REGEXTEST: PureFunction = {
  min: 2,
  max: 3,
  fn: ([a, b, c]) => {
    const s = text(a), p = text(b);
    const bad = firstError(s, p);
    if (bad) return bad;
    const re = regex(p as string, s as string, c, false);
    return isErrorValue(re) ? re : re.test(s as string);
  },
};

const REGEXEXTRACT: PureFunction = {
  min: 2,
  max: 4,
  fn: ([a, b, mode, c]) => {
    const s = text(a), p = text(b), m = int(mode, 0);
    const bad = firstError(s, p, m);
    if (bad) return bad;
    if (m !== 0) unsupported("REGEXEXTRACT returning every match or the groups");
    const re = regex(p as string, s as string, c, false);
    if (isErrorValue(re)) return re;
    const hit = re.exec(s as string);
    return hit ? hit[0] : err("#N/A");
  },
};

const REGEXREPLACE: PureFunction = {
  min: 3,
  max: 5,
  fn: ([a, b, r, occ, c]) => {
    const s = text(a), p = text(b), rep = text(r), n = int(occ, 0);
    const bad = firstError(s, p, rep, n);
    if (bad) return bad;
    if (n !== 0) unsupported("REGEXREPLACE of one occurrence");
    if (/\$[^0-9{]|\$$|\\/.test(rep as string)) unsupported("a replacement PCRE2 and JavaScript read differently");
    const re = regex(p as string, s as string, c, true);
    return isErrorValue(re) ? re : (s as string).replace(re, rep as string);
  },
};

export const TEXT_REGEX: PureFamily = { REGEXTEST, REGEXEXTRACT, REGEXREPLACE };
