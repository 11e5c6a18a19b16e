/**
 * The SVC function names, and "did you mean" for a name that is not one (the CLI, the workbench).
 * From the catalogue (each tool's function) plus SVC.PERIODS, which reads the fiscal calendar.
 */
import { distance } from "fastest-levenshtein";
import { PERIODS_FN } from "../api";
import { TOOLS } from "../api";
import { bareSvcName } from "../api";

export { PERIODS_FN };

export const SVC_FUNCTION_NAMES: readonly string[] = [...Object.values(TOOLS).map((t) => t.fn), PERIODS_FN];

const bare = bareSvcName;

/** The SVC function a mistyped name probably meant, or null when none is close. */
export function closestFunction(name: string): string | null {
  const n = bare(name);
  const ranked = SVC_FUNCTION_NAMES.map((f) => ({ f, d: f.startsWith(n) || n.startsWith(f) ? Math.min(1, distance(n, f)) : distance(n, f) })).sort(
    (a, b) => a.d - b.d || a.f.length - b.f.length
  );
  const best = ranked[0];
  return best && best.d <= Math.max(2, Math.floor(n.length / 3)) ? best.f : null;
}

/** "SVC.FINANCIAL is not an SVC function; did you mean SVC.FINANCIALS?" */
export function unknownFunctionMessage(name: string): string {
  const near = closestFunction(name);
  const head = `SVC.${bare(name)} is not an SVC function`;
  return near ? `${head}; did you mean SVC.${near}?` : `${head} (SVC functions: ${SVC_FUNCTION_NAMES.join(", ")})`;
}
