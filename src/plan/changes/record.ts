/**
 * The change record of one refresh run, the same for the pane and `svc-excel refresh`: every SVC
 * result and every recomputed dependent, old value -> new value, each SVC change with its kind and
 * filing, each dependent with the SVC results that moved it; ordered by what matters to a model
 * (dependents first, largest relative change first).
 */
import { movedBy } from "./moved-by";
import { quoteSheet } from "../../formula";
import { a1, addressOf, svcCellChanges } from "./svc-cell";
import { Change, ChangeKind, ChangeRecord, FormulaRun, KINDS, ShowNumber, SvcCellRun } from "./types";
import { relativeChange, sameValue, shownAs } from "./values";

const byRelative = (a: Change, b: Change) => (b.relative ?? -1) - (a.relative ?? -1);

/** "Model!B4 (MSFT revenue FY2025, revised)": an SVC result that moved a dependent, with what it is and how it moved. */
function causeText(label: string, byAnchor: ReadonlyMap<string, readonly Change[]>): string {
  const own = byAnchor.get(label) ?? [];
  const first = own.find((c) => c.what !== "") ?? own[0];
  if (!first) return label;
  const kinds = [...new Set(own.map((c) => c.kind))].join(", ");
  return `${label} (${first.what ? `${first.what}, ` : ""}${kinds})`;
}

function dependentChange(f: FormulaRun, by: string[], byAnchor: ReadonlyMap<string, readonly Change[]>): Change {
  const detail = by.length > 0 ? `moved by ${by.map((l) => causeText(l, byAnchor)).join("; ")}` : "recalculated; reads no SVC result that changed";
  return { sheet: f.sheet, cell: a1(f.row, f.col), what: "", old: f.old, new: f.new, format: f.format ?? null, oldText: "", newText: "", kind: "dependent", detail, filing: null, oldFiling: null, movedBy: by, relative: relativeChange(f.old, f.new) };
}

export interface RecordOptions {
  /** The host's display of a number under a format (the change list shows values as the cells do). */
  show?: ShowNumber;
  /** Said once above the list (e.g. that the old values' sources are not known). */
  notes?: string[];
}

export function recordChanges(svc: readonly SvcCellRun[], formulas: readonly FormulaRun[], opts: RecordOptions = {}): ChangeRecord {
  const counts = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<ChangeKind, number>;
  const svcChanges: Change[] = [];
  const moved: SvcCellRun[] = [];
  const byAnchor = new Map<string, Change[]>();
  for (const run of svc) {
    const list = svcCellChanges(run, opts.show);
    byAnchor.set(addressOf(run.sheet, run.row, run.col), list);
    if (list.length === 0) counts.unchanged++;
    else moved.push(run);
    for (const c of list) counts[c.kind]++;
    svcChanges.push(...list);
  }
  const changed = formulas.filter((f) => !sameValue(f.old, f.new));
  const by = movedBy(moved, changed);
  const dependents = changed.map((f) => dependentChange(f, by.get(f) ?? [], byAnchor));
  counts.dependent = dependents.length;
  const rank = (k: ChangeKind) => KINDS.indexOf(k);
  svcChanges.sort((a, b) => rank(a.kind) - rank(b.kind) || byRelative(a, b));
  const changes = [...dependents.sort(byRelative), ...svcChanges].map((c) => ({ ...c, oldText: shownAs(c.old, c.format, opts.show), newText: shownAs(c.new, c.format, opts.show) }));
  return { changes, counts, notes: changes.length > 0 ? opts.notes ?? [] : [] };
}

/** "2 dependents, 1 new period, 1 revised, 1 new rows, 3 unchanged", or "Nothing changed". */
export function countsText(record: ChangeRecord): string {
  if (record.changes.length === 0) return "Nothing changed";
  const name = (k: ChangeKind, n: number) => (k === "dependent" ? `${n} dependent${n === 1 ? "" : "s"} moved` : `${n} ${k}`);
  return KINDS.filter((k) => record.counts[k] > 0)
    .map((k) => name(k, record.counts[k]))
    .join(", ");
}

/** The address of a change ("Model!C4"). */
export const changeAddress = (c: Change) => `${quoteSheet(c.sheet)}!${c.cell}`;
