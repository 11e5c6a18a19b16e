/** What a file is when it is not a zip package: say it plainly (encrypted, rights-managed, old .xls, text). */
import { fail } from "../errors";
import { oleDirectoryNames } from "./ole";

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(b: Uint8Array, sig: readonly number[]): boolean {
  return b.length >= sig.length && sig.every((v, i) => b[i] === v);
}

/** The names that tell an OLE file apart (MS-OFFCRYPTO: an encrypted .xlsx is an OLE file holding EncryptedPackage and a \x06DataSpaces storage). */
const TELLING = ["EncryptionInfo", "EncryptedPackage", "\u0006DataSpaces", "DRMEncryptedDataSpace", "DRMEncryptedTransform", "\u0009DRMContent", "Workbook", "Book", "WordDocument", "PowerPoint Document"];

/** A damaged directory still holds its names as UTF-16LE: look for the telling ones in the bytes. */
function holdsUtf16(b: Uint8Array, text: string): boolean {
  const needle = Array.from(text).flatMap((ch) => [ch.charCodeAt(0), 0]);
  outer: for (let i = 0; i + needle.length <= b.length; i++) {
    for (let j = 0; j < needle.length; j++) if (b[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

function oleNames(b: Uint8Array): Set<string> {
  return new Set(oleDirectoryNames(b) ?? TELLING.filter((n) => holdsUtf16(b, n)));
}

const RIGHTS_MANAGED = ["DRMEncryptedDataSpace", "DRMEncryptedTransform", "\u0009DRMContent"];

/** Name an OLE compound file for what it is, as a ModelFileError. */
function failOle(b: Uint8Array): never {
  const names = oleNames(b);
  const protectedPackage = names.has("EncryptedPackage") || names.has("\u0006DataSpaces");
  if (RIGHTS_MANAGED.some((n) => names.has(n)))
    fail("rights-managed", "the workbook is protected with rights management (IRM, or a sensitivity label that encrypts): only Excel signed in with an account it allows can open it; save a copy without the protection to use it here");
  if (names.has("EncryptionInfo")) fail("encrypted", "the workbook is encrypted (password-protected): save a copy without a password to open it here");
  if (protectedPackage) fail("encrypted", "the workbook is protected with a password or rights management (IRM): save a copy without the protection to use it here");
  if (names.has("Workbook") || names.has("Book")) fail("legacy-xls", "the file is an old binary workbook (.xls), not an .xlsx package: save it as .xlsx in Excel");
  if (names.has("WordDocument") || names.has("PowerPoint Document")) fail("not-workbook", "the file is an old binary Word or PowerPoint document, not an .xlsx workbook");
  fail("legacy-xls", "the file is an OLE compound document (an old binary Office format), not an .xlsx package: save it as .xlsx in Excel");
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
  if (startsWith(b, OLE)) failOle(b);
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04]) || startsWith(b, [0x50, 0x4b, 0x05, 0x06])) return;
  if (looksLikeText(b)) fail("not-zip", "the file is text (a CSV or other text file renamed .xlsx?), not an .xlsx package");
  fail("not-zip", "the file is not an .xlsx package (no zip signature)");
}
