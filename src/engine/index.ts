/**
 * The shared request engine (design.md, "The engine"): queue, dedupe, coalescing, cache, quota
 * governor, retries. Hosts build one with createEngine and install it with setEngine.
 */
export * from "./types";
export { setEngine, currentEngine, hasEngine } from "./current";
export {
  createEngine,
  DEFAULT_ABANDON_GRACE_MS,
  DEFAULT_BUSY_BASE_MS,
  DEFAULT_BUSY_BUDGET_MS,
  DEFAULT_ENGINE_TIMEOUT_MS,
  DEFAULT_LOCK_NAME,
  DEFAULT_MAX_DEFER_MS,
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_WINDOW_MS,
} from "./engine";
export type { EngineOptions, SvcEngine, SvcStats, ToolCaller } from "./engine";
export { FileStore, IndexedDbStore, MemoryStore, asCacheRecord } from "./store";
export type { CacheRecord, FinRecord, PersistentStore, PlainRecord, QuotaRecord, StoredAnswer } from "./store";
export { finRequest, finGroupKey, mergedParams, sliceFinancials, covers, mergeEntry, DEFAULT_YEARS } from "./financials";
export type { FinEntry, FinRequest } from "./financials";
