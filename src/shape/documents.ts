/**
 * Answers with several parts, spilled as rows a model can reference: a filing summary (one row per
 * finding) and leadership (labelled blocks, or the one block `part=` picks).
 */
import { COLUMNS } from "./columns";
import { Cell, Grid, ShapeOptions, asArray, asRecord, cellOf, fieldCell, recordTable, str } from "./grid";

export function summary(data: Record<string, unknown>, opts: ShapeOptions): Grid {
  const rows: Grid = [];
  if (opts.headers >= 1) rows.push([...COLUMNS.summary]);
  const sections = asArray(data.sections).map(asRecord);
  if (sections.length) {
    for (const s of sections) {
      for (const b of asArray(s.bullets).map(asRecord)) {
        const cites = asArray(b.citations).map(asRecord);
        const quote = cites.map((c) => str(c.quote)).filter(Boolean).join(" | ");
        const verified: Cell = cites.length ? cites.every((c) => c.verified === true) : null;
        rows.push([cellOf(str(s.title)), cellOf(str(b.text)), cellOf(quote || null), verified]);
      }
    }
  } else if (str(data.summary_markdown)) {
    // An older summary without sections: one row per markdown bullet or paragraph, under its heading.
    let section = "Summary";
    for (const raw of str(data.summary_markdown).split(/\r?\n/)) {
      const line = raw.trim();
      if (!line) continue;
      const heading = /^#+\s*(.*)$/.exec(line);
      if (heading) {
        section = heading[1];
        continue;
      }
      rows.push([cellOf(section), cellOf(line.replace(/^[-*]\s+/, "")), null, null]);
    }
  }
  return rows;
}

/** get_leadership: fixed-shape overview, then founders, then CEO pay, as labelled blocks; `part=` picks one. */
export function leadership(data: Record<string, unknown>, opts: ShapeOptions): Grid {
  const part = (opts.extra.part ?? "all").toLowerCase();
  const ceo = asRecord(data.ceo);
  const family = asRecord(data.founding_family);
  const source = asRecord(data.source);
  const overview: [string, unknown][] = [
    ["name", data.name],
    ["ceo", ceo.name],
    ["ceo_title", ceo.title],
    ["founder_led", data.founder_led],
    ["founder_on_board", data.founder_on_board],
    ["founder_controlled", data.founder_controlled],
    ["control_basis", data.control_basis],
    ["family_controlled", data.family_controlled],
    ["founding_family", family.family],
    ["confidence", data.confidence],
    ["reviewed", data.reviewed],
    ["notes", data.notes],
    ["source_url", source.url],
  ];
  const overviewRows = (): Grid => [
    ...(opts.headers >= 1 ? [["field", "value"] as Cell[]] : []),
    ...overview.map(([k, v]): Cell[] => [k, fieldCell(k, v, opts)]),
  ];
  if (part === "overview") return overviewRows();
  if (part === "founders") return recordTable(data.founders, COLUMNS.founders, opts);
  if (part === "ceo_pay") return recordTable(data.ceo_pay, COLUMNS.ceoPay, opts);
  const label = (t: string): Cell[] => (opts.headers >= 1 ? [t] : []);
  const block = (t: string, g: Grid): Grid => [label(t), ...g].filter((r) => r.length);
  return [
    ...block("Overview", overviewRows()),
    ...block("Founders", recordTable(data.founders, COLUMNS.founders, opts)),
    ...block("CEO pay", recordTable(data.ceo_pay, COLUMNS.ceoPay, opts)),
  ];
}
