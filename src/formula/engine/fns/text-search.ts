/**
 * FIND and SEARCH (and their B forms) and SUBSTITUTE. FIND is exact; SEARCH ignores case and reads
 * Excel's wildcards: `?` one character, `*` any run, `~` before a character takes it literally (a
 * `~` at the end stands for nothing).
 */
import { err, unsupported } from "../kinds";
import { firstError, int, limited, text } from "./args";
import type { PureFamily, PureFunction } from "./types";

/** A pattern with Excel's wildcards as a regular expression (case ignored). */
export function wildcardRegex(pattern: string, flags = "i"): RegExp {
  let src = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "~") {
      i++;
      if (i < pattern.length) src += escape(pattern[i]);
    } else src += c === "?" ? "[\\s\\S]" : c === "*" ? "[\\s\\S]*?" : escape(c);
  }
  return new RegExp(src, flags);
}

const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

const singleByte = (s: string) => !/[^\u0000-\u00ff]/.test(s);

function finder(wild: boolean, bytes: boolean): PureFunction {
  return {
    min: 2,
    max: 3,
    fn: ([a, b, c]) => {
      const find = text(a), within = text(b), start = int(c, 1);
      const bad = firstError(find, within, start);
      if (bad) return bad;
      const f = find as string, w = within as string, s = start as number;
      if (bytes && !(singleByte(f) && singleByte(w))) unsupported("FINDB and SEARCHB of text with double-byte characters depend on Excel's language setting");
      if (s < 1 || s > w.length) return err("#VALUE!");
      if (!wild) {
        const at = w.indexOf(f, s - 1);
        return at < 0 ? err("#VALUE!") : at + 1;
      }
      const m = wildcardRegex(f).exec(w.slice(s - 1));
      return m ? m.index + s : err("#VALUE!");
    },
  };
}

const SUBSTITUTE: PureFunction = {
  min: 3,
  max: 4,
  fn: ([a, b, c, d]) => {
    const s = text(a), old = text(b), add = text(c), nth = int(d, 0);
    const bad = firstError(s, old, add, nth);
    if (bad) return bad;
    const str = s as string, o = old as string, n = nth as number;
    if (d !== undefined && (n < 1 || typeof d === "boolean")) return err("#VALUE!"); // Excel refuses TRUE as instance_num
    if (o === "") return str;
    if (d === undefined) return limited(str.split(o).join(add as string));
    let at = -1;
    for (let k = 0; k < n; k++) {
      at = str.indexOf(o, at + (k === 0 ? 0 : o.length));
      if (at < 0) return str;
    }
    return limited(str.slice(0, at) + (add as string) + str.slice(at + o.length));
  },
};

export const TEXT_SEARCH: PureFamily = {
  FIND: finder(false, false),
  FINDB: finder(false, true),
  SEARCH: finder(true, false),
  SEARCHB: finder(true, true),
  SUBSTITUTE,
};
