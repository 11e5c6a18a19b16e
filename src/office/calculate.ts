/**
 * The pane's writes to the workbook through Excel.run (office-addin-facts 1.7). Only the pane calls
 * these: a custom function must never trigger calculation or write cells itself.
 */

function excel(): typeof Excel {
  const x = (globalThis as unknown as { Excel?: typeof Excel }).Excel;
  if (!x || typeof x.run !== "function") throw new Error("Excel is not available in this page");
  return x;
}

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

/** Write a formula into the active cell (ExcelApi 1.7); resolves with the cell's address. */
export async function insertFormulaIntoActiveCell(formula: string): Promise<string> {
  const x = excel();
  return x.run(async (ctx) => {
    const cell = ctx.workbook.getActiveCell();
    cell.formulas = [[formula]];
    cell.load("address");
    await ctx.sync();
    return cell.address;
  });
}
