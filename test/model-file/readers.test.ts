/**
 * Third-party readers read what refresh wrote, without recalculating: openpyxl (data_only=True reads
 * every stored value) and LibreOffice headless (converts to CSV; it trusts stored values of plain
 * formula cells in a file whose docProps/app.xml names Microsoft Excel, and recalculates spills, so
 * only plain cells are compared with it). Both must be installed: a missing reader FAILS this test
 * (README "Refresh a model file" says how to install them; .ci/run installs them).
 */
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { readModel, refreshModel } from "../../src/model-file";
import { FakeCaller } from "./fake-caller";
import { buildFixture } from "./fixtures";

const PYTHON = "/usr/bin/python3";
let dir: string;
let refreshed: string;

function soffice(): string {
  const found = spawnSync("sh", ["-c", "command -v soffice || command -v libreoffice"], { encoding: "utf8" }).stdout.trim();
  if (!found) throw new Error("LibreOffice (soffice) is not installed: apt-get install libreoffice-calc-nogui");
  return found;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-readers-"));
  const out = await refreshModel(readModel(buildFixture("model")), { call: new FakeCaller().call });
  refreshed = path.join(dir, "refreshed.xlsx");
  fs.writeFileSync(refreshed, out.bytes);
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("third-party readers see the refreshed values", () => {
  test("openpyxl (data_only=True) reads every refreshed value, spills and recomputed dependents included", () => {
    if (!fs.existsSync(PYTHON)) throw new Error(`${PYTHON} is missing: apt-get install python3 python3-openpyxl`);
    const probe = spawnSync(PYTHON, ["-c", "import openpyxl"], { encoding: "utf8" });
    if (probe.status !== 0) throw new Error(`openpyxl is not installed for ${PYTHON}: apt-get install python3-openpyxl (${probe.stderr.trim()})`);
    const script = "import json,sys\nfrom openpyxl import load_workbook\nwb=load_workbook(sys.argv[1],data_only=True)\nprint(json.dumps({ws.title:{c.coordinate:c.value for r in ws.iter_rows() for c in r if c.value is not None} for ws in wb}))";
    const got = JSON.parse(execFileSync(PYTHON, ["-c", script, refreshed], { encoding: "utf8" })) as Record<string, Record<string, unknown>>;
    const m = got.Model;
    expect([m.B1, m.B7, m.B8, m.B9]).toEqual([428000, 428, 1618000, 8]);
    expect([m.B3, m.C3, m.F3, m.F4, m.F5]).toEqual(["metric", "FY2023", "FY2026", 406000, 100600]);
    expect([m.C12, m.D12, m.E12, m.C13, m.D13, m.E13]).toEqual(["Apple Inc.", "Microsoft Corporation", "NVIDIA Corporation", 10, 21, 18]);
    expect([m.B15, m.C15, m.B19, m.C19, m.D16, m.H16]).toEqual(["ticker", "name", "ACMR", "Acme Robotics Corp.", undefined, "Microsoft Corporation"]);
    expect(got.Inputs).toEqual({ A1: "Ticker", B1: "AAPL", A2: "Period", B2: "FY", A3: "Years", B3: 4 });
  });

  test("LibreOffice headless reads the refreshed plain cells and recomputed dependents", () => {
    const bin = soffice();
    const profile = path.join(dir, "lo-profile");
    const res = spawnSync(bin, [`-env:UserInstallation=file://${profile}`, "--headless", "--convert-to", "csv", "--outdir", dir, refreshed], { encoding: "utf8", timeout: 180_000 });
    const csv = path.join(dir, "refreshed.csv");
    if (!fs.existsSync(csv)) throw new Error(`LibreOffice did not convert the file: ${res.stderr || res.error?.message}`);
    const rows = fs.readFileSync(csv, "utf8").split(/\r?\n/).map((l) => l.split(","));
    const at = (a1: string) => rows[Number(a1.slice(1)) - 1][a1.charCodeAt(0) - 65];
    expect(["B1", "B7", "B8", "B9"].map(at)).toEqual(["428000", "428", "1618000", "8"]);
    expect(["C12", "D12", "E12", "C13", "D13", "E13", "H16"].map(at)).toEqual(["Apple Inc.", "Microsoft Corporation", "NVIDIA Corporation", "10", "21", "18", "Microsoft Corporation"]);
  }, 200_000);
});
