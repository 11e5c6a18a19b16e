/**
 * Reading and writing model files safely: refuse a workbook Excel has open (its lock file
 * `~$NAME.xlsx` beside it), and write atomically — a temporary file in the target's directory,
 * flushed to disk, then renamed over the target — so the original is untouched on any failure.
 */
import * as fs from "fs";
import * as path from "path";
import { modeOf, writeFileAtomic } from "../../compose/cli";

export class ModelIoError extends Error {}

/** Excel's owner file for an open workbook: `~$` + its name, beside it. */
export function lockFileOf(file: string): string {
  return path.join(path.dirname(file), `~$${path.basename(file)}`);
}

export function refuseIfOpen(file: string): void {
  const lock = lockFileOf(file);
  if (fs.existsSync(lock)) throw new ModelIoError(`${file} is open in Excel (its lock file ${path.basename(lock)} exists): close it in Excel first, or write elsewhere with --out`);
}

export function readModelFile(file: string): Uint8Array {
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) throw new ModelIoError(`${file} is not a file`);
    return new Uint8Array(fs.readFileSync(file));
  } catch (e) {
    if (e instanceof ModelIoError) throw e;
    throw new ModelIoError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** Write `bytes` to `file` atomically (src/compose's writeFileAtomic), keeping the replaced file's permissions. */
export function writeAtomic(file: string, bytes: Uint8Array): void {
  const target = path.resolve(file);
  try {
    writeFileAtomic(target, bytes, modeOf(target, 0o644));
  } catch (e) {
    throw new ModelIoError(`cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** A copy named .xlsm keeps the workbook's macros; any other name (.xlsx) is a macro-free workbook. */
export const keepsMacros = (file: string): boolean => /\.xlsm$/i.test(file);
