/**
 * The pane's recalculation through Excel.run. Only the pane calls it: a
 * custom function must never trigger calculation or write cells itself. (Writing a formula at the
 * active cell is src/office/workbook.ts insertAtActiveCell.)
 */
import { excel } from "./excel";

/**
 * Mark every cell dirty and recalculate (CalculationType.full re-invokes our non-volatile
 * functions; `recalculate` would not). The pane's "Refresh data" clears the cache first.
 */
export async function calculateFull(): Promise<void> {
  const x = excel();
  await x.run(async (ctx) => {
    ctx.application.calculate(x.CalculationType.full);
    await ctx.sync();
  });
}

/** Application.calculationMode (ExcelApi 1.8): "Automatic", "AutomaticExceptTables" or "Manual". */
export async function calculationMode(): Promise<string> {
  return excel().run(async (ctx) => {
    const app = ctx.workbook.application.load("calculationMode");
    await ctx.sync();
    return String(app.calculationMode);
  });
}
