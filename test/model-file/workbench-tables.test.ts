/**
 * The workbench (a file opened into the fake host, in Node) knows the file's Excel Tables: a
 * structured reference is computed over the table's cells and recalculates when they change; a
 * formula the engine cannot read keeps Excel's stored value marked unverified with the reason, and
 * is not computed (#CALC! with the reason) once what it may read changes: listed, never silently old.
 */
import { openModelFile } from "../../src/workbench/open-file";
import type { FakeExcel } from "../../src/workbench/book";
import { createBookIo } from "../../src/fake-office/book-io";
import { testBook } from "../fakes-office/helpers";
import { mustShowWorkbook } from "./must-show-model";

const shownAt = (fx: { shown(): Array<[string, { value?: unknown; error?: string; message?: string | null; unverified?: string }]> }, address: string) => fx.shown().find(([a]) => a === address)?.[1] ?? null;

test("an opened model with a table and an unreadable formula: computed over the table, the unreadable one listed", async () => {
  const book = testBook(["Sheet1"]);
  const fx = { ...book.fx, ...createBookIo(book.host) };
  await openModelFile(mustShowWorkbook(), fx as unknown as FakeExcel);
  await fx.settled();
  expect(shownAt(fx, "Summary!B1")).toMatchObject({ value: 6 });
  expect(shownAt(fx, "Summary!B1")?.unverified).toBeUndefined();
  expect(shownAt(fx, "Summary!B4")).toMatchObject({ value: 2, unverified: expect.stringMatching(/^Excel's stored value, not recomputed here: the engine cannot read the formula: /) });

  await fx.setFormula("Data!B2", "5"); // an SVC result replaced by a constant: the table's Revenue changes
  await fx.settled();
  expect(shownAt(fx, "Data!C2")).toMatchObject({ value: 10 }); // the calculated column, Rev[[#This Row],[Revenue]]*2
  expect(shownAt(fx, "Summary!B1")).toMatchObject({ value: 10 }); // SUM(Rev[Revenue])
  expect(shownAt(fx, "Summary!B4")).toMatchObject({ error: "#CALC!", message: expect.stringMatching(/the engine cannot read the formula/) });
});
