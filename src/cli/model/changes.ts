/**
 * `svc-excel refresh --changes` / `--changes-sheet`: the run's change record (src/plan/changes) from
 * the file's values before and after and the sources the SVC functions recorded while answering
 * (a FINANCIALS value's filing); printed as a table or a JSON `changes` array, or added to the file
 * as a sheet "SVC changes YYYY-MM-DD HH.MM". Recording costs no API call.
 */
import { sourceOf } from "../../functions/sources";
import { addSheet, ChangeCells, FilingRef, Model } from "../../model-file";
import { CHANGE_HEADER, changeAddress, changeRows, changeSheetName, ChangeRecord, countsText, filingNote, jsonChange, originsOf, recordChanges } from "../../plan/changes";
import { quoteSheet } from "../../formula/text/address";
import { columnName } from "../../formula/text/address";
import { terminalText } from "../terminal";

/** The change record of a model-file refresh. */
export function changeRecordOf(cells: ChangeCells): ChangeRecord {
  const svc = cells.svc.map((c) => ({ ...c, oldOrigins: null, newOrigins: originsOf(sourceOf(`${quoteSheet(c.sheet)}!${columnName(c.col)}${c.row + 1}`)?.provenance) }));
  return recordChanges(svc, cells.formulas);
}

/** A value on its change line: one line whatever the cell's text holds. */
const short = (v: unknown) => (v === null || v === undefined || v === "" ? "(blank)" : terminalText(String(v)));

/** Lines for the summary: the counts, then one line per change. */
export function changeLines(record: ChangeRecord): string[] {
  const lines = [`What changed: ${countsText(record)}`];
  for (const [i, c] of record.changes.entries()) {
    const row = changeRows([c])[0];
    const filing = row[5] ? `  ${row[5]}${row[6] ? ` ${row[6]}` : ""}` : "";
    lines.push(`  ${terminalText(changeAddress(c))}  ${short(row[1])} -> ${short(row[2])}  ${c.kind}: ${terminalText(c.detail)}${terminalText(filing)}`);
    if (i >= 499) {
      lines.push(`  ... and ${record.changes.length - 500} more (--json lists every one)`);
      break;
    }
  }
  return lines;
}

export const changesJson = (record: ChangeRecord) => ({ changes: record.changes.map(jsonChange), change_counts: record.counts });

/** The file's bytes with the change list added as a new sheet; the sheet's name. */
export function withChangesSheet(model: Model, record: ChangeRecord, at: Date): { bytes: Uint8Array; sheet: string } {
  const sheet = changeSheetName(at, model.sheets.map((s) => s.name));
  const rows = record.changes.length ? [[...CHANGE_HEADER], ...changeRows(record.changes)] : [[...CHANGE_HEADER], ["Nothing changed"]];
  return { bytes: addSheet(model, sheet, rows, [18, 16, 16, 14, 48, 30, 60, 24]), sheet };
}

/** The distinct filings the functions recorded for an SVC cell's values (kept in the file for freeze). */
export function filingsOf(address: string): FilingRef[] {
  const seen = new Map<string, FilingRef>();
  for (const v of sourceOf(address)?.provenance ?? []) if (v.accession && !seen.has(v.accession)) seen.set(v.accession, { accession: v.accession, form: v.form ?? null, url: v.filingUrl });
  return [...seen.values()];
}

/** A frozen note's filing sentence from the filings kept in the file. */
export const sourceNote = (filings: readonly FilingRef[]): string => filingNote(filings.map((f) => ({ row: 0, col: 0, period: "", accession: f.accession, form: f.form, filingUrl: f.url })));
