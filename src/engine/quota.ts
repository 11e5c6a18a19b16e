/**
 * The quota governor. It moves only on confirmed signals: an X-Quota-Remaining header, or a 429
 * whose detail says the daily quota is used up. Between headers it shows an estimate (last header
 * minus answers since), but an estimate never blocks a call: only a header of 0 or a quota 429 does,
 * until the next 00:00 UTC. Failed calls (404s, busy 429s) change nothing. The state of the day is
 * kept in the (connection-scoped) store so a reopened workbook does not spend a call to rediscover it.
 */
import { SvcError } from "../api";
import { Clock, nextTurn } from "./clock";
import type { PersistentStore, QuotaRecord } from "./records";

const DAY_MS = 86_400_000;
/** Store key of the governor's state (never an identity: those start with a tool name). */
export const QUOTA_KEY = "svc:quota";
/** Below this many calls left, every answer's figure is written at once and re-read by other runtimes before a call. */
export const LOW_QUOTA = 100;
/** Otherwise the figure is written every this many answers (and on flush). */
const WRITE_EVERY = 25;

export class QuotaGovernor {
  /** Last header value. */
  private confirmed: number | null = null;
  /** Answers without a header since the last header (for the estimate only). */
  private unconfirmedAnswers = 0;
  private blocked: number | null = null;
  private readonly ready: Promise<void>;

  constructor(private readonly clock: Clock, private readonly store?: PersistentStore, private readonly onChange: () => void = () => undefined) {
    this.ready = store ? this.reload() : Promise.resolve();
  }

  /** Resolves once the persisted state was read. */
  loaded(): Promise<void> {
    return this.ready;
  }

  private day(): number {
    return Math.floor(this.clock.now() / DAY_MS);
  }

  private roll(): void {
    if (this.blocked !== null && this.clock.now() >= this.blocked) {
      this.blocked = null;
      this.confirmed = null;
      this.unconfirmedAnswers = 0;
      this.onChange();
    }
  }

  /** Calls left as far as we know: the last header minus answers since; null when unknown. */
  remaining(): number | null {
    this.roll();
    if (this.blocked !== null) return 0;
    return this.confirmed === null ? null : Math.max(0, this.confirmed - this.unconfirmedAnswers);
  }

  blockedUntil(): number | null {
    this.roll();
    return this.blocked;
  }

  blockedError(): SvcError | undefined {
    const until = this.blockedUntil();
    if (until === null) return undefined;
    const at = new Date(until).toISOString().replace(".000Z", "Z");
    return new SvcError("quota_exhausted", `The daily quota is used up; calls resume at 00:00 UTC (${at})`, { status: 429 });
  }

  /** Answers since the state was last written. */
  private unwritten = 0;

  /** A successful answer, with its header when it carried one. */
  onAnswer(header: number | null): void {
    if (header !== null) {
      this.confirmed = header;
      this.unconfirmedAnswers = 0;
      if (header <= 0) this.block();
    } else if (this.confirmed !== null) this.unconfirmedAnswers++;
    // Every new figure from the server is written (a reopened workbook shows the server's last word,
    // a restart); writes are queued one at a time and each writes the state as it is then, so a burst
    // of answers costs a few writes, off the call path. Answers without a header only move the estimate.
    this.unwritten++;
    if (header !== null || this.blocked !== null || this.unwritten >= WRITE_EVERY) this.persist();
    this.onChange();
  }

  /** A failed call: only a quota 429 moves the governor. */
  onError(err: SvcError): void {
    if (err.kind !== "quota_exhausted") return;
    this.confirmed = 0;
    this.unconfirmedAnswers = 0;
    this.block();
    this.persist();
    this.onChange();
  }

  private block(): void {
    if (this.blocked === null) this.blocked = (this.day() + 1) * DAY_MS;
  }

  /** Adopt today's persisted state (another runtime or process may have written it). */
  async reload(): Promise<void> {
    const rec = await this.store?.get(QUOTA_KEY).catch(() => undefined);
    if (!rec || rec.kind !== "quota" || rec.day !== this.day()) return;
    if (rec.remaining !== null && (this.confirmed === null || rec.remaining < this.confirmed)) {
      this.confirmed = rec.remaining;
      this.unconfirmedAnswers = 0;
    }
    if (rec.blockedUntil !== null && rec.blockedUntil > this.clock.now() && this.blocked === null) this.blocked = rec.blockedUntil;
    this.onChange();
  }

  /** Writes run one after another, so the last state wins. */
  private writing: Promise<void> = Promise.resolve();

  /** A write is queued and not started: it will write the state as it is when it runs. */
  private queued = false;

  persist(): void {
    const store = this.store;
    if (!store) return;
    this.unwritten = 0;
    if (this.queued) return;
    this.queued = true;
    // On the next macrotask, like the cache's writes: the next call goes out first (flush() waits).
    this.writing = this.writing
      .then(nextTurn)
      .then(() => {
        this.queued = false;
        const rec: QuotaRecord = { v: 2, kind: "quota", day: this.day(), remaining: this.confirmed, blockedUntil: this.blocked };
        return store.set(QUOTA_KEY, rec);
      })
      .catch(() => undefined);
  }

  flush(): Promise<void> {
    if (this.unwritten > 0) this.persist();
    return this.writing;
  }

  /** Sign-out: forget this connection's quota state, here and in the store. */
  async forget(): Promise<void> {
    this.confirmed = null;
    this.unconfirmedAnswers = 0;
    this.blocked = null;
    await this.writing;
    await this.store?.delete(QUOTA_KEY).catch(() => undefined);
    this.onChange();
  }
}
