/**
 * What `svc-excel eval` prints: the JSON document or the tables. API text is untrusted: ./terminal.ts
 * (the one place) replaces control characters in table mode and escapes them in --json.
 */
import { jsonText, terminalText } from "./terminal";

export { terminalText, writeAll } from "./terminal";

export interface PrintedResult {
  formula: string;
  value: unknown;
  error: { code: string; message: string } | null;
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

function cellText(v: unknown): string {
  if (v === null || v === undefined) return "";
  const s = terminalText(typeof v === "number" ? String(Math.round(v * 1e6) / 1e6) : String(v));
  return s.length > 40 ? s.slice(0, 39) + "…" : s;
}

/** One result as a plain-text table, with its link and notices under it. */
export function renderTable(r: PrintedResult): string {
  const lines: string[] = [terminalText(r.formula)];
  if (r.error) lines.push(`  ${terminalText(r.error.code)} ${terminalText(r.error.message)}`);
  else {
    const grid = Array.isArray(r.value) ? (r.value as unknown[][]) : [[r.value]];
    const widths = grid[0].map((_, c) => Math.max(...grid.map((row) => cellText(row[c]).length)));
    for (const row of grid) lines.push(("  " + row.map((v, c) => (typeof v === "number" ? cellText(v).padStart(widths[c]) : cellText(v).padEnd(widths[c]))).join("  ")).trimEnd());
  }
  for (const n of r.notices) lines.push(`  Notice: ${terminalText(n)}`);
  if (r.link) lines.push(`  Source: ${terminalText(r.link)}`);
  return lines.join("\n");
}

export function renderStats(s: PrintedStats): string {
  return `calls ${s.calls}, cache hits ${s.cache_hits}, coalesced ${s.coalesced}, retries ${s.retries}, quota remaining ${s.quota_remaining ?? "unknown"}, ${s.wall_ms} ms\n`;
}

/** The whole output of one run, in the chosen mode. */
export function renderOutput(results: PrintedResult[], stats: PrintedStats, json: boolean): string {
  if (json) return jsonText({ results, stats }) + "\n";
  return results.map(renderTable).join("\n\n") + "\n\n" + renderStats(stats);
}
