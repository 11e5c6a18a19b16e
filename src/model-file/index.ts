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
export { freezeModel } from "./freeze";
export { repairModel } from "./repair";
export { addSheet } from "./add-sheet";
export type { ChangeCells } from "./model/change-cells";
export { diffModels, sameModels } from "./diff";
export type { CellDiff, ModelDiff } from "./diff";
export { recalculatedBlocks } from "./readers";
export { formulasOf, modelReader } from "./plan-input";
export type { ModelFormulaCell } from "./plan-input";
export type { CellSources, FilingRef } from "./parts/sources-part";
export { customXmlTexts, parseSourcesXml, SOURCES_NAMESPACE, sourcesXml } from "./parts/sources-part";
export type { AnswerSources } from "./model/svc-eval";
export { verifyDependents, dependentsLine } from "./model/verify-dependents";
export { unverifiedFormulas, inputsKey } from "./model/verify-open";
export type { UnverifiedFormula } from "./model/verify-open";
export { saveOpened, withSourcesPart } from "./save-opened";
export type { EditedCell } from "./save-opened";
