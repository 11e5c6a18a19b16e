/**
 * How requests share calls. A Job holds members and one Coalescer; it never asks which tool it is.
 *  - plain: requests with the same identity (after widening) share the one wide call; each member
 *    gets its slice.
 *  - financials: the same, and a queued call also grows to hold every member's metrics and years
 *    (a metric outside the wide list, e.g. an industry line, still rides along), so it waits the
 *    coalescing window for siblings.
 */
import type { ToolName } from "../api";
import { ToolParams, requestKey } from "../api";
import type { RequestRules } from "./rules";
import type { CanonicalRequest } from "../api";

export interface Coalescer {
  /** Requests with the same group share one call. */
  group(req: CanonicalRequest): string;
  /** The parameters of one call answering every member. */
  callFor(members: readonly CanonicalRequest[]): ToolParams;
  /** True when a queued call's parameters grow to take in members it does not cover yet. */
  readonly gathers: boolean;
  /**
   * True while the call is worth holding for the coalescing window: some member asks for more than
   * the wide call alone would fetch (e.g. a metric outside the statement's known list), so siblings
   * arriving in the same burst may still add to it. A wide call that covers its members goes at once.
   * A union over the members after the first: waits([a, ...b, ...c]) = waits([a, ...b]) || waits([a, ...c]),
   * so a growing job only asks about its newcomers.
   */
  waits(members: readonly CanonicalRequest[]): boolean;
  covers(sent: ToolParams, req: CanonicalRequest): boolean;
  slice(req: CanonicalRequest, sent: ToolParams, data: Record<string, unknown>): Record<string, unknown>;
}

export function plainCoalescer(rules: RequestRules): Coalescer {
  return {
    gathers: false,
    waits: () => false,
    group: (req) => rules.widen(req).identity,
    callFor: (members) => ({ ...rules.widen(members[0]).params }),
    covers: (sent, req) => rules.covers(sent, req),
    slice: (req, sent, data) => rules.sliceData(req, sent, data),
  };
}

export function financialsCoalescer(rules: RequestRules): Coalescer {
  return {
    gathers: true,
    waits(members) {
      if (members.length === 0) return false;
      const wide = rules.widen(members[0]).params;
      // Not widened at all (rules without a wide form for it): siblings may still add metrics/years.
      if (requestKey("get_financials", wide) === members[0].key) return true;
      return members.some((m) => !rules.covers(wide, m));
    },
    group: (req) => rules.widen(req).identity,
    callFor(members) {
      const wide = { ...rules.widen(members[0]).params };
      const metrics = [...((wide.metrics as string[] | undefined) ?? [])];
      const seen = new Set(metrics);
      let years = typeof wide.years === "number" ? wide.years : 0;
      for (const m of members) {
        for (const k of (m.params.metrics as string[] | undefined) ?? []) if (!seen.has(k)) (seen.add(k), metrics.push(k));
        if (typeof m.params.years === "number") years = Math.max(years, m.params.years);
      }
      if (metrics.length > 0) wide.metrics = metrics;
      if (years > 0) wide.years = years;
      return wide;
    },
    covers: (sent, req) => rules.covers(sent, req),
    slice: (req, sent, data) => rules.sliceData(req, sent, data),
  };
}

/** The coalescer for a tool: the one place that knows get_financials merges differently. */
export function coalescers(rules: RequestRules): (tool: ToolName) => Coalescer {
  const plain = plainCoalescer(rules);
  const fin = financialsCoalescer(rules);
  return (tool) => (tool === "get_financials" ? fin : plain);
}
