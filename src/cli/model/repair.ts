/**
 * `svc-excel repair MODEL.xlsx [--out FILE]`: dead external-link references to the add-in's functions
 * turned back into SVC calls, dead link parts removed (src/model-file/repair.ts). Exit 0 (also when
 * there was nothing to repair: the file is then left as it was); 2 when nothing was written.
 */
import { repairModel } from "../../model-file";
import { nothingWritten, openModel } from "./file-input";
import { ModelIoError, writeAtomic } from "./io";
import { EXIT } from "../command";
import { printModelOutput } from "./report";

export async function repairCommand(argv: string[]): Promise<number> {
  const opened = openModel("repair", argv);
  if (typeof opened === "number") return opened;
  const { args, model } = opened;
  const result = repairModel(model);
  const changed = result.cells.length + result.names.length + result.removedLinks.length > 0;
  const target = args.out ?? args.model;
  if (changed || args.out) {
    try {
      writeAtomic(target, changed ? result.bytes : opened.bytes);
    } catch (e) {
      if (e instanceof ModelIoError) return nothingWritten("repair", e.message);
      throw e;
    }
  }
  const lines = [
    ...result.cells.map((c) => `${c.sheet}!${c.cell}: ${c.before} -> ${c.after}`),
    ...result.names.map((n) => `name ${n.name}: ${n.before} -> ${n.after}`),
    ...result.removedLinks.map((p) => `removed the dead link ${p}`),
  ];
  const headline = changed ? `${args.model} repaired${args.out ? ` into ${args.out}` : ""}: run \`svc-excel refresh\` to fill the repaired cells` : `${args.model}: nothing to repair`;
  await printModelOutput(
    {
      headline,
      cells: result.cells.map((c) => ({ sheet: c.sheet, cell: c.cell, formula: c.after, error: null })),
      lines,
      extra: { repaired: result.cells, names: result.names, removed_links: result.removedLinks },
      stats: { cells_repaired: result.cells.length, names_repaired: result.names.length, links_removed: result.removedLinks.length },
    },
    args.json
  );
  return EXIT.ok;
}
