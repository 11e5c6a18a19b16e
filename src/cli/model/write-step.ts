/**
 * The end of a refresh, for one file: the refreshed workbook written atomically unless nothing changed
 * (every value as stored: the file keeps its bytes and modification time), the values-only copy asked
 * for with --frozen-copy, and the spilled blocks other readers recalculate (src/model-file/readers.ts).
 */
import * as path from "path";
import { freezeModel, readModel, recalculatedBlocks, RefreshResult } from "../../model-file";
import { keepsMacros, writeAtomic } from "./io";

export interface Saved {
  /** False when every value was as stored: the model was not rewritten. */
  rewritten: boolean;
  frozenCopy: string | null;
  /** Spilled SVC blocks of the written file that LibreOffice recalculates (to #NAME?). */
  blocks: string[];
}

/** Write `target` (the model itself, or --out) and the frozen copy; throws ModelIoError. */
export function saveRefreshed(model: string, target: string, original: Uint8Array, result: RefreshResult, frozenCopy: string | null, now: Date): Saved {
  const rewritten = result.written > 0;
  if (rewritten) writeAtomic(target, result.bytes);
  else if (path.resolve(target) !== path.resolve(model)) writeAtomic(target, original);
  const final = readModel(rewritten ? result.bytes : original);
  if (frozenCopy) writeAtomic(frozenCopy, freezeModel(final, now, undefined, keepsMacros(frozenCopy)).bytes);
  return { rewritten, frozenCopy, blocks: recalculatedBlocks(final) };
}

/** What the report says about other readers: which blocks LibreOffice recalculates, or where the copy for them is. */
export function readersNote(saved: Saved): string | null {
  if (saved.frozenCopy) return `values-only copy for readers without the add-in (LibreOffice too): ${saved.frozenCopy}`;
  if (saved.blocks.length === 0) return null;
  const shown = saved.blocks.slice(0, 3).join(", ") + (saved.blocks.length > 3 ? ", ..." : "");
  return `${saved.blocks.length} spilled block${saved.blocks.length === 1 ? "" : "s"} (${shown}) read #NAME? in LibreOffice, which recalculates them; Excel, openpyxl and pandas read the stored values. --frozen-copy FILE also writes a values-only copy that reads right everywhere`;
}

/** A model without SVC formulas: nothing to refresh, no credential needed; --out gets the file as it is. */
export function copyUnchanged(model: string, out: string | null, original: Uint8Array): void {
  if (out && path.resolve(out) !== path.resolve(model)) writeAtomic(out, original);
}
