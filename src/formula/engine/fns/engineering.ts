/** Engineering functions computed by the engine to Excel's definition (see ./types.ts for the calling rules). */
import { BESSEL } from "./bessel";
import { BITS } from "./bits";
import { COMPLEX_FNS } from "./complex-fns";
import { CONVERT_FNS } from "./convert";
import { ERF_FNS } from "./erf";
import { RADIX } from "./radix";
import type { PureFamily } from "./types";

export const ENGINEERING: PureFamily = { ...RADIX, ...CONVERT_FNS, ...COMPLEX_FNS, ...BITS, ...ERF_FNS, ...BESSEL };
