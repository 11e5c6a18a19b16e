/** Writing a new workbook from nothing (as Excel lays one out). */
export { createWorkbook } from "./create";
export { fileFormula } from "./formula-text";
export type { CellStyle, NewCell, NewSheet, NewWorkbook } from "./types";
