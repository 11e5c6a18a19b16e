/**
 * The catalogue in words, for people: the conformance report's "where" column and the table in
 * docs/formula.md (generated from the catalogue; a test checks the two agree).
 */
import { catalogue, type CatalogueEntry } from ".";

/** What computes the function, in one word or two. */
export function implementedBy(e: CatalogueEntry): string {
  const how = e.implementation;
  if (how.kind === "own") return "engine (own)";
  if (how.kind === "pure") return "engine (fns)";
  if (how.kind === "library") return how.library;
  return "refused";
}

/** Parameters (0-based) as people count them: 1-based, runs shortened ("2–255", "2, 4, …, 254"). */
function positions(spec: readonly number[] | "all"): string {
  if (spec === "all") return "all";
  const out: string[] = [];
  for (let i = 0; i < spec.length; ) {
    const step = spec[i + 1] - spec[i];
    let j = i + 1;
    while (j + 1 < spec.length && spec[j + 1] - spec[j] === step) j++;
    if (j - i >= 2 && step === 1) out.push(`${spec[i] + 1}–${spec[j] + 1}`);
    else if (j - i >= 3) out.push(`${spec[i] + 1}, ${spec[i] + 1 + step}, …, ${spec[j] + 1}`);
    else {
      out.push(String(spec[i] + 1));
      j = i;
    }
    i = j + 1;
  }
  return out.join(", ");
}

/** How the arguments are taken, beyond one value each. */
function argumentWords(e: CatalogueEntry): string {
  const r = e.rules;
  const parts: string[] = [];
  if (r.ranges) parts.push(`range ${positions(r.ranges)}`);
  if (r.arrays) parts.push(`array ${positions(r.arrays)}`);
  if (r.refs) parts.push(`reference ${positions(r.refs)}`);
  if (r.readsErrors) parts.push("reads errors");
  if (r.dates?.length) parts.push(`date ${positions(r.dates)}`);
  if (r.dateResult) parts.push("date result");
  return parts.join("; ");
}

const arity = (e: CatalogueEntry) => (e.min === undefined || e.max === undefined ? "" : e.min === e.max ? String(e.min) : `${e.min}–${e.max}`);
const reasonOf = (e: CatalogueEntry) => (e.implementation.kind === "refused" ? e.implementation.reason : "");

/** The catalogue as a Markdown table, one row a function. */
export function catalogueTable(): string[] {
  const rows = catalogue().map((e) => `| ${e.name} | ${arity(e)} | ${argumentWords(e)} | ${e.rules.volatile ?? ""} | ${implementedBy(e)} | ${reasonOf(e)} |`);
  return ["| function | arguments | taken as (1-based) | volatile | computed by | why refused |", "|---|---|---|---|---|---|", ...rows];
}
