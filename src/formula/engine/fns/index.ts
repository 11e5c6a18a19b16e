/** Every function the engine computes itself from evaluated arguments, by Excel name (upper case, no `_xlfn.`). */
import { DATABASE } from "./database";
import { DATE } from "./date";
import { DYNAMIC } from "./dynamic";
import { DYNAMIC_SELECT } from "./dynamic-select";
import { DYNAMIC_SORT } from "./dynamic-sort";
import { ENGINEERING } from "./engineering";
import { FINANCIAL } from "./financial";
import { INFORMATION } from "./information";
import { LOOKUP } from "./lookup";
import { MATH } from "./math";
import { PERCENTOF_FAMILY } from "./percentof";
import { TRIMRANGE_FAMILY } from "./trimrange";
import { STATISTICS } from "./statistics";
import { TEXT } from "./text";
import type { PureFamily } from "./types";

export const PURE: PureFamily = { ...MATH, ...ENGINEERING, ...TEXT, ...INFORMATION, ...DATE, ...STATISTICS, ...FINANCIAL, ...LOOKUP, ...DATABASE, ...DYNAMIC, ...DYNAMIC_SELECT, ...DYNAMIC_SORT, ...PERCENTOF_FAMILY, ...TRIMRANGE_FAMILY };

