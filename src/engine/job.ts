/** A call waiting to be sent (or in flight) and the requests it will answer. */
import type { ToolName } from "../api";
import type { SvcError } from "../api";
import type { ToolParams } from "../api";
import type { Coalescer } from "./coalescer";
import type { CanonicalRequest } from "../api";
import { toSvcError } from "./failure";
import type { EngineAnswer } from "./types";

export interface Member {
  req: CanonicalRequest;
  resolve(a: EngineAnswer): void;
  reject(e: SvcError): void;
  /** Stop listening to the member's abort signal. */
  detach(): void;
}

export interface Job {
  tool: ToolName;
  /** The identity its members share (the cache key). */
  group: string;
  coalescer: Coalescer;
  members: Member[];
  state: "queued" | "sent" | "done";
  /** Monotonic ms. */
  createdAt: number;
  /** Sending order among ready jobs (lowest first). */
  order: number;
  /** Send exactly the one member's own parameters (after a 400/422 split). */
  narrow: boolean;
  /** The parameters sent, once sent. */
  sent?: ToolParams;
}

/** The parameters this job sends now. */
export function callParams(job: Job): ToolParams {
  return job.narrow ? job.members[0].req.params : job.coalescer.callFor(job.members.map((m) => m.req));
}

/** Hand every member its outcome, once; members leave the job. An outcome that throws is that member's error. */
export function settleMembers(job: Job, outcome: (m: Member) => EngineAnswer | SvcError): void {
  settleEach(job.members.splice(0), outcome);
}

/** Hand each of `members` its outcome (they have left their job). */
export function settleEach(members: readonly Member[], outcome: (m: Member) => EngineAnswer | SvcError): void {
  for (const m of members) {
    m.detach();
    let r: EngineAnswer | SvcError;
    try {
      r = outcome(m);
    } catch (e) {
      r = toSvcError(e);
    }
    if (r instanceof Error) m.reject(r);
    else m.resolve(r);
  }
}
