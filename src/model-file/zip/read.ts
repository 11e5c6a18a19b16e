/**
 * Reading a zip package defensively: the file may be anything a user renamed .xlsx, a half-copied
 * download, or a crafted bomb. The directory is read from the end (as every zip reader does), each
 * declared size is checked against caps before anything is inflated, and inflating stops as soon as
 * an entry produces more than it declared. Pure over bytes (fflate inflates).
 */
import { Inflate } from "fflate";
import { crc32 } from "./crc32";
import { fail, ModelFileError } from "../errors";
import { sniffNonZip } from "./sniff";

export interface ZipLimits {
  /** Most entries a package may hold (real workbooks hold tens to a few hundred). */
  maxEntries: number;
  /** Most bytes one entry may inflate to (declared and actual). */
  maxEntryBytes: number;
  /** Most bytes all entries together may inflate to. */
  maxTotalBytes: number;
  /** Highest inflated/compressed ratio of an entry larger than ratioFloorBytes. */
  maxRatio: number;
  ratioFloorBytes: number;
}

export const DEFAULT_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxEntryBytes: 256 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxRatio: 200,
  ratioFloorBytes: 1024 * 1024,
};

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** DOS time and date as the directory holds them (kept when the entry is copied). */
  time: number;
  date: number;
  headerOffset: number;
  dataStart: number;
}

export interface ZipArchive {
  bytes: Uint8Array;
  entries: ZipEntry[];
  limits: ZipLimits;
}

const EOCD_SIG = 0x06054b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;

const u16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8);
const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;

const MB = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;

function findEndOfDirectory(b: Uint8Array): number {
  const stop = Math.max(0, b.length - 22 - 0xffff);
  for (let i = b.length - 22; i >= stop; i--) if (u32(b, i) === EOCD_SIG) return i;
  return fail("truncated", "the zip's end-of-directory record is missing: the file is truncated (an interrupted copy or download?)");
}

interface Directory {
  count: number;
  size: number;
  offset: number;
}

function readEndOfDirectory(b: Uint8Array, limits: ZipLimits): Directory {
  const at = findEndOfDirectory(b);
  if (u16(b, at + 4) !== 0 || u16(b, at + 6) !== 0) fail("unsupported", "the zip is split across several disks");
  const count = u16(b, at + 10);
  const size = u32(b, at + 12);
  const offset = u32(b, at + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) fail("unsupported", "the zip uses the zip64 format (over 65,535 entries or 4 GB), which no workbook needs");
  if (count > limits.maxEntries) fail("bomb", `the zip holds ${count} entries (at most ${limits.maxEntries} are read): not a workbook, or a zip bomb`);
  if (offset + size > at) fail("truncated", "the zip's directory points past the end of the file: the file is truncated");
  return { count, size, offset };
}

function readCentralEntry(b: Uint8Array, at: number): { entry: ZipEntry; next: number } {
  if (at + 46 > b.length || u32(b, at) !== CENTRAL_SIG) fail("corrupt", "the zip's directory is damaged");
  const nameLen = u16(b, at + 28);
  const next = at + 46 + nameLen + u16(b, at + 30) + u16(b, at + 32);
  const entry: ZipEntry = {
    name: new TextDecoder().decode(b.subarray(at + 46, at + 46 + nameLen)),
    flags: u16(b, at + 8),
    method: u16(b, at + 10),
    time: u16(b, at + 12),
    date: u16(b, at + 14),
    crc: u32(b, at + 16),
    compressedSize: u32(b, at + 20),
    size: u32(b, at + 24),
    headerOffset: u32(b, at + 42),
    dataStart: 0,
  };
  return { entry, next };
}

function checkDeclared(e: ZipEntry, limits: ZipLimits): void {
  if (e.flags & 1) fail("unsupported", `the zip entry ${e.name} is encrypted (zip-level encryption is not how Excel protects a workbook)`);
  if (e.method !== 0 && e.method !== 8) fail("unsupported", `the zip entry ${e.name} uses compression method ${e.method} (only stored and deflate are read)`);
  if (e.size === 0xffffffff || e.compressedSize === 0xffffffff) fail("unsupported", `the zip entry ${e.name} uses zip64 sizes`);
  if (e.size > limits.maxEntryBytes) fail("bomb", `the zip entry ${e.name} declares ${MB(e.size)} inflated (at most ${MB(limits.maxEntryBytes)} per entry): a zip bomb or not a workbook`);
  if (e.size > limits.ratioFloorBytes && e.size / Math.max(1, e.compressedSize) > limits.maxRatio)
    fail("bomb", `the zip entry ${e.name} would inflate ${Math.round(e.size / Math.max(1, e.compressedSize))} times its size (at most ${limits.maxRatio}): a zip bomb`);
}

function locateData(b: Uint8Array, e: ZipEntry): void {
  const at = e.headerOffset;
  if (at + 30 > b.length) fail("truncated", `the zip entry ${e.name} starts past the end of the file: the file is truncated`);
  if (u32(b, at) !== LOCAL_SIG) fail("corrupt", `the zip entry ${e.name} has no local header where the directory says`);
  e.dataStart = at + 30 + u16(b, at + 26) + u16(b, at + 28);
  if (e.dataStart + e.compressedSize > b.length) fail("truncated", `the zip entry ${e.name} runs past the end of the file: the file is truncated`);
}

/** Entries whose data overlap are the trick of the "non-recursive" zip bomb: refuse them. */
function checkNoOverlap(entries: ZipEntry[]): void {
  const sorted = [...entries].sort((a, b) => a.headerOffset - b.headerOffset);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    if (prev.dataStart + prev.compressedSize > sorted[i].headerOffset) fail("bomb", `the zip entries ${prev.name} and ${sorted[i].name} overlap: a zip bomb`);
  }
}

/** Open a package: its directory and every declared size checked; nothing inflated yet. */
export function openZip(bytes: Uint8Array, limits: ZipLimits = DEFAULT_LIMITS): ZipArchive {
  sniffNonZip(bytes);
  const dir = readEndOfDirectory(bytes, limits);
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let total = 0;
  for (let i = 0, at = dir.offset; i < dir.count; i++) {
    const { entry, next } = readCentralEntry(bytes, at);
    at = next;
    checkDeclared(entry, limits);
    if (names.has(entry.name)) fail("corrupt", `the zip holds ${entry.name} twice`);
    names.add(entry.name);
    total += entry.size;
    if (total > limits.maxTotalBytes) fail("bomb", `the zip's entries declare over ${MB(limits.maxTotalBytes)} inflated in all: a zip bomb or not a workbook`);
    locateData(bytes, entry);
    entries.push(entry);
  }
  checkNoOverlap(entries);
  return { bytes, entries, limits };
}

const CHUNK = 64 * 1024;

/** Thrown by a scan's reader to stop inflating early. */
class ScanStop extends Error {}

/**
 * Inflate an entry chunk by chunk, handing each chunk to `onChunk` without keeping the whole entry;
 * `onChunk` returns false to stop there (a reader that has seen enough of a huge part).
 */
export function scanEntry(zip: ZipArchive, e: ZipEntry, onChunk: (chunk: Uint8Array) => boolean): void {
  const data = zip.bytes.subarray(e.dataStart, e.dataStart + e.compressedSize);
  if (e.method === 0) {
    for (let i = 0; i < data.length; i += CHUNK) if (!onChunk(data.subarray(i, i + CHUNK))) return;
    return;
  }
  const inflater = new Inflate((chunk) => {
    if (!onChunk(chunk)) throw new ScanStop();
  });
  try {
    for (let i = 0; i < data.length || i === 0; i += CHUNK) inflater.push(data.subarray(i, i + CHUNK), i + CHUNK >= data.length);
  } catch (err) {
    if (err instanceof ScanStop || err instanceof ModelFileError) {
      if (err instanceof ModelFileError) throw err;
      return;
    }
    fail("corrupt", `the zip entry ${e.name} holds damaged compressed data (${(err as Error).message})`);
  }
}

function inflateCapped(data: Uint8Array, e: ZipEntry): Uint8Array {
  const out = new Uint8Array(e.size);
  let n = 0;
  const inflater = new Inflate((chunk) => {
    if (n + chunk.length > e.size) fail("bomb", `the zip entry ${e.name} inflates past the ${e.size} bytes it declares: a zip bomb or a damaged file`);
    out.set(chunk, n);
    n += chunk.length;
  });
  try {
    for (let i = 0; i < data.length || i === 0; i += CHUNK) inflater.push(data.subarray(i, i + CHUNK), i + CHUNK >= data.length);
  } catch (err) {
    if (err instanceof ModelFileError) throw err;
    fail("corrupt", `the zip entry ${e.name} holds damaged compressed data (${(err as Error).message})`);
  }
  if (n !== e.size) fail("corrupt", `the zip entry ${e.name} inflates to ${n} bytes, not the ${e.size} it declares`);
  return out;
}

/** The entry's bytes, inflated under the caps and checked against its CRC. */
export function readEntry(zip: ZipArchive, e: ZipEntry): Uint8Array {
  const data = zip.bytes.subarray(e.dataStart, e.dataStart + e.compressedSize);
  let out: Uint8Array;
  if (e.method === 0) {
    if (e.compressedSize !== e.size) fail("corrupt", `the stored zip entry ${e.name} declares two different sizes`);
    out = data.slice();
  } else out = inflateCapped(data, e);
  if (crc32(out) !== e.crc) fail("corrupt", `the zip entry ${e.name} fails its checksum: the file is damaged`);
  return out;
}
