/**
 * The one refresh plan (pure): which cells make SVC calls, what refreshing them asks and costs, what
 * cannot be priced and why, and the order to run in. Used by the pane, the workbench and the CLI.
 */
export type { FormulaCell, PlanDeps, Price, Pricer, RefreshPlanOf } from "./types";
export { paramsOf, planRefresh, requestsOfCell } from "./plan";
export { pricePlan } from "./price";
export { planLines, priceDetail, plural, volatileText } from "./words";
export type { LineKind, PlanLine } from "./words";
export { callWords, CHANGE_HEADER, changeAddress, changeLine, changeRows, changeSheetName, changeWords, countsText, filingNote, jsonChange, originsOfKept, recordChanges, runsFromReadings, UNKNOWN_SOURCES } from "./changes";
export type { ChangeRecord, KeptSources, RunRecord, SheetReading, WorkbookReading } from "./changes";
export { svcFormulaProblem, valuesDigest } from "./freeze/check";
export { freezeCells, unfreezeEntries } from "./freeze/policy";
export type { FreezeResult, FrozenBook, FrozenEntry, RangeState, UnfreezeResult } from "./freeze/policy";
