/**
 * The filing part of a frozen value's note: which filing(s) the values came from, accession and
 * link, so a values-only copy stays auditable ("Source: 10-K/A 0000789019-26-000012 https://...").
 */
import type { RecordedSource } from "./origins";

const MAX_NAMED = 3;

export function filingNote(values: readonly RecordedSource[] | null | undefined): string {
  const seen = new Map<string, RecordedSource>();
  for (const v of values ?? []) if (v.accession && !seen.has(v.accession)) seen.set(v.accession, v);
  if (seen.size === 0) return "";
  const named = [...seen.values()].slice(0, MAX_NAMED).map((v) => `${v.form ? v.form + " " : ""}${v.accession}${v.filingUrl ? ` ${v.filingUrl}` : ""}`);
  const more = seen.size > MAX_NAMED ? ` (and ${seen.size - MAX_NAMED} more filings)` : "";
  return `${seen.size === 1 ? "Source" : "Sources"}: ${named.join("; ")}${more}.`;
}
