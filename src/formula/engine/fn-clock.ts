/**
 * TODAY and NOW read the evaluation's clock (opts.now, the computer's by default) in local time, as
 * Excel does, and count in the workbook's date system.
 */
import { DAYS_1900_TO_1904 } from "../../api";
import { own, type OwnFamily, type Special } from "./fn-logic";
import { err } from "./kinds";
import { serialOfLocal } from "./values";

const clock = (withTime: boolean): Special => (args, ctx) => {
  if (args.length) return err("#VALUE!");
  const serial = serialOfLocal((ctx.opts.now ?? (() => new Date()))(), withTime);
  return ctx.opts.date1904 ? serial - DAYS_1900_TO_1904 : serial;
};

export const CLOCK: OwnFamily = {
  TODAY: own(clock(false), 0, 0, { volatile: "clock", dateResult: true }),
  NOW: own(clock(true), 0, 0, { volatile: "clock", dateResult: true }),
};
