/**
 * The plain-formula engine: a maintained library behind one interface. fast-formula-parser (MIT)
 * parses and evaluates references and operators; @formulajs/formulajs (MIT) supplies the functions
 * it lacks (engine-functions.ts says which come from where and why). Formula text goes through our
 * own parser first (engine-text.ts), so spill references, names and file-form function names reach
 * the library in a spelling it reads. Parsed trees and the library's tokens are cached per text: a
 * host evaluates thousands of cells per edit.
 */
import FormulaParser, { FfpCellRef, FfpRangeRef } from "fast-formula-parser";
import { lex } from "fast-formula-parser/grammar/lexing";
import { MAX_COLS, MAX_ROWS } from "../text/address";
import { Node, NodeOf } from "../text/ast";
import { buildParser, EvalHooks } from "./functions";
import { engineText, isSelfContained, TextContext, unsupportedIn, xlookupRewritable } from "./text";
import { fromFfp, isFfpError, toFfp } from "./values";
import { excelView } from "../text/excel-view";
import { plainFunctionName } from "../text/fn-names";
import { parseCached } from "../text/syntax";
import { FormulaSyntaxError } from "../text/tokens";
import type { AreaRef, ArgValue, CellRef, CellValue, DefinedName } from "../types";

export interface CellSource {
  value(ref: CellRef): CellValue;
  names(): readonly DefinedName[];
  spill(anchor: CellRef): AreaRef | null;
  /**
   * Optional: the used area of a sheet (null when empty). Whole-column and whole-row references
   * (`SUM(A:A)`) read only inside it; without it they read all 1,048,576 rows.
   */
  used?(sheet: string): AreaRef | null;
}

export interface EvaluateOptions {
  /** The clock TODAY() and NOW() read (default: the computer's). */
  now?: () => Date;
  /** Answers SVC calls inside a plain formula (fn without the namespace). Without it they are #NAME?, as in Excel without the add-in. */
  svc?: (fn: string, args: ArgValue[]) => CellValue | CellValue[][];
}

/** A plain formula's result: one value, or a spilled array (errors inside stay errors). */
export type EngineValue = CellValue | CellValue[][];

interface Current extends EvalHooks {
  cells: CellSource;
}

let current: Current | null = null;
const hooks = (): EvalHooks => current ?? { now: () => new Date() };

function readRange(ref: FfpRangeRef): unknown[][] {
  const cells = current?.cells;
  if (!cells || !ref.sheet) return [[null]];
  const used = cells.used?.(ref.sheet);
  // fast-formula-parser is 1-based; clip whole columns/rows to the used area when the source knows it
  const r1 = Math.min(ref.to.row, used ? used.r1 + 1 : MAX_ROWS), c1 = Math.min(ref.to.col, used ? used.c1 + 1 : MAX_COLS);
  const out: unknown[][] = [];
  for (let r = ref.from.row; r <= Math.max(r1, ref.from.row); r++) {
    const row: unknown[] = [];
    for (let c = ref.from.col; c <= Math.max(c1, ref.from.col); c++) row.push(toFfp(cells.value({ sheet: ref.sheet, row: r - 1, col: c - 1 })));
    out.push(row);
  }
  return out;
}

/** One parser per nesting level: an SVC hook may evaluate another formula while the library is mid-parse. */
const engines: { parser: FormulaParser; supported: Set<string> }[] = [];
let depth = 0;
function theEngine(level = 0): { parser: FormulaParser; supported: Set<string> } {
  engines[level] ??= buildParser(
    {
      onCell: (ref: FfpCellRef) => (current && ref.sheet ? toFfp(current.cells.value({ sheet: ref.sheet, row: ref.row - 1, col: ref.col - 1 })) : null),
      onRange: readRange,
      // names never reach the library: engine-text.ts spells them out
      onVariable: () => null,
    },
    hooks,
  );
  return engines[level];
}

const LIMIT = 20_000;
const textCache = new Map<string, string | null>(); // formula text -> engine text (null: depends on the workbook)
const tokenCache = new Map<string, unknown[]>();

function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/** The engine text names the formula's sheet in every reference: cached per sheet and text. */
function textFor(text: string, ctx: TextContext): string {
  const key = `${ctx.sheet}\u0000${text}`;
  const cached = textCache.get(key);
  if (cached) return cached;
  const node = excelView(parseCached(text));
  const out = engineText(node, ctx);
  if (cached === undefined) remember(textCache, key, isSelfContained(node) ? out : null);
  return out;
}

function run(parser: FormulaParser, text: string, at: CellRef): unknown {
  const tokens = tokenCache.get(text) ?? remember(tokenCache, text, lex(text).tokens);
  parser.position = { sheet: at.sheet, row: at.row + 1, col: at.col + 1 };
  parser.async = false;
  parser.parser.input = tokens;
  const res = parser.checkFormulaResult(parser.parser.formulaWithBinaryOp(), true);
  if (parser.parser.errors.length > 0) throw new FormulaSyntaxError("the engine cannot read the formula", 0);
  return res;
}

/** What a failure shows: the library's own error code; #NAME? for text neither parser reads; #VALUE! for the rest. */
function thrownError(e: unknown): string {
  if (isFfpError(e)) return e.error === "#ERROR!" ? "#NAME?" : e.error;
  return e instanceof FormulaSyntaxError ? "#NAME?" : "#VALUE!";
}

/**
 * Evaluate a plain formula at `at` ("=B2/C2", "SUM(Inputs!A1:A9)", "INDEX(A2#,2,1)"). Errors come
 * back as { error }, empty results as 0 (as Excel shows them), spilled results as 2-D arrays.
 * Unreadable text and functions neither library has give #NAME? (unsupportedFunctions says which).
 */
export function evaluateFormula(text: string, at: CellRef, cells: CellSource, opts: EvaluateOptions = {}): EngineValue {
  const ctx: TextContext = { sheet: at.sheet, names: () => cells.names(), spill: (a) => cells.spill(a) };
  const saved = current;
  current = { cells, now: opts.now ?? (() => new Date()), svc: opts.svc };
  depth++;
  try {
    const { parser } = theEngine(depth - 1);
    const result = run(parser, textFor(text.trim(), ctx), at);
    if (Array.isArray(result)) return (result as unknown[][]).map((row) => row.map(fromFfp));
    return fromFfp(result);
  } catch (e) {
    return { error: thrownError(e) };
  } finally {
    depth--;
    current = saved;
  }
}

/** Functions a formula calls that the engine does not implement (OFFSET, INDIRECT, ...); [] when it can evaluate them all. */
export function unsupportedFunctions(textOrNode: string | Node): string[] {
  const node = excelView(typeof textOrNode === "string" ? parseCached(textOrNode.trim()) : textOrNode);
  return unsupportedIn(node, theEngine().supported);
}

/** True when the engine can evaluate this call (`_xlfn.` and case ignored; XLOOKUP in its common form). */
export function engineSupports(call: NodeOf<"call">): boolean {
  return theEngine().supported.has(plainFunctionName(call.name)) || xlookupRewritable(call);
}
