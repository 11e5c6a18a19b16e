/**
 * The daily quota per credential: it starts full each UTC day; `set` overrides what is left today
 * for one credential, or for every credential (including the ones that have not called yet).
 */
interface QuotaRecord {
  day: string;
  remaining: number;
}

export class Quotas {
  private records = new Map<string, QuotaRecord>();
  private fresh: QuotaRecord | null = null;

  constructor(
    readonly daily: number,
    private readonly today: () => string,
  ) {}

  private record(credential: string): QuotaRecord {
    const day = this.today();
    let rec = this.records.get(credential);
    if (!rec || rec.day !== day) {
      rec = { day, remaining: this.fresh && this.fresh.day === day ? this.fresh.remaining : this.daily };
      this.records.set(credential, rec);
    }
    return rec;
  }

  remaining(credential: string): number {
    return this.record(credential).remaining;
  }

  /** One call used; returns what is left. */
  consume(credential: string): number {
    const rec = this.record(credential);
    rec.remaining = Math.max(0, rec.remaining - 1);
    return rec.remaining;
  }

  set(remaining: number, credential?: string): void {
    const day = this.today();
    if (credential !== undefined) {
      this.records.set(credential, { day, remaining });
      return;
    }
    for (const rec of this.records.values()) {
      rec.day = day;
      rec.remaining = remaining;
    }
    this.fresh = { day, remaining };
  }

  reset(): void {
    this.records = new Map();
    this.fresh = null;
  }
}
