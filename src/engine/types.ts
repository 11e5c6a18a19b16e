/**
 * The engine's contract, shared by the functions, the pane and the CLI. One instance per runtime.
 */
import { ToolName } from "../api";
import { RawParams } from "../api";

/** A tool answer as cells see it: the whole envelope, plus where it came from. */
export interface EngineAnswer {
  data: Record<string, unknown>;
  link: string;
  text: string;
  /** True when served from cache past its lifetime because the API could not answer. */
  stale: boolean;
  /** Epoch ms when the API produced this answer. */
  fetchedAt: number;
}

export interface RequestOptions {
  /**
   * Aborted when every cell waiting on the request was cancelled. A request not yet sent is
   * dropped (the promise rejects with SvcError "cancelled"); one already sent finishes and is cached.
   */
  signal?: AbortSignal;
  /**
   * Answer only from what is here (the cache, a remembered 404): never make or join a call. Excel's
   * own evaluations (a value preview while a formula is edited) ask this way; anything else is
   * SvcError "not_fetched".
   */
  cacheOnly?: boolean;
}

export interface EngineStats {
  /** HTTP requests sent to the API. */
  calls: number;
  cache_hits: number;
  /** Requests answered by another request's call (dedupe in flight and coalescing). */
  coalesced: number;
  retries: number;
  /** Last X-Quota-Remaining minus answers since (an estimate that never blocks), null when unknown. */
  quota_remaining: number | null;
}

/** One request as a formula would make it (the pane prices refreshes with these). */
export interface PlanRequest {
  tool: ToolName;
  params: RawParams;
}

/** What recalculating a set of requests would cost. */
export interface RefreshPlan {
  /** HTTP requests it would send: one per distinct identity not answered by a fresh cached answer. */
  calls: number;
  /** Valid requests priced. */
  requests: number;
  /** Valid requests a fresh cached answer covers (0 with refresh:true). */
  cached: number;
  /** Requests rejected locally (they cost nothing): their index in the input and the message. */
  invalid: { index: number; message: string }[];
}

export interface Engine {
  /**
   * Validate (throws SvcError invalid_argument without any call), then answer from cache, an
   * in-flight twin, a coalesced call, or a new call through the serial queue. Always settles.
   * For get_financials the answer's data holds exactly the requested metrics (in request order) and
   * at most the requested years of columns, whatever larger call answered it.
   */
  request(tool: ToolName, params: RawParams, opts?: RequestOptions): Promise<EngineAnswer>;
  stats(): EngineStats;
  /** Forget cached answers (the pane's "refresh data"); in-flight work is unaffected. */
  clearCache(): Promise<void>;
}
