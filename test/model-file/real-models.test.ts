/**
 * Real models refreshed (real-models.ts: a DCF with a Table of assumptions, an LBO with IRR, a
 * three-statement model): every dependent of the SVC results is recomputed with Excel's value, or
 * listed stale with its reason (and then the refresh exits 1); none keeps an old value unreported.
 * The share of dependents recomputed is the measure of the engine on whole models.
 */
import { readModel, refreshModel } from "../../src/model-file";
import { verifyDependents } from "../../src/model-file/model/verify-dependents";
import { agree15 } from "../../src/model-file/model/verify-values";
import { a1 } from "../../src/model-file/parts/a1";
import { modelCaller, modelValues, modelWorkbook } from "./real-models";

describe("real models: a refresh recomputes every dependent, or lists it stale with its reason", () => {
  const bytes = modelWorkbook();
  const before = modelValues("before"), after = modelValues("after");

  test("every formula whose value the new SVC results change is written with Excel's value or listed stale; the others keep theirs", async () => {
    const out = await refreshModel(readModel(bytes), { call: modelCaller() });
    const refreshed = readModel(out.bytes);
    const stale = new Map(out.report.stale.map((s) => [`${s.sheet}!${s.cell}`, s.reason]));
    const value = (address: string) => {
      const [sheet, cell] = address.split("!");
      const s = refreshed.sheets.find((x) => x.name === sheet);
      for (const c of s?.cells.values() ?? []) if (a1(c.row, c.col) === cell) return c.value;
      return null;
    };
    let recomputed = 0, changed = 0;
    for (const [address, want] of after) {
      const got = value(address);
      const reason = stale.get(address);
      if (address.startsWith("Inputs!")) continue; // the SVC cells
      if (want !== before.get(address)) changed++;
      if (reason !== undefined) {
        expect({ address, kept: got === before.get(address) || agree15(got as number, before.get(address) as number), reason }).toEqual({ address, kept: true, reason: expect.any(String) });
        continue;
      }
      if (want !== before.get(address)) recomputed++;
      expect({ address, got, excel: typeof got === "number" && agree15(got, want) }).toEqual({ address, got, excel: true });
    }
    expect(changed).toBeGreaterThan(100); // the SVC inputs drive most of each sheet
    // exit 1 exactly when something is stale; the share recomputed is what the engine reaches today
    const exit = out.report.stale.length > 0 ? 1 : 0;
    expect({ exit, share: `${recomputed} of ${changed}` }).toEqual({ exit: stale.size > 0 ? 1 : 0, share: `${recomputed} of ${changed}` });
  });

  test("check says before any call how many dependents a refresh will recompute, and which it leaves stale", () => {
    const v = verifyDependents(readModel(bytes));
    const moved = [...after].filter(([address, want]) => !address.startsWith("Inputs!") && want !== before.get(address)).length;
    expect(v.total).toBeGreaterThanOrEqual(moved);
    for (const s of v.stale) expect(s.reason.length).toBeGreaterThan(0);
  });
});
