/** The conformance figures as tables: the corpus, the verdicts per group, by function and by cause. */
import { entryOf } from "../../src/formula/engine/catalogue";
import { implementedBy } from "../../src/formula/engine/catalogue/describe";
import type { CorpusFile } from "./corpus";
import type { FileRun, Outcome, Verdict } from "./run";

export interface KnownDifference {
  file: string;
  cell: string;
  formula: string;
  cause: string;
}

type Counts = Record<Verdict, number>;
const zero = (): Counts => ({ MATCH: 0, UNSUPPORTED: 0, WRONG: 0 });
const pct = (n: number, total: number) => (total ? `${((100 * n) / total).toFixed(1)} %` : "-");

function count(outcomes: Outcome[]): Counts {
  const c = zero();
  for (const o of outcomes) c[o.verdict]++;
  return c;
}

export function line(label: string, c: Counts, width = 34): string {
  const total = c.MATCH + c.UNSUPPORTED + c.WRONG;
  return `${label.padEnd(width)} ${String(total).padStart(7)} ${String(c.MATCH).padStart(7)} ${String(c.UNSUPPORTED).padStart(7)} ${String(c.WRONG).padStart(7)}   ${pct(c.MATCH, total).padStart(7)} ${pct(c.WRONG, total).padStart(7)}`;
}
export const header = (label: string, width = 34) => `${label.padEnd(width)} ${"formulas".padStart(7)} ${"MATCH".padStart(7)} ${"UNSUPP".padStart(7)} ${"WRONG".padStart(7)}   ${"match".padStart(7)} ${"wrong".padStart(7)}`;

/** The cause of an outcome: the engine's reason, the known-differences list's cause, or "unlisted". */
export function causeOf(o: Outcome, known: Map<string, KnownDifference>): string {
  if (o.verdict === "UNSUPPORTED") return o.detail.replace(/^the engine cannot read the formula.*/, "the engine cannot read the formula");
  if (o.verdict === "WRONG") return known.get(knownKey(o.file, o.cell))?.cause ?? "(not in the known-differences list)";
  return "";
}

export const knownKey = (file: string, cell: string) => `${file}\u0000${cell}`;

function corpusLines(runs: FileRun[]): string[] {
  const out = ["Corpus (workbooks saved by Excel, read in place):"];
  const origins = new Map<string, { licence: string; files: number; formulas: number }>();
  for (const r of runs) {
    const o = origins.get(r.file.origin) ?? { licence: r.file.licence, files: 0, formulas: 0 };
    o.files++;
    o.formulas += r.outcomes.length;
    origins.set(r.file.origin, o);
  }
  for (const [origin, o] of [...origins].sort((a, b) => b[1].formulas - a[1].formulas)) out.push(`  ${origin.padEnd(28)} ${o.licence.padEnd(20)} ${String(o.files).padStart(4)} workbooks ${String(o.formulas).padStart(7)} formulas`);
  const failed = runs.filter((r) => r.failure);
  for (const r of failed) out.push(`  unreadable: ${r.file.name}: ${r.failure}`);
  const skipped = runs.reduce((n, r) => n + r.skipped, 0);
  out.push(`  not judged: ${skipped} formulas (no stored value, volatile, or excluded by the manifest)`);
  return out;
}

function table(title: string, rows: [string, Counts][], width = 34, where?: (label: string) => string): string[] {
  const head = header("", width) + (where ? "   computed by" : "");
  return ["", title, head, ...rows.map(([k, c]) => line(k, c, width) + (where ? `   ${where(k)}` : ""))];
}

const shareLine = (label: string, total: number, recomputed: number, width = 48) =>
  `${label.padEnd(width)} ${String(total).padStart(7)} ${String(recomputed).padStart(10)}   ${pct(recomputed, total).padStart(7)}`;

/** Per workbook: the share of its formulas a refresh would recompute after its inputs change (the public workbooks one by one, IronCalc's function tests together). */
function shareLines(runs: FileRun[]): string[] {
  const sum = (rs: FileRun[]) => rs.reduce((a, r) => ({ total: a.total + r.share.total, recomputed: a.recomputed + r.share.recomputed }), { total: 0, recomputed: 0 });
  const out = ["", "What a refresh would recompute after the inputs change (a formula UNSUPPORTED or WRONG stales all that read it):", `${"".padEnd(48)} ${"formulas".padStart(7)} ${"recomputed".padStart(10)}   ${"share".padStart(7)}`];
  const other = runs.filter((r) => r.file.group === "other" && r.share.total > 0).sort((a, b) => a.share.recomputed / a.share.total - b.share.recomputed / b.share.total);
  for (const r of other) out.push(shareLine(`  ${r.file.name}`.slice(0, 48), r.share.total, r.share.recomputed));
  for (const [label, rs] of [["other (public test workbooks)", runs.filter((r) => r.file.group === "other")], ["ironcalc/ (IronCalc's own corpus)", runs.filter((r) => r.file.group === "ironcalc")], ["all", runs]] as const) {
    const s = sum([...rs]);
    out.push(shareLine(label, s.total, s.recomputed));
  }
  return out;
}

/** Where the catalogue says a function is computed ("" for the report's own labels: "(operators only)"). */
const computedBy = (fn: string): string => (fn.startsWith("(") ? "" : implementedBy(entryOf(fn)));

/** The whole report as printed by `npm run conformance`. */
export function report(runs: FileRun[], known: Map<string, KnownDifference>, top = 60): string {
  const all = runs.flatMap((r) => r.outcomes);
  const groups: [string, Counts][] = [
    ["other (public test workbooks)", count(all.filter((o) => o.group === "other"))],
    ["ironcalc/ (IronCalc's own corpus)", count(all.filter((o) => o.group === "ironcalc"))],
    ["all", count(all)],
  ];
  const byFn = new Map<string, Counts>();
  for (const o of all) for (const fn of o.functions.length ? o.functions : ["(operators only)"]) (byFn.get(fn) ?? byFn.set(fn, zero()).get(fn) ?? zero())[o.verdict]++;
  const fnRows = [...byFn].sort((a, b) => b[1].WRONG - a[1].WRONG || b[1].UNSUPPORTED - a[1].UNSUPPORTED || a[0].localeCompare(b[0]));
  const byCause = new Map<string, Counts>();
  for (const o of all.filter((x) => x.verdict !== "MATCH")) {
    const k = `${o.verdict === "WRONG" ? "WRONG" : "UNSUPP"}: ${causeOf(o, known)}`.slice(0, 90);
    (byCause.get(k) ?? byCause.set(k, zero()).get(k) ?? zero())[o.verdict]++;
  }
  const causeRows = [...byCause].sort((a, b) => b[1].WRONG + b[1].UNSUPPORTED - a[1].WRONG - a[1].UNSUPPORTED);
  return [
    ...corpusLines(runs),
    ...table("Verdicts by group:", groups),
    ...table(`By function (a formula counts under every function it calls; ${Math.min(top, fnRows.length)} of ${fnRows.length}, most WRONG first):`, fnRows.slice(0, top), 34, computedBy),
    ...table("By cause:", causeRows, 92),
    ...shareLines(runs),
  ].join("\n");
}

export type { CorpusFile };
