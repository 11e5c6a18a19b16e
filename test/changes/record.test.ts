/** The change record (src/plan/changes): kinds, filings, what moved each dependent, order, counts. */
import { countsText, filingNote, recordChanges } from "../../src/plan/changes";
import { SvcCellRun, ValueOrigin } from "../../src/plan/changes/types";

const filing = (accession: string, form: string) => ({ accession, form, url: `https://www.sec.gov/x/${accession}` });
const origin = (row: number, col: number, period: string, accession: string, form = "10-K"): ValueOrigin => ({ row, col, period, filing: filing(accession, form) });
const run = (over: Partial<SvcCellRun> & Pick<SvcCellRun, "old" | "new">): SvcCellRun => ({ sheet: "Model", row: 1, col: 1, ...over });

describe("recordChanges", () => {
  test("a new fiscal year: the header row moved; one change at the anchor, values of shared years compared", () => {
    const old = [["metric", "FY2023", "FY2024", "FY2025"], ["Revenue", 100, 110, 120]];
    const now = [["metric", "FY2024", "FY2025", "FY2026"], ["Revenue", 110, 120, 130]];
    const r = recordChanges([run({ old, new: now, newOrigins: [origin(1, 3, "FY2026", "0000320193-26-000506")] })], []);
    expect(r.changes).toHaveLength(1);
    expect(r.changes[0]).toMatchObject({ cell: "B2", kind: "new period", old: "FY2023 to FY2025", new: "FY2024 to FY2026", filing: { accession: "0000320193-26-000506" } });
    expect(r.changes[0].detail).toBe("FY2026 appeared; the columns moved (were FY2023 to FY2025)");
  });

  test("a new fiscal year that also restated a shared year: the new period and the revised value", () => {
    const old = [["metric", "FY2024", "FY2025"], ["Revenue", 110, 120]];
    const now = [["metric", "FY2025", "FY2026"], ["Revenue", 118, 130]];
    const r = recordChanges([run({ old, new: now })], []);
    expect(r.changes.map((c) => [c.cell, c.kind, c.old, c.new])).toEqual([["B2", "new period", "FY2024 to FY2025", "FY2025 to FY2026"], ["C3", "revised", 120, 118]]);
  });

  test("a revised single value: restated by the amendment, old and new filing named", () => {
    const r = recordChanges([run({ old: [[245122]], new: [[241900]], oldOrigins: [origin(0, 0, "FY2025", "0000789019-25-000505")], newOrigins: [origin(0, 0, "FY2025", "0000789019-26-000012", "10-K/A")] })], []);
    expect(r.changes[0]).toMatchObject({ kind: "revised", old: 245122, new: 241900 });
    expect(r.changes[0].detail).toBe("FY2025 restated by the 10-K/A (was 10-K 0000789019-25-000505)");
  });

  test("an amendment is a revision even when the old source is not known (a file's stored value)", () => {
    const r = recordChanges([run({ old: [[245122]], new: [[241900]], newOrigins: [origin(0, 0, "FY2025", "0000789019-26-000012", "10-K/A")] })], []);
    expect(r.changes[0]).toMatchObject({ kind: "revised", detail: "FY2025 restated by the 10-K/A", filing: { accession: "0000789019-26-000012" } });
  });

  test("a single value whose period moved (FY now means FY2026) is a new period; an unknown cause is 'changed'", () => {
    const moved = run({ old: [[100]], new: [[130]], oldOrigins: [origin(0, 0, "FY2025", "a")], newOrigins: [origin(0, 0, "FY2026", "b")] });
    const unknown = run({ row: 5, old: [[100]], new: [[101]] });
    const r = recordChanges([moved, unknown], []);
    expect(r.changes.map((c) => [c.kind, c.detail])).toEqual([["new period", "FY2026 (was FY2025)"], ["changed", "the value changed; the old value's source is not known"]]);
  });

  test("a feed grew: one 'new rows' change, also when the limit pushed an old row out", () => {
    const head = ["filed_date", "ticker", "value_usd"];
    const old = [head, ["2026-11-20", "AAPL", 10], ["2026-11-19", "KO", 20]];
    const grew = [head, ["2026-11-25", "NVDA", 5], ...old.slice(1)];
    const capped = [head, ["2026-11-25", "NVDA", 5], old[1]];
    const r = recordChanges([run({ old, new: grew }), run({ row: 20, old, new: capped })], []);
    expect(r.changes.map((c) => [c.kind, c.old, c.new, c.detail])).toEqual([
      ["new rows", "2 rows", "3 rows", "1 new row"],
      ["new rows", "2 rows", "2 rows", "1 new row; 1 older row no longer in the answer"],
    ]);
  });

  test("errors appear and clear; the same error twice is unchanged", () => {
    const r = recordChanges(
      [run({ old: [[1]], new: [[{ error: "#N/A" }]], newMessage: "Unknown ticker: ZZZ" }), run({ row: 3, old: [[{ error: "#N/A" }]], new: [[2]], oldMessage: "Daily quota used up" }), run({ row: 4, old: [[{ error: "#N/A" }]], new: [[{ error: "#N/A" }]] })],
      []
    );
    expect(r.changes.map((c) => [c.cell, c.kind, c.detail])).toEqual([["B2", "error appeared", "Unknown ticker: ZZZ"], ["B4", "error cleared", "was: Daily quota used up"]]);
    expect(r.counts.unchanged).toBe(1);
  });

  test("dependents name the SVC results that moved them, through other dependents; ordered first, largest relative change first", () => {
    const svc = [run({ old: [[100]], new: [[90]] }), run({ row: 9, col: 0, old: [[5]], new: [[5]] })];
    const a = { sheet: "Model", row: 1, col: 3, reads: [{ sheet: "Model", r0: 1, c0: 1, r1: 1, c1: 1 }], old: 100, new: 90 };
    const b = { sheet: "Summary", row: 0, col: 0, reads: [{ sheet: "model", r0: 1, c0: 3, r1: 1, c1: 3 }, { sheet: "Model", r0: 9, c0: 0, r1: 9, c1: 0 }], old: 1000, new: 500 };
    const still = { sheet: "Model", row: 7, col: 0, reads: [], old: 3, new: 3 };
    const r = recordChanges(svc, [a, b, still]);
    expect(r.changes.map((c) => [c.sheet, c.cell, c.kind, c.movedBy, c.relative])).toEqual([
      ["Summary", "A1", "dependent", ["Model!B2"], 0.5],
      ["Model", "D2", "dependent", ["Model!B2"], 0.1],
      ["Model", "B2", "changed", [], 0.1],
    ]);
    expect(countsText(r)).toBe("2 dependents moved, 1 changed, 1 unchanged");
  });

  test("nothing changed is said plainly", () => {
    const r = recordChanges([run({ old: [[1]], new: [[1]] })], [{ sheet: "Model", row: 0, col: 0, reads: [], old: 2, new: 2 }]);
    expect(r.changes).toEqual([]);
    expect(countsText(r)).toBe("Nothing changed");
  });
});

describe("filingNote (a frozen value's note)", () => {
  const v = (accession: string | null, form: string | null) => ({ row: 0, col: 0, period: "FY2025", accession, form, filingUrl: accession ? `https://www.sec.gov/x/${accession}` : null });
  test("names each distinct filing with its link, at most three", () => {
    expect(filingNote([v("a-1", "10-K/A"), v("a-1", "10-K/A")])).toBe("Source: 10-K/A a-1 https://www.sec.gov/x/a-1.");
    expect(filingNote([v("a", "10-K"), v("b", "10-K"), v("c", null), v("d", "10-Q"), v(null, null)])).toBe("Sources: 10-K a https://www.sec.gov/x/a; 10-K b https://www.sec.gov/x/b; c https://www.sec.gov/x/c (and 1 more filings).");
    expect(filingNote(undefined)).toBe("");
  });
});
