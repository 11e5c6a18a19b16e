/**
 * Requests kept under Excel on the web's limit of 5 MB per Excel.run request and per response
 * ("Resource limits and performance optimization for Office Add-ins"): work is cut into chunks of a
 * bounded weight (cells, characters), one sync each, and a chunk Excel still finds too large is cut
 * in half and sent again.
 */
import type { Area } from "../recalc";

/** Cells one sync may read or write: values of 20,000 cells stay far below 5 MB. */
export const CELLS_PER_SYNC = 20_000;
/** Characters one sync may carry (formulas, XML, comments): 2,000,000 leaves room for the JSON around them. */
export const CHARS_PER_SYNC = 2_000_000;
/** Objects one sync may load a few short properties of (addresses of spill ranges, sheets' protection). */
export const ITEMS_PER_SYNC = 5_000;

/** Cells of one band of rows: the unit a large range is read in (a chunk of bands is one request). */
export const BAND_CELLS = 2_000;


/** A band of rows cut in two (a single row stays whole). */
export function halves<A extends Area>(area: A): A[] {
  if (area.r1 === area.r0) return [area];
  const mid = area.r0 + Math.floor((area.r1 - area.r0) / 2);
  return [{ ...area, r1: mid }, { ...area, r0: mid + 1 }];
}

/** `area` cut into bands of whole rows of at most `cells` cells (at least one row each). */
export function bandsOf<A extends Area>(area: A, cells: number): A[] {
  const rows = Math.max(1, Math.floor(cells / (area.c1 - area.c0 + 1)));
  const out: A[] = [];
  for (let r = area.r0; r <= area.r1; r += rows) out.push({ ...area, r0: r, r1: Math.min(area.r1, r + rows - 1) });
  return out;
}

/** Items cut in order into chunks whose weights add up to at most `budget` (an item heavier alone is a chunk of its own). */
export function chunked<T>(items: readonly T[], weight: (t: T) => number, budget: number): T[][] {
  const out: T[][] = [];
  let cur: T[] = [];
  let sum = 0;
  for (const it of items) {
    const w = weight(it);
    if (cur.length && sum + w > budget) {
      out.push(cur);
      cur = [];
      sum = 0;
    }
    cur.push(it);
    sum += w;
  }
  if (cur.length) out.push(cur);
  return out;
}

const TOO_LARGE = new Set(["RequestPayloadSizeLimitExceeded", "ResponsePayloadSizeLimitExceeded"]);

/** Whether Excel refused a request or response as too large. */
export function tooLarge(e: unknown): boolean {
  return TOO_LARGE.has(String((e as { code?: unknown })?.code));
}

/**
 * Run `work` over each chunk in order; a chunk refused as too large is run again as two halves, and a
 * lone item as the parts `split` cuts it into (a band of rows as two bands). Results come back in order.
 */
export async function inChunks<T, R>(items: readonly T[], weight: (t: T) => number, budget: number, work: (chunk: T[]) => Promise<R[]>, split: (t: T) => T[] = (t) => [t]): Promise<R[]> {
  const out: R[] = [];
  const run = async (chunk: T[]): Promise<void> => {
    try {
      out.push(...(await work(chunk)));
    } catch (e) {
      const parts = chunk.length === 1 ? split(chunk[0]) : [];
      if (!tooLarge(e) || (chunk.length < 2 && parts.length < 2)) throw e;
      if (chunk.length === 1) for (const p of parts) await run([p]);
      else {
        const half = Math.ceil(chunk.length / 2);
        await run(chunk.slice(0, half));
        await run(chunk.slice(half));
      }
    }
  };
  for (const chunk of chunked(items, weight, budget)) await run(chunk);
  return out;
}
