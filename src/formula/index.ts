/** src/formula: formula text, references, the plain-formula engine and the argument resolver (contract C1). */
export * from "./types";
export * from "./address";
export type { Node } from "./ast";
export { walk } from "./ast";
export { FormulaSyntaxError } from "./tokens";
export { parseExpression, parseCached } from "./syntax";
export { printNode } from "./print";
export { referencesOf, svcName, volatileFunctionsIn } from "./refs";
export { toFileForm, fromFileForm, stripAddinBookPrefix } from "./file-form";
export { parseFormula } from "./parse";
export { evaluateFormula, unsupportedFunctions } from "./engine";
export type { CellSource, EngineValue } from "./engine";
export { resolveCalls } from "./resolve";
export type { CellReader, FormulaSite, ReadRequest, ReadResult, Resolved, ParamInfo } from "./resolve";
