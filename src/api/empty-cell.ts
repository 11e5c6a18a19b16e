/**
 * An empty referenced cell reaches a custom function as `null` on the web and current desktop builds
 * and as `0` on older desktop builds (Windows 2208-2503, Excel 2021): office.js's custom functions
 * runtime changed this as a bug fix, with no requirement set to tell the two apart. So a `0` is read
 * as "omitted" wherever the catalogue says 0 is not a value the parameter takes; where it is (a number
 * whose bounds include 0), 0 is passed on as typed.
 */
import type { ParamSpec } from "./tool-spec";

/** True when the number 0 is a value `p` takes (so a 0 cannot be an empty cell read as omitted). */
export function takesZero(p: ParamSpec): boolean {
  if (p.list) return false; // a list's items are text: a 0 item is an empty cell of the range
  if (p.type === "integer" || p.type === "number") return (p.min ?? -Infinity) <= 0 && 0 <= (p.max ?? Infinity);
  if (p.type === "enum") return (p.values ?? []).includes("0");
  // Text takes text; a boolean takes TRUE or FALSE, which Excel passes as booleans, never as 0.
  return false;
}
