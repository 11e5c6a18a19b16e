/** The calls queued or in flight, by identity: where a new request may join. */
import type { Coalescer } from "./coalescer";
import { Job, callParams } from "./job";
import type { CanonicalRequest } from "../api";

export class JobRegistry {
  /** At most one joinable queued job per identity (narrow ones: one per request key), any number in flight. */
  private readonly jobs = new Map<string, Job[]>();

  /**
   * A call in flight whose parameters cover the request, else the queued call of its identity it
   * may join (a narrow call only takes the very same request).
   */
  joinable(c: Coalescer, req: CanonicalRequest, group: string, narrow: boolean): Job | undefined {
    const jobs = this.jobs.get(group) ?? [];
    return (
      jobs.find((j) => j.state === "sent" && j.sent !== undefined && c.covers(j.sent, req)) ??
      (narrow
        ? jobs.find((j) => j.state === "queued" && j.narrow && j.members[0]?.req.key === req.key)
        : jobs.find((j) => j.state === "queued" && !j.narrow && (c.gathers || c.covers(callParams(j), req))))
    );
  }

  track(job: Job): void {
    const list = this.jobs.get(job.group);
    if (list) list.push(job);
    else this.jobs.set(job.group, [job]);
  }

  /** The job is done (sent and settled, dropped, refused, split): requests no longer join it. */
  retire(job: Job): void {
    job.state = "done";
    const list = this.jobs.get(job.group);
    if (!list) return;
    const i = list.indexOf(job);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) this.jobs.delete(job.group);
  }
}
