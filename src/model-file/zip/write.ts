/**
 * Writing the package back: entries that did not change are copied with their compressed bytes as
 * they were (same data, CRC, time); changed entries are deflated anew; removed ones are left out;
 * new ones are appended. The order of entries is kept (Excel puts [Content_Types].xml first).
 */
import { deflateSync } from "fflate";
import { crc32 } from "./crc32";
import { ZipArchive, ZipEntry } from "./read";

/** name -> new content, or null to remove the entry. */
export type ZipChanges = ReadonlyMap<string, Uint8Array | null>;

interface OutEntry {
  name: Uint8Array;
  flags: number;
  method: number;
  time: number;
  date: number;
  crc: number;
  size: number;
  data: Uint8Array;
  offset: number;
}

/** 1980-01-01 00:00, the DOS date Excel gives every entry. */
const DOS_EPOCH_DATE = (0 << 9) | (1 << 5) | 1;
const UTF8_NAME = 1 << 11;

function copied(zip: ZipArchive, e: ZipEntry): OutEntry {
  return {
    name: new TextEncoder().encode(e.name),
    // keep the deflate option bits and the UTF-8 flag; the data descriptor flag goes (sizes are in the header now)
    flags: e.flags & (0x6 | UTF8_NAME),
    method: e.method,
    time: e.time,
    date: e.date,
    crc: e.crc,
    size: e.size,
    data: zip.bytes.subarray(e.dataStart, e.dataStart + e.compressedSize),
    offset: 0,
  };
}

function fresh(name: string, content: Uint8Array, like?: ZipEntry): OutEntry {
  const encoded = new TextEncoder().encode(name);
  const ascii = encoded.length === name.length;
  return {
    name: encoded,
    flags: ascii ? 0 : UTF8_NAME,
    method: 8,
    time: like ? like.time : 0,
    date: like ? like.date : DOS_EPOCH_DATE,
    crc: crc32(content),
    size: content.length,
    data: deflateSync(content, { level: 6 }),
    offset: 0,
  };
}

class Writer {
  private parts: Uint8Array[] = [];
  length = 0;
  bytes(b: Uint8Array): void {
    this.parts.push(b);
    this.length += b.length;
  }
  u16(v: number): void {
    this.bytes(new Uint8Array([v & 0xff, (v >>> 8) & 0xff]));
  }
  u32(v: number): void {
    this.bytes(new Uint8Array([v & 0xff, (v >>> 8) & 0xff, (v >>> 16) & 0xff, (v >>> 24) & 0xff]));
  }
  result(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const p of this.parts) out.set(p, at), (at += p.length);
    return out;
  }
}

function header(w: Writer, e: OutEntry): void {
  w.u16(20); // version needed: 2.0 (deflate)
  w.u16(e.flags);
  w.u16(e.method);
  w.u16(e.time);
  w.u16(e.date);
  w.u32(e.crc);
  w.u32(e.data.length);
  w.u32(e.size);
  w.u16(e.name.length);
}

function writeArchive(entries: OutEntry[]): Uint8Array {
  const w = new Writer();
  for (const e of entries) {
    e.offset = w.length;
    w.u32(0x04034b50);
    header(w, e);
    w.u16(0); // extra
    w.bytes(e.name);
    w.bytes(e.data);
  }
  const dirStart = w.length;
  for (const e of entries) {
    w.u32(0x02014b50);
    w.u16(20); // made by
    header(w, e);
    for (const v of [0, 0, 0, 0]) w.u16(v); // extra, comment, disk, internal attributes
    w.u32(0); // external attributes
    w.u32(e.offset);
    w.bytes(e.name);
  }
  const dirSize = w.length - dirStart;
  w.u32(0x06054b50);
  for (const v of [0, 0, entries.length, entries.length]) w.u16(v);
  w.u32(dirSize);
  w.u32(dirStart);
  w.u16(0);
  return w.result();
}

/** The package with `changes` applied; every other entry keeps its compressed bytes. */
export function writeZip(zip: ZipArchive, changes: ZipChanges): Uint8Array {
  const out: OutEntry[] = [];
  const seen = new Set<string>();
  for (const e of zip.entries) {
    seen.add(e.name);
    if (!changes.has(e.name)) out.push(copied(zip, e));
    else {
      const content = changes.get(e.name);
      if (content) out.push(fresh(e.name, content, e));
    }
  }
  for (const [name, content] of changes) if (!seen.has(name) && content) out.push(fresh(name, content));
  return writeArchive(out);
}
