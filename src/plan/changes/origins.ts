/** A FINANCIALS value's recorded source (src/functions/sources.ts ValueSource, structurally) as the change record's origin. */
import type { ValueOrigin } from "./types";

export interface RecordedSource {
  row: number;
  col: number;
  period: string;
  metric?: string;
  accession: string | null;
  form?: string | null;
  filingUrl: string | null;
}

export function originsOf(list: readonly RecordedSource[] | undefined | null): ValueOrigin[] | null {
  if (!list) return null;
  return list.map((v) => ({ row: v.row, col: v.col, period: v.period, metric: v.metric ?? null, filing: v.accession ? { accession: v.accession, form: v.form ?? null, url: v.filingUrl } : null }));
}
