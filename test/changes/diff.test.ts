/** `svc-excel diff`: two files that differ in one value, one formula and one sheet list exactly those; exit 0/1/2. */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { strFromU8, unzipSync } from "fflate";
import { addSheet, readModel } from "../../src/model-file";
import { buildFixture } from "../model-file/fixtures";
import { CliRunner, cliRunner } from "../cli/run-cli";

let cli: CliRunner;
let dir: string;
beforeAll(() => {
  cli = cliRunner();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-diff-"));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(cli.dir, { recursive: true, force: true });
});

function files(): { old: string; now: string } {
  const base = buildFixture("model");
  const parts = unzipSync(base);
  const sheet1 = strFromU8(parts["xl/worksheets/sheet1.xml"]).replace("<f>B1/1000</f>", "<f>B1/1000000</f>");
  const sheet2 = strFromU8(parts["xl/worksheets/sheet2.xml"]).replace('<c r="B3"><v>4</v></c>', '<c r="B3"><v>5</v></c>');
  const edited = readModel(buildFixture("model", { "xl/worksheets/sheet1.xml": sheet1, "xl/worksheets/sheet2.xml": sheet2 }));
  const now = addSheet(edited, "Notes", [["checked by", "AB"]]);
  fs.writeFileSync(path.join(dir, "old.xlsx"), base);
  fs.writeFileSync(path.join(dir, "new.xlsx"), now);
  return { old: path.join(dir, "old.xlsx"), now: path.join(dir, "new.xlsx") };
}

test("one value, one formula and one sheet: exactly those, exit 1", async () => {
  const f = files();
  const r = await cli.run(["diff", f.old, f.now, "--json"]);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(1);
  expect(JSON.parse(r.stdout)).toEqual({
    same: false,
    sheets_added: ["Notes"],
    sheets_removed: [],
    cells: [
      { sheet: "Model", cell: "B7", kind: "formula", old: 391.03500000000003, new: 391.03500000000003, old_formula: "=B1/1000", new_formula: "=B1/1000000" },
      { sheet: "Inputs", cell: "B3", kind: "value", old: 4, new: 5, old_formula: null, new_formula: null },
    ],
  });
  const text = await cli.run(["diff", f.old, f.now]);
  expect(text.stdout).toContain("1 sheet(s) added, 0 removed, 1 formula(s) changed, 1 value(s) changed");
  expect(text.stdout).toContain("Model!B7 formula: =B1/1000 -> =B1/1000000");
  const back = await cli.run(["diff", f.now, f.old, "--json"]);
  expect(JSON.parse(back.stdout).sheets_removed).toEqual(["Notes"]);
}, 60_000);

test("the same file: exit 0; an unreadable one or one file: exit 2", async () => {
  const f = files();
  const same = await cli.run(["diff", f.old, f.old]);
  expect(same.code).toBe(0);
  expect(same.stdout).toContain("the same");
  const csv = path.join(dir, "data.xlsx");
  fs.writeFileSync(csv, "a,b\n1,2\n");
  const bad = await cli.run(["diff", f.old, csv]);
  expect(bad.code).toBe(2);
  expect(bad.stderr).toMatch(/svc-excel diff: .*data\.xlsx/);
  expect((await cli.run(["diff", f.old])).code).toBe(2);
  expect((await cli.run(["diff", "--help"])).stdout).toContain("svc-excel diff OLD.xlsx NEW.xlsx");
}, 60_000);
