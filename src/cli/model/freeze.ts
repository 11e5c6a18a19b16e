/**
 * `svc-excel freeze MODEL.xlsx --out FILE`: a values-only copy (src/model-file/freeze.ts) for people
 * without the add-in; the model itself is never changed. Exit 0; 1 when a frozen cell holds an error;
 * 2 when nothing was written.
 */
import { freezeModel } from "../../model-file";
import { nothingWritten, openModel } from "./file-input";
import { ModelIoError, writeAtomic } from "./io";
import { EXIT } from "../command";
import { printModelOutput } from "./report";
import { sourceNote } from "./changes";
import { keepsMacros } from "./io";

export async function freezeCommand(argv: string[], now: () => Date = () => new Date()): Promise<number> {
  const opened = openModel("freeze", argv);
  if (typeof opened === "number") return opened;
  const { args, model } = opened;
  const out = args.out as string;
  const result = freezeModel(model, now(), sourceNote, keepsMacros(out));
  try {
    writeAtomic(out, result.bytes);
  } catch (e) {
    if (e instanceof ModelIoError) return nothingWritten("freeze", e.message);
    throw e;
  }
  const errors = result.cells.filter((c) => c.error).length;
  await printModelOutput(
    { headline: `${args.model} frozen into ${out}: ${result.cells.length} SVC formulas replaced by their values as of ${result.asOf}`, cells: result.cells, stats: { frozen: result.cells.length, errors, as_of: result.asOf } },
    args.json
  );
  return errors > 0 ? EXIT.failed : EXIT.ok;
}
