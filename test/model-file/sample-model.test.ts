/**
 * The sample model examples/Coverage.xlsx: what scripts/sample-model.js writes now is byte for byte
 * the committed file (the writer and the sandbox's answers are deterministic), its formulas are the
 * README's and stored as Excel stores them, and third-party readers see its figures without
 * recalculating: openpyxl every stored value, spilled cells included; LibreOffice the plain and
 * single-value cells (it recalculates array formulas it does not know, so its spills read #NAME?).
 */
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { strFromU8, unzipSync } from "fflate";
import { readModel } from "../../src/model-file";

const ROOT = path.resolve(__dirname, "../..");
const COMMITTED = path.join(ROOT, "examples", "Coverage.xlsx");
const PYTHON = "/usr/bin/python3";
let dir: string;
let written: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-sample-test-"));
  written = path.join(dir, "Coverage.xlsx");
  const r = spawnSync(process.execPath, [path.join(ROOT, "scripts", "sample-model.js"), written], { cwd: ROOT, encoding: "utf8", timeout: 280_000 });
  if (r.status !== 0) throw new Error(`scripts/sample-model.js failed: ${r.stderr}`);
}, 300_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const part = (file: string, name: string) => strFromU8(unzipSync(new Uint8Array(fs.readFileSync(file)))[name]);

describe("examples/Coverage.xlsx", () => {
  test("the committed file is what the script writes", () => {
    expect(Buffer.compare(fs.readFileSync(written), fs.readFileSync(COMMITTED))).toBe(0);
  });

  test("formulas as Excel stores them: _xldudf_ calls, dynamic arrays with metadata, Application Microsoft Excel", () => {
    const peers = part(COMMITTED, "xl/worksheets/sheet3.xml");
    expect(peers).toContain('<f t="array" ref="A2:E6">_xldudf_SVC_PEERS(B1)</f>');
    expect(peers).toContain('_xldudf_SVC_FINANCIALS(INDEX(_xlfn.ANCHORARRAY($A$2),2,1),"revenue",5)</f>');
    expect(part(COMMITTED, "xl/worksheets/sheet2.xml")).toContain("<f>_xldudf_SVC_FINANCIALS(Inputs!$A2,B$1,Inputs!$B$1)</f><v>428000</v>");
    expect(part(COMMITTED, "xl/metadata.xml")).toContain('<xda:dynamicArrayProperties fDynamic="1"');
    expect(part(COMMITTED, "docProps/app.xml")).toContain("<Application>Microsoft Excel</Application>");
    const model = readModel(new Uint8Array(fs.readFileSync(COMMITTED)));
    expect(model.sheets.map((s) => s.name)).toEqual(["Inputs", "Model", "Peers"]);
    expect(model.sites.length).toBe(14);
  });

  test("openpyxl reads every figure, spilled cells included", () => {
    const script = "import json,sys\nfrom openpyxl import load_workbook\nwb=load_workbook(sys.argv[1],data_only=True)\nprint(json.dumps({ws.title:{c.coordinate:c.value for r in ws.iter_rows() for c in r if c.value is not None} for ws in wb}))";
    const got = JSON.parse(execFileSync(PYTHON, ["-c", script, COMMITTED], { encoding: "utf8" })) as Record<string, Record<string, unknown>>;
    expect([got.Model.A2, got.Model.B2, got.Model.B6, got.Model.D5]).toEqual(["AAPL", 428000, 999000, 11144.7]);
    expect([got.Peers.A3, got.Peers.B6, got.Peers.H3, got.Peers.M2, got.Peers.M3]).toEqual(["MSFT", "Acme Robotics Corp.", "Revenue (USD m)", "FY2026", 318000]);
    expect(got.Peers.I5).toBeCloseTo(318000 / 134816.8 - 1, 12);
  });

  test("LibreOffice reads the Model sheet's figures; it recalculates the spills of the Peers sheet", () => {
    const bin = spawnSync("sh", ["-c", "command -v soffice || command -v libreoffice"], { encoding: "utf8" }).stdout.trim();
    if (!bin) throw new Error("LibreOffice (soffice) is not installed: apt-get install libreoffice-calc-nogui");
    const filter = "csv:Text - txt - csv (StarCalc):44,34,UTF8,1,,0,false,true,false,false,false,-1";
    const res = spawnSync(bin, [`-env:UserInstallation=file://${path.join(dir, "lo")}`, "--headless", "--convert-to", filter, "--outdir", dir, COMMITTED], { encoding: "utf8", timeout: 180_000 });
    const csv = (sheet: string) => {
      const file = path.join(dir, `Coverage-${sheet}.csv`);
      if (!fs.existsSync(file)) throw new Error(`LibreOffice did not convert the file: ${res.stderr || res.error?.message}`);
      return fs.readFileSync(file, "utf8").split(/\r?\n/).map((l) => l.split(","));
    };
    const model = csv("Model");
    expect(model[1].slice(0, 4)).toEqual(["AAPL", "428000", "193060.3", "106660.7"]);
    expect(model[5].slice(0, 4)).toEqual(["Total", "999000", "598853.6", "348617.3"]);
    const peers = csv("Peers");
    expect(peers[0][1]).toBe("AAPL");
    expect(peers[2][0]).toBe("#NAME?"); // a spilled SVC result: LibreOffice recalculates it (`svc-excel freeze` makes a copy it reads)
  }, 200_000);
});
