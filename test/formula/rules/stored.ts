/**
 * Excel's stored values as the oracle: the formulas of one corpus workbook (read in place), run
 * through the conformance runner, with the verdict of each cell asked for.
 */
import { corpusFiles } from "../../conformance/corpus";
import { runFile, type Outcome } from "../../conformance/run";

const cache = new Map<string, Outcome[]>();

/** Every outcome of the workbook `name` ("ironcalc/LOGICAL__LET.xlsx", "formulas__test.xlsx"). */
export function outcomesOf(name: string): Outcome[] {
  let out = cache.get(name);
  if (!out) {
    const file = corpusFiles().find((f) => f.name === name);
    if (!file) throw new Error(`${name} is not in the corpus`);
    out = runFile(file).outcomes;
    cache.set(name, out);
  }
  return out;
}

/** "MATCH", or the verdict and its detail, for each listed cell ("Sheet1!A1"); every cell must be judged. */
export function verdicts(name: string, cells: string[]): string[] {
  const all = outcomesOf(name);
  return cells.map((cell) => {
    const o = all.find((x) => x.cell === cell);
    if (!o) return `${cell}: not judged`;
    return o.verdict === "MATCH" ? "MATCH" : `${cell} ${o.verdict}: =${o.formula} ${o.detail}`;
  });
}

/** Every judged formula of the workbook matches Excel's stored value. */
export function unmatched(name: string, only: (o: Outcome) => boolean = () => true): string[] {
  return outcomesOf(name)
    .filter(only)
    .filter((o) => o.verdict !== "MATCH")
    .map((o) => `${o.cell} ${o.verdict}: =${o.formula} ${o.detail}`);
}
