/**
 * The conformance run: every formula of every corpus workbook evaluated in its own workbook (the
 * stored values as inputs) and compared with the value Excel stored. MATCH, UNSUPPORTED (the engine
 * says it cannot compute it, with a reason) or WRONG (a different value, said without warning).
 */
import * as fs from "fs";
import { cellAddress } from "../../src/formula/text/address";
import { evaluate, isUnsupported, type Evaluation } from "../../src/formula/engine/evaluate";
import type { CellValue } from "../../src/formula/types";
import { firstDifference } from "./compare";
import type { CorpusFile } from "./corpus";
import { functionsOf, judgedFormulas, toleranceOf } from "./judged";
import { recomputeShare, type RecomputeShare } from "./recompute-share";
import { readCorpusBook, type CorpusFormula } from "./workbook";

export type Verdict = "MATCH" | "UNSUPPORTED" | "WRONG";

export interface Outcome {
  file: string;
  group: CorpusFile["group"];
  /** "Sheet1!B2" */
  cell: string;
  formula: string;
  verdict: Verdict;
  /** UNSUPPORTED: the engine's reason; WRONG: what differs. */
  detail: string;
  functions: string[];
  /** WRONG: what kind of difference ("another error code", "rounding in the last digits", ...). */
  kind?: string;
}

export interface FileRun {
  file: CorpusFile;
  outcomes: Outcome[];
  /** Formulas without a stored value (never calculated) or excluded by the manifest: not judged. */
  skipped: number;
  ms: number;
  /** The workbook could not be read at all. */
  failure: string | null;
  /** What a refresh would recompute once its inputs change (recompute-share.ts). */
  share: RecomputeShare;
}

const show = (v: CellValue) => (v !== null && typeof v === "object" ? v.error : JSON.stringify(v));

function differenceKind(got: CellValue, want: CellValue): string {
  const gotError = got !== null && typeof got === "object", wantError = want !== null && typeof want === "object";
  if (gotError && wantError) return "another error code";
  if (wantError) return "a value where Excel shows an error";
  if (gotError) return "an error where Excel shows a value";
  if (typeof got === "number" && typeof want === "number" && Math.abs(got - want) <= 1e-9 * Math.max(Math.abs(got), Math.abs(want))) return "rounding in the last digits";
  return typeof got === typeof want ? "another value" : "another type of value";
}

function judge(f: CorpusFormula, result: Evaluation, tolerance: number | null): { verdict: Verdict; detail: string; kind?: string } {
  if (isUnsupported(result)) return { verdict: "UNSUPPORTED", detail: result.unsupported };
  const diff = firstDifference(result, f.expected, tolerance);
  if (!diff) return { verdict: "MATCH", detail: "" };
  const where = Array.isArray(f.expected) ? ` at ${cellAddress("", f.row + diff.r, f.col + diff.c)}` : "";
  return { verdict: "WRONG", detail: `the engine gives ${show(diff.got)} where Excel stored ${show(diff.want)}${where}`, kind: differenceKind(diff.got, diff.want) };
}

export function runFile(file: CorpusFile): FileRun {
  const start = Date.now();
  const outcomes: Outcome[] = [];
  let book;
  try {
    book = readCorpusBook(new Uint8Array(fs.readFileSync(file.path)));
  } catch (e) {
    return { file, outcomes, skipped: 0, ms: Date.now() - start, failure: (e as Error).message, share: { total: 0, recomputed: 0 } };
  }
  const tolerance = toleranceOf(file, book);
  const { judged, skipped } = judgedFormulas(file, book);
  const verdicts = new Map<CorpusFormula, Verdict>();
  for (const f of judged) {
    const at = { sheet: f.sheet, row: f.row, col: f.col };
    const result = evaluate(f.text, at, book.source, { date1904: book.date1904, platform: book.platform, array: f.array, now: () => new Date(2024, 0, 1) });
    const outcome: Outcome = { file: file.name, group: file.group, cell: cellAddress(f.sheet, f.row, f.col), formula: f.text, ...judge(f, result, tolerance), functions: functionsOf(f.text) };
    outcomes.push(outcome);
    verdicts.set(f, outcome.verdict);
  }
  return { file, outcomes, skipped, ms: Date.now() - start, failure: null, share: recomputeShare(book, verdicts) };
}
