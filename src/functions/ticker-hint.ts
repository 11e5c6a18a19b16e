/**
 * An unknown ticker's message names the closest symbols and names ("Unknown ticker: APPL. Closest:
 * AAPL (Apple Inc.)"). They come from the search tool: one engine request per mistyped ticker, cached
 * for a day like any answer (and the 404 itself is remembered: src/engine/missing.ts), so retyping or
 * recalculating costs nothing. When the search cannot help (no match, the ticker exists after all, the
 * quota is spent, signed out), the API's own message stands. A priced refresh takes the hint from the
 * cache only: its price counts no search. So does a 404 the engine answered from its memory (the pane's
 * refresh asks each priced request itself, then Excel recalculates the cells on those answers).
 */
import { SvcError } from "../api";
import type { Engine } from "../engine";

/** How many companies the message names. */
const SHOWN = 3;

function companiesOf(data: Record<string, unknown>): Record<string, unknown>[] {
  const list = ["companies", "results", "matches"].map((k) => data[k]).find(Array.isArray) ?? Object.values(data).find(Array.isArray) ?? [];
  return (list as unknown[]).filter((c): c is Record<string, unknown> => !!c && typeof c === "object");
}

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/** `err` with the closest companies added, when `err` is a 404 for a request naming `ticker`. */
export async function withTickerHint(err: unknown, ticker: unknown, engine: Engine, signal?: AbortSignal, cacheOnly = false): Promise<unknown> {
  if (!(err instanceof SvcError) || err.kind !== "not_found" || typeof ticker !== "string" || ticker.trim() === "") return err;
  const typed = ticker.trim().toUpperCase();
  try {
    const found = companiesOf((await engine.request("search_companies", { query: typed }, { signal, cacheOnly: cacheOnly || err.remembered === true })).data);
    // the ticker exists: the 404 was about something else (a switched-off source, no summary...)
    if (found.some((c) => text(c.ticker).toUpperCase() === typed)) return err;
    const near = found
      .slice(0, SHOWN)
      .map((c) => (text(c.name) ? `${text(c.ticker)} (${text(c.name)})` : text(c.ticker)))
      .filter((s) => s !== "");
    const hint = near.length ? `Closest: ${near.join(", ")}` : "No listed company has a similar name or ticker";
    return new SvcError("not_found", `${err.detail.replace(/[.\s]+$/, "")}. ${hint}.`, { status: err.status });
  } catch {
    return err;
  }
}
