/**
 * A CellReader over a FakeBook, as strict as the contract: a value outside the areas and spill
 * ranges of the same read throws, names come only when asked, every request is recorded.
 */
import type { CellReader, ReadRequest } from "../../src/formula/resolve/resolve";
import type { AreaRef, CellRef } from "../../src/formula/types";
import type { FakeBook } from "./fake-cells";

export interface CountingReader extends CellReader {
  requests: ReadRequest[];
}

const inside = (a: AreaRef, r: CellRef) => a.sheet.toUpperCase() === r.sheet.toUpperCase() && r.row >= a.r0 && r.row <= a.r1 && r.col >= a.c0 && r.col <= a.c1;

export function readerOf(book: FakeBook, opts: { fail?: string } = {}): CountingReader {
  const requests: ReadRequest[] = [];
  return {
    requests,
    async read(req) {
      requests.push(req);
      if (opts.fail) throw new Error(opts.fail);
      const spilled = req.spills.map((s) => book.spill(s)).filter((a): a is AreaRef => a !== null);
      const known = (sheet: string) => book.sheets.some((s) => s.toUpperCase() === sheet.toUpperCase());
      return {
        values: (ref) => {
          if (!req.areas.some((a) => inside(a, ref)) && !spilled.some((a) => inside(a, ref))) throw new Error(`not requested: ${JSON.stringify(ref)}`);
          return known(ref.sheet) ? book.value(ref) : null;
        },
        spill: (anchor) => {
          if (!req.spills.some((s) => s.sheet === anchor.sheet && s.row === anchor.row && s.col === anchor.col)) throw new Error(`spill not requested: ${JSON.stringify(anchor)}`);
          return book.spill(anchor);
        },
        names: req.names ? book.names() : [],
        sheets: book.sheets,
      };
    },
  };
}
