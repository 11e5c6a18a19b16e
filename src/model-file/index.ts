/**
 * src/model-file: .xlsx workbooks read, refreshed, checked, frozen and repaired as
 * bytes — pure (fflate for zip; no Node, no Office, no request engine), shared by the CLI and the
 * browser workbench. Only the parts that change are rewritten, and inside a sheet only its changed cells.
 */
export { ModelFileError } from "./errors";
export { readModel } from "./model/model";
export { cellKey } from "./parts/a1";
export type { Model, ModelSheet } from "./model/model";
export { refreshModel } from "./refresh";
export type { RefreshResult } from "./refresh";
export type { CallAnswer, SvcCall } from "./model/svc-eval";
export type { CellReport, StaleReport } from "./report";
export { displayFormula } from "./report";
export { applyResults } from "./apply";
export { freezeModel } from "./freeze";
export { repairModel } from "./repair";
export { lintModel } from "./check";
export type { SiteLint } from "./check";
