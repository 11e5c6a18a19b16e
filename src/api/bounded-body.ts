/**
 * Reading an answer without trusting its size or shape (README "Security", limits): the body is read
 * from the stream and given up as soon as it passes the byte cap (the rest is never downloaded), an
 * announced Content-Length over the cap is refused before reading, and JSON nested deeper than the
 * depth cap is refused before it is parsed (it could not be cached or shaped anyway).
 */
import { SvcError } from "./errors";

/** The largest answer accepted. The biggest real one (20 years of quarters with provenance) is well under 1 MB. */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
/** The deepest JSON nesting accepted (the spec's deepest answer, a filing summary's citations, is 6). */
export const MAX_JSON_DEPTH = 64;

const MB = 1024 * 1024;
const mb = (n: number) => `${Math.round((n / MB) * 10) / 10} MB`;

function tooLarge(status: number, detail: string): SvcError {
  return new SvcError("malformed", `${detail}, larger than ${mb(MAX_ANSWER_BYTES)}; refused (not retried)`, { status });
}

/** Throw away what is left of a body (an error in the cancel itself changes nothing). */
export async function discardBody(res: Response): Promise<void> {
  try {
    await res.body?.cancel();
  } catch {
    /* already closed */
  }
}

/** UTF-8 bytes as text (an answer read by readBoundedBytes). */
export function decodeText(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes);
}

/**
 * The body's bytes, at most `maxBytes`, undecoded (decoding can wait until the answer is read: the
 * next call goes first). Over the cap: the stream is cancelled and a `malformed` error (never
 * retried) is thrown. Read failures propagate to the caller (timeout or network).
 */
export async function readBoundedBytes(res: Response, maxBytes = MAX_ANSWER_BYTES): Promise<Uint8Array> {
  const announced = Number(res.headers.get("Content-Length"));
  if (Number.isFinite(announced) && announced > maxBytes) {
    await discardBody(res);
    throw tooLarge(res.status, `The API announced an answer of ${mb(announced)}`);
  }
  if (!res.body) return new Uint8Array(0);
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(res.status, "The API's answer is");
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return all;
}

/** The index of the quote that closes the string opened at `open` (text.length when it never closes). */
function stringEnd(text: string, open: number): number {
  let q = text.indexOf('"', open + 1);
  while (q !== -1) {
    let slashes = 0;
    while (text.charCodeAt(q - 1 - slashes) === 0x5c) slashes++;
    if (slashes % 2 === 0) return q;
    q = text.indexOf('"', q + 1);
  }
  return text.length;
}

/**
 * True when JSON text nests arrays/objects deeper than `max` (brackets inside strings do not count).
 * Strings, most of an answer's bytes, are skipped with indexOf: this runs on every answer, on the call path.
 */
export function nestedDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) i = stringEnd(text, i);
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Parse an answer's JSON within the depth cap; undefined for an empty body. */
export function parseBounded(raw: string, status: number): unknown {
  if (raw === "") return undefined;
  if (nestedDeeperThan(raw)) throw new SvcError("malformed", `The API's answer is nested deeper than ${MAX_JSON_DEPTH} levels; refused (not retried)`, { status });
  return JSON.parse(raw);
}
