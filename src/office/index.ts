/** The door of src/office: what other rooms use of it (they import nothing behind it). */
export { calculateFull, calculationMode } from "./calculate";
export { officeCellHost } from "./cell-host";
export { excelCellReader } from "./cell-reader";
export { messageParent, officeDialogHost, storagePartitionKey } from "./dialog";
export type { FrozenEntry } from "./frozen-part";
export { freeze, listFrozen, unfreeze } from "./frozen";
export type { FreezeResult, UnfreezeResult } from "./frozen";
export { keepSources, readKeptSources } from "./kept-sources";
export { openExternalLink, safeExternalUrl } from "./links";
export { addValuesSheet, snapshotWorkbook } from "./snapshot";
export { activeCellAddress, insertAtActiveCell, readSvcFormulas, recalculateCells, selectCell, spillParentOf } from "./workbook";
export type { FormulaCell, Scope } from "./workbook";
