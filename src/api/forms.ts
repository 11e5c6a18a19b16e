/**
 * SEC form types, for list_filings' `form_type`. The API matches the form exactly ("10-K", not "10K")
 * and answers an unknown one with an empty list, which a sheet cannot tell from "no such filings".
 * So the form is matched here against the EDGAR form types (the spec's examples included), every
 * spelling of one form gives one canonical text, and an unknown form is refused with the closest.
 * An amendment (`/A`) of a listed form is accepted too.
 */
import { distance } from "fastest-levenshtein";

export const FORM_TYPES: readonly string[] = [
  // periodic reports (the spec's examples: 10-K, 10-Q, 8-K, 4, DEF 14A, 20-F)
  "10-K", "10-Q", "8-K", "20-F", "40-F", "6-K", "10-KT", "10-QT", "10-K405", "11-K", "10-D", "ARS", "SD",
  "NT 10-K", "NT 10-Q", "NT 20-F", "NT 11-K", "8-K12B", "1-K", "1-SA", "1-U", "ABS-EE",
  // proxies and information statements
  "DEF 14A", "DEFA14A", "DEFM14A", "DEFR14A", "DEFC14A", "DEFS14A", "DFAN14A", "PRE 14A", "PREM14A", "PRER14A",
  "PREC14A", "DEF 14C", "DEFM14C", "PRE 14C",
  // ownership
  "3", "4", "5", "144", "13F-HR", "13F-NT", "SC 13D", "SC 13G", "SCHEDULE 13D", "SCHEDULE 13G", "SC 13E3", "SC TO-T",
  "SC TO-I", "SC 14D9", "13H",
  // registrations, prospectuses and listings
  "S-1", "S-1MEF", "S-3", "S-3ASR", "S-3D", "S-4", "S-8", "S-8 POS", "S-11", "F-1", "F-3", "F-3ASR", "F-4", "F-6", "F-10",
  "POS AM", "POS EX", "POSASR", "424B1", "424B2", "424B3", "424B4", "424B5", "424B7", "424B8", "424H", "FWP", "425",
  "EFFECT", "RW", "10-12B", "10-12G", "8-A12B", "8-A12G", "15-12B", "15-12G", "15-15D", "25", "25-NSE", "1-A", "D", "CB",
  // funds
  "N-CSR", "N-CSRS", "N-PX", "N-Q", "NPORT-P", "N-1A", "N-2", "497", "497K", "40-APP",
  // correspondence
  "CORRESP", "UPLOAD",
];

/** How two spellings of a form compare: case, spaces and hyphens do not count ("10k" = "10-K", "def14a" = "DEF 14A"). */
export function formTypeKey(s: string): string {
  return s.toUpperCase().replace(/[^A-Z0-9/]/g, "");
}

const BY_KEY = new Map(FORM_TYPES.map((f) => [formTypeKey(f), f]));

/** The listed form a spelling means ("10ka" and "10-K/A" -> "10-K/A"), or undefined. */
export function knownFormType(typed: string): string | undefined {
  const key = formTypeKey(typed);
  const hit = BY_KEY.get(key);
  if (hit) return hit;
  // an amendment: the base form with /A (or a trailing A the base form does not end with: 10KA)
  const base = key.endsWith("/A") ? key.slice(0, -2) : key.endsWith("A") ? key.slice(0, -1) : null;
  const form = base === null ? undefined : BY_KEY.get(base);
  return form ? `${form}/A` : undefined;
}

/** The `n` listed forms closest to a spelling; ties go to the more common form (the list's order). */
export function closestFormTypes(typed: string, n = 3): string[] {
  const key = formTypeKey(typed);
  return FORM_TYPES.map((f, i) => ({ f, i, d: distance(key, formTypeKey(f)) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, n)
    .map((x) => x.f);
}
