/**
 * Remembered "not found" answers (404: an unknown ticker, series or member, a switched-off source),
 * per identity until the next 00:00 UTC: a mistyped ticker that is retyped or recalculated costs no
 * call. Kept in the connection's persistent store like answers, so a reopened workbook or
 * the next CLI process remembers too; a refresh of the identity and a sign-out forget it.
 */
import { SvcError } from "../api";
import type { ToolName } from "../api";
import type { Clock } from "./clock";
import { Lru } from "./lru";
import type { MissingRecord, PersistentStore } from "./records";

const DAY_MS = 86_400_000;
/** Identities remembered in memory (the store keeps the rest). */
const MAX_REMEMBERED = 500;

/** Store key of an identity's remembered 404 (never an identity itself: those start with a tool name). */
export const missingKey = (identity: string): string => `svc:missing:${identity}`;

export class MissingMemory {
  /** null = the store was read and remembers nothing for this identity. */
  private readonly mem = new Lru<string, MissingRecord | null>(MAX_REMEMBERED);

  constructor(private readonly clock: Clock, private readonly store?: PersistentStore) {}

  private live(rec: MissingRecord | null | undefined): SvcError | undefined {
    if (!rec || this.clock.now() >= rec.until) return undefined;
    return new SvcError("not_found", rec.detail, { status: 404, remembered: true });
  }

  /** The remembered failure of `identity`, as a new error; reads the store the first time. */
  async find(identity: string): Promise<SvcError | undefined> {
    if (!this.mem.has(identity) && this.store) {
      const rec = await this.store.get(missingKey(identity)).catch(() => undefined);
      if (!this.mem.has(identity)) this.mem.set(identity, rec && rec.kind === "missing" ? rec : null);
    }
    return this.live(this.mem.get(identity));
  }

  /** Remember a 404 for the rest of the UTC day. */
  remember(tool: ToolName, identity: string, err: SvcError): void {
    const until = (Math.floor(this.clock.now() / DAY_MS) + 1) * DAY_MS;
    const rec: MissingRecord = { v: 2, kind: "missing", tool, detail: err.detail, until };
    this.mem.set(identity, rec);
    void this.store?.set(missingKey(identity), rec).catch(() => undefined);
  }

  /** Forget `identity` (a refresh asks again); true when something was remembered. */
  async forget(identity: string): Promise<boolean> {
    const had = (await this.find(identity)) !== undefined;
    this.mem.set(identity, null);
    if (had) await this.store?.delete(missingKey(identity)).catch(() => undefined);
    return had;
  }

  /** Forget everything in memory (the store is cleared with the cache's scope). */
  clear(): void {
    this.mem.clear();
  }
}
