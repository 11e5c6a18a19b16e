/** Date functions computed by the engine to Excel's definition (see ./types.ts for the calling rules). */
import { DAY_COUNTS } from "./date-count";
import { DATE_PARTS } from "./date-parts";
import { DATE_VALUES } from "./date-values";
import { WORKDAYS } from "./date-workdays";
import type { PureFamily } from "./types";

export const DATE: PureFamily = { ...DATE_PARTS, ...DAY_COUNTS, ...WORKDAYS, ...DATE_VALUES };
