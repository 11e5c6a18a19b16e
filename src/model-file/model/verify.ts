/**
 * Self-verification: the file holds Excel's own last results, so before a recomputed formula is
 * trusted it is recomputed from the inputs the file holds (the stored values, before any refresh)
 * and compared, cell by cell as it would be written, with what Excel stored. A formula the engine
 * gives another value for, cannot compute, or that Excel never calculated is not trusted; the
 * reason says so in Excel terms ("the engine gives 0 where Excel stored 11 (SUMPRODUCT of a condition)").
 */
import type { Rect } from "../../recalc";
import { a1 } from "../parts/a1";
import { CellValue } from "../../formula";
import { Model, ModelFormula } from "./model";
import { FormulaAt, recompute } from "./recompute";
import { fixedCell, gridOf } from "./results";
import { cellSourceOf } from "./source";
import { suspectConstruct } from "./verify-constructs";
import { sameCellValue, shownValue } from "./verify-values";
import { WorkingCopy } from "./working";
import { CellSource, EngineValue, volatileFunctionsIn, volatilityOf } from "../../formula";

/** Functions whose result changes with the clock or by chance (not a volatile reference): a stored value cannot confirm them. */
const unrepeatable = (fn: string) => volatilityOf(fn) === "clock" || volatilityOf(fn) === "random";

interface Mismatch {
  got: string;
  stored: string;
  /** The cell of an array where they first differ (null for a one-cell result). */
  at: string | null;
}

const dims = (b: { r0: number; c0: number; r1: number; c1: number }) => `${b.r1 - b.r0 + 1}×${b.c1 - b.c0 + 1}`;

export class Verifier {
  /** The workbook as the file stores it (no refresh writes into it). */
  readonly stored: WorkingCopy;
  private readonly src: CellSource;
  private readonly verdicts = new Map<FormulaAt, string | null>();

  constructor(readonly model: Model, private readonly now?: () => Date) {
    this.stored = new WorkingCopy(model);
    this.src = cellSourceOf(model, this.stored);
  }

  /** null when the engine gives what Excel stored; otherwise why the formula is not trusted. */
  check(n: FormulaAt): string | null {
    let v = this.verdicts.get(n);
    if (v === undefined) this.verdicts.set(n, (v = this.verdict(n)));
    return v;
  }

  private verdict(n: FormulaAt): string | null {
    const f = this.stored.cell(n)?.formula;
    if (!f) return "the cell holds no formula to verify";
    const clock = volatileFunctionsIn(n.text).find(unrepeatable);
    if (clock) return `calls ${clock}, whose value changes each time Excel recalculates: Excel's stored value cannot confirm the engine's`;
    if (this.stored.value(n) === null) return "Excel stored no value for it (never calculated): open the file in Excel, recalculate and save";
    const r = recompute(n, this.src, { now: this.now, array: f.kind === "array", date1904: this.model.workbook.date1904, platform: this.model.workbook.platform });
    if ("unsupported" in r) return r.unsupported;
    const m = this.compare(n, f, r.value);
    if (!m) return null;
    const construct = suspectConstruct(n.text, f.kind === "array" && !f.dynamic);
    return `the engine gives ${m.got} where Excel stored ${m.stored}${m.at ? ` at ${m.at}` : ""}${construct ? ` (${construct})` : ""}`;
  }

  private compare(n: FormulaAt, f: ModelFormula, value: EngineValue): Mismatch | null {
    const grid = gridOf(value);
    if (f.kind === "array" && f.ref && !f.dynamic) return this.cells(n, f.ref, (i, j) => fixedCell(grid, i, j));
    if (f.dynamic) {
      const box = f.ref ?? { r0: n.row, c0: n.col, r1: n.row, c1: n.col };
      const rows = grid.length, cols = grid[0].length;
      if (rows !== box.r1 - box.r0 + 1 || cols !== box.c1 - box.c0 + 1) return { got: `a ${rows}×${cols} array`, stored: `a ${dims(box)} array`, at: null };
      return this.cells(n, box, (i, j) => grid[i][j]);
    }
    const got = grid[0][0];
    const stored = this.stored.value(n);
    return sameCellValue(got, stored) ? null : { got: shownValue(got), stored: shownValue(stored), at: null };
  }

  private cells(n: FormulaAt, box: Rect, got: (i: number, j: number) => CellValue): Mismatch | null {
    for (let r = box.r0; r <= box.r1; r++)
      for (let c = box.c0; c <= box.c1; c++) {
        const g = got(r - box.r0, c - box.c0);
        const s = this.stored.value({ sheet: n.sheet, row: r, col: c });
        if (!sameCellValue(g, s)) return { got: shownValue(g), stored: shownValue(s), at: box.r0 !== box.r1 || box.c0 !== box.c1 ? a1(r, c) : null };
      }
    return null;
  }
}
