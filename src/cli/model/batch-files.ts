/**
 * The models of a run over several files, each opened on its own: one that cannot be read (open in
 * Excel, not a workbook, truncated...) is settled as failed with its message and the others go on.
 */
import { Model, ModelFileError, readModel } from "../../model-file";
import type { CellReport, StaleReport } from "../../model-file";
import { ModelIoError, readModelFile, refuseIfOpen } from "./io";
import { svcCellsOf } from "./svc-cells";
import { fileFailure } from "./guard";

export type FileStatus = "refreshed" | "unchanged" | "no-svc" | "checked" | "failed" | "signed-out";

export interface ModelFile {
  file: string;
  bytes: Uint8Array | null;
  model: Model | null;
  /** Unset until the file settles. */
  status: FileStatus | null;
  /** Why it failed, or what happened in a word ("no SVC formulas"). */
  message: string | null;
  cells: CellReport[];
  stale: StaleReport[];
  /** Extra lines for the text report (check's problems, the readers note). */
  lines: string[];
  /** Per-file members of the JSON report (recomputed, rewritten, calls...). */
  extra: Record<string, unknown>;
}

export function settle(f: ModelFile, status: FileStatus, message: string | null = null): void {
  f.status = status;
  f.message = message;
}

/** Open each file; `alsoRefuse` names other paths that must not be open in Excel (the frozen copy). */
export function openEach(files: readonly string[], alsoRefuse: (file: string) => (string | null)[] = () => []): ModelFile[] {
  return files.map((file): ModelFile => {
    const f: ModelFile = { file, bytes: null, model: null, status: null, message: null, cells: [], stale: [], lines: [], extra: {} };
    try {
      refuseIfOpen(file);
      for (const other of alsoRefuse(file)) if (other) refuseIfOpen(other);
      f.bytes = readModelFile(file);
      f.model = readModel(f.bytes);
    } catch (e) {
      settle(f, "failed", e instanceof ModelIoError || e instanceof ModelFileError ? e.message : fileFailure(e));
    }
    return f;
  });
}

/** Files with SVC formulas to work on; the others (no formula) are settled as "no-svc". */
export function withSvcFormulas(files: ModelFile[]): ModelFile[] {
  for (const f of files) if (f.model && svcCellsOf(f.model).size === 0) settle(f, "no-svc", "no SVC formulas; left as it was");
  return files.filter((f) => f.status === null);
}
