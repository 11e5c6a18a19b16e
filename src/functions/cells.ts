/**
 * What each SVC function computes, by name: its arguments (in the order users type them, omitted
 * ones null) → requests → the engine → a grid. Bodies stay thin; the common path (options, the
 * engine, errors, the cell's record) is invoke.ts. Excel reaches them through the page's composition
 * root (src/compose/excel-functions.ts), the CLI and the workbench through call.ts.
 */
import type { ToolName } from "../api";
import { Grid } from "../shape";
import { CellOptions } from "./options";
import type { MetricDictionary } from "../api";
import { invalidArgument } from "../api";
import { companyCard } from "../shape";
import { profileEntries, profileField, profileCell, profileRows } from "../shape";
import { shapeAnswer } from "../shape";
import { financialsCell, periodsCell } from "./financials-cell";
import type { CallContext } from "./invoke";
import { requestsFor } from "./requests";
import { plainArgument } from "./typed-args";

/**
 * Shaped grids by answer: a recalculation of many cells on one cached answer shapes it once per
 * option set (shaping is pure and grids are never mutated downstream).
 */
const shapedCache = new WeakMap<object, Map<string, Grid>>();

function shapeOnce(tool: ToolName, data: Record<string, unknown>, options: CellOptions, dict: MetricDictionary): Grid {
  const key = `${tool}|${options.headers}|${options.dates}|${JSON.stringify(options.extra)}`;
  let byOptions = shapedCache.get(data);
  if (!byOptions) shapedCache.set(data, (byOptions = new Map()));
  let grid = byOptions.get(key);
  if (!grid) byOptions.set(key, (grid = shapeAnswer(tool, tool === "screen_companies" ? withScreenUnits(data, dict) : data, options)));
  return grid;
}

/** Screen metrics' units: the answer's `units`, else the API dictionary's (so a percent metric is converted either way). */
function withScreenUnits(data: Record<string, unknown>, dict: MetricDictionary): Record<string, unknown> {
  const given = data.units && typeof data.units === "object" ? (data.units as Record<string, unknown>) : {};
  const units: Record<string, unknown> = {};
  for (const m of dict.screenMetrics()) {
    const u = dict.screenInfo(m)?.unit;
    if (u) units[m] = u;
  }
  return { ...data, units: { ...units, ...given } };
}

/** One cell's computation from its context and its arguments. */
export type CellBody = (ctx: CallContext, args: readonly unknown[]) => Promise<Grid>;

/** A record tool: the request requests.ts maps the arguments to, then one record per row. */
const records =
  (fn: string): CellBody =>
  async (ctx, args) => {
    const [req] = requestsFor(fn, [...args], ctx.dictionary);
    return shapeOnce(req.tool, (await ctx.fetch(req)).data, ctx.options, ctx.dictionary);
  };

/** A company's profile (field, value rows, or an entity card where the host shows them), or one field. */
const company: CellBody = async (ctx, args) => {
  const [, field] = args;
  const f = plainArgument(field);
  const wanted = f === null || f === undefined ? "" : String(f).trim();
  const [req] = requestsFor("COMPANY", [...args], ctx.dictionary);
  const { data, link } = await ctx.fetch(req);
  if (wanted === "") return ctx.entityCards ? [[companyCard(data, link, ctx.options)]] : profileRows(data, ctx.options);
  const hit = profileField(data, wanted);
  if (!hit) throw invalidArgument("field", `field "${wanted}" is not in the profile; fields: ${profileEntries(data).map(([k]) => k).join(", ")}`);
  return [[profileCell(hit[0], hit[1], ctx.options)]];
};

/** Every function by its SVC name (without the namespace). */
export const CELLS: Readonly<Record<string, CellBody>> = {
  SEARCH: records("SEARCH"),
  COMPANY: company,
  FINANCIALS: (ctx, [ticker, metrics, period]) => financialsCell(ctx, ticker, metrics, period),
  REPORTED: records("REPORTED"),
  FILINGS: records("FILINGS"),
  SUMMARY: records("SUMMARY"),
  INSIDERS: records("INSIDERS"),
  INSIDERFEED: records("INSIDERFEED"),
  CONGRESS: records("CONGRESS"),
  CONGRESSFEED: records("CONGRESSFEED"),
  HEADLINES: records("HEADLINES"),
  ECONOMY: records("ECONOMY"),
  LEADERSHIP: records("LEADERSHIP"),
  HOLDERS: records("HOLDERS"),
  INVESTOR: records("INVESTOR"),
  SHORTINTEREST: records("SHORTINTEREST"),
  PEERS: records("PEERS"),
  SCREEN: records("SCREEN"),
  PERIODS: (ctx, [ticker, period]) => periodsCell(ctx, ticker, period),
};
