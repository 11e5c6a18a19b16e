/**
 * What a custom function needs of the host it runs in: the error object a cell shows, and whether
 * the host renders Excel data types. The page installs Office's (src/office/cell-host.ts) when it
 * starts; elsewhere (the CLI, jest) the plain stand-ins hold, so nothing here loads Office code and
 * the CLI, which calls these functions, never reaches src/office.
 */
import { CellErrorCode, describeFailure } from "../api/cell-outcome";

export interface CellHost {
  /** The error to throw (or to place in a spilled array) for `code` with `message` on hover. */
  error(code: CellErrorCode, message?: string): Error;
  /** The host renders data types returned by custom functions (CustomFunctionsRuntime 1.4). */
  hasDataTypes(): boolean;
}

/** Stand-in for CustomFunctions.Error outside Office: the same `code` and `message`. */
export class CellError extends Error {
  constructor(public readonly code: CellErrorCode, message?: string) {
    super(message ?? "");
    this.name = "CellError";
  }
}

const PLAIN: CellHost = { error: (code, message) => new CellError(code, message), hasDataTypes: () => false };

let host: CellHost = PLAIN;

/** Install the host's cell errors and data-type check (the page at start; a test; null = the stand-ins). */
export function useCellHost(h: CellHost | null): void {
  host = h ?? PLAIN;
}

/** The error object to throw from a custom function. */
export function cellErrorFor(e: unknown): Error {
  const { code, message } = describeFailure(e);
  return host.error(code, message);
}

/** A #N/A value inside a spilled array (na=na) for a value the API did not give. */
export function missingValue(): Error {
  return host.error("#N/A");
}

export function hostHasDataTypes(): boolean {
  return host.hasDataTypes();
}
