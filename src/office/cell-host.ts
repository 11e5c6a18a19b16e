/** Office as the custom functions' host: its cell errors and its data-type support, asked at run time. */
import type { CellHost } from "../functions";
import { officeError } from "./cell-error";
import { hostHasDataTypes } from "./data-types";

export const officeCellHost: CellHost = { error: officeError, hasDataTypes: hostHasDataTypes };
