/**
 * get_reported_financials: the statement as filed (one column per filed period), its segments, or
 * the lines that moved most; values in the line's scale.
 */
import { COLUMNS } from "./columns";
import { Grid, PAD, ShapeOptions, asArray, asRecord, cellOf, dateCell, numberCell, recordTable, str } from "./grid";
import { NumberKind } from "./values";

export function reported(data: Record<string, unknown>, opts: ShapeOptions): Grid {
  const view = str(data.view) || (Array.isArray(data.segments) ? "segments" : Array.isArray(data.changes) ? "changes" : "as_filed");
  if (view === "segments") return segments(data, opts);
  if (view === "changes") return changes(data, opts);
  const periods = asArray(data.periods).map(asRecord);
  const rows: Grid = [];
  if (opts.headers >= 1) rows.push(["label", "concept", "scale", ...periods.map((p) => str(p.label))]);
  if (opts.headers >= 2) rows.push(["period_end", PAD, PAD, ...periods.map((p) => dateCell(p.period_end, opts))]);
  for (const line of asArray(data.lines).map(asRecord)) {
    const values = asArray(line.values);
    const kind = scaleKind(line.scale);
    rows.push([str(line.label), str(line.concept), cellOf(line.scale, opts), ...periods.map((_, i) => numberCell(values[i], kind, opts))]);
  }
  return rows;
}

/** Values "in scale": M = millions (thousands separators, one decimal), 1 = as reported. */
function scaleKind(scale: unknown): NumberKind {
  return str(scale).toUpperCase() === "M" ? "usd_m" : "number";
}

/** Segment values are millions of `unit` (spec): the unit column says so ("USD millions"). */
function segments(data: Record<string, unknown>, opts: ShapeOptions): Grid {
  const rows = recordTable(data.segments, COLUMNS.segments, opts);
  const unitAt = COLUMNS.segments.indexOf("unit");
  const millions = [COLUMNS.segments.indexOf("value"), COLUMNS.segments.indexOf("prior_year")];
  asArray(data.segments).forEach((rec, i) => {
    const row = rows[i + (opts.headers >= 1 ? 1 : 0)];
    const unit = str(asRecord(rec).unit);
    row[unitAt] = unit ? `${unit} millions` : null;
    for (const at of millions) row[at] = numberCell(asRecord(rec)[COLUMNS.segments[at]], "usd_m", opts);
  });
  return rows;
}

/** Changed lines: previous, current and change in the line's scale. */
function changes(data: Record<string, unknown>, opts: ShapeOptions): Grid {
  const rows = recordTable(data.changes, COLUMNS.changes, opts);
  asArray(data.changes).forEach((rec, i) => {
    const r = asRecord(rec);
    const row = rows[i + (opts.headers >= 1 ? 1 : 0)];
    const kind = scaleKind(r.scale);
    for (const f of ["previous", "current", "change"] as const) row[COLUMNS.changes.indexOf(f)] = numberCell(r[f], kind, opts);
  });
  return rows;
}
