/**
 * The LAMBDA helpers Excel 2510+ calls SVC functions from, as much as the host needs: MAP(reference,
 * LAMBDA(x, body)) runs the body once per cell, BYROW(reference, LAMBDA(row, body)) once per row,
 * each with the parameter put in as a literal. Every run goes through the same SVC evaluation as a
 * cell, all at once, so the engine queues and deduplicates them like any other calls.
 */
import { AreaRef, CellRef, CellSource, Node, parseExpression, walk } from "../formula";
import type { NodeOf } from "../formula/text/ast";
import { plainFunctionName } from "../formula/text/fn-names";
import { areaOf } from "../formula/text/refs";
import { GridCell, Result, literal } from "./values";

type Run<S> = (text: string, index: number) => Promise<Result | S>;

export interface LambdaHelper {
  /** The helper's result: one cell per run (MAP: the reference's shape; BYROW: one column). */
  run<S>(source: CellSource, at: CellRef, body: Run<S>): Promise<Result | S>;
}

interface Parts {
  helper: "MAP" | "BYROW";
  ref: NodeOf<"ref">;
  param: string;
  body: Node;
  text: string;
}

/** MAP or BYROW of a reference and a one-parameter LAMBDA, or null when the formula is anything else. */
function partsOf(formula: string): Parts | null {
  const text = formula.replace(/^\s*=/, "");
  let node: Node;
  try {
    node = parseExpression(text);
  } catch {
    return null;
  }
  if (node.kind !== "call" || node.args.length !== 2) return null;
  const helper = plainFunctionName(node.name);
  const [ref, fn] = node.args;
  if ((helper !== "MAP" && helper !== "BYROW") || ref?.kind !== "ref" || fn?.kind !== "call" || plainFunctionName(fn.name) !== "LAMBDA") return null;
  const [param, body] = fn.args;
  if (param?.kind !== "name" || !body || fn.args.length !== 2) return null;
  return { helper, ref, param: param.name.replace(/^_xlpm\./i, "").toUpperCase(), body, text };
}

/** The body's text with every use of the parameter replaced by `value` written as a literal. */
function bind(p: Parts, value: string): string {
  const uses: { start: number; end: number }[] = [];
  walk(p.body, (n) => {
    if (n.kind === "name" && !n.prefix && n.name.replace(/^_xlpm\./i, "").toUpperCase() === p.param) uses.push(n.span);
  });
  let out = p.text.slice(p.body.span.start, p.body.span.end);
  for (const u of uses.sort((a, b) => b.start - a.start)) out = out.slice(0, u.start - p.body.span.start) + value + out.slice(u.end - p.body.span.start);
  return `=${out}`;
}

function cellOf(r: Result): GridCell {
  if ("error" in r) return { error: r.error, message: r.message };
  // one value per run: a grid from the body is Excel's #CALC! (nested arrays)
  return Array.isArray(r.value) ? (r.value.length === 1 && r.value[0].length === 1 ? r.value[0][0] : { error: "#CALC!", message: "nested arrays are not supported" }) : r.value;
}

function areaIn(p: Parts, source: CellSource, at: CellRef): AreaRef | null {
  const area = areaOf(p.ref, at.sheet);
  return p.ref.spill ? source.spill({ sheet: area.sheet, row: area.r0, col: area.c0 }) : area;
}

export function lambdaHelper(formula: string): LambdaHelper | null {
  const p = partsOf(formula);
  if (!p) return null;
  return {
    async run<S>(source: CellSource, at: CellRef, body: Run<S>): Promise<Result | S> {
      const area = areaIn(p, source, at);
      if (!area) return { error: "#REF!", message: null };
      const value = (r: number, c: number) => literal(source.value({ sheet: area.sheet, row: r, col: c }) as GridCell);
      const rows: string[][] = [];
      for (let r = area.r0; r <= area.r1; r++) {
        const row: string[] = [];
        for (let c = area.c0; c <= area.c1; c++) row.push(value(r, c));
        rows.push(p.helper === "MAP" ? row : [`{${row.join(",")}}`]);
      }
      const texts = rows.map((row) => row.map((v) => bind(p, v)));
      let i = 0;
      const runs = await Promise.all(texts.map((row) => Promise.all(row.map((t) => body(t, i++)))));
      const stop = runs.flat().find((x) => typeof x === "symbol");
      if (stop !== undefined) return stop as S;
      return { value: runs.map((row) => row.map((x) => cellOf(x as Result))) };
    },
  };
}
