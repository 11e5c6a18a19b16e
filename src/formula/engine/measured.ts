/**
 * Library functions (fast-formula-parser, formulajs) that give another value than Excel in more than
 * 10 % of the corpus formulas calling them, measured by `npm run conformance` over the Excel-saved
 * workbooks (FUNCTION:wrong/judged). The engine does not compute them: UNSUPPORTED, with the figure.
 * A function the engine computes itself (the catalogue's own or pure entries) needs no line here: drop
 * its line when it gets one. Re-measure after a library upgrade and shorten the list.
 */
const MEASURED = "BAHTTEXT:3/17 GEOMEAN:38/43 SUBTOTAL:17/17";

const differences = new Map<string, string>(
  MEASURED.split(/\s+/).map((item) => {
    const [name, figure] = item.split(":");
    const [wrong, judged] = figure.split("/");
    return [name, `${name} as the libraries compute it differs from Excel (${wrong} of ${judged} corpus formulas)`];
  }),
);

/** Why the engine does not compute `name`, when the corpus shows its library version is not Excel's; undefined otherwise. */
export const measuredDifference = (name: string): string | undefined => differences.get(name);
