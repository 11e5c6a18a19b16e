/** The change record of a refresh (pure): used by the pane and by `svc-excel refresh`. */
export type { ChangeRecord, SvcCellRun, ValueOrigin } from "./types";
export { recordChanges, countsText, changeAddress } from "./record";
export { changeRows, changeLine, changeWords, CHANGE_HEADER, changeSheetName, jsonChange } from "./rows";
export { runsFromReadings } from "./snapshots";
export type { SheetReading, WorkbookReading } from "./snapshots";
export { filingNote } from "./filing-note";
export { callWords } from "./what";
