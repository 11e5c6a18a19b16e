/**
 * The bodies of SVC.FINANCIALS and SVC.PERIODS: requests from requests.ts, columns picked by the
 * period grammar, LTM computed, every value's source recorded for the pane.
 */
import { FINANCIAL_METRICS, Statement } from "../api";
import { SvcError } from "../api";
import { Cell, Grid, asArray, dateCell, excelSerial, str } from "../shape";
import { FinancialsView, financialsGrid, financialsLayout, financialsView, fiscalLabel, ltmLabel, ltmView, valuePosition } from "../shape";
import { CallContext } from "./invoke";
import { ColumnPick, MAX_YEARS, calendarQuarterIndex, calendarQuarterText, pickColumns } from "./period";
import { financialsRequests, periodsRequest } from "./requests";
import { PlanRequest } from "../engine";
import { ValueSource } from "./sources";

/** The real range of a company's periods, from an answer asked at the widest window (free: same identity, served from the wide call). */
async function availableText(ctx: CallContext, req: PlanRequest): Promise<string> {
  const wide = await ctx.fetch({ tool: req.tool, params: { ...req.params, years: MAX_YEARS } });
  const labels = asArray(wide.data.periods).map(str);
  return labels.length ? `available: ${fiscalLabel(labels[0])} to ${fiscalLabel(labels[labels.length - 1])}` : "no figures available";
}

/** Where each value of the grid sits relative to the anchor (the grid's own layout), with its source. */
function provenanceOf(view: FinancialsView, options: CallContext["options"]): ValueSource[] {
  const layout = financialsLayout(view, options);
  const out: ValueSource[] = [];
  view.rows.forEach((r, ri) =>
    r.values.forEach((value, ci) => {
      const p = r.sources[ci];
      out.push({
        ...valuePosition(layout, ri, ci),
        metric: r.key,
        period: view.labels[ci],
        value,
        concept: p?.concept ?? null,
        formula: p?.formula ?? null,
        accession: p?.accession ?? null,
        filingUrl: p?.url ?? null,
        form: p?.form ?? null,
        computed: (p?.formula ?? "").startsWith("computed:"),
      });
    })
  );
  return out;
}

/** Four-quarter windows (LTM, CY) are computed from the quarters; everything else is a column as filed. */
const windowed = (pick: ColumnPick) => pick.kind === "ltm" || (pick.kind === "calendar" && pick.span === "year");

/**
 * The header of each picked column: a calendar column says which fiscal periods it is made of
 * ("CQ3 2024 (FQ4 2024)", "CY2024 (FQ2 2024 to FQ1 2025)"); LTM windows say they are computed.
 */
function columnLabels(pick: ColumnPick, labels: string[], ends: string[], columns: number[]): string[] {
  return columns.map((c) => {
    if (pick.kind === "ltm") return ltmLabel((labels.length - 1 - c) / 4);
    if (pick.kind !== "calendar") return fiscalLabel(labels[c] ?? "");
    const q = calendarQuarterIndex(ends[c] ?? "") ?? 0;
    if (pick.span === "quarter") return `${calendarQuarterText(q)} (${fiscalLabel(labels[c] ?? "")})`;
    return `CY${Math.floor(q / 4)} (${fiscalLabel(labels[c - 3] ?? "")} to ${fiscalLabel(labels[c] ?? "")})`;
  });
}

/** The whole statement: lines the dictionary adds (industry lines) only where they have a figure. */
function withoutEmptyExtras(view: FinancialsView, statement: Statement): FinancialsView {
  const spec = FINANCIAL_METRICS[statement];
  return { ...view, rows: view.rows.filter((r) => spec.includes(r.key) || r.values.some((v) => v !== null)) };
}

export async function financialsCell(ctx: CallContext, ticker: unknown, metrics: unknown, period: unknown): Promise<Grid> {
  const fr = financialsRequests(ticker, metrics, period, ctx.options, ctx.dictionary);
  const answers = [];
  for (const r of fr.requests) answers.push((await ctx.fetch(r)).data);
  const labels = asArray(answers[0].periods).map(str);
  const ends = asArray(answers[0].period_ends).map(str);
  const pick = fr.plan.pick;
  const columns = pickColumns(labels, pick, ends);
  if (columns.length === 0) {
    throw new SvcError("not_found", `No ${fr.plan.text} figures for ${String(fr.requests[0].params.ticker).toUpperCase()} (${await availableText(ctx, fr.requests[0])})`);
  }
  const headers = columnLabels(pick, labels, ends, columns);
  const shown = windowed(pick)
    ? ltmView(answers, fr.statement, fr.keys, columns, columns.map((c) => (labels.length - 1 - c) / 4), headers)
    : { ...financialsView(answers[0], columns), labels: headers };
  const view = fr.whole ? withoutEmptyExtras(shown, fr.statement) : shown;
  ctx.setProvenance(provenanceOf(view, ctx.options));
  return financialsGrid(view, ctx.options);
}

const DAY_MS = 86_400_000;

/** The ISO date a day after `iso` (the start of the period following one that ended on `iso`). */
function dayAfter(iso: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || excelSerial(iso) === null) return null;
  return new Date(Date.parse(`${iso}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** The calendar quarter a fiscal period is lined up with: the one holding the middle of its last three months ("CQ3 2026"). */
export function calendarQuarter(endIso: string): string | null {
  if (excelSerial(endIso) === null) return null;
  const q = calendarQuarterIndex(endIso);
  return q === null ? null : calendarQuarterText(q);
}

/** SVC.PERIODS: label, start, end and calendar quarter of each fiscal period the period argument names. */
export async function periodsCell(ctx: CallContext, ticker: unknown, period: unknown): Promise<Grid> {
  const { plan, request } = periodsRequest(ticker, period);
  const data = (await ctx.fetch(request)).data;
  const labels = asArray(data.periods).map(str);
  const ends = asArray(data.period_ends).map(str);
  const columns = pickColumns(labels, plan.pick, ends);
  if (columns.length === 0)
    throw new SvcError("not_found", `No ${plan.text} periods for ${String(request.params.ticker).toUpperCase()} (${await availableText(ctx, request)})`);
  const window = windowed(plan.pick);
  const names = columnLabels(plan.pick, labels, ends, columns);
  const rows: Grid = ctx.options.headers >= 1 ? [["period", "start", "end", "calendar_quarter"]] : [];
  columns.forEach((c, i) => {
    const firstCol = window ? c - 3 : c;
    const start = firstCol >= 1 ? dayAfter(ends[firstCol - 1] ?? "") : null;
    const row: Cell[] = [names[i], start ? dateCell(start, ctx.options) : null, ends[c] ? dateCell(ends[c], ctx.options) : null, calendarQuarter(ends[c] ?? "")];
    rows.push(row);
  });
  return rows;
}
