/**
 * A minimal OLE compound file (MS-CFB version 3, 512-byte sectors) written from the specification, for
 * the files users hand us as workbooks: a password-encrypted or rights-managed (IRM) .xlsx, an old .xls.
 * Streams are empty (only the directory matters to the reader); storages nest as in the real files
 * (MS-OFFCRYPTO: \x06DataSpaces with DataSpaceInfo and TransformInfo). The directory is a proper tree:
 * each storage's children chained through right siblings.
 */

export interface OleEntry {
  name: string;
  /** A storage's entries; absent for a stream. */
  children?: OleEntry[];
}

const FREE = 0xffffffff;
const END = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;
const NONE = 0xffffffff;

function put16(b: Uint8Array, o: number, v: number): void {
  b[o] = v & 0xff;
  b[o + 1] = (v >>> 8) & 0xff;
}
function put32(b: Uint8Array, o: number, v: number): void {
  put16(b, o, v & 0xffff);
  put16(b, o + 2, (v >>> 16) & 0xffff);
}

interface Flat {
  name: string;
  type: number;
  child: number;
  right: number;
}

/** Entries in directory order: the root first, each storage's children after it. */
function flatten(root: OleEntry[]): Flat[] {
  const out: Flat[] = [{ name: "Root Entry", type: 5, child: NONE, right: NONE }];
  const add = (parent: number, list: OleEntry[]) => {
    let prev = -1;
    for (const e of list) {
      const i = out.length;
      out.push({ name: e.name, type: e.children ? 1 : 2, child: NONE, right: NONE });
      if (prev < 0) out[parent].child = i;
      else out[prev].right = i;
      prev = i;
      if (e.children) add(i, e.children);
    }
  };
  add(0, root);
  return out;
}

function header(dirSectors: number): Uint8Array {
  const h = new Uint8Array(512);
  h.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  put16(h, 0x18, 0x3e);
  put16(h, 0x1a, 3);
  put16(h, 0x1c, 0xfffe);
  put16(h, 0x1e, 9);
  put16(h, 0x20, 6);
  put32(h, 0x2c, 1); // one FAT sector: sector 0
  put32(h, 0x30, dirSectors > 0 ? 1 : END); // the directory starts at sector 1
  put32(h, 0x38, 4096);
  put32(h, 0x3c, END);
  put32(h, 0x44, END);
  for (let i = 0; i < 109; i++) put32(h, 0x4c + i * 4, i === 0 ? 0 : FREE);
  return h;
}

function entryBytes(e: Flat): Uint8Array {
  const b = new Uint8Array(128);
  Array.from(e.name).forEach((ch, i) => put16(b, i * 2, ch.charCodeAt(0)));
  put16(b, 0x40, (e.name.length + 1) * 2);
  b[0x42] = e.type;
  b[0x43] = 1; // black
  put32(b, 0x44, NONE);
  put32(b, 0x48, e.right);
  put32(b, 0x4c, e.child);
  put32(b, 0x74, END);
  return b;
}

/** The compound file holding `entries` under its root. */
export function compoundFile(entries: OleEntry[]): Uint8Array {
  const flat = flatten(entries);
  const dirSectors = Math.ceil(flat.length / 4);
  const fat = new Uint8Array(512).fill(0xff);
  put32(fat, 0, FAT_SECTOR);
  for (let s = 1; s <= dirSectors; s++) put32(fat, s * 4, s === dirSectors ? END : s + 1);
  const dir = new Uint8Array(dirSectors * 512);
  flat.forEach((e, i) => dir.set(entryBytes(e), i * 128));
  const out = new Uint8Array(512 + 512 + dir.length);
  out.set(header(dirSectors));
  out.set(fat, 512);
  out.set(dir, 1024);
  return out;
}

const dataSpaces = (space: string, transform: string): OleEntry => ({
  name: "\u0006DataSpaces",
  children: [
    { name: "Version" },
    { name: "DataSpaceMap" },
    { name: "DataSpaceInfo", children: [{ name: space }] },
    { name: "TransformInfo", children: [{ name: transform, children: [{ name: "\u0006Primary" }] }] },
  ],
});

/** A password-encrypted .xlsx as Excel writes it (Agile or Standard encryption). */
export const passwordWorkbook = (): Uint8Array =>
  compoundFile([dataSpaces("StrongEncryptionDataSpace", "StrongEncryptionTransform"), { name: "EncryptionInfo" }, { name: "EncryptedPackage" }]);

/** A rights-managed (IRM) .xlsx: the package in EncryptedPackage under a DRM data space, no EncryptionInfo. */
export const rightsManagedWorkbook = (): Uint8Array =>
  compoundFile([dataSpaces("DRMEncryptedDataSpace", "DRMEncryptedTransform"), { name: "EncryptedPackage" }, { name: "\u0005SummaryInformation" }]);

/** An old binary workbook (.xls, BIFF8). */
export const binaryWorkbook = (): Uint8Array => compoundFile([{ name: "Workbook" }, { name: "\u0005SummaryInformation" }]);
