/**
 * Errors Excel stores as rich values: IronCalc's ERROR.TYPE workbook, read in place, holds a #CALC!
 * and a #SPILL! whose cells say "#VALUE!" for older readers; Excel's own ERROR.TYPE of them (stored
 * beside them) is 14 and 9.
 */
import * as fs from "fs";
import * as path from "path";
import { readModel } from "../../src/model-file/model/model";
import { cellKey } from "../../src/model-file/parts/a1";
import { corpusDir } from "../conformance/corpus";

test("an error cell with a vm attribute reads as the error its rich value names", () => {
  const model = readModel(fs.readFileSync(path.join(corpusDir(), "ironcalc/INFORMATION__ERROR.TYPE.xlsx")));
  const cells = model.sheets[0].cells;
  expect(cells.get(cellKey(7, 0))?.value).toEqual({ error: "#CALC!" });
  expect(cells.get(cellKey(13, 0))?.value).toEqual({ error: "#SPILL!" });
  expect(cells.get(cellKey(7, 1))?.value).toBe(14);
  expect(cells.get(cellKey(2, 0))?.value).toEqual({ error: "#VALUE!" });
});
