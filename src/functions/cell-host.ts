/**
 * What a custom function needs of the host it runs in: the error object a cell shows, and whether
 * the host renders Excel data types. The page's runtime carries Office's (src/office/cell-host.ts);
 * elsewhere (the CLI, jest) the plain stand-ins, so nothing here loads Office code and the CLI, which
 * calls these functions, never reaches src/office.
 */
import { CellErrorCode, describeFailure } from "../api";

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

/** Outside Office (the CLI, jest, the workbench before Office's is handed in): the stand-ins. */
export const PLAIN_CELL_HOST: CellHost = { error: (code, message) => new CellError(code, message), hasDataTypes: () => false };

/** The error object to throw from a custom function. */
export function cellErrorFor(host: CellHost, e: unknown): Error {
  const { code, message } = describeFailure(e);
  return host.error(code, message);
}
