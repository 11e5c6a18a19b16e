/**
 * src/model-file (contract C6): .xlsx workbooks read, refreshed, checked, frozen and repaired as
 * bytes — pure (fflate for zip; no Node, no Office, no request engine), shared by the CLI and the
 * browser workbench. Only the parts that change are rewritten, and inside a sheet only its changed cells.
 */
export { ModelFileError } from "./errors";
export type { ModelFileProblem } from "./errors";
export { readModel, siteAddress } from "./model";
export { cellKey } from "./a1";
export type { Model, ModelSheet, ModelCell, ModelFormula, SvcSite } from "./model";
export { refreshModel } from "./refresh";
export type { RefreshPorts, RefreshResult } from "./refresh";
export type { CallAnswer, SvcCall } from "./svc-eval";
export type { CellReport, CellError, RefreshReport, StaleReport } from "./report";
export { displayFormula } from "./report";
export { applyResults } from "./apply";
export type { CellResult } from "./apply";
export { DEFAULT_LIMITS } from "./zip-read";
export type { ZipLimits } from "./zip-read";
export { freezeModel, AS_OF_PROPERTY } from "./freeze";
export type { FreezeResult } from "./freeze";
export { repairModel } from "./repair";
export type { RepairResult } from "./repair";
export { lintModel } from "./check";
export type { SiteLint } from "./check";
