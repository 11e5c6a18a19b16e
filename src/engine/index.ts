/**
 * The shared request engine (docs/architecture.md, "The engine in one paragraph"). Hosts build one through src/compose and
 * hand it down: the functions get it in their runtime (src/functions/runtime.ts), the pane in its deps.
 */
export * from "./types";
export { createEngine } from "./engine";
export { rulesOf } from "./rules";
export {
  DEFAULT_ABANDON_GRACE_MS,
  DEFAULT_BUSY_BASE_MS,
  DEFAULT_BUSY_BUDGET_MS,
  DEFAULT_ENGINE_TIMEOUT_MS,
  DEFAULT_LOCK_NAME,
  DEFAULT_MAX_DEFER_MS,
  DEFAULT_RETRY_DELAY_MS,
  DEFAULT_WINDOW_MS,
} from "./defaults";
export type { EngineOptions, SvcEngine, SvcStats, ToolCaller } from "./engine";
export { MemoryStore, asCacheRecord } from "./records";
export type { AnswerRecord, CacheRecord, CachedAnswer, PersistentStore, QuotaRecord } from "./records";
export { systemClock } from "./clock";
export type { Clock } from "./clock";
export { DEFAULT_MAX_IDENTITIES } from "./cache";
export { DEFAULT_STORE_TIMEOUT_MS } from "./timed-store";
export { DEFAULT_COOL_DOWN_MS, DEFAULT_THRESHOLD } from "./breaker";
export type { BreakerOptions } from "./breaker";
export type { RequestRules } from "./rules";
export { ConnectionScopedEngine } from "./scoped";
