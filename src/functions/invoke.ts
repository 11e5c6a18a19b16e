/**
 * The common path of every SVC function: parse arguments → engine → grid, with every failure
 * turned into a cell error and cancellation wired to the engine. Keeps functions.ts declarative.
 * Each cell's outcome (answer or error) is recorded for the pane (sources.ts).
 */
import { currentEngine } from "../engine/current";
import { EngineAnswer } from "../engine/types";
import { describeFailure } from "../api/cell-outcome";
import { cellErrorFor, missingValue } from "../office/cell-error";
import { Grid } from "../shape/grid";
import { noticesOf } from "../shape/notices";
import { CellOptions, parseOptions } from "./options";
import { PlanRequest, toolOfFunction } from "./requests";
import { CellSource, ValueSource, recordSource } from "./sources";
import { dataTypesOn, toHostCell } from "./typed";

/** What Excel hands a cancelable function; the CLI and tests build the same shape. */
export interface CellInvocation {
  address?: string;
  onCanceled?: () => void;
}

export interface CallContext {
  options: CellOptions;
  /** Ask the engine (requests come from requests.ts); the first answer is the cell's source for the pane. */
  fetch(req: PlanRequest): Promise<EngineAnswer>;
  /** FINANCIALS: record the source of each value of the grid for the pane's "Show source". */
  setProvenance(values: ValueSource[]): void;
}

/** Missing values (null) become a blank, or #N/A with na=na; typed values plain where the host has no data types. */
function finish(grid: Grid, options: CellOptions): unknown[][] {
  const typed = dataTypesOn();
  return grid.map((row) => row.map((c) => (c === null ? (options.na === "na" ? missingValue() : "") : toHostCell(c, typed))));
}

export async function runCell(
  fn: string,
  rawOptions: unknown,
  invocation: CellInvocation | undefined,
  body: (ctx: CallContext) => Promise<Grid>
): Promise<unknown[][]> {
  const ctrl = new AbortController();
  if (invocation) invocation.onCanceled = () => ctrl.abort();
  const address = invocation?.address ?? "";
  let source: CellSource | null = null;
  let provenance: ValueSource[] | undefined;
  try {
    const options = parseOptions(rawOptions, fn);
    const ctx: CallContext = {
      options,
      fetch: async (req) => {
        const answer = await currentEngine().request(req.tool, req.params, { signal: ctrl.signal });
        const notices = noticesOf(req.tool, answer.data);
        if (!source) source = { address, fn, tool: req.tool, link: answer.link, notices, stale: answer.stale, fetchedAt: answer.fetchedAt, error: null };
        else {
          source.notices = [...new Set([...source.notices, ...notices])];
          source.stale = source.stale || answer.stale;
          source.fetchedAt = Math.min(source.fetchedAt, answer.fetchedAt);
        }
        return answer;
      },
      setProvenance: (values) => {
        provenance = values;
      },
    };
    const out = finish(await body(ctx), options);
    if (source) recordSource({ ...(source as CellSource), ...(provenance ? { provenance } : {}) });
    return out;
  } catch (e) {
    const prior = source as CellSource | null;
    const tool = prior?.tool ?? toolOfFunction(fn);
    if (tool)
      recordSource({ address, fn, tool, link: prior?.link ?? "", notices: prior?.notices ?? [], stale: prior?.stale ?? false, fetchedAt: prior?.fetchedAt ?? 0, error: describeFailure(e).message });
    throw cellErrorFor(e);
  }
}
