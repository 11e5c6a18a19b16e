/**
 * NUMBERVALUE: text read as a number with the separators given (default `.` and `,`): spaces
 * anywhere are dropped, group separators before the decimal separator are dropped, each `%` at the
 * end divides by 100, empty text is 0; a second decimal separator or a group separator after it is
 * #VALUE!.
 */
import type { ErrorValue } from "../../types";
import { err, isErrorValue, unsupported } from "../kinds";
import { firstError, text } from "./args";
import type { Arg, PureFamily, PureFunction } from "./types";

const sep = (a: Arg, dflt: string): string | ErrorValue => {
  if (a === undefined) return dflt;
  const s = text(a);
  return isErrorValue(s) ? s : s === "" ? err("#VALUE!") : s[0];
};

function read(s: string, dec: string, grp: string): number | ErrorValue {
  let t = s.replace(/\s/g, "");
  let scale = 1;
  while (t.endsWith("%")) {
    scale *= 100;
    t = t.slice(0, -1);
  }
  if (t === "") return 0;
  const at = t.indexOf(dec);
  if (at >= 0 && (t.indexOf(dec, at + 1) >= 0 || t.indexOf(grp, at) >= 0)) return err("#VALUE!");
  const plain = (at < 0 ? t : t.slice(0, at)).split(grp).join("") + (at < 0 ? "" : "." + t.slice(at + 1));
  if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(plain)) return Number(plain) / scale;
  if (/[()$€£¥]/.test(plain)) unsupported(`NUMBERVALUE of "${s}" (currency or parentheses)`);
  return err("#VALUE!");
}

const NUMBERVALUE: PureFunction = {
  min: 1,
  max: 3,
  fn: ([a, b, c]) => {
    const s = text(a), dec = sep(b, "."), grp = sep(c, ",");
    const bad = firstError(s, dec, grp);
    if (bad) return bad;
    if (dec === grp) unsupported("NUMBERVALUE with the same decimal and group separator");
    return read(s as string, dec as string, grp as string);
  },
};

export const TEXT_NUMBER: PureFamily = { NUMBERVALUE };
