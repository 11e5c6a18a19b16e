/**
 * MAP and BYROW of a LAMBDA calling SVC functions, as the host computes them: each run is the body
 * with its parameter written in as a literal (src/formula's lambdaHelperIn), evaluated like a cell's
 * SVC formula, all runs at once, so the engine queues and deduplicates them like any other calls.
 */
import { CellRef, CellSource, lambdaArea, lambdaHelperIn } from "../formula";
import { GridCell, Result, literal } from "./values";

type Run<S> = (text: string, index: number) => Promise<Result | S>;

export interface LambdaHelper {
  /** The helper's result: one cell per run (MAP: the reference's shape; BYROW: one column). */
  run<S>(source: CellSource, at: CellRef, body: Run<S>): Promise<Result | S>;
}

function cellOf(r: Result): GridCell {
  if ("error" in r) return { error: r.error, message: r.message };
  if (!Array.isArray(r.value)) return r.value;
  // one value per run: a grid from the body is Excel's #CALC! (nested arrays)
  return r.value.length === 1 && r.value[0].length === 1 ? r.value[0][0] : { error: "#CALC!", message: "nested arrays are not supported" };
}

export function lambdaHelper(formula: string): LambdaHelper | null {
  const h = lambdaHelperIn(formula);
  if (!h) return null;
  return {
    async run<S>(source: CellSource, at: CellRef, body: Run<S>): Promise<Result | S> {
      const area = lambdaArea(h, at.sheet, (a) => source.spill({ sheet: a.sheet, row: a.r0, col: a.c0 }));
      if (!area) return { error: "#REF!", message: null };
      const value = (r: number, c: number) => literal(source.value({ sheet: area.sheet, row: r, col: c }) as GridCell);
      const texts: string[][] = [];
      for (let r = area.r0; r <= area.r1; r++) {
        const row: string[] = [];
        for (let c = area.c0; c <= area.c1; c++) row.push(value(r, c));
        texts.push(h.helper === "MAP" ? row.map((v) => h.bind(v)) : [h.bind(`{${row.join(",")}}`)]);
      }
      let i = 0;
      const runs = await Promise.all(texts.map((row) => Promise.all(row.map((t) => body(t, i++)))));
      const stop = runs.flat().find((x) => typeof x === "symbol");
      if (stop !== undefined) return stop as S;
      return { value: runs.map((row) => row.map((x) => cellOf(x as Result))) };
    },
  };
}
