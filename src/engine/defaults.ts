/** The engine's default timings and names (each overridable in EngineOptions). */
/**
 * Chosen with scripts/bench.js (window sweep): with a recalculation delivered in bursts a few ms
 * apart, a window of 1.5x the gap reaches the floor; 25 ms covers gaps up to ~15 ms.
 */
export const DEFAULT_WINDOW_MS = 25;
/** ApiClient's 20 s fetch timeout plus slack; well under the host's 60 s limit. */
export const DEFAULT_ENGINE_TIMEOUT_MS = 25_000;
export const DEFAULT_RETRY_DELAY_MS = 1_000;
/** Busy 429s are retried this long in one call; the breaker stops a 429 that never clears sooner. */
export const DEFAULT_BUSY_BUDGET_MS = 5_000;
export const DEFAULT_BUSY_BASE_MS = 150;
export const DEFAULT_LOCK_NAME = "svc-api";
export const DEFAULT_ABANDON_GRACE_MS = 100;
export const DEFAULT_MAX_DEFER_MS = 1_000;
export const DEFAULT_MAX_INLINE_RETRY_AFTER_MS = 2_000;
/** Another workbook or process waits at most about this long (plus one call) for its turn. */
export const DEFAULT_MAX_HOLD_MS = 2_000;
