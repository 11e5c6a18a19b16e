/** The pane's workbook: the Office wrappers (src/office) as the pane's WorkbookPort, one place for the page and its tests. */
import { calculationMode } from "../office";
import { excelCellReader } from "../office";
import { freeze, listFrozen, unfreeze } from "../office";
import { keepSources, readKeptSources } from "../office";
import { addValuesSheet, snapshotWorkbook } from "../office";
import { activeCellAddress, insertAtActiveCell, readSvcFormulas, recalculateCells, selectCell, spillParentOf } from "../office";
import type { ValueSource } from "../functions";
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
