/** A small workbook for formula tests: cells by A1 address, names, spills; counts what is read. */
import { parseCell, parseRange } from "../../src/formula/text/address";
import type { CellSource } from "../../src/formula/engine/evaluate";
import type { AreaRef, CellRef, CellValue, DefinedName } from "../../src/formula/types";

export interface FakeBook extends CellSource {
  set(address: string, value: CellValue): void;
  /** Put a column or row of values starting at `address`. */
  fill(address: string, values: CellValue[][]): void;
  defineName(name: DefinedName): void;
  setSpill(anchor: string, range: string | null): void;
  sheets: string[];
  reads: number;
}

const key = (r: CellRef) => `${r.sheet.toUpperCase()}!${r.row},${r.col}`;

export function fakeBook(sheets: string[] = ["Sheet1"]): FakeBook {
  const cells = new Map<string, CellValue>();
  const spills = new Map<string, AreaRef>();
  const names: DefinedName[] = [];
  const book: FakeBook = {
    sheets,
    reads: 0,
    value(ref) {
      book.reads++;
      return cells.get(key(ref)) ?? null;
    },
    names: () => names,
    spill: (anchor) => spills.get(key(anchor)) ?? null,
    used: (sheet) => {
      let r1 = -1, c1 = -1;
      for (const k of cells.keys()) {
        const [s, rc] = k.split("!");
        if (s !== sheet.toUpperCase()) continue;
        const [r, c] = rc.split(",").map(Number);
        r1 = Math.max(r1, r);
        c1 = Math.max(c1, c);
      }
      return r1 < 0 ? null : { sheet, r0: 0, c0: 0, r1, c1 };
    },
    set(address, value) {
      cells.set(key(parseCell(address)), value);
    },
    fill(address, values) {
      const start = parseCell(address);
      values.forEach((row, i) => row.forEach((v, j) => cells.set(key({ sheet: start.sheet, row: start.row + i, col: start.col + j }), v)));
    },
    defineName: (n) => names.push(n),
    setSpill(anchor, range) {
      const a = parseCell(anchor);
      if (range === null) spills.delete(key(a));
      else spills.set(key(a), parseRange(range, a.sheet));
    },
  };
  return book;
}
