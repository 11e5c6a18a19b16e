/**
 * Values across the engine's borders: our CellValue (errors as { error }), fast-formula-parser's
 * (errors as FormulaError) and formulajs's (errors as its own Error objects, dates as Date).
 */
import FormulaParser from "fast-formula-parser";
import * as formulajs from "@formulajs/formulajs";
import { serialOfDay } from "../../api";
import { CellValue, isErrorValue } from "../types";

const { FormulaError } = FormulaParser;
type FfpError = InstanceType<typeof FormulaError>;

export const isFfpError = (v: unknown): v is FfpError => v instanceof FormulaError;

/** The engine's error for a code (fast-formula-parser keeps one instance per code). */
export const ffpError = (code: string): FfpError => new FormulaError(code);

/** A cell's value as the engine reads it. */
export function toFfp(v: CellValue | undefined): unknown {
  if (v === undefined) return null;
  return isErrorValue(v) ? ffpError(v.error) : v;
}

const FJ_ERRORS = new Map<string, Error>(Object.values(formulajs.utils.errors as Record<string, Error>).map((e) => [e.message, e]));

/** A value for formulajs: its own error objects (its IFERROR and ISERROR know only those). */
export function toFormulajs(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(toFormulajs);
  if (isFfpError(v)) return FJ_ERRORS.get(v.error) ?? v;
  return v;
}

/** Excel serial of the clock's local day (and time): TODAY() and NOW() read the computer's local time, as Excel does. */
export function serialOfLocal(d: Date, withTime: boolean): number {
  const day = serialOfDay(d.getFullYear(), d.getMonth() + 1, d.getDate());
  return withTime ? day + (d.getHours() * 3600 + d.getMinutes() * 60 + d.getSeconds()) / 86400 : day;
}

/** Excel serial of a formulajs Date (it builds them in UTC). */
function serialOfUtc(d: Date): number {
  const day = serialOfDay(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  return day + (d.getUTCHours() * 3600 + d.getUTCMinutes() * 60 + d.getUTCSeconds()) / 86400;
}

/** A formulajs result for the engine: errors as FormulaError, dates as serials. */
export function fromFormulajs(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(fromFormulajs);
  if (v instanceof Date) return serialOfUtc(v);
  if (isFfpError(v)) return v;
  if (v instanceof Error) return ffpError(/^#/.test(v.message) ? v.message : "#VALUE!");
  return v;
}

/** An engine result as a cell shows it: errors as { error }, an empty result as 0 (as Excel shows `=A1`). */
export function fromFfp(v: unknown): CellValue {
  if (isFfpError(v)) return { error: v.error };
  if (v === null || v === undefined) return 0;
  if (typeof v === "number") return Number.isFinite(v) ? v + 0 : { error: Number.isNaN(v) ? "#VALUE!" : "#NUM!" };
  if (typeof v === "string" || typeof v === "boolean") return v;
  if (v instanceof Error) return { error: /^#/.test(v.message) ? v.message : "#VALUE!" };
  return { error: "#VALUE!" };
}
