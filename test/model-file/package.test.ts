/**
 * The package layer: every part reads as fflate reads it; writing copies untouched entries byte for
 * byte (compressed bytes included) and changes only what was asked; each kind of bad file is refused
 * with its own message.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { ModelFileError } from "../../src/model-file/errors";
import { Package } from "../../src/model-file/parts/package";
import { readWorkbook } from "../../src/model-file/parts/workbook";
import { openZip } from "../../src/model-file/zip/read";
import { badFiles } from "./bad-files";
import { buildFixture, unzipAll } from "./fixtures";

const problemOf = (f: () => unknown): { problem: string; message: string } => {
  try {
    f();
  } catch (e) {
    if (e instanceof ModelFileError) return { problem: e.problem, message: e.message };
    throw e;
  }
  throw new Error("no error");
};

describe("package", () => {
  const bytes = buildFixture("model");

  test("every part reads as fflate inflates it", () => {
    const pkg = new Package(bytes);
    const expected = unzipAll(bytes);
    expect(pkg.names().sort()).toEqual([...expected.keys()].sort());
    for (const [name, data] of expected) expect(Buffer.from(pkg.bytes(name)).equals(Buffer.from(data))).toBe(true);
  });

  test("writing without changes keeps every entry's compressed bytes", () => {
    const out = new Package(bytes).write();
    const a = openZip(bytes);
    const b = openZip(out);
    expect(b.entries.map((e) => e.name)).toEqual(a.entries.map((e) => e.name));
    a.entries.forEach((e, i) => {
      const f = b.entries[i];
      expect([f.crc, f.size, f.method]).toEqual([e.crc, e.size, e.method]);
      expect(Buffer.from(out.subarray(f.dataStart, f.dataStart + f.compressedSize)).equals(Buffer.from(bytes.subarray(e.dataStart, e.dataStart + e.compressedSize)))).toBe(true);
    });
  });

  test("a change rewrites that part only; removed and added parts are as asked", () => {
    const pkg = new Package(bytes);
    pkg.setText("xl/styles.xml", pkg.text("xl/styles.xml").replace('defaultTableStyle="TableStyleMedium2"', 'defaultTableStyle="TableStyleMedium9"'));
    pkg.remove("xl/calcChain.xml");
    pkg.setText("docProps/custom.xml", "<Properties/>");
    const out = unzipSync(pkg.write());
    const before = unzipAll(bytes);
    for (const [name, data] of before) {
      if (name === "xl/styles.xml") expect(strFromU8(out[name])).toContain("TableStyleMedium9");
      else if (name === "xl/calcChain.xml") expect(out[name]).toBeUndefined();
      else expect(Buffer.from(out[name]).equals(Buffer.from(data))).toBe(true);
    }
    expect(strFromU8(out["docProps/custom.xml"])).toBe("<Properties/>");
  });

  test("relationships and content types: read, add, remove", () => {
    const pkg = new Package(bytes);
    expect(pkg.relOfType("", "officeDocument")?.part).toBe("xl/workbook.xml");
    expect(pkg.rels("xl/worksheets/sheet1.xml").map((r) => r.part)).toContain("xl/comments1.xml");
    expect(pkg.contentType("xl/drawings/vmlDrawing1.vml")).toBe("application/vnd.openxmlformats-officedocument.vmlDrawing");
    const id = pkg.addRel("xl/worksheets/sheet2.xml", "http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments", "../comments2.xml");
    expect(id).toBe("rId1");
    expect(pkg.rels("xl/worksheets/sheet2.xml")[0].part).toBe("xl/comments2.xml");
    pkg.removeRel("xl/_rels/../workbook.xml".replace("_rels/../", ""), "rId6");
    expect(pkg.rels("xl/workbook.xml").map((r) => r.id)).not.toContain("rId6");
    pkg.removeOverride("xl/calcChain.xml");
    expect(pkg.contentType("xl/calcChain.xml")).toBe("application/xml");
  });

  test("the workbook: sheets in tab order, names with their scope", () => {
    const wb = readWorkbook(new Package(bytes));
    expect(wb.sheets.map((s) => [s.name, s.part, s.kind])).toEqual([
      ["Model", "xl/worksheets/sheet1.xml", "worksheet"],
      ["Inputs", "xl/worksheets/sheet2.xml", "worksheet"],
    ]);
    expect(wb.names).toEqual([
      { name: "_xlnm.Print_Area", sheet: "Model", formula: "Model!$A$1:$H$22" },
      { name: "Ticker", sheet: null, formula: "Inputs!$B$1" },
      { name: "Years", sheet: "Model", formula: "Inputs!$B$3" },
    ]);
    expect(wb.fullCalcOnLoad).toBe(false);
  });

  describe("bad files are refused, each with its own message", () => {
    for (const [kind, bad] of Object.entries(badFiles())) {
      test(kind, () => {
        const got = problemOf(() => {
          const pkg = new Package(bad.bytes);
          pkg.verify();
          readWorkbook(pkg);
        });
        expect(got.problem).toBe(bad.problem);
        expect(got.message).toMatch(bad.message);
      });
    }
    test("too many entries", () => {
      const many = zipSync(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`p${i}.xml`, strToU8("<a/>")])));
      const got = problemOf(() => new Package(many, { maxEntries: 10, maxEntryBytes: 1e6, maxTotalBytes: 1e7, maxRatio: 100, ratioFloorBytes: 1e6 }));
      expect(got).toEqual({ problem: "bomb", message: expect.stringMatching(/12 entries \(at most 10/) });
    });
  });
});
