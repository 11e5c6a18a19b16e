/**
 * What `svc-excel eval` prints: the JSON document or the tables. API text is untrusted: ./terminal.ts
 * (the one place) replaces control characters in table mode and escapes them in --json. Tables show
 * what Excel shows with data types on (src/shape/readable.ts: thousands separators, percents, dates,
 * identifiers as written); notices follow the table once, and URLs are never cut.
 */
import { isNumeric, readableText } from "../shape";
import { jsonText, terminalText } from "./terminal";

export interface PrintedResult {
  formula: string;
  /** Excel's values (date serials, fractions): what --json writes. */
  value: unknown;
  /** The same with their number formats, for the table (not written by --json). */
  shown?: unknown;
  /** `signedOut`: the failure was a missing or refused sign-in (exit 3); not written by --json. */
  error: { code: string; message: string; signedOut?: boolean } | null;
  /** The answer's check-the-figures page, or null when there is no answer. */
  link: string | null;
  /** The notices the API requires to be shown with this answer (whatever the cell's headers option). */
  notices: string[];
}

export interface PrintedStats {
  calls: number;
  cache_hits: number;
  coalesced: number;
  retries: number;
  quota_remaining: number | null;
  wall_ms: number;
}

/** Longest text shown in a table cell; URLs are never cut (a cut URL opens the wrong page). */
const MAX_CELL = 60;

function cellText(v: unknown): string {
  const s = terminalText(readableText(v));
  return s.length > MAX_CELL && !/^https?:\/\//i.test(s) ? s.slice(0, MAX_CELL - 1) + "…" : s;
}

/** One result as a plain-text table, with its notices and link under it. */
export function renderTable(r: PrintedResult): string {
  const lines: string[] = [terminalText(r.formula)];
  if (r.error) lines.push(`  ${terminalText(r.error.code)} ${terminalText(r.error.message)}`);
  else {
    const v = r.shown === undefined ? r.value : r.shown;
    const grid = Array.isArray(v) ? (v as unknown[][]) : [[v]];
    const texts = grid.map((row) => row.map(cellText));
    const widths = texts[0].map((_, c) => Math.max(...texts.map((row) => (row[c] ?? "").length)));
    grid.forEach((row, i) => {
      const cells = row.map((c, j) => (isNumeric(c) ? texts[i][j].padStart(widths[j]) : texts[i][j].padEnd(widths[j])));
      lines.push(("  " + cells.join("  ")).trimEnd());
    });
  }
  for (const n of r.notices) lines.push(`  Notice: ${terminalText(n)}`);
  if (r.link) lines.push(`  Source: ${terminalText(r.link)}`);
  return lines.join("\n");
}

/** What stderr says after a run with errors: how many, and which formulas (the messages are in the results). */
export function errorSummary(results: readonly PrintedResult[]): string {
  const failed = results.filter((r) => r.error);
  if (failed.length === 0) return "";
  const lines = [`svc-excel eval: ${failed.length} of ${results.length} formula${results.length === 1 ? "" : "s"} ended in an error:`];
  for (const r of failed) lines.push(`  ${terminalText(r.formula)}: ${terminalText(r.error?.code ?? "")}`);
  const signIn = failed.find((r) => r.error?.signedOut);
  if (signIn) lines.push(`svc-excel eval: ${terminalText(signIn.error?.message ?? "")}`);
  return lines.join("\n") + "\n";
}

export function renderStats(s: PrintedStats): string {
  return `calls ${s.calls}, cache hits ${s.cache_hits}, coalesced ${s.coalesced}, retries ${s.retries}, quota remaining ${s.quota_remaining ?? "unknown"}, ${s.wall_ms} ms\n`;
}

/** The whole output of one run, in the chosen mode. */
export function renderOutput(results: PrintedResult[], stats: PrintedStats, json: boolean): string {
  if (json) {
    const out = results.map((r) => ({ formula: r.formula, value: r.value, error: r.error && { code: r.error.code, message: r.error.message }, link: r.link, notices: r.notices }));
    return jsonText({ results: out, stats }) + "\n";
  }
  return results.map(renderTable).join("\n\n") + "\n\n" + renderStats(stats);
}
