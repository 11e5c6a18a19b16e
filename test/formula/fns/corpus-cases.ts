/**
 * The formulas of one corpus workbook (../shared/realfiles, read in place) that a test selects,
 * each evaluated in its own workbook and compared with the value Excel stored, as the conformance
 * run does: the cases a function is held to.
 */
import * as fs from "fs";
import * as path from "path";
import { evaluate, isUnsupported } from "../../../src/formula/engine/evaluate";
import { cellAddress } from "../../../src/formula/text/address";
import { firstDifference } from "../../conformance/compare";
import { corpusDir } from "../../conformance/corpus";
import { readCorpusBook } from "../../conformance/workbook";

export interface CorpusCase {
  cell: string;
  text: string;
  /** "MATCH", the engine's reason for UNSUPPORTED, or what differs. */
  outcome: string;
}

const bookCache = new Map<string, ReturnType<typeof readCorpusBook>>();

/** Every formula of `file` whose text `select` accepts, with its outcome (IronCalc's files at their 5e-8 tolerance). */
export function corpusCases(file: string, select: (text: string) => boolean): CorpusCase[] {
  let book = bookCache.get(file);
  if (!book) bookCache.set(file, (book = readCorpusBook(new Uint8Array(fs.readFileSync(path.join(corpusDir(), file))))));
  const tolerance = file.startsWith("ironcalc/") ? (book.tolerance ?? 5e-8) : null;
  return book.formulas.filter((f) => f.expected !== null && select(f.text)).map((f) => {
    const at = { sheet: f.sheet, row: f.row, col: f.col };
    const got = evaluate(f.text, at, book.source, { date1904: book.date1904, platform: book.platform, array: f.array });
    const diff = isUnsupported(got) ? null : firstDifference(got, f.expected, tolerance);
    const outcome = isUnsupported(got) ? `UNSUPPORTED: ${got.unsupported}` : diff ? `${JSON.stringify(diff.got)} where Excel stored ${JSON.stringify(diff.want)}` : "MATCH";
    return { cell: cellAddress(f.sheet, f.row, f.col), text: f.text, outcome };
  });
}

/** The cases that are not MATCH, as "cell formula: outcome" lines (a failing test shows them). */
export const notMatching = (cases: CorpusCase[]): string[] => cases.filter((c) => c.outcome !== "MATCH").map((c) => `${c.cell} ${c.text}: ${c.outcome}`);
