/** Statistics functions computed by the engine to Excel's definition (see ./types.ts for the calling rules). */
import { CONTINUOUS } from "./stat-continuous";
import { DESCRIPTIVE } from "./stat-descriptive";
import { toExcelDigits } from "./stat-digits";
import { DISCRETE } from "./stat-discrete";
import { ORDER } from "./stat-order";
import { PAIRS } from "./stat-pairs";
import { REGRESSION } from "./stat-regression";
import { SAMPLING } from "./stat-sampling";
import { TESTS } from "./stat-tests";
import type { PureFamily } from "./types";

export const STATISTICS: PureFamily = toExcelDigits({ ...DESCRIPTIVE, ...ORDER, ...PAIRS, ...CONTINUOUS, ...SAMPLING, ...DISCRETE, ...TESTS, ...REGRESSION });
