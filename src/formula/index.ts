/** src/formula: formula text, references, the plain-formula engine and the argument resolver (contract C1). */
export * from "./types";
export * from "./address";
export type { Node, NodeOf, Prefix, RefPart, Span, BinaryOp, ArrayItem } from "./ast";
export { walk } from "./ast";
export { FormulaSyntaxError, tokenize } from "./tokens";
export type { Token, TokenKind } from "./tokens";
export { parseExpression, parseCached } from "./syntax";
export { printFormula, printNode } from "./print";
export { referencesOf, shiftFormula, svcName, volatileFunctionsIn, plainFunctionName, VOLATILE_FUNCTIONS } from "./refs";
export { toFileForm, fromFileForm, stripAddinBookPrefix } from "./file-form";
export { lookupName } from "./names";
export { parseFormula, literalOf } from "./parse";
export type { ParsedFormula, Literal, Arg } from "./parse";
export { evaluateFormula, unsupportedFunctions } from "./engine";
export type { CellSource, EvaluateOptions, EngineValue } from "./engine";
export { resolveCalls } from "./resolve";
export type { CellReader, FormulaSite, ReadRequest, ReadResult, Resolved, ResolveOptions, ParamInfo } from "./resolve";
