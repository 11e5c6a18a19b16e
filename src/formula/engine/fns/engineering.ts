/** Engineering functions computed by the engine to Excel's definition (see ./types.ts for the calling rules). */
import { RADIX } from "./radix";
import type { PureFamily } from "./types";

export const ENGINEERING: PureFamily = { ...RADIX };
