/** Math functions computed by the engine to Excel's definition (see ./types.ts for the calling rules). */
import { COMBINATORICS } from "./combinatorics";
import { BASIC } from "./math-basic";
import { MATRIX } from "./matrix";
import { MATRIX_LU } from "./matrix-lu";
import { ROMAN_FNS } from "./roman";
import { ROUNDING } from "./math-rounding";
import { TRIG } from "./trig";
import type { PureFamily } from "./types";

export const MATH: PureFamily = { ...ROMAN_FNS, ...ROUNDING, ...BASIC, ...TRIG, ...COMBINATORICS, ...MATRIX, ...MATRIX_LU };
