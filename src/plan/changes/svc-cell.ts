/**
 * What changed in one SVC result: an error appeared or cleared; the columns moved because a newer
 * period appeared (header row of period labels, or the values' provenance); a value of the same
 * period was revised (with the filing that restated it when the provenance says); a list or feed
 * grew by new rows; or, when nothing tells why, it changed.
 */
import { columnName, quoteSheet } from "../../formula";
import type { CellValue } from "../../formula";
import { headerPeriods, rowLabels, spanText } from "./periods";
import type { Change, ChangeKind, Filing, Grid, ShowNumber, SvcCellRun, ValueOrigin } from "./types";
import { isError, relativeChange, rowKey, rowText, sameGrid, sameValue, valueText } from "./values";

export const a1 = (row: number, col: number) => `${columnName(col)}${row + 1}`;
export const addressOf = (sheet: string, row: number, col: number) => `${quoteSheet(sheet)}!${a1(row, col)}`;

const originAt = (list: readonly ValueOrigin[] | null | undefined, row: number, col: number) => list?.find((o) => o.row === row && o.col === col) ?? null;

const isAmendment = (f: Filing | null | undefined) => !!f?.form && /\/A$/i.test(f.form.trim());

export function filingText(f: Filing | null | undefined): string {
  return f ? `${f.form ? f.form + " " : ""}${f.accession}` : "";
}

/** The value's number format in the new grid (a whole-result change has none). */
const formatAt = (run: SvcCellRun, row: number, col: number) => run.formats?.[row]?.[col] ?? null;

/** What one value is: the call's subject with the value's metric and period when its source says, else the call in words. */
function whatOf(run: SvcCellRun, origin: ValueOrigin | null): string {
  if (!origin?.period) return run.what ?? "";
  const subject = run.subject ?? "";
  return [subject, origin.metric ?? "", origin.period].filter((x) => x !== "").join(" ");
}

interface Where {
  row: number;
  col: number;
  origin?: ValueOrigin | null;
  /** A whole-result change (new period, new rows, shape): its old and new are already words. */
  whole?: boolean;
}

function change(run: SvcCellRun, at: Where, kind: ChangeKind, old: CellValue, now: CellValue, detail: string, filing: Filing | null = null, oldFiling: Filing | null = null): Change {
  const format = at.whole ? null : formatAt(run, at.row, at.col);
  const what = at.whole ? run.what ?? "" : whatOf(run, at.origin ?? null);
  return { sheet: run.sheet, cell: a1(run.row + at.row, run.col + at.col), what, old, new: now, format, oldText: valueText(old), newText: valueText(now), kind, detail, filing, oldFiling, movedBy: [], relative: relativeChange(old, now) };
}

/** One value that differs: same period (revised), another period (new period), or unknown (changed). */
function valueChange(run: SvcCellRun, at: { row: number; col: number; oldRow: number; oldCol: number }, samePeriod: boolean): Change {
  const old = run.old[at.oldRow]?.[at.oldCol] ?? null;
  const now = run.new[at.row]?.[at.col] ?? null;
  const was = originAt(run.oldOrigins, at.oldRow, at.oldCol);
  const is = originAt(run.newOrigins, at.row, at.col);
  const filing = is?.filing ?? null;
  const oldFiling = was?.filing ?? null;
  const where = { row: at.row, col: at.col, origin: is ?? was };
  if (was && is && was.period && is.period && was.period !== is.period) return change(run, where, "new period", old, now, `${is.period} (was ${was.period})`, filing, oldFiling);
  const same = samePeriod || (was && is && was.period === is.period) || isAmendment(filing);
  if (!same) return change(run, where, "changed", old, now, was ? "the value changed; its new source is not known" : "the value changed; the old value's source is not known", filing, oldFiling);
  const restated = filing && filing.accession !== oldFiling?.accession;
  const how = restated ? `restated by the ${filing.form ?? "filing"}` : "revised";
  const period = is?.period ?? was?.period;
  return change(run, where, "revised", old, now, `${period ? period + " " : ""}${how}${oldFiling && restated ? ` (was ${filingText(oldFiling)})` : ""}`, filing, oldFiling);
}

/** Same shape: each value that differs, compared as the same period. */
function cellByCell(run: SvcCellRun, samePeriod: boolean): Change[] {
  const out: Change[] = [];
  run.new.forEach((row, r) =>
    row.forEach((v, c) => {
      if (!sameValue(run.old[r]?.[c], v)) out.push(valueChange(run, { row: r, col: c, oldRow: r, oldCol: c }, samePeriod));
    })
  );
  return out;
}

/** Columns moved: the new period, then the values of periods both grids hold that differ. */
function periodChanges(run: SvcCellRun, was: Map<number, string>, now: Map<number, string>): Change[] {
  const oldLabels = [...was.values()];
  const newLabels = [...now.values()];
  const appeared = newLabels.filter((l) => !oldLabels.includes(l));
  const out: Change[] = [];
  if (appeared.length > 0) {
    const col = [...now.entries()].find(([, l]) => l === appeared[appeared.length - 1])?.[0] ?? 0;
    const filing = run.newOrigins?.find((o) => o.col === col && o.filing)?.filing ?? null;
    out.push(change(run, { row: 0, col: 0, whole: true }, "new period", spanText(oldLabels), spanText(newLabels), `${appeared.join(", ")} appeared; the columns moved (were ${spanText(oldLabels)})`, filing));
  }
  const oldCol = new Map([...was.entries()].map(([c, l]) => [l, c]));
  const oldRows = rowLabels(run.old);
  for (const [key, r] of rowLabels(run.new)) {
    const or = oldRows.get(key);
    if (or === undefined) continue;
    for (const [c, label] of now) {
      const oc = oldCol.get(label);
      if (oc !== undefined && !sameValue(run.old[or]?.[oc], run.new[r]?.[c])) out.push(valueChange(run, { row: r, col: c, oldRow: or, oldCol: oc }, true));
    }
  }
  return out;
}

/** Record rows (a list or a feed): rows that were not there before, at the top or the bottom. */
function rowChanges(run: SvcCellRun, show?: ShowNumber): Change[] | null {
  if (run.old.length < 1 || run.new.length < 1 || !sameValue(run.old[0][0], run.new[0][0]) || run.old[0].length !== run.new[0].length) return null;
  const before = new Map<string, number>();
  for (const row of run.old.slice(1)) before.set(rowKey(row), (before.get(rowKey(row)) ?? 0) + 1);
  const newRows: string[] = [];
  run.new.forEach((row, r) => {
    if (r === 0) return;
    const k = rowKey(row);
    const n = before.get(k) ?? 0;
    if (n > 0) before.set(k, n - 1);
    else newRows.push(rowText(row, run.formats?.[r], show));
  });
  const added = newRows.length;
  const dropped = [...before.values()].reduce((s, n) => s + n, 0);
  if (added === 0 || (added === dropped && run.old.length === run.new.length && cellByCell(run, false).length <= run.new[0].length)) return null;
  const rows = (g: Grid) => `${g.length - 1} row${g.length === 2 ? "" : "s"}`;
  const detail = `${added} new row${added === 1 ? "" : "s"}${dropped > 0 ? `; ${dropped} older row${dropped === 1 ? "" : "s"} no longer in the answer` : ""}`;
  return [{ ...change(run, { row: 0, col: 0, whole: true }, "new rows", rows(run.old), rows(run.new), detail), added: newRows }];
}

function errorChange(run: SvcCellRun): Change[] | null {
  const old = run.old[0]?.[0] ?? null;
  const now = run.new[0]?.[0] ?? null;
  const at = { row: 0, col: 0, whole: run.old.length * (run.old[0]?.length ?? 0) > 1 || run.new.length * (run.new[0]?.length ?? 0) > 1 };
  if (isError(now) && !isError(old)) return [change(run, at, "error appeared", old, now, run.newMessage ?? now.error)];
  if (isError(old) && !isError(now)) return [change(run, at, "error cleared", old, now, run.oldMessage ? `was: ${run.oldMessage}` : `was ${old.error}`)];
  if (isError(old) && isError(now)) return sameValue(old, now) ? [] : [change(run, at, "changed", old, now, run.newMessage ?? now.error)];
  return null;
}

/** The changes of one SVC result ([] when it is unchanged). */
export function svcCellChanges(run: SvcCellRun, show?: ShowNumber): Change[] {
  const errors = errorChange(run);
  if (errors) return errors;
  if (sameGrid(run.old, run.new)) return [];
  const was = headerPeriods(run.old);
  const now = headerPeriods(run.new);
  if (was && now && run.old.length > 1) return periodChanges(run, was, now);
  const rows = rowChanges(run, show);
  if (rows) return rows;
  if (run.old.length === run.new.length && run.old.every((r, i) => r.length === run.new[i].length)) return cellByCell(run, false);
  const size = (g: Grid) => `${g.length}×${g[0]?.length ?? 0} (${valueText(g[0]?.[0])}…)`;
  return [change(run, { row: 0, col: 0, whole: true }, "changed", size(run.old), size(run.new), "the result changed shape")];
}
