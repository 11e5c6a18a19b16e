/**
 * The request rules the engine routes by (implemented in src/api):
 * canonicalise a raw request, widen it to the call worth making, tell whether a sent call covers a
 * request, slice the narrow answer out of a wide one. The engine takes them as an interface so tests
 * can hand in their own; `rulesOf(dictionary)` are the real ones, checking metrics against the
 * runtime's dictionary (`apiRules`: the spec's lists alone).
 */
import type { ToolName } from "../api";
import { CanonicalRequest, canonicalise } from "../api";
import { CurrentDictionary, SPEC_DICTIONARY } from "../api";
import type { RawParams, ToolParams } from "../api";
import { WideRequest, covers, sliceData, widen } from "../api";

export interface RequestRules {
  canonicalise(tool: ToolName, raw: RawParams): CanonicalRequest;
  widen(req: CanonicalRequest): WideRequest;
  covers(sent: ToolParams, req: CanonicalRequest): boolean;
  sliceData(req: CanonicalRequest, sent: ToolParams, data: Record<string, unknown>): Record<string, unknown>;
}

/** The API's rules with the metric keys of `dictionary` (read at each request: it may arrive later). */
export function rulesOf(dictionary: CurrentDictionary): RequestRules {
  return {
    canonicalise: (tool, raw) => canonicalise(tool, raw, { dictionary: dictionary() }),
    widen: (req) => widen(req, { dictionary: dictionary() }),
    covers: (sent, req) => covers(sent, req),
    sliceData: (req, sent, data) => sliceData(req, sent, data),
  };
}

export const apiRules: RequestRules = rulesOf(() => SPEC_DICTIONARY);

/**
 * The same rules, each request widened once: the coalescer, the registry and the cache each ask for a
 * request's wide form (a 50-metric list and its key), many times per request while a burst gathers.
 * Memoised per request object, for the engine's lifetime (a WeakMap: gone with the request).
 */
export function widenOnce(rules: RequestRules): RequestRules {
  const wideCache = new WeakMap<CanonicalRequest, WideRequest>();
  return {
    canonicalise: (tool, raw) => rules.canonicalise(tool, raw),
    widen(req) {
      let w = wideCache.get(req);
      if (!w) wideCache.set(req, (w = rules.widen(req)));
      return w;
    },
    covers: (sent, req) => rules.covers(sent, req),
    sliceData: (req, sent, data) => rules.sliceData(req, sent, data),
  };
}
