/**
 * What a refresh plan says, in the same words wherever it is shown (the pane, the workbench, the
 * CLI): the counts under a price, and one line per cell that needs saying — no call (which argument
 * and why), priced from its last run, priced only after it runs, recalculated on every edit, an error
 * hidden by IFERROR or the like.
 */
import { volatilityOf } from "../formula";
import type { PlannedCell, Price, RefreshPlanOf } from "./types";

/** The way out of each kind of volatility (the catalogue of Excel functions says which kind a function has). */
const WAY_OUT: Readonly<Record<string, string>> = {
  clock: "put the date in an input cell",
  random: "put the number in an input cell",
  reference: "refer to the cells directly (or put the value in an input cell)",
};

/** Why a formula recalculates on every edit, and the way out. The SVC function itself is not volatile. */
export function volatileText(functions: readonly string[]): string {
  const names = functions.join(", ");
  const outs = [...new Set(functions.map((f) => WAY_OUT[volatilityOf(f) ?? ""] ?? "put the value in an input cell"))];
  return `${names} in its arguments: Excel recalculates it on every edit. It costs no call while the cache holds its answer; to stop the recalculation, ${outs.join("; or ")}.`;
}

export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const LAST_RUN_TEXT = "priced from the arguments Excel last passed it (a nested call or a function only Excel evaluates)";

/** "7 formulas, 8 calls in them, 8 requests, 1 shared with another call, 1 with invalid arguments (no call), ..." */
export function priceDetail(plan: RefreshPlanOf, price: Price): string {
  const calls = plan.cells.reduce((n, c) => n + c.calls.length, 0);
  const parts = [plural(plan.cells.length, "formula")];
  if (calls !== plan.cells.length) parts.push(`${plural(calls, "SVC call")} in them`);
  parts.push(plural(price.requests, "request"));
  if (price.requests > price.calls) parts.push(`${price.requests - price.calls} shared with another call`);
  const invalid = new Set(price.invalid.map((n) => n.address)).size;
  if (invalid) parts.push(`${invalid} with invalid arguments (no call)`);
  const lastRun = plan.cells.filter((c) => c.calls.some((x) => x.from === "last-run")).length;
  if (lastRun) parts.push(`${lastRun} priced from the arguments of its last run`);
  const unpriced = new Set(plan.unpriced.map((n) => n.address)).size;
  if (unpriced) parts.push(`${unpriced} priced only once it has run (refreshed anyway)`);
  if (plan.volatile.length) parts.push(`${plan.volatile.length} recalculated by Excel on every edit`);
  if (plan.hidden.length) parts.push(`${plan.hidden.length} inside IFERROR or the like (an error there is hidden)`);
  if (plan.stages.length > 1) parts.push(`${plan.stages.length} steps (formulas that read another result run after it)`);
  return parts.join(", ") + ".";
}

export type LineKind = "invalid" | "last-run" | "unpriced" | "volatile" | "hides" | "cell";

/** An SVC call whose error the formula hides, said before any call (refresh lists the error as hidden). */
export const hidesText = (functions: readonly string[]): string =>
  `an SVC call inside ${functions.join(", ")}: an error it gets is hidden by the formula (it shows a value instead); a refresh lists it`;

export interface PlanLine {
  kind: LineKind;
  address: string;
  text: string;
}

/** What a cell's refresh is: "2 SVC calls, recalculated as a whole", "1 SVC call, through the name Rev". */
function cellText(cell: PlannedCell): string {
  const names = [...new Set(cell.calls.map((c) => c.name).filter((n): n is string => n !== null))];
  const parts = [plural(cell.calls.length, "SVC call")];
  if (!cell.single) parts.push("recalculated as a whole");
  if (names.length) parts.push(`through the name${names.length > 1 ? "s" : ""} ${names.join(", ")}`);
  return parts.join(", ");
}

/** One line per thing to say about a cell, by kind, each once; then every cell the refresh covers. */
export function planLines(plan: RefreshPlanOf, price: Price): PlanLine[] {
  const lastRun = plan.cells.filter((c) => c.calls.some((x) => x.from === "last-run"));
  return [
    ...price.invalid.map((x) => ({ kind: "invalid" as const, address: x.address, text: `${x.message} (no call)` })),
    ...lastRun.map((c) => ({ kind: "last-run" as const, address: c.address, text: LAST_RUN_TEXT })),
    ...plan.unpriced.map((x) => ({ kind: "unpriced" as const, address: x.address, text: `${x.message}; not run yet in this session, so it is priced after it runs` })),
    ...plan.volatile.map((v) => ({ kind: "volatile" as const, address: v.address, text: volatileText(v.functions) })),
    ...plan.hidden.map((h) => ({ kind: "hides" as const, address: h.address, text: hidesText(h.functions) })),
    ...plan.cells.map((c) => ({ kind: "cell" as const, address: c.address, text: cellText(c) })),
  ];
}
