/**
 * The common path of every SVC function: parse arguments → engine → grid, with every failure
 * turned into a cell error and cancellation wired to the engine. Keeps functions.ts declarative.
 * Each cell's outcome (answer or error) is recorded for the pane (sources.ts).
 */
import { argsOf } from "../api/arguments";
import { currentEngine } from "../engine/current";
import { EngineAnswer } from "../engine/types";
import { describeFailure } from "../api/cell-outcome";
import { asSvcError, isSvcError } from "../api/errors";
import { cellErrorFor, missingValue } from "./cell-host";
import { Grid } from "../shape/grid";
import { noticesOf } from "../shape/notices";
import { CellOptions, parseOptions } from "./options";
import { PlanRequest, toolOfFunction } from "./requests";
import { CellSource, ValueSource, recordSource } from "./sources";
import { withTickerHint } from "./ticker-hint";
import { inDateSystem1904 } from "./date-system";
import { dataTypesOn, toHostCell } from "./typed";
import { plainArgument } from "./typed-args";
import { blankZeros } from "./blank-cells";

/** What Excel hands a cancelable function; the CLI and tests build the same shape. */
export interface CellInvocation {
  address?: string;
  onCanceled?: () => void;
  /**
   * Excel evaluating part of a formula while it is being edited (CustomFunctionsRuntime 1.5): the
   * cell is answered from the cache, or "preview: not fetched"; never a call.
   */
  isInValuePreview?: boolean | string;
  /**
   * Callers outside Excel (the CLI, model files) take the outcome typed: a failure is thrown as the
   * SvcError itself and a missing value with na=na is `{error: "#N/A"}`; Excel's cell errors are
   * made only where a value goes into Excel (the default).
   */
  typed?: boolean;
  /**
   * The workbook counts dates from 1904-01-01 (a model file's workbookPr date1904): date cells are
   * given in that system (1,462 less than the 1900 system's serial); none exists before 1904.
   */
  date1904?: boolean;
  /**
   * A refresh priced beforehand (a model file's): an unknown ticker's "Closest:" hint only from an
   * answer already cached, never a call the price did not count.
   */
  hintsFromCache?: boolean;
}

/** What Excel shows while previewing a cell whose answer is not here (a value, not an error). */
export const PREVIEW_NOT_FETCHED = "preview: not fetched";

export interface CallContext {
  options: CellOptions;
  /** Ask the engine (requests come from requests.ts); the first answer is the cell's source for the pane. */
  fetch(req: PlanRequest): Promise<EngineAnswer>;
  /** FINANCIALS: record the source of each value of the grid for the pane's "Show source". */
  setProvenance(values: ValueSource[]): void;
}

/** Missing values (null) become a blank, or #N/A with na=na; typed values plain where the host has no data types. */
function finish(grid: Grid, options: CellOptions, excel: boolean, date1904: boolean): unknown[][] {
  const typed = dataTypesOn();
  const missing = () => (options.na !== "na" ? "" : excel ? missingValue() : { error: "#N/A" });
  const system = date1904 ? inDateSystem1904 : (c: unknown) => c;
  return grid.map((row) => row.map((c) => (c === null ? missing() : toHostCell(system(c), typed))));
}

/** What the pane keeps of a cell's run: the arguments as Excel passed them and the result's size. */
function runFacts(args: readonly unknown[], out?: unknown[][]): Pick<CellSource, "args" | "rows" | "cols"> {
  return { args: [...args], ...(out ? { rows: out.length, cols: out[0]?.length ?? 0 } : {}) };
}

/**
 * Run one cell of `fn`: `given` are the arguments as Excel passed them (omitted ones null, without the
 * invocation); they are recorded with the outcome so the pane can price the cell from them. `body`
 * gets them with an older build's 0 for an empty cell read as omitted (blank-cells.ts).
 */
export async function runCell(
  fn: string,
  given: readonly unknown[],
  invocation: CellInvocation | undefined,
  body: (ctx: CallContext, args: readonly unknown[]) => Promise<Grid>
): Promise<unknown[][]> {
  const args = blankZeros(fn, given);
  const ctrl = new AbortController();
  if (invocation) invocation.onCanceled = () => ctrl.abort();
  const address = invocation?.address ?? "";
  // typed as a string by @types/custom-functions-runtime, documented as a boolean: accept both
  const preview = invocation?.isInValuePreview === true || invocation?.isInValuePreview === "true";
  let source: CellSource | null = null;
  let provenance: ValueSource[] | undefined;
  try {
    const options = parseOptions(plainArgument(args[argsOf(fn).indexOf("options")]), fn);
    const ctx: CallContext = {
      options,
      fetch: async (req) => {
        let answer: EngineAnswer;
        try {
          answer = await currentEngine().request(req.tool, req.params, { signal: ctrl.signal, cacheOnly: preview });
        } catch (e) {
          if (preview) throw e;
          throw await withTickerHint(e, req.params.ticker, ctrl.signal, invocation?.hintsFromCache === true);
        }
        const notices = noticesOf(req.tool, answer.data);
        if (!source) source = { address, fn, tool: req.tool, link: answer.link, notices, stale: answer.stale, fetchedAt: answer.fetchedAt, error: null, args: [] };
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
    const out = finish(await body(ctx, args), options, !invocation?.typed, invocation?.date1904 === true);
    if (preview) return out; // Excel's own evaluation: not a cell's result
    if (source) recordSource({ ...(source as CellSource), ...runFacts(args, out), ...(provenance ? { provenance } : {}) });
    return out;
  } catch (e) {
    if (preview) return previewFailure(e, invocation);
    const prior = source as CellSource | null;
    const tool = prior?.tool ?? toolOfFunction(fn);
    const failure = describeFailure(e);
    if (tool) recordSource({ address, fn, tool, link: prior?.link ?? "", notices: prior?.notices ?? [], stale: prior?.stale ?? false, fetchedAt: prior?.fetchedAt ?? 0, error: failure.message, errorCode: failure.code, ...runFacts(args) });
    throw invocation?.typed ? asSvcError(e) : cellErrorFor(e);
  }
}

/** A preview whose answer is not here shows a short value; any other failure shows as the cell would. */
function previewFailure(e: unknown, invocation: CellInvocation | undefined): unknown[][] {
  if (isSvcError(e) && e.kind === "not_fetched") return [[PREVIEW_NOT_FETCHED]];
  throw invocation?.typed ? asSvcError(e) : cellErrorFor(e);
}
