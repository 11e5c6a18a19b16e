/**
 * Value and reference types of a model. They are C1's (src/formula) shapes, kept structurally
 * identical so a model's cells feed the resolver and the engine as they are.
 */
export type Scalar = string | number | boolean | null;
export interface ErrorValue {
  error: string;
}
export type CellValue = Scalar | ErrorValue;
export interface CellRef {
  sheet: string;
  row: number;
  col: number;
}
export interface AreaRef {
  sheet: string;
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}
export interface DefinedName {
  name: string;
  /** null: workbook scope. */
  sheet: string | null;
  formula: string;
}

export function isErrorValue(v: unknown): v is ErrorValue {
  return typeof v === "object" && v !== null && typeof (v as ErrorValue).error === "string";
}
