/**
 * The workbench never shows a made-up value: a file opened in it (src/workbench/open-file.ts, into the
 * fake host in Node) keeps Excel's stored value for a formula the engine does not reproduce, marked
 * unverified with the reason; once that formula's inputs change it is not computed (#CALC! with the
 * reason), and a function the engine lacks, typed in, is #CALC! "not computed here".
 */
import { DATE_1904_REFUSAL, openModelFile } from "../../src/workbench/open-file";
import type { FakeExcel } from "../../src/workbench/book";
import { createBookIo } from "../../src/fake-office/book-io";
import { testBook } from "../fakes-office/helpers";
import { buildFixture, fixtureText } from "./fixtures";
import { DEPENDENTS, SUMMARY } from "./verify-model";

/** The verify model with its SVC cells as plain values (nothing to call: the inputs stay as stored). */
const valuesOnly = () => buildFixture("verify", { "xl/worksheets/sheet1.xml": fixtureText("verify", "xl/worksheets/sheet1.xml").replace(/<f>[^<]*<\/f>/g, "") });

const storedValue = (cell: string): number | string | null => {
  const m = new RegExp(`<c r="${cell}"[^>]*>(?:<f[^>]*>[^<]*</f>)?(?:<v>([^<]*)</v>)?</c>`).exec(fixtureText("verify", SUMMARY));
  const v = m?.[1];
  return v === undefined ? null : /^-?\d/.test(v) ? Number(v) : v;
};

function shownAt(fx: Pick<ReturnType<typeof testBook>["fx"], "shown">, address: string) {
  return fx.shown().find(([a]) => a === address)?.[1] ?? null;
}

test("an opened file: unverified formulas keep Excel's stored value, marked; after an input changes they are not computed", async () => {
  const book = testBook(["Sheet1"]);
  const fx = { ...book.fx, ...createBookIo(book.host) };
  const opened = await openModelFile(valuesOnly(), fx as unknown as FakeExcel);
  await fx.settled();
  expect(opened.unverified).toBeGreaterThanOrEqual(2);
  for (const cell of Object.keys(DEPENDENTS)) {
    const s = shownAt(fx, `Summary!${cell}`);
    if (cell === "B11") continue; // never calculated: no stored value to compare
    expect({ cell, shown: s?.error ?? s?.value }).toEqual({ cell, shown: storedValue(cell) });
  }
  expect(shownAt(fx, "Summary!B7")?.unverified).toBe('Excel\'s stored value, not recomputed here: CELL("protect") needs cell formats, which the engine does not read');
  expect(shownAt(fx, "Summary!B11")?.unverified).toMatch(/never calculated/);
  expect(shownAt(fx, "Summary!B8")?.unverified).toBeUndefined();

  await fx.setFormula("Data!A3", "4");
  await fx.settled();
  expect(shownAt(fx, "Summary!B7")).toMatchObject({ error: "#CALC!", message: expect.stringMatching(/^not computed here: CELL\("protect"\) needs cell formats, which the engine does not read; its inputs changed since the file was saved/) });
  expect(shownAt(fx, "Summary!B8")?.value).toBe(7);
});

test("a function the engine lacks, typed in, is #CALC! not computed here, never a value", async () => {
  const { fx } = testBook(["Sheet1"]);
  await fx.setFormula("Sheet1!A1", "3");
  await fx.setFormula("Sheet1!B1", '=INFO("numfile")*2');
  await fx.setFormula("Sheet1!C1", "=B1+1");
  await fx.settled();
  expect(shownAt(fx, "Sheet1!B1")).toMatchObject({ error: "#CALC!", message: "not computed here: uses INFO, which only Excel computes (unless misspelt)" });
  expect(shownAt(fx, "Sheet1!C1")?.error).toBe("#CALC!");
});

test("a file in the 1904 date system is refused before anything is loaded (the workbench saves in 1900)", async () => {
  const book = testBook(["Sheet1"]);
  const fx = { ...book.fx, ...createBookIo(book.host) };
  const wb = fixtureText("verify", "xl/workbook.xml").replace(/<workbookPr([^>]*)\/>/, '<workbookPr date1904="1"$1/>');
  await expect(openModelFile(buildFixture("verify", { "xl/workbook.xml": wb }), fx as unknown as FakeExcel)).rejects.toThrow(DATE_1904_REFUSAL);
  expect(fx.sheetNames()).toEqual(["Sheet1"]);
});
