/**
 * What `svc-excel eval` prints: the JSON document or the tables, and the writing itself. API text is
 * untrusted: in table mode every control character (terminal escape sequences, bidi overrides) is
 * replaced before it reaches the terminal. Writes resolve once the stream has taken the bytes, so
 * the caller can return an exit code without cutting a pipe short.
 */

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

// C0 controls but tab/newline/carriage return, DEL, C1 controls, bidi embeddings/overrides/isolates,
// line/paragraph separators: none of them may reach a terminal from API text.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const BREAKS = /[\t\n\r]/g;

/** One line of terminal-safe text: controls become U+FFFD, tabs and line breaks a space. */
export function terminalText(s: string): string {
  return s.replace(BREAKS, " ").replace(CONTROL, "\uFFFD");
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
  if (json) return JSON.stringify({ results, stats }) + "\n";
  return results.map(renderTable).join("\n\n") + "\n\n" + renderStats(stats);
}

/**
 * Write and resolve once the stream has accepted the bytes (its callback). With a pipe on stdout,
 * Node writes asynchronously: exiting before this resolves cuts the output (64 KiB was the symptom).
 */
export function writeAll(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // A reader that went away (`| head`) is not a failure of this run: nothing more to write.
    stream.write(text, (err?: Error | null) => (err && (err as NodeJS.ErrnoException).code !== "EPIPE" ? reject(err) : resolve()));
  });
}
