/**
 * What the cache keeps, in memory and in a persistent store, and the store interface the adapters
 * (src/adapters/browser: IndexedDB, src/adapters/node: files) implement. A store never throws at
 * its caller for a bad entry: a damaged or foreign entry reads as absent.
 */
import type { ToolName } from "../api";
import type { ToolParams } from "../api";

/** One answer as the API gave it, the parameters it was asked with, and when it arrived. */
export interface CachedAnswer {
  /** The parameters actually sent: what this answer covers. */
  sent: ToolParams;
  data: Record<string, unknown>;
  link: string;
  text: string;
  fetchedAt: number;
  /** Invalidated (refresh): no longer fresh, still a stale fallback. */
  due?: boolean;
}

/** Every cached answer of one identity, newest first. */
export interface AnswerRecord {
  v: 2;
  kind: "answer";
  tool: ToolName;
  entries: CachedAnswer[];
}

/**
 * The quota governor's confirmed state for one UTC day, so a reopened workbook or the next CLI
 * process does not spend a call to rediscover that the day's quota is used up.
 */
export interface QuotaRecord {
  v: 2;
  kind: "quota";
  /** UTC day number (epoch ms / 86,400,000) the figures belong to. */
  day: number;
  /** Last X-Quota-Remaining seen that day. */
  remaining: number | null;
  blockedUntil: number | null;
}

/** A remembered 404 of one identity (src/engine/missing.ts): no call for it until `until` (the next 00:00 UTC). */
export interface MissingRecord {
  v: 2;
  kind: "missing";
  tool: ToolName;
  /** The API's detail, shown again. */
  detail: string;
  until: number;
}

export type CacheRecord = AnswerRecord | QuotaRecord | MissingRecord;

export interface PersistentStore {
  get(key: string): Promise<CacheRecord | undefined>;
  set(key: string, record: CacheRecord): Promise<void>;
  delete(key: string): Promise<void>;
  /** Remove every entry of this store (its scope only). */
  clear(): Promise<void>;
}

const isObj = (x: unknown): x is Record<string, unknown> => !!x && typeof x === "object" && !Array.isArray(x);
const finite = (x: unknown): x is number => typeof x === "number" && Number.isFinite(x);

function isCachedAnswer(x: unknown): x is CachedAnswer {
  return (
    isObj(x) &&
    isObj(x.sent) &&
    isObj(x.data) &&
    typeof x.link === "string" &&
    typeof x.text === "string" &&
    finite(x.fetchedAt) &&
    (x.due === undefined || typeof x.due === "boolean")
  );
}

/** The record if `x` has the shape of one, else undefined (a damaged, older or foreign entry). */
export function asCacheRecord(x: unknown): CacheRecord | undefined {
  if (!isObj(x) || x.v !== 2) return undefined;
  if (x.kind === "answer" && typeof x.tool === "string" && Array.isArray(x.entries) && x.entries.every(isCachedAnswer))
    return x as unknown as AnswerRecord;
  if (
    x.kind === "quota" &&
    Number.isInteger(x.day) &&
    (x.remaining === null || finite(x.remaining)) &&
    (x.blockedUntil === null || finite(x.blockedUntil))
  )
    return x as unknown as QuotaRecord;
  if (x.kind === "missing" && typeof x.tool === "string" && typeof x.detail === "string" && finite(x.until)) return x as unknown as MissingRecord;
  return undefined;
}

/** In memory only (tests, and where nothing persistent is available); stores JSON like the real ones. */
export class MemoryStore implements PersistentStore {
  private readonly map = new Map<string, string>();
  async get(key: string): Promise<CacheRecord | undefined> {
    const raw = this.map.get(key);
    if (raw === undefined) return undefined;
    let rec: CacheRecord | undefined;
    try {
      rec = asCacheRecord(JSON.parse(raw));
    } catch {
      rec = undefined;
    }
    if (!rec) this.map.delete(key);
    return rec;
  }
  async set(key: string, record: CacheRecord): Promise<void> {
    this.map.set(key, JSON.stringify(record));
  }
  async delete(key: string): Promise<void> {
    this.map.delete(key);
  }
  async clear(): Promise<void> {
    this.map.clear();
  }
  size(): number {
    return this.map.size;
  }
  keys(): string[] {
    return [...this.map.keys()];
  }
  /** Overwrite an entry's raw text (tests: simulate damage). */
  setRaw(key: string, raw: string): void {
    this.map.set(key, raw);
  }
}
