/** The change record of a refresh (pure): used by the pane and by `svc-excel refresh`. */
export type { ChangeRecord } from "./types";
export { recordChanges, countsText, changeAddress } from "./record";
export { changeRows, changeLine, changeWords, CHANGE_HEADER, changeSheetName, jsonChange } from "./rows";
export { runsFromReadings } from "./snapshots";
export type { RunRecord } from "./snapshots";
export type { SheetReading, WorkbookReading } from "./snapshots";
export { filingNote } from "./filing-note";
export { callWords } from "./what";
export { originsOfKept, UNKNOWN_SOURCES } from "./kept";
export type { KeptSources } from "./kept";
