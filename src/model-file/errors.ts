/**
 * Why a file cannot be read or written as a workbook. Each kind has its own message so a user knows
 * what is wrong with the file (not "invalid zip"); the CLI turns any of them into exit code 2.
 */
export type ModelFileProblem =
  | "not-zip" // text (a CSV renamed .xlsx) or any other non-zip bytes
  | "encrypted" // an OLE compound file holding EncryptionInfo / EncryptedPackage: a password (or protection we cannot tell apart)
  | "rights-managed" // an OLE compound file whose data space is DRM-encrypted: IRM or an encrypting sensitivity label
  | "legacy-xls" // an OLE compound file without encryption: the old binary .xls format
  | "truncated" // the zip's directory is missing or points past the end
  | "corrupt" // inconsistent zip structure or deflate data, or a CRC mismatch
  | "bomb" // entry count, sizes or ratio over the caps
  | "unsupported" // zip64, zip-level encryption, an unknown compression method
  | "not-workbook" // a zip without a spreadsheet workbook part
  | "malformed" // a workbook part that cannot be understood
  | "too-large"; // more cells than a model-file command reads (the work is bounded by the model, not by its bytes)

export class ModelFileError extends Error {
  constructor(readonly problem: ModelFileProblem, message: string) {
    super(message);
    this.name = "ModelFileError";
  }
}

export function fail(problem: ModelFileProblem, message: string): never {
  throw new ModelFileError(problem, message);
}
