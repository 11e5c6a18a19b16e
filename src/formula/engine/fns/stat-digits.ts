/**
 * Functions (or forms of them) whose last digits the conformance corpus shows differ from Excel's:
 * Excel's own algorithm is not the exact value there (GAMMA.DIST's cumulative form, for one, is off
 * the exact value in its 15th digit) or the engine's iterations stop elsewhere. They answer
 * UNSUPPORTED until the engine reproduces those digits; the rest of each family is computed.
 */
import type { CellValue } from "../../types";
import { toBool } from "../coerce";
import { isGrid, unsupported } from "../kinds";
import type { Arg, PureFamily, PureFunction } from "./types";

const truthy = (a: Arg, dflt: boolean): boolean => {
  if (a === undefined) return dflt;
  const b = toBool(isGrid(a) ? a[0][0] : (a as CellValue));
  return b === true;
};

/** When each listed function (or its form) is refused: its name and the arguments' test. */
const NOT_TO_EXCEL_DIGITS: Record<string, (args: Arg[]) => boolean> = {
  "GAMMA.DIST": (args) => truthy(args[3], false),
  GAMMADIST: (args) => truthy(args[3], false),
  "GAMMA.INV": () => true,
  GAMMAINV: () => true,
  "F.INV.RT": () => true,
  FINV: () => true,
  "F.TEST": () => true,
  FTEST: () => true,
  "CHISQ.TEST": () => true,
  CHITEST: () => true,
  "NEGBINOM.DIST": (args) => !truthy(args[3], false),
  NEGBINOMDIST: () => true,
  LINEST: (args) => truthy(args[3], false),
  LOGEST: (args) => truthy(args[3], false),
};

function refused(name: string, f: PureFunction, when: (args: Arg[]) => boolean): PureFunction {
  return {
    ...f,
    fn: (args, opts) => {
      if (when(args)) unsupported(`${name}: the engine's last digits differ from Excel's here (measured on the conformance corpus)`);
      return f.fn(args, opts);
    },
  };
}

/** The family with the listed functions refused where their digits are not Excel's. */
export function toExcelDigits(family: PureFamily): PureFamily {
  const out: PureFamily = { ...family };
  for (const [name, when] of Object.entries(NOT_TO_EXCEL_DIGITS)) if (out[name]) out[name] = refused(name, out[name], when);
  return out;
}
