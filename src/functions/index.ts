/** The door of src/functions: what other rooms use of it (they import nothing behind it). */
export { callFunction, computeCell, isFunctionName } from "./call";
export { CellError } from "./cell-host";
export type { CellHost } from "./cell-host";
export type { CellInvocation } from "./invoke";
export { closestFunction, SVC_FUNCTION_NAMES, unknownFunctionMessage } from "./names";
export { requestsFor } from "./requests";
export { cellRuntime } from "./runtime";
export type { CellRuntime } from "./runtime";
export { SourceBook } from "./sources";
export type { CellSource, ValueSource } from "./sources";
