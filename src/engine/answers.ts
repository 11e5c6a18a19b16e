/**
 * Turning cached answers into cell answers: the slice a request asked for, and the stale fallback
 * (an answer of any age) when a failure allows one.
 */
import { STALE_OK, SvcError } from "../api";
import type { AnswerCache } from "./cache";
import type { Coalescer } from "./coalescer";
import type { CachedAnswer } from "./records";
import type { CanonicalRequest } from "../api";
import type { Counts } from "./stats";
import type { EngineAnswer } from "./types";

export function answerFrom(c: Coalescer, req: CanonicalRequest, e: CachedAnswer, stale: boolean): EngineAnswer {
  return { data: c.slice(req, e.sent, e.data), link: e.link, text: e.text, stale, fetchedAt: e.fetchedAt };
}

export class StaleFallback {
  constructor(
    private readonly cache: AnswerCache,
    private readonly counts: Counts,
    private readonly changed: () => void,
  ) {}

  /**
   * An expired answer (not one a refresh made due), served stale without a call: in Excel nothing
   * refreshes by itself, and Excel re-runs custom functions on its own (on the web when a workbook
   * opens and on a row or column insert).
   */
  async expired(c: Coalescer, req: CanonicalRequest, group: string): Promise<EngineAnswer | undefined> {
    const e = await this.cache.find(req.tool, group, (x) => !x.due && c.covers(x.sent, req), true);
    if (!e) return undefined;
    this.counts.stale_served++;
    this.changed();
    return answerFrom(c, req, e, true);
  }

  /** A cached answer of any age for a failure that allows it (or a cancellation), else the failure. */
  or(c: Coalescer, req: CanonicalRequest, group: string, err: SvcError): EngineAnswer {
    if (STALE_OK.has(err.kind) || err.kind === "cancelled") {
      const e = this.cache.peek(req.tool, group, (x) => c.covers(x.sent, req), true);
      if (e) {
        this.counts.stale_served++;
        this.changed();
        return answerFrom(c, req, e, !this.cache.isFresh(req.tool, e));
      }
    }
    throw err;
  }
}
