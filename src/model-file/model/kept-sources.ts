/**
 * What a refresh keeps of each SVC cell for the next run (the sources part): the call in words, its
 * filings and each value's period, metric and filing, from the answer the cell showed; and the number
 * format each value is shown in (the cell's own, else the one the function gave it).
 */
import { cellKey } from "../parts/a1";
import { styleFormats } from "../parts/number-formats";
import type { CellSources } from "../parts/sources-part";
import { attr } from "../parts/xml";
import type { Model } from "./model";
import type { AnswerSources, SvcOutcome } from "./svc-eval";

export type NodeCall = NonNullable<SvcOutcome["call"]>;

/** An SVC call in words: its subject ("MSFT") and what it asks for ("MSFT revenue FY"). */
export type CallWords = (fn: string, args: readonly unknown[]) => { subject: string; what: string };

/** The cell's words ("MSFT revenue FY") from the call, and its answer's sources when the cell shows the answer. */
export function cellSources(call: NodeCall | undefined, words: CallWords): CellSources {
  if (!call) return { subject: "", what: "", filings: [], values: [] };
  const s = call.sources;
  return { ...words(call.fn, call.args), filings: s?.filings ?? [], values: s?.values ?? [] };
}

/** The number format a cell shows (null: General), from its style in the file. */
export function cellFormats(model: Model): (sheet: string, row: number, col: number) => string | null {
  const styles = styleFormats(model.pkg, model.workbook.part);
  const bySheet = new Map<string, Map<number, string>>();
  for (const sheet of model.sheets) {
    const formats = new Map<number, string>();
    for (const row of sheet.xml?.rows ?? [])
      for (const c of row.cells) {
        const code = styles.get(Number(attr(c.tag, "s") ?? 0));
        if (code) formats.set(cellKey(c.row, c.col), code);
      }
    bySheet.set(sheet.name.toUpperCase(), formats);
  }
  return (sheet, row, col) => bySheet.get(sheet.toUpperCase())?.get(cellKey(row, col)) ?? null;
}

/** Each value's format: the cell's own, else the answer's (a data type's number format). */
export function valueFormats(grid: readonly unknown[][], at: { sheet: string; row: number; col: number }, own: ReturnType<typeof cellFormats>, answer: AnswerSources | null | undefined): (string | null)[][] {
  return grid.map((line, i) => line.map((_, j) => own(at.sheet, at.row + i, at.col + j) ?? answer?.formats[i]?.[j] ?? null));
}
