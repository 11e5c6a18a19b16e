/**
 * The names in an OLE compound file's directory (MS-CFB): enough to tell what an OLE file that was
 * handed to us as a workbook really is — a password-encrypted or rights-managed (IRM) .xlsx, an old
 * .xls, another Office document. Reads the header, the FAT it points to and the directory chain,
 * with every offset checked and every chain bounded; null when the structure does not hold together.
 */

const END_OF_CHAIN = 0xfffffffe;
const HEADER_DIFAT = 109;
const ENTRY = 128;
/** Directory sectors read at most: a directory this large is not a workbook container. */
const MAX_DIR_SECTORS = 4096;

const u16 = (b: Uint8Array, o: number) => b[o] | (b[o + 1] << 8);
const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;

interface Layout {
  size: number;
  fat: number[];
}

/** The sector size and the FAT sector numbers listed in the header (the first 109, enough for files up to ~7 MB at 512-byte sectors). */
function layout(b: Uint8Array): Layout | null {
  if (b.length < 512) return null;
  const shift = u16(b, 0x1e);
  if (shift !== 9 && shift !== 12) return null;
  const size = 1 << shift;
  const fatCount = u32(b, 0x2c);
  const fat: number[] = [];
  for (let i = 0; i < Math.min(fatCount, HEADER_DIFAT); i++) fat.push(u32(b, 0x4c + i * 4));
  return { size, fat };
}

function sector(b: Uint8Array, l: Layout, n: number): Uint8Array | null {
  const at = (n + 1) * l.size;
  return at + l.size <= b.length ? b.subarray(at, at + l.size) : null;
}

/** The next sector after `n` in its chain, from the FAT, or null when the FAT does not reach it. */
function next(b: Uint8Array, l: Layout, n: number): number | null {
  const per = l.size / 4;
  const fatSector = l.fat[Math.floor(n / per)];
  if (fatSector === undefined) return null;
  const s = sector(b, l, fatSector);
  return s ? u32(s, (n % per) * 4) : null;
}

function entryName(e: Uint8Array): string | null {
  const len = u16(e, 0x40);
  const type = e[0x42];
  if (type === 0 || len < 2 || len > 64) return null;
  let name = "";
  for (let i = 0; i < len - 2; i += 2) name += String.fromCharCode(u16(e, i));
  return name;
}

/** Every stream and storage name in the directory, or null when the file is not a readable compound file. */
export function oleDirectoryNames(b: Uint8Array): string[] | null {
  const l = layout(b);
  if (!l) return null;
  const names: string[] = [];
  const seen = new Set<number>();
  for (let n: number | null = u32(b, 0x30); n !== END_OF_CHAIN; n = next(b, l, n)) {
    if (n === null || seen.has(n) || seen.size >= MAX_DIR_SECTORS) return null;
    seen.add(n);
    const s = sector(b, l, n);
    if (!s) return null;
    for (let o = 0; o + ENTRY <= s.length; o += ENTRY) {
      const name = entryName(s.subarray(o, o + ENTRY));
      if (name !== null) names.push(name);
    }
  }
  return names;
}
