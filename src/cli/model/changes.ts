/**
 * `svc-excel refresh --changes` / `--changes-sheet`: the run's change record (src/plan/changes) from
 * the file's values before and after and the sources of both — the old ones as the last refresh kept
 * them in the file, the new ones as the SVC functions gave them — printed as lines a person reads or
 * a JSON `changes` array (raw values besides the shown ones), or added to the file as a sheet
 * "SVC changes YYYY-MM-DD HH.MM". Recording costs no API call.
 */
import { addSheet, ChangeCells, FilingRef, Model } from "../../model-file";
import { CHANGE_HEADER, changeLine, changeRows, changeSheetName, ChangeRecord, countsText, filingNote, jsonChange, originsOfKept, recordChanges, UNKNOWN_SOURCES } from "../../plan";
import { numberText } from "../../shape";
import { terminalText } from "../terminal";

/** The change record of a model-file refresh. */
export function changeRecordOf(cells: ChangeCells): ChangeRecord {
  const svc = cells.svc.map((c) => ({
    ...c,
    subject: c.newSources?.subject || c.oldSources?.subject || "",
    what: c.newSources?.what || c.oldSources?.what || "",
    oldOrigins: originsOfKept(c.oldSources),
    newOrigins: originsOfKept(c.newSources),
  }));
  return recordChanges(svc, cells.formulas, { show: numberText, notes: cells.sourcesKept ? [] : [UNKNOWN_SOURCES] });
}

/** Lines for the summary: the counts, the notes, then one line per change. */
export function changeLines(record: ChangeRecord): string[] {
  const lines = [`What changed: ${countsText(record)}`, ...record.notes.map((n) => `  ${n}`)];
  for (const [i, c] of record.changes.entries()) {
    lines.push(`  ${terminalText(changeLine(c))}`); // one line whatever the cell's text holds
    if (i >= 499) {
      lines.push(`  ... and ${record.changes.length - 500} more (--json lists every one)`);
      break;
    }
  }
  return lines;
}

export const changesJson = (record: ChangeRecord) => ({ changes: record.changes.map(jsonChange), change_counts: record.counts, change_notes: record.notes });

/** The file's bytes with the change list added as a new sheet; the sheet's name. */
export function withChangesSheet(model: Model, record: ChangeRecord, at: Date): { bytes: Uint8Array; sheet: string } {
  const sheet = changeSheetName(at, model.sheets.map((s) => s.name));
  const rows = record.changes.length ? [[...CHANGE_HEADER], ...changeRows(record.changes), ...record.notes.map((n) => [n])] : [[...CHANGE_HEADER], ["Nothing changed"]];
  return { bytes: addSheet(model, sheet, rows, [18, 26, 16, 16, 10, 14, 48, 30, 60, 24]), sheet };
}

/** A frozen note's filing sentence from the filings kept in the file. */
export const sourceNote = (filings: readonly FilingRef[]): string => filingNote(filings.map((f) => ({ row: 0, col: 0, period: "", accession: f.accession, form: f.form, filingUrl: f.url })));
