/** The pane's workbook: the Office wrappers (src/office) as the pane's WorkbookPort, one place for the page and its tests. */
import { calculationMode } from "../office/calculate";
import { excelCellReader } from "../office/cell-reader";
import { freeze, listFrozen, unfreeze } from "../office/frozen";
import { keepSources, readKeptSources } from "../office/kept-sources";
import { addValuesSheet, snapshotWorkbook } from "../office/snapshot";
import { activeCellAddress, insertAtActiveCell, readSvcFormulas, recalculateCells, selectCell, spillParentOf } from "../office/workbook";
import type { ValueSource } from "../functions/sources";
import type { WorkbookPort } from "./pane/types";

/** `provenanceOf`: the filings behind a cell's values, named in Freeze's stamps. */
export function officeWorkbook(provenanceOf?: (address: string) => readonly ValueSource[] | undefined): WorkbookPort {
  return {
    readSvcFormulas,
    selectCell,
    insertAtActiveCell,
    recalculateCells,
    freeze: (scope) => freeze(scope, provenanceOf),
    unfreeze,
    listFrozen,
    activeCell: activeCellAddress,
    cellReader: () => excelCellReader(),
    spillParent: spillParentOf,
    snapshot: snapshotWorkbook,
    addSheet: addValuesSheet,
    keptSources: readKeptSources,
    keepSources,
    calculationMode,
  };
}
