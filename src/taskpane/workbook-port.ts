/** The pane's workbook: the Office wrappers (src/office) as the pane's WorkbookPort, one place for the page and its tests. */
import { calculationMode } from "../office/calculate";
import { excelCellReader } from "../office/cell-reader";
import * as frozen from "../office/frozen";
import { keepSources, readKeptSources } from "../office/kept-sources";
import { addValuesSheet, snapshotWorkbook } from "../office/snapshot";
import * as workbook from "../office/workbook";
import type { ValueSource } from "../functions/sources";
import type { WorkbookPort } from "./pane/types";

/** `provenanceOf`: the filings behind a cell's values, named in Freeze's stamps. */
export function officeWorkbook(provenanceOf?: (address: string) => readonly ValueSource[] | undefined): WorkbookPort {
  return {
    readSvcFormulas: workbook.readSvcFormulas,
    selectCell: workbook.selectCell,
    insertAtActiveCell: workbook.insertAtActiveCell,
    recalculateCells: workbook.recalculateCells,
    freeze: (scope) => frozen.freeze(scope, provenanceOf),
    unfreeze: frozen.unfreeze,
    listFrozen: frozen.listFrozen,
    activeCell: workbook.activeCellAddress,
    cellReader: () => excelCellReader(),
    spillParent: workbook.spillParentOf,
    snapshot: snapshotWorkbook,
    addSheet: addValuesSheet,
    keptSources: readKeptSources,
    keepSources,
    calculationMode,
  };
}
