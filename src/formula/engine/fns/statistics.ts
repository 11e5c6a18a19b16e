/** Statistics functions computed by the engine to Excel's definition (see ./types.ts for the calling rules). */
import { DESCRIPTIVE } from "./stat-descriptive";
import { ORDER } from "./stat-order";
import { PAIRS } from "./stat-pairs";
import type { PureFamily } from "./types";

export const STATISTICS: PureFamily = { ...DESCRIPTIVE, ...ORDER, ...PAIRS };
