/** Financial functions computed by the engine to Excel's definition (see ./types.ts for the calling rules). */
import { ANNUITY } from "./fin-annuity";
import { CASHFLOW } from "./fin-cashflow";
import { COUPONS } from "./fin-coupons";
import { DEPRECIATION } from "./fin-depreciation";
import { RATES } from "./fin-rates";
import { ODD_BONDS } from "./fin-oddbonds";
import { SECURITIES } from "./fin-securities";
import type { PureFamily } from "./types";

export const FINANCIAL: PureFamily = { ...ANNUITY, ...CASHFLOW, ...COUPONS, ...SECURITIES, ...DEPRECIATION, ...RATES, ...ODD_BONDS };
