/**
 * The past of a refresh across sessions: what the last refresh kept in the workbook of each SVC cell
 * (the sources part, the one `svc-excel refresh` writes) stands in for the functions' records where
 * this runtime has none (a workbook just reopened: Excel shows the stored values and ran nothing), and
 * after a refresh each refreshed cell's sources are kept for the next one.
 */
import { callWords, KeptSources, RunRecord } from "../../plan";
import { addressKey } from "../../formula";
import type { SourceView } from "./types";

const keyOf = addressKey;

/** A record of each anchor this runtime did not run, from what the workbook kept of it (the size its result covers now). */
export function keptRecords(anchors: readonly string[], records: readonly SourceView[], kept: ReadonlyMap<string, KeptSources> | null, sizes: ReadonlyMap<string, { rows: number; cols: number }>): RunRecord[] {
  const ran = new Set(records.map((r) => keyOf(r.address)));
  const out: RunRecord[] = [];
  for (const a of anchors) {
    const key = keyOf(a);
    if (ran.has(key)) continue;
    const s = kept?.get(key);
    const filings = new Map((s?.filings ?? []).map((f) => [f.accession, f]));
    const provenance = s?.values?.map((v) => {
      const f = v.accession ? filings.get(v.accession) : undefined;
      return { row: v.row, col: v.col, period: v.period, metric: v.metric ?? undefined, accession: v.accession, form: f?.form ?? null, filingUrl: f?.url ?? null };
    });
    out.push({ address: a, ...sizes.get(key), ...(provenance ? { provenance } : {}) });
  }
  return out;
}

/** Whether every anchor's past is known: run in this session, or kept in the workbook by an earlier refresh. */
export function pastKnown(anchors: readonly string[], records: readonly SourceView[], kept: ReadonlyMap<string, KeptSources> | null): boolean {
  const ran = new Set(records.map((r) => keyOf(r.address)));
  return anchors.every((a) => ran.has(keyOf(a)) || kept?.has(keyOf(a)));
}

/** What to keep of each refreshed anchor: the call in words, its filings and each value's period, metric and filing. */
export function sourcesToKeep(anchors: readonly string[], records: readonly SourceView[]): Map<string, KeptSources> {
  const by = new Map(records.map((r) => [keyOf(r.address), r]));
  const out = new Map<string, KeptSources>();
  for (const a of anchors) {
    const r = by.get(keyOf(a));
    if (!r) continue;
    const values = r.provenance ?? [];
    const filings = new Map<string, KeptSources["filings"][number]>();
    for (const v of values) if (v.accession && !filings.has(v.accession)) filings.set(v.accession, { accession: v.accession, form: v.form ?? null, url: v.filingUrl });
    out.set(keyOf(a), {
      ...callWords(r.fn, Array.isArray(r.args) ? r.args : []),
      filings: [...filings.values()],
      values: values.map((v) => ({ row: v.row, col: v.col, period: v.period, metric: v.metric ?? null, accession: v.accession })),
    });
  }
  return out;
}
