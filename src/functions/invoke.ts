/**
 * The common path of every SVC function: parse arguments → engine → grid, with every failure
 * turned into a cell error and cancellation wired to the engine. Keeps functions.ts declarative.
 */
import { ToolName } from "../api/catalogue";
import { RawParams } from "../api/validate";
import { currentEngine } from "../engine/current";
import { EngineAnswer } from "../engine/types";
import { cellErrorFor, missingValue } from "../office/cell-error";
import { Grid } from "../shape/grid";
import { noticesOf } from "../shape/notices";
import { CellOptions, parseOptions } from "./options";
import { forgetSource, recordSource } from "./sources";

/** What Excel hands a cancelable function; the CLI and tests build the same shape. */
export interface CellInvocation {
  address?: string;
  onCanceled?: () => void;
}

export interface CallContext {
  options: CellOptions;
  /** Ask the engine; records the answer's source and notices for the pane. */
  fetch(tool: ToolName, params: RawParams): Promise<EngineAnswer>;
}

/** Replace missing values (null) with a blank, or with #N/A when the cell asked for na=na. */
function finish(grid: Grid, options: CellOptions): unknown[][] {
  return grid.map((row) => row.map((c) => (c === null ? (options.na === "na" ? missingValue() : "") : c)));
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
  try {
    const options = parseOptions(rawOptions, fn);
    const ctx: CallContext = {
      options,
      fetch: async (tool, params) => {
        const answer = await currentEngine().request(tool, params, { signal: ctrl.signal });
        recordSource({ address, fn, tool, link: answer.link, notices: noticesOf(tool, answer.data), stale: answer.stale, fetchedAt: answer.fetchedAt });
        return answer;
      },
    };
    return finish(await body(ctx), options);
  } catch (e) {
    forgetSource(address);
    throw cellErrorFor(e);
  }
}
