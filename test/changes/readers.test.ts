/**
 * The change sheet and the freeze notes, as third-party readers see them: openpyxl reads the sheet
 * "SVC changes ..." (text as text, numbers as numbers) and the frozen value's note naming the 10-K/A
 * that restated it; LibreOffice headless opens the same files (flat ODS export) and finds both.
 */
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { SANDBOX_API_KEY } from "../fakes/api/server";
import { cliSuite } from "../cli/run-cli";
import { changeModel } from "./model";

const PYTHON = "/usr/bin/python3";
const suite = cliSuite("svc-changes-readers-");
const env = () => ({ SVC_TOKEN: SANDBOX_API_KEY, SVC_BASE_URL: suite.api.url, XDG_CONFIG_HOME: path.join(suite.work, "config"), SVC_CREDENTIALS: undefined });

let file: string;
let frozen: string;
let accession: string;

beforeAll(async () => {
  file = path.join(suite.work, "Model.xlsx");
  fs.writeFileSync(file, changeModel());
  expect((await suite.cli.run(["refresh", file], { env: env() })).stderr).toBe("");
  accession = suite.api.edits.revise({ ticker: "MSFT", metric: "revenue", value: 241_900 }).accession;
  suite.api.edits.addFiscalYear("AAPL");
  const r = await suite.cli.run(["refresh", file, "--changes-sheet", "--json"], { env: env() });
  expect(r.stderr).toBe("");
  frozen = path.join(suite.work, "Frozen.xlsx");
  const f = await suite.cli.run(["freeze", file, "--out", frozen], { env: env() });
  expect(f.stderr).toBe("");
}, 120_000);

test("openpyxl: the change sheet's rows and the frozen note's filing", () => {
  const script = [
    "import json,sys",
    "from openpyxl import load_workbook",
    "wb=load_workbook(sys.argv[1]); fz=load_workbook(sys.argv[2])",
    "ch=[ws for ws in wb if ws.title.startswith('SVC changes')]",
    "rows=[[c.value for c in r] for r in ch[0].iter_rows()] if ch else []",
    "note=fz['Model']['B4'].comment",
    "print(json.dumps({'sheets':wb.sheetnames,'rows':rows,'note':note.text if note else None}))",
  ].join("\n");
  const got = JSON.parse(execFileSync(PYTHON, ["-c", script, file, frozen], { encoding: "utf8" })) as { sheets: string[]; rows: unknown[][]; note: string | null };
  expect(got.sheets.slice(0, 2)).toEqual(["Model", "Inputs"]);
  expect(got.sheets[2]).toMatch(/^SVC changes \d{4}-\d\d-\d\d \d\d\.\d\d$/);
  expect(got.rows[0]).toEqual(["cell", "what", "old", "new", "change", "kind", "why", "filing", "filing link", "moved by"]);
  const revised = got.rows.find((r) => r[5] === "revised");
  expect(revised?.slice(0, 4)).toEqual(["Model!B4", expect.stringMatching(/^MSFT revenue FY\d{4}$/), expect.any(String), "241,900.0"]);
  expect(revised?.[7]).toBe(`10-K/A ${accession}`);
  expect(String(revised?.[8])).toMatch(/^https:\/\/www\.sec\.gov\/Archives\/edgar\/data\/789019\//);
  expect(got.rows.filter((r) => r[5] === "dependent").map((r) => r[0])).toEqual(expect.arrayContaining(["Model!B5", "Model!B6", "Model!B7"]));
  expect(got.note).toMatch(new RegExp(`Formula was: =SVC\\.FINANCIALS\\("MSFT","revenue","FY"\\) Source: 10-K/A ${accession} https://www\\.sec\\.gov/`));
});

test("LibreOffice: the change sheet and the note's filing", () => {
  const bin = spawnSync("sh", ["-c", "command -v soffice || command -v libreoffice"], { encoding: "utf8" }).stdout.trim();
  if (!bin) throw new Error("LibreOffice (soffice) is not installed: apt-get install libreoffice-calc-nogui");
  const out = path.join(suite.work, "lo");
  const profile = path.join(suite.work, "lo-profile");
  const res = spawnSync(bin, [`-env:UserInstallation=file://${profile}`, "--headless", "--convert-to", "fods", "--outdir", out, file, frozen], { encoding: "utf8", timeout: 180_000 });
  const model = path.join(out, "Model.fods");
  const values = path.join(out, "Frozen.fods");
  if (!fs.existsSync(model) || !fs.existsSync(values)) throw new Error(`LibreOffice did not convert the files: ${res.stderr || res.error?.message}`);
  const a = fs.readFileSync(model, "utf8");
  expect(a).toMatch(/<table:table table:name="SVC changes \d{4}-\d\d-\d\d \d\d\.\d\d"/);
  expect(a).toContain(`<text:p>10-K/A ${accession}</text:p>`);
  expect(a).toMatch(/<text:p>FY\d{4} restated by the 10-K\/A/);
  const b = fs.readFileSync(values, "utf8");
  expect(b).toMatch(new RegExp(`<office:annotation[^>]*>[\\s\\S]*?Source: 10-K/A ${accession}`));
}, 200_000);
