/**
 * Excel's binary searches. Microsoft documents that an approximate match (MATCH 1/-1, VLOOKUP and
 * HLOOKUP with TRUE, LOOKUP) and XMATCH/XLOOKUP's search modes 2/-2 expect sorted values; on values
 * out of order or of several kinds the answer is whatever the halving finds. The steps below are the
 * ones Excel's stored results show (the conformance corpus holds every case):
 * - approximate match: halving that looks only at values of the key's kind (from the middle on, the
 *   first value of that kind up to the top of the interval; none: the lower half is searched). Equal
 *   ends the search at the last of the run of equal values that follows. MATCH -1 first looks at the
 *   first value of the key's kind: smaller than the key is #N/A, equal is the answer.
 * - XMATCH/XLOOKUP binary modes: halving over every value, ordered numbers < text < TRUE/FALSE (the
 *   order SORT gives, empty cells and an empty lookup value after all), the last candidate the halving
 *   met is the answer.
 */
import type { CellValue } from "../../types";
import { isErrorValue, unsupported } from "../kinds";
import { kindOf, order, sortOrder, type MatchMode } from "./lookup-search";

/** The end of the run of values equal to items[i] (the key). Excel's stored values do not show a run broken by a value of another kind. */
function lastEqual(items: CellValue[], i: number, key: CellValue): number {
  const k = kindOf(key);
  let j = i;
  while (j + 1 < items.length && kindOf(items[j + 1]) === k && order(items[j + 1], key) === 0) j++;
  let n = j + 1;
  while (n < items.length && kindOf(items[n]) !== k) n++;
  if (n > j + 1 && n < items.length && order(items[n], key) === 0) unsupported("an approximate match over equal values parted by a value of another kind (Excel's answer depends on its search steps)");
  return j;
}

/** Excel's approximate match (see above): the position (0-based) found, or -1. */
export function approximateFind(items: CellValue[], key: CellValue, descending = false): number {
  const k = kindOf(key);
  if (k < 0) return -1;
  const dir = descending ? -1 : 1;
  const ofKind = (from: number, to: number) => {
    let i = from;
    while (i <= to && kindOf(items[i]) !== k) i++;
    return i;
  };
  let lo = 0, hi = items.length - 1, found = -1;
  if (descending) {
    const first = ofKind(0, hi);
    if (first > hi || order(items[first], key) < 0) return -1;
    if (order(items[first], key) === 0) return lastEqual(items, first, key);
  }
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const i = ofKind(mid, hi);
    if (i > hi) {
      hi = mid - 1;
      continue;
    }
    const c = dir * order(items[i], key);
    if (c === 0) return lastEqual(items, i, key);
    if (c < 0) (found = i), (lo = i + 1);
    else hi = mid - 1;
  }
  return found;
}

/** XMATCH's and XLOOKUP's binary search (search mode 2, or -2 over descending values): the position (0-based) found, or -1. */
export function binaryFind(items: CellValue[], key: CellValue, mode: MatchMode, descending: boolean): number {
  const dir = descending ? -1 : 1;
  let lo = 0, hi = items.length - 1, found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (isErrorValue(items[mid])) unsupported("a binary search that meets an error (Excel's answer depends on how it orders them)");
    const c = sortOrder(items[mid], key);
    if (c === 0) {
      if (items.some((v, i) => i !== mid && !isErrorValue(v) && sortOrder(v, key) === 0)) unsupported("a binary search over repeated values (Excel's answer depends on its search steps)");
      return mid;
    }
    if ((mode === "smaller" && c < 0) || (mode === "larger" && c > 0)) found = mid;
    if (dir * c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return found;
}
