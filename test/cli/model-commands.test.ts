/**
 * The model-file commands as a user runs them: the real bin (a transpiled copy) in a child process
 * against the fake API. Refresh in place and with --out, progress on stderr, Excel's lock file,
 * every kind of bad file (original byte-identical, exit 2, its own message), not signed in (exit 3),
 * freeze, repair, and check sending no data request.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { strFromU8, unzipSync } from "fflate";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";
import { largeModel } from "../fakes/xlsx/large-model";
import { badFiles } from "../model-file/bad-files";
import { buildFixture, fixtureText } from "../model-file/fixtures";
import { cellXmlByAddress } from "../model-file/cells";
import { CliRunner, cliRunner } from "./run-cli";

let api: FakeApi;
let cli: CliRunner;
let work: string;
let env: Record<string, string | undefined>;

beforeAll(async () => {
  cli = cliRunner();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "svc-model-cli-"));
  api = await startFakeApi({ quota: 100_000 });
  env = { SVC_TOKEN: SANDBOX_API_KEY, SVC_BASE_URL: api.url, XDG_CONFIG_HOME: path.join(work, "config"), SVC_CREDENTIALS: undefined };
}, 60_000);

afterAll(async () => {
  await api?.close();
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(cli.dir, { recursive: true, force: true });
});

function place(name: string, bytes: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(work, "case-"));
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

const sheet1 = (file: string) => cellXmlByAddress(strFromU8(unzipSync(new Uint8Array(fs.readFileSync(file)))["xl/worksheets/sheet1.xml"]));

describe("svc-excel refresh|check|freeze|repair", () => {
  test("refresh in place: values from the API, exit 0, the JSON report of item 7", async () => {
    const file = place("Model.xlsx", buildFixture("model"));
    const r = await cli.run(["refresh", file, "--json"], { env });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc.cells).toHaveLength(7);
    expect(doc.cells[0]).toEqual({ sheet: "Model", cell: "B1", formula: '=SVC.FINANCIALS(Ticker,"revenue","FY")', error: null });
    expect(doc.stats.calls).toBe(5);
    expect(sheet1(file).get("B1")).toBe('<c r="B1" s="2"><f>_xldudf_SVC_FINANCIALS(Ticker,"revenue","FY")</f><v>428000</v></c>');
    expect(fs.readdirSync(path.dirname(file))).toEqual(["Model.xlsx"]);
  });

  test("a workbook in the 1904 date system gets SVC dates in its own system; its date formulas count from 1904", async () => {
    const withDates = (date1904: boolean) => {
      const wb = fixtureText("model", "xl/workbook.xml").replace(/<workbookPr([^>]*)\/>/, date1904 ? '<workbookPr date1904="1"$1/>' : "<workbookPr$1/>");
      const sheet = fixtureText("model", "xl/worksheets/sheet1.xml")
        .replace('<c r="B7" s="2"><f>B1/1000</f><v>391.03500000000003</v>', `<c r="B7" s="2"><f>INDEX(_xldudf_SVC_FILINGS("AAPL"),2,2)</f><v>${date1904 ? 45000 - 1462 : 45000}</v>`)
        .replace('<c r="B8" s="2"><f>SUM(C4:F4)</f><v>1169320</v>', '<c r="B8" s="2"><f>YEAR(B7)*10000+MONTH(B7)*100+DAY(B7)</f><v>20230315</v>'); // as Excel stores them: 2023-03-15 in each system
      return buildFixture("model", { "xl/workbook.xml": wb, "xl/worksheets/sheet1.xml": sheet });
    };
    const value = (cells: Map<string, string>, a: string) => Number(/<v>([^<]*)<\/v>/.exec(cells.get(a) ?? "")?.[1]);
    const [f1900, f1904] = [place("Dates1900.xlsx", withDates(false)), place("Dates1904.xlsx", withDates(true))];
    for (const f of [f1900, f1904]) {
      const r = await cli.run(["refresh", f], { env });
      expect({ code: r.code, err: r.stderr, out: r.code ? r.stdout : "" }).toEqual({ code: 0, err: "", out: "" });
    }
    const [c1900, c1904] = [sheet1(f1900), sheet1(f1904)];
    expect(value(c1900, "B7")).toBeGreaterThan(40000);
    expect(value(c1904, "B7")).toBe(value(c1900, "B7") - 1462);
    expect(value(c1904, "B8")).toBe(value(c1900, "B8")); // the same calendar day, read in each workbook's system
    expect(value(c1900, "B8")).toBeGreaterThan(20000101);
  });

  test("--out leaves the model untouched; a long run reports progress on stderr", async () => {
    const model = largeModel(10, 4);
    const file = place("Big.xlsx", model.bytes);
    const out = path.join(path.dirname(file), "Big-refreshed.xlsx");
    const r = await cli.run(["refresh", file, "--out", out], { env });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/svc-excel refresh: 40 of 40 distinct SVC calls answered/);
    expect(r.stdout).toMatch(/40 SVC cells \(0 with errors\), 10 dependent formulas recomputed, 0 stale/);
    expect(Buffer.from(fs.readFileSync(file)).equals(Buffer.from(model.bytes))).toBe(true);
    expect(sheet1(out).get("B2")).toMatch(/<v>428000<\/v>/);
  });

  test("cells that end in an error: written, named in the summary, exit 1", async () => {
    const xml = strFromU8(unzipSync(buildFixture("model"))["xl/worksheets/sheet1.xml"]).replace(/<row r="21"[\s\S]*?<\/row>/, '<row r="21"><c r="B21"><f>_xldudf_SVC_FINANCIALS("NOPE","revenue","FY")</f><v>1</v></c></row>');
    const file = place("Errors.xlsx", buildFixture("model", { "xl/worksheets/sheet1.xml": xml }));
    const r = await cli.run(["refresh", file], { env });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("Model!B21 #N/A");
    expect(sheet1(file).get("B21")).toBe('<c r="B21" t="e"><f>_xldudf_SVC_FINANCIALS("NOPE","revenue","FY")</f><v>#N/A</v></c>');
  });

  test("a workbook open in Excel (its ~$ lock file beside it) is refused, exit 2", async () => {
    const bytes = buildFixture("model");
    const file = place("Open.xlsx", bytes);
    fs.writeFileSync(path.join(path.dirname(file), "~$Open.xlsx"), "owner");
    const r = await cli.run(["refresh", file], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/open in Excel \(its lock file ~\$Open\.xlsx exists\)/);
    expect(Buffer.from(fs.readFileSync(file)).equals(Buffer.from(bytes))).toBe(true);
  });

  describe("bad files: exit 2, a message saying what is wrong, the original byte-identical", () => {
    for (const [kind, bad] of Object.entries(badFiles())) {
      test(kind, async () => {
        const file = place(`${kind}.xlsx`, bad.bytes);
        api.reset();
        const r = await cli.run(["refresh", file], { env });
        expect(r.code).toBe(2);
        expect(r.stderr).toMatch(bad.message);
        expect(Buffer.from(fs.readFileSync(file)).equals(Buffer.from(bad.bytes))).toBe(true);
        expect(fs.readdirSync(path.dirname(file))).toEqual([`${kind}.xlsx`]);
        expect(api.requests()).toBe(0);
      });
    }
  });

  test("not signed in: exit 3, nothing written", async () => {
    const bytes = buildFixture("model");
    const file = place("NoSignIn.xlsx", bytes);
    const r = await cli.run(["refresh", file], { env: { ...env, SVC_TOKEN: undefined } });
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/not signed in.*nothing written/);
    expect(Buffer.from(fs.readFileSync(file)).equals(Buffer.from(bytes))).toBe(true);
  });

  test("check sends no data request, prices the refresh, exit 1 on a problem", async () => {
    const file = place("Check.xlsx", buildFixture("model"));
    api.reset();
    const ok = await cli.run(["check", file, "--json"], { env });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).stats).toEqual({ calls: 5, svc_cells: 7, problems: 0 });
    expect(JSON.parse(ok.stdout).cells[1]).toEqual({ sheet: "Model", cell: "B3", formula: '=SVC.FINANCIALS(Ticker,"revenue,net_income",Years)', error: null, calls: 1, problems: [] });
    const broken = place("Broken.xlsx", buildFixture("broken"));
    const bad = await cli.run(["check", broken], { env });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/Model!B1 broken link/);
    expect(api.requests()).toBe(0);
  });

  test("freeze needs --out; it writes a values-only copy and leaves the model alone", async () => {
    const bytes = buildFixture("model");
    const file = place("Freeze.xlsx", bytes);
    expect((await cli.run(["freeze", file], { env })).code).toBe(2);
    const out = path.join(path.dirname(file), "Frozen.xlsx");
    const r = await cli.run(["freeze", file, "--out", out, "--json"], { env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).stats.frozen).toBe(7);
    expect(sheet1(out).get("B1")).toBe('<c r="B1" s="2"><v>391035</v></c>');
    expect(Buffer.from(fs.readFileSync(file)).equals(Buffer.from(bytes))).toBe(true);
  });

  test("repair, then refresh fills the repaired cells", async () => {
    const file = place("Broken.xlsx", buildFixture("broken"));
    const r = await cli.run(["repair", file], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/removed the dead link xl\/externalLinks\/externalLink1\.xml/);
    const again = await cli.run(["refresh", file, "--json"], { env });
    expect(JSON.parse(again.stdout).cells.map((c: { cell: string; error: unknown }) => [c.cell, c.error])).toEqual([["B1", null], ["B2", null], ["B4", null], ["C4", null]]);
    expect(sheet1(file).get("B2")).toBe('<c r="B2" t="str"><f>_xldudf_SVC_COMPANY("MSFT","name")</f><v>Microsoft Corporation</v></c>');
  });

  test("usage errors exit 2; --help exits 0", async () => {
    expect((await cli.run(["refresh"], { env })).code).toBe(2);
    expect((await cli.run(["refresh", "a.xlsx", "--bogus"], { env })).code).toBe(2);
    const help = await cli.run(["check", "--help"], { env });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/usage: svc-excel check MODEL\.xlsx/);
  });
});
