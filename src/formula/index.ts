/** src/formula: formula text, references, the plain-formula engine and the argument resolver. */
export * from "./types";
export * from "./text/address";
export type { Node } from "./text/ast";
export { walk } from "./text/ast";
export { FormulaSyntaxError } from "./text/tokens";
export { parseExpression, parseCached } from "./text/syntax";
export { printNode } from "./text/print";
export { referencesOf, svcName, volatileFunctionsIn } from "./text/refs";
export { toFileForm, fromFileForm, stripAddinBookPrefix } from "./text/file-form";
export { parseFormula } from "./text/parse";
export { evaluateFormula, unsupportedFunctions } from "./engine/evaluate";
export type { CellSource, EngineValue } from "./engine/evaluate";
export { resolveCalls } from "./resolve/resolve";
export type { CellReader, FormulaSite, ReadRequest, ReadResult, Resolved, ParamInfo } from "./resolve/resolve";
