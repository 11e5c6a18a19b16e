/** The envelope's `text`: a header line, a column line, comma-separated rows, note lines, `More: <link>`. */

export function cell(v: unknown): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "object") return cell(JSON.stringify(v));
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""').replace(/\n/g, " ")}"` : s;
}

export function compactTable(header: string, columns: string[], rows: unknown[][], notes: string[], link: string): string {
  const lines = [header, columns.map(cell).join(",")];
  for (const r of rows) lines.push(r.map(cell).join(","));
  for (const n of notes) lines.push(n.startsWith("Note") ? n : `Note: ${n}`);
  lines.push(`More: ${link}`);
  return lines.join("\n");
}

/** Table of records: columns are the given fields. */
export function recordTable(header: string, records: Record<string, unknown>[], fields: string[], notes: string[], link: string): string {
  return compactTable(header, fields, records.map((r) => fields.map((f) => r[f])), notes, link);
}
