/** src/formula: formula text, references, the plain-formula engine and the argument resolver (contract C1). */
export * from "./types";
export * from "./text/address";
export type { Node } from "./text/ast";
export { walk } from "./text/ast";
export { FormulaSyntaxError } from "./text/tokens";
export { parseExpression, parseCached } from "./text/syntax";
export { printNode } from "./text/print";
export { referencesOf, visitExpanded, volatileFunctionsIn } from "./text/refs";
export { plainFunctionName } from "./text/fn-names";
export { svcName, svcCallTokensIn } from "./text/fn-names";
export { lookupName, nameFormula } from "./text/names";
export { excelView } from "./text/excel-view";
export { toFileForm, fromFileForm, stripAddinBookPrefix } from "./text/file-form";
export { parseFormula } from "./text/parse";
export { evaluateFormula, unsupportedFunctions } from "./engine/evaluate";
export type { CellSource, EngineValue } from "./engine/evaluate";
export { resolveCalls } from "./resolve/resolve";
export type { CellReader, ReadRequest, ReadResult, Resolved, ParamInfo } from "./resolve/resolve";
