/** The plan's inputs from the pane: the workbook's cell reader, the functions' request mapping, each cell's last run. */
import type { CellReader } from "../../../formula";
import type { PlanDeps, Pricer } from "../../../plan";
import { PaneContext, SourceView, WorkbookPort } from "../types";

/** A reader that cannot read (a page whose workbook gives none): the plan says so per formula. */
const NO_READER: CellReader = {
  read: async () => {
    throw new Error("this page cannot read the workbook's cells");
  },
};

export function planDepsFor(ctx: PaneContext, wb: WorkbookPort, requestsFor: PlanDeps["requestsFor"]): PlanDeps {
  const by = new Map((ctx.sources.list() as SourceView[]).map((s) => [s.address, s]));
  return {
    reader: wb.cellReader ? wb.cellReader() : NO_READER,
    requestsFor,
    lastRun: (address) => {
      const s = by.get(address);
      return s && Array.isArray(s.args) ? { fn: s.fn, args: s.args, rows: s.rows, cols: s.cols } : undefined;
    },
  };
}

/** The engine's one pricing rule, as the plan asks it: a refresh's price (cached answers do not count). */
export function pricerOf(ctx: PaneContext): Pricer {
  return async (requests) => {
    if (!ctx.engine.plan) throw new Error("this engine cannot price a refresh");
    return ctx.engine.plan(requests, { refresh: true });
  };
}
