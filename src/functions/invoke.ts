/**
 * The common path of every SVC function: parse arguments → engine → grid, with every failure
 * caught and cancellation wired to the engine. Keeps cells.ts declarative. Each cell's run returns
 * its outcome together with its record (link, notices, provenance): the caller keeps what it needs
 * (the page's SourceBook for the pane, the CLI's change list) from what the call returned.
 */
import { argsOf } from "../api";
import type { MetricDictionary } from "../api";
import { EngineAnswer } from "../engine";
import { describeFailure } from "../api";
import { isSvcError } from "../api";
import { Grid } from "../shape";
import { noticesOf } from "../shape";
import { CellOptions, parseOptions } from "./options";
import { PlanRequest } from "../engine";
import { toolOfFunction } from "../api";
import type { CellRuntime } from "./runtime";
import { CellSource, ValueSource } from "./sources";
import { withTickerHint } from "./ticker-hint";
import { inDateSystem1904 } from "./date-system";
import { dataTypesOn, entityCardsOn, toHostCell } from "./typed";
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
   * Callers outside Excel (the CLI, model files) take the outcome typed: a missing value with na=na
   * is `{error: "#N/A"}`; Excel's cell errors are made only where a value goes into Excel (the default).
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
  /** SVC.COMPANY without a field is an entity card (the host shows data types and cards). */
  entityCards: boolean;
  /** The runtime's metric dictionary at the call (the spec's lists until its API's was read). */
  dictionary: MetricDictionary;
  /** Ask the engine (requests come from requests.ts); the first answer is the cell's source for the pane. */
  fetch(req: PlanRequest): Promise<EngineAnswer>;
  /** FINANCIALS: record the source of each value of the grid for the pane's "Show source". */
  setProvenance(values: ValueSource[]): void;
}

/**
 * One cell's run: its grid, or the failure it shows; and its record (null for a preview, or a
 * failure before any request of a function without a tool).
 */
export type CellRun = ({ grid: unknown[][] } | { error: unknown }) & { source: CellSource | null };

/** Missing values (null) become a blank, or #N/A with na=na; typed values plain where the host has no data types. */
function finish(rt: CellRuntime, grid: Grid, options: CellOptions, excel: boolean, date1904: boolean): unknown[][] {
  const typed = dataTypesOn(rt);
  const missing = () => (options.na !== "na" ? "" : excel ? rt.host.error("#N/A") : { error: "#N/A" });
  const system = date1904 ? inDateSystem1904 : (c: unknown) => c;
  return grid.map((row) => row.map((c) => (c === null ? missing() : toHostCell(system(c), typed))));
}

/** What the pane keeps of a cell's run: the arguments as Excel passed them and the result's size. */
function runFacts(args: readonly unknown[], out?: unknown[][]): Pick<CellSource, "args" | "rows" | "cols"> {
  return { args: [...args], ...(out ? { rows: out.length, cols: out[0]?.length ?? 0 } : {}) };
}

/** The cell's record so far: the first answer's link, every answer's notices, stale if any was. */
function noteAnswer(source: CellSource | null, first: Omit<CellSource, "link" | "notices" | "stale" | "fetchedAt">, answer: EngineAnswer, notices: string[]): CellSource {
  if (!source) return { ...first, link: answer.link, notices, stale: answer.stale, fetchedAt: answer.fetchedAt };
  return { ...source, notices: [...new Set([...source.notices, ...notices])], stale: source.stale || answer.stale, fetchedAt: Math.min(source.fetchedAt, answer.fetchedAt) };
}

/** A failed cell's record: what the answers before the failure said, and the message the cell shows. */
function failedSource(fn: string, address: string, args: readonly unknown[], prior: CellSource | null, e: unknown): CellSource | null {
  const tool = prior?.tool ?? toolOfFunction(fn);
  if (!tool) return null;
  const failure = describeFailure(e);
  return { address, fn, tool, link: prior?.link ?? "", notices: prior?.notices ?? [], stale: prior?.stale ?? false, fetchedAt: prior?.fetchedAt ?? 0, error: failure.message, errorCode: failure.code, ...runFacts(args) };
}

/**
 * Run one cell of `fn` with the runtime `rt`: `given` are the arguments as Excel passed them (omitted
 * ones null, without the invocation); they go into the record so the pane can price the cell from them.
 * `body` gets them with an older build's 0 for an empty cell read as omitted (blank-cells.ts).
 * Never throws: the outcome says what the cell shows.
 */
export async function runCell(
  rt: CellRuntime,
  fn: string,
  given: readonly unknown[],
  invocation: CellInvocation | undefined,
  body: (ctx: CallContext, args: readonly unknown[]) => Promise<Grid>
): Promise<CellRun> {
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
      entityCards: entityCardsOn(rt),
      dictionary: rt.dictionary(),
      fetch: async (req) => {
        let answer: EngineAnswer;
        try {
          answer = await rt.engine.request(req.tool, req.params, { signal: ctrl.signal, cacheOnly: preview });
        } catch (e) {
          if (preview) throw e;
          throw await withTickerHint(e, req.params.ticker, rt.engine, ctrl.signal, invocation?.hintsFromCache === true);
        }
        source = noteAnswer(source, { address, fn, tool: req.tool, error: null, args: [] }, answer, noticesOf(req.tool, answer.data));
        return answer;
      },
      setProvenance: (values) => {
        provenance = values;
      },
    };
    const grid = finish(rt, await body(ctx, args), options, !invocation?.typed, invocation?.date1904 === true);
    if (preview) return { grid, source: null }; // Excel's own evaluation: not a cell's result
    const done = source as CellSource | null;
    return { grid, source: done ? { ...done, ...runFacts(args, grid), ...(provenance ? { provenance } : {}) } : null };
  } catch (e) {
    if (preview) return previewFailure(e);
    return { error: e, source: failedSource(fn, address, args, source, e) };
  }
}

/** A preview whose answer is not here shows a short value; any other failure shows as the cell would. */
function previewFailure(e: unknown): CellRun {
  if (isSvcError(e) && e.kind === "not_fetched") return { grid: [[PREVIEW_NOT_FETCHED]], source: null };
  return { error: e, source: null };
}
