/** The engine's view of the workbook during a refresh: values, names and spills as written so far. */
import { CellSource, DefinedName } from "../../formula";
import { Model } from "./model";
import { WorkingCopy } from "./working";

export function cellSourceOf(model: Model, w: WorkingCopy): CellSource {
  return {
    value: (ref) => w.value(ref),
    names: (): readonly DefinedName[] => model.names,
    spill: (anchor) => w.spill(anchor),
    used: (sheet) => w.extent(sheet),
    tables: () => model.tables,
  };
}
