/**
 * The CI gate over one part of the corpus: every formula evaluated; a WRONG not in the
 * known-differences list fails, and so does a listed formula that is no longer WRONG (the list
 * only shrinks). Where the corpus is required (.ci/run, or SVC_REALFILES set) a missing folder fails the
 * suite; a fresh clone without it runs one test that says so and how to point at it, and that fails
 * as soon as the corpus is required.
 */
import { corpusAbsence, corpusFiles, corpusRequired, type CorpusFile } from "./corpus";
import { readKnown } from "./known";
import { knownKey } from "./report";
import { runFile } from "./run";

export function conformanceGate(title: string, part: (f: CorpusFile) => boolean): void {
  const absent = corpusAbsence();
  if (absent && !corpusRequired()) {
    describe(title, () => {
      test(`not run: ${absent}`, () => {
        process.stderr.write(`${title}: ${absent}\n`);
        expect(corpusRequired()).toBe(false);
      });
    });
    return;
  }
  describe(title, () => {
    const known = readKnown();
    const files = corpusFiles().filter(part);
    const runs = files.map(runFile);
    const all = runs.flatMap((r) => r.outcomes);

    test("the corpus is there and every workbook is read", () => {
      expect(files.length).toBeGreaterThan(50);
      expect(runs.filter((r) => r.failure).map((r) => `${r.file.name}: ${r.failure}`)).toEqual([]);
      expect(all.length).toBeGreaterThan(10_000);
    });

    test("no WRONG outside the known-differences list", () => {
      const unlisted = all.filter((o) => o.verdict === "WRONG" && !known.has(knownKey(o.file, o.cell)));
      expect(unlisted.map((o) => `${o.file} ${o.cell} =${o.formula}: ${o.detail}`)).toEqual([]);
    });

    test("a listed difference that now matches (or is refused) leaves the list", () => {
      const names = new Set(files.map((f) => f.name));
      const wrong = new Set(all.filter((o) => o.verdict === "WRONG").map((o) => knownKey(o.file, o.cell)));
      const stale = [...known.values()].filter((k) => names.has(k.file) && !wrong.has(knownKey(k.file, k.cell)));
      expect(stale.map((k) => `${k.file} ${k.cell}`)).toEqual([]);
    });
  });
}
