/**
 * Files that are not workbooks, each the way it reaches a user: a CSV renamed .xlsx, a cut download,
 * a password-protected or rights-managed (IRM) workbook and an old .xls (OLE compound files, written
 * from the specification in test/fakes/xlsx/ole.ts; one with a damaged directory), an old Word document,
 * zip bombs (declared sizes over the caps, a size that lies, a high ratio, overlapping entries, too
 * many entries), a Word document. Built from bytes here, independently of src/model-file.
 */
import { strToU8, zipSync } from "fflate";
import { buildFixture } from "./fixtures";
import { binaryWorkbook, compoundFile, passwordWorkbook, rightsManagedWorkbook } from "../fakes/xlsx/ole";

const u32 = (b: Uint8Array, o: number) => (b[o] | (b[o + 1] << 8) | (b[o + 2] << 16) | (b[o + 3] << 24)) >>> 0;
function put32(b: Uint8Array, o: number, v: number): void {
  b[o] = v & 0xff;
  b[o + 1] = (v >>> 8) & 0xff;
  b[o + 2] = (v >>> 16) & 0xff;
  b[o + 3] = (v >>> 24) & 0xff;
}

/** Offsets of the central-directory record and local header of an entry. */
function locate(zip: Uint8Array, name: string): { central: number; local: number } {
  const want = strToU8(name);
  for (let i = zip.length - 46; i >= 0; i--) {
    if (u32(zip, i) !== 0x02014b50) continue;
    const len = zip[i + 28] | (zip[i + 29] << 8);
    if (len === want.length && want.every((c, k) => zip[i + 46 + k] === c)) return { central: i, local: u32(zip, i + 42) };
  }
  throw new Error(`no entry ${name}`);
}

/** A damaged OLE compound file: the magic, a header of zeros, then stream names in UTF-16LE (no directory a reader can follow). */
function damagedOle(streams: string[]): Uint8Array {
  const head = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  const names = streams.map((s) => Array.from(s).flatMap((c) => [c.charCodeAt(0), 0]));
  return new Uint8Array([...head, ...new Array(504).fill(0), ...names.flatMap((n) => [...n, ...new Array(64 - n.length).fill(0)])]);
}

export function badFiles(): Record<string, { bytes: Uint8Array; problem: string; message: RegExp }> {
  const good = buildFixture("model");
  const declared = good.slice();
  put32(declared, locate(declared, "xl/worksheets/sheet1.xml").central + 24, 900 * 1024 * 1024);
  const lying = good.slice();
  const at = locate(lying, "xl/worksheets/sheet1.xml");
  put32(lying, at.central + 24, 100);
  put32(lying, at.local + 22, 100);
  const overlap = good.slice();
  const a = locate(overlap, "xl/styles.xml");
  put32(overlap, a.central + 42, locate(overlap, "xl/workbook.xml").local);
  const encryptedEntry = good.slice();
  encryptedEntry[locate(encryptedEntry, "xl/workbook.xml").central + 8] |= 1;
  return {
    csv: { bytes: strToU8("ticker,revenue\nAAPL,391035\nMSFT,245122\n"), problem: "not-zip", message: /text \(a CSV/ },
    empty: { bytes: new Uint8Array(0), problem: "not-zip", message: /empty/ },
    truncated: { bytes: good.slice(0, Math.floor(good.length / 2)), problem: "truncated", message: /truncated/ },
    "truncated-tail": { bytes: good.slice(0, good.length - 10), problem: "truncated", message: /truncated/ },
    encrypted: { bytes: passwordWorkbook(), problem: "encrypted", message: /encrypted \(password-protected\)/ },
    irm: { bytes: rightsManagedWorkbook(), problem: "rights-managed", message: /protected with rights management \(IRM/ },
    "encrypted-package": { bytes: compoundFile([{ name: "\u0006DataSpaces", children: [] }, { name: "EncryptedPackage" }]), problem: "encrypted", message: /protected with a password or rights management \(IRM\)/ },
    "encrypted-damaged": { bytes: damagedOle(["Root Entry", "EncryptionInfo", "EncryptedPackage"]), problem: "encrypted", message: /encrypted \(password-protected\)/ },
    xls: { bytes: binaryWorkbook(), problem: "legacy-xls", message: /old binary workbook \(\.xls\)/ },
    doc: { bytes: compoundFile([{ name: "WordDocument" }, { name: "1Table" }]), problem: "not-workbook", message: /Word or PowerPoint document/ },
    "bomb-declared": { bytes: declared, problem: "bomb", message: /declares 900 MB/ },
    "bomb-lying": { bytes: lying, problem: "bomb", message: /inflates past the 100 bytes it declares/ },
    "bomb-ratio": { bytes: zipSync({ "[Content_Types].xml": new Uint8Array(4 * 1024 * 1024) }), problem: "bomb", message: /would inflate \d+ times/ },
    "bomb-overlap": { bytes: overlap, problem: "bomb", message: /overlap/ },
    "zip-encrypted": { bytes: encryptedEntry, problem: "unsupported", message: /encrypted/ },
    docx: {
      bytes: zipSync({
        "[Content_Types].xml": strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
        "_rels/.rels": strToU8('<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'),
        "word/document.xml": strToU8("<w:document/>"),
      }),
      problem: "not-workbook",
      message: /not an Excel workbook/,
    },
    "plain-zip": { bytes: zipSync({ "readme.txt": strToU8("hello") }), problem: "not-workbook", message: /Content_Types/ },
  };
}
