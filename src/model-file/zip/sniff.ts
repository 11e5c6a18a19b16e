/** What a file is when it is not a zip package: say it plainly (password-protected, old .xls, text). */
import { fail } from "../errors";

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(b: Uint8Array, sig: readonly number[]): boolean {
  return b.length >= sig.length && sig.every((v, i) => b[i] === v);
}

/** An OLE compound file holds streams named in UTF-16LE; Excel's encryption adds "EncryptionInfo". */
function holdsUtf16(b: Uint8Array, text: string): boolean {
  const needle = Array.from(text).flatMap((ch) => [ch.charCodeAt(0), 0]);
  outer: for (let i = 0; i + needle.length <= b.length; i++) {
    for (let j = 0; j < needle.length; j++) if (b[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

function looksLikeText(b: Uint8Array): boolean {
  const head = b.subarray(0, 4096);
  let printable = 0;
  for (const c of head) {
    if (c === 0) return false;
    if (c === 9 || c === 10 || c === 13 || c >= 32) printable++;
  }
  return printable === head.length;
}

/** Throws the right ModelFileError unless the bytes start like a zip package. */
export function sniffNonZip(b: Uint8Array): void {
  if (b.length === 0) fail("not-zip", "the file is empty");
  if (startsWith(b, OLE)) {
    if (holdsUtf16(b, "EncryptionInfo")) fail("encrypted", "the workbook is encrypted (password-protected): save a copy without a password to open it here");
    fail("legacy-xls", "the file is an old binary workbook (.xls) or another OLE document, not an .xlsx package: save it as .xlsx in Excel");
  }
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06])) return;
  if (looksLikeText(b)) fail("not-zip", "the file is text (a CSV or other text file renamed .xlsx?), not an .xlsx package");
  fail("not-zip", "the file is not an .xlsx package (no zip signature)");
}
