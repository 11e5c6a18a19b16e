/**
 * What an earlier refresh kept in the workbook of each SVC cell (the sources part, written by the CLI
 * and by the pane alike; src/model-file/parts/sources-part.ts CellSources, structurally) as the change
 * record's origins, and the note said when a workbook kept nothing.
 */
import type { ValueOrigin } from "./types";

export interface KeptSources {
  subject: string;
  what: string;
  filings: { accession: string; form: string | null; url: string | null }[];
  /** null: kept before values were (their periods are not known). */
  values: { row: number; col: number; period: string; metric: string | null; accession: string | null }[] | null;
}

export const UNKNOWN_SOURCES = "The old values' sources are not known: no earlier refresh kept them in this file, so a changed value is not told apart as a new period or a revision.";

/** Each value's origin from what a refresh kept; null when its periods are not known. */
export function originsOfKept(s: KeptSources | null | undefined): ValueOrigin[] | null {
  if (!s || s.values === null) return null;
  const filings = new Map(s.filings.map((f) => [f.accession, f]));
  return s.values.map((v) => {
    const f = v.accession ? filings.get(v.accession) : undefined;
    return { row: v.row, col: v.col, period: v.period, metric: v.metric, filing: v.accession ? { accession: v.accession, form: f?.form ?? null, url: f?.url ?? null } : null };
  });
}
