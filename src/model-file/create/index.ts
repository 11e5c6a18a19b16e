/** Writing a new workbook from nothing (as Excel lays one out). */
export { createWorkbook } from "./create";
export type { CellStyle, NewCell, NewSheet } from "./types";
