/**
 * What the model-file commands print: one JSON object with --json
 * (`{"cells":[{"sheet","cell","formula","error"}...],"stats":{...}}`), otherwise a
 * summary naming each cell that ended in an error and each formula left stale. Terminal-safe.
 */
import type { CellReport, StaleReport } from "../../model-file";
import { jsonText, terminalText, writeAll } from "../terminal";

export interface ModelOutput {
  /** "Model.xlsx refreshed into out.xlsx", ... */
  headline: string;
  cells: CellReport[];
  stats: Record<string, number | string | null>;
  /** Extra top-level members of the JSON object (stale, recomputed, problems...). */
  extra?: Record<string, unknown>;
  stale?: StaleReport[];
  /** Lines under the headline in the summary (problems of `check`, ...). */
  lines?: string[];
  /** false: the cells' errors are among `lines` already (each problem is printed once). */
  cellErrors?: boolean;
}

function statsLine(stats: ModelOutput["stats"]): string {
  return Object.entries(stats)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`)
    .join(", ");
}

/** Each cell's line stays one line whatever its text holds (a line break in a value would forge the next line). */
const one = terminalText;

export function summaryText(o: ModelOutput): string {
  const lines = [o.headline];
  if (o.cellErrors !== false) for (const c of o.cells) if (c.error) lines.push(`  ${one(c.sheet)}!${c.cell} ${c.error.code} ${one(c.error.message)}  (${one(c.formula)})`);
  for (const c of o.cells) if (c.hidden) lines.push(`  ${one(c.sheet)}!${c.cell} ${c.hidden.code} hidden by the formula (it shows a value instead): ${one(c.hidden.message)}  (${one(c.formula)})`);
  for (const c of o.cells) if (c.note) lines.push(`  ${one(c.sheet)}!${c.cell} note: ${one(c.note)}`);
  for (const l of o.lines ?? []) lines.push(`  ${l}`);
  if (o.stale && o.stale.length > 0) {
    lines.push(`stale (stored value kept; open in Excel to recalculate):`);
    for (const s of o.stale) lines.push(`  ${one(s.sheet)}!${s.cell} =${one(s.formula)}: ${one(s.reason)}`);
  }
  lines.push(statsLine(o.stats));
  return lines.join("\n") + "\n";
}

export function printModelOutput(o: ModelOutput, json: boolean): Promise<void> {
  const text = json ? jsonText({ cells: o.cells, stats: o.stats, ...(o.stale ? { stale: o.stale } : {}), ...(o.extra ?? {}) }) + "\n" : summaryText(o);
  return writeAll(process.stdout, text);
}
