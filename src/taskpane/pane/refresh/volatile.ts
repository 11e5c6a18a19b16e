/**
 * Why a formula recalculates on every edit, and the way out (one text for the results list and
 * Price): Excel recalculates any formula whose arguments use a volatile function. The SVC function
 * itself is not volatile, so an unchanged answer still costs no call while the cache holds it.
 */

const WAY_OUT: Readonly<Record<string, string>> = {
  TODAY: "put the date in an input cell",
  NOW: "put the date in an input cell",
  RAND: "put the number in an input cell",
  RANDBETWEEN: "put the number in an input cell",
  OFFSET: "refer to the cells directly (or put the value in an input cell)",
  INDIRECT: "refer to the cells directly (or put the value in an input cell)",
};

/** "TODAY in its arguments: Excel recalculates it on every edit ... To stop that, put the date in an input cell." */
export function volatileText(functions: readonly string[]): string {
  const names = functions.join(", ");
  const outs = [...new Set(functions.map((f) => WAY_OUT[f] ?? "put the value in an input cell"))];
  return `${names} in its arguments: Excel recalculates it on every edit. It costs no call while the cache holds its answer; to stop the recalculation, ${outs.join("; or ")}.`;
}
