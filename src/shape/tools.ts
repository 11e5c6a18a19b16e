/**
 * API answer -> grid for every tool but get_financials (financials.ts), as a table: a record tool
 * names the list its rows come from and its columns; a tool with a shape of its own names the
 * function that makes it. Record tools spill one record per row in the API's order under a header
 * of the spec's field names.
 */
import type { ToolName } from "../api";
import { COLUMNS } from "./columns";
import { leadership, summary } from "./documents";
import { economy } from "./economy";
import { Grid, ShapeOptions, nonEmpty, recordTable, rectangular, str, withNotices } from "./grid";
import { noticesOf } from "./notices";
import { profileRows } from "./profile";
import { reported } from "./reported";
import { screen } from "./screen";

type Data = Record<string, unknown>;
type Shaper = (data: Data, opts: ShapeOptions) => Grid;

/** The first array of objects in `data` (for answers whose list name the spec does not show). */
function firstList(data: Record<string, unknown>, preferred: string[]): unknown[] {
  for (const k of preferred) if (Array.isArray(data[k])) return data[k] as unknown[];
  const found = Object.values(data).find((v) => Array.isArray(v) && v.length > 0 && typeof v[0] === "object");
  return (found as unknown[]) ?? [];
}

/** The records of `data[list]`, one per row, under `columns`. */
function records(list: string, columns: readonly string[]): Shaper {
  return (data, opts) => recordTable(data[list], columns, opts);
}

/** The first of `shapes` whose list the answer has (one tool, several answer forms), else the last. */
function oneOf(...shapes: [string, Shaper][]): Shaper {
  return (data, opts) => (shapes.find(([list]) => Array.isArray(data[list])) ?? shapes[shapes.length - 1])[1](data, opts);
}

/** How each tool's answer becomes a grid (before notices). */
const SHAPES: Readonly<Record<Exclude<ToolName, "get_financials">, Shaper>> = {
  // The spec does not show search's list name: the sandbox's, else the first list of objects.
  search_companies: (data, opts) => recordTable(firstList(data, ["companies", "results", "matches"]), COLUMNS.search, opts),
  get_company: profileRows,
  get_reported_financials: reported,
  list_filings: records("filings", COLUMNS.filings),
  get_filing_summary: summary,
  get_insider_trades: records("trades", COLUMNS.insiders),
  get_insider_feed: oneOf(["clusters", records("clusters", COLUMNS.insiderClusters)], ["trades", records("trades", COLUMNS.insiderFeed)]),
  get_congress_trades: records("trades", COLUMNS.congress),
  get_congress_feed: records("trades", COLUMNS.congressFeed),
  get_headlines: records("headlines", COLUMNS.headlines),
  get_economy: economy,
  get_leadership: leadership,
  get_institutional_holders: records("holders", COLUMNS.holders),
  get_investor: investor,
  get_short_interest: records("short_interest", COLUMNS.shortInterest),
  get_peers: records("peers", COLUMNS.peers),
  screen_companies: screen,
};

/** get_investor: changes, holdings, or the candidates of an ambiguous name. */
function investor(data: Data, opts: ShapeOptions): Grid {
  if (Array.isArray(data.changes) || str(data.view) === "changes") return recordTable(data.changes, COLUMNS.investorChanges, opts);
  if (Array.isArray(data.holdings)) return recordTable(data.holdings, COLUMNS.investorHoldings, opts);
  return recordTable(data.candidates, COLUMNS.investorCandidates, opts);
}

/** The whole grid for a tool's answer: body, then `Notice:` rows, rectangular and never empty. */
export function shapeAnswer(tool: ToolName, data: Data, opts: ShapeOptions): Grid {
  if (tool === "get_financials") throw new Error("get_financials is shaped by shape/financials.ts");
  return nonEmpty(withNotices(rectangular(SHAPES[tool](data, opts)), noticesOf(tool, data), opts));
}
