/**
 * The one rule for whether a call may be sent now: a used-up quota refuses first, then an open
 * breaker. The engine asks before queueing, the dispatcher inside the lock, the caller right before
 * each send; only the caller admits (an open breaker whose cool-down is over lets that call be the
 * one probe), the others look.
 */
import type { SvcError } from "../api";
import type { Breaker } from "./breaker";
import type { QuotaGovernor } from "./quota";

export function refusal(quota: QuotaGovernor, breaker: Breaker, opts: { admit?: boolean } = {}): SvcError | null {
  return quota.blockedError() ?? (opts.admit ? breaker.admit() : breaker.error());
}
