/**
 * The report of a run over several models: per file its outcome, the SVC cells that ended in an
 * error, stale formulas and notes (text), or one JSON object
 * `{"files":[{"file","status","message","cells","stale",...}],"stats":{...}}`; then the run's totals.
 */
import { jsonText, writeAll } from "../terminal";
import { ModelFile } from "./batch-files";
import { summaryText } from "./report";

export interface RunTotals {
  headline: string;
  stats: Record<string, number | string | null>;
}

/** Each file's outcome in a few words, for its headline and its progress line. */
export function outcomeText(f: ModelFile): string {
  if (f.status === "refreshed" || f.status === "unchanged" || f.status === "checked") {
    const errors = f.cells.filter((c) => c.error).length;
    const base = `${f.cells.length} SVC cells (${errors} with errors)`;
    if (f.status === "checked") return `${base}; alone it would cost ${f.extra.calls_alone} calls; ${f.extra.problems} problems`;
    return `${f.status === "refreshed" ? "refreshed" : "unchanged (every value as stored; not rewritten)"}: ${base}, ${f.stale.length} stale`;
  }
  if (f.status === "failed") return `not done: ${f.message}`;
  return f.message ?? String(f.status);
}

function fileText(f: ModelFile): string {
  const headline = `${f.file}: ${outcomeText(f)}`;
  if (f.cells.length === 0 && f.lines.length === 0) return `${headline}\n`;
  return summaryText({ headline, cells: f.cells, stale: f.stale, lines: f.lines, stats: {} }).replace(/\n\n$/, "\n");
}

export function printBatch(files: readonly ModelFile[], totals: RunTotals, json: boolean): Promise<void> {
  if (json) {
    const list = files.map((f) => ({ file: f.file, status: f.status, message: f.message, cells: f.cells, stale: f.stale, ...f.extra }));
    return writeAll(process.stdout, jsonText({ files: list, stats: totals.stats }) + "\n");
  }
  const text = files.map(fileText).join("") + totals.headline + "\n";
  return writeAll(process.stdout, text);
}

/** How many files ended in each status, for the totals. */
export function countStatus(files: readonly ModelFile[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of files) if (f.status) out[f.status] = (out[f.status] ?? 0) + 1;
  return out;
}
