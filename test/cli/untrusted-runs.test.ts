/**
 * What a run writes and prints stays valid and honest whatever the API, the file or the machine holds:
 * provenance with control characters makes no invalid XML, a server that echoes the credential gets it
 * cut out, a cell's line break forges no report line, the lock folder is private whoever owns /tmp, the
 * quota ceiling holds, a values-only .xlsx carries no macros, a token file others can read is warned
 * about, and a folder run with a damaged file refreshes the others.
 */
import * as fs from "fs";
import * as http from "http";
import * as os from "os";
import * as path from "path";
import { strFromU8, unzipSync } from "fflate";
import { XMLValidator } from "fast-xml-parser";
import { cliSuite } from "./run-cli";
import { SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";
import { buildFixture, fixtureText } from "../model-file/fixtures";
import { badEscapeModel } from "../model-file/hostile-files";
import { storedValues } from "../model-file/libreoffice";

const suite = cliSuite("svc-untrusted-");
const env = (url = suite.api.url) => ({ SVC_TOKEN: SANDBOX_API_KEY, SVC_BASE_URL: url, XDG_CONFIG_HOME: path.join(suite.work, "config"), SVC_CREDENTIALS: undefined });

function place(name: string, bytes: Uint8Array, dir = fs.mkdtempSync(path.join(suite.work, "case-"))): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

// eslint-disable-next-line no-control-regex
const NOT_XML_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

function xmlParts(file: string): Map<string, string> {
  const parts = unzipSync(new Uint8Array(fs.readFileSync(file)));
  return new Map(Object.entries(parts).filter(([n]) => /\.(xml|rels|vml)$/.test(n)).map(([n, b]) => [n, strFromU8(b)]));
}

describe("everything written is valid", () => {
  test("provenance with control characters and a 36,000-character form: refresh and freeze write well-formed parts, notes within Excel's limit", async () => {
    const api = await startFakeApi({ quota: 10_000, hostile: { provenance: true } });
    try {
      const file = place("Model.xlsx", buildFixture("model"));
      const copy = path.join(path.dirname(file), "values.xlsx");
      const r = await suite.cli.run(["refresh", file, "--frozen-copy", copy], { env: env(api.url) });
      expect([0, 1]).toContain(r.code);
      for (const f of [file, copy]) {
        for (const [name, xml] of xmlParts(f)) {
          expect({ name, valid: XMLValidator.validate(xml) === true, chars: NOT_XML_CHAR.test(xml) }).toEqual({ name, valid: true, chars: false });
          for (const m of xml.matchAll(/<t xml:space="preserve">([^<]*)<\/t>/g)) expect(m[1].length).toBeLessThanOrEqual(32_767 + 200);
        }
        expect(Object.keys(storedValues(f))).toContain("Model"); // openpyxl reads it
      }
      expect(fs.readFileSync(file, "latin1")).not.toContain("X".repeat(1000));
    } finally {
      await api.close();
    }
  }, 120_000);
});

describe("nothing leaks, nothing is forged", () => {
  test("a server that echoes the Authorization header: the token is neither printed nor saved", async () => {
    const token = "svc_test_" + "k".repeat(40);
    const echo = http.createServer((req, res) => {
      res.writeHead(400, { "Content-Type": "application/json" });
      res.end(JSON.stringify({ detail: `bad request; you sent Authorization: ${req.headers.authorization}` }));
    });
    await new Promise<void>((ok) => echo.listen(0, "127.0.0.1", ok));
    const url = `http://127.0.0.1:${(echo.address() as { port: number }).port}`;
    try {
      const e = await suite.cli.run(["eval", "--json", '=SVC.COMPANY("AAPL")'], { env: { ...env(url), SVC_TOKEN: token } });
      expect(e.stdout + e.stderr).toMatch(/Authorization: Bearer \[redacted\]/);
      const file = place("Model.xlsx", buildFixture("model"));
      const r = await suite.cli.run(["refresh", file, "--changes-sheet", "--json"], { env: { ...env(url), SVC_TOKEN: token } });
      for (const text of [e.stdout, e.stderr, r.stdout, r.stderr, fs.readFileSync(file, "latin1")]) expect(text).not.toContain(token);
    } finally {
      echo.close();
    }
  }, 60_000);

  test("cell text with line breaks prints one line per cell in diff and --changes", async () => {
    const forged = "Apple&#10;  sheet removed: Secret0&#13;&#10;  Model!Z9 value: 1 -> 2";
    const sheet = fixtureText("model", "xl/worksheets/sheet1.xml").replace('<c r="C12" t="str"><f t="shared" ref="C12:E12" si="0">', '<c r="C12" t="str"><f t="shared" ref="C12:E12" si="0">').replace("<v>Apple</v>", `<v>${forged}</v>`);
    const a = place("Old.xlsx", buildFixture("model"));
    const b = place("New.xlsx", buildFixture("model", { "xl/worksheets/sheet1.xml": sheet }));
    const d = await suite.cli.run(["diff", a, b], { env: env() });
    expect(d.stdout).not.toMatch(/^\s*sheet removed/m);
    expect(d.stdout.split("\n").filter((l) => l.includes("Model!C12"))).toHaveLength(1);
    const r = await suite.cli.run(["refresh", b, "--changes"], { env: env() });
    expect(r.stdout).not.toMatch(/^\s*sheet removed/m);
    expect(r.stdout).not.toMatch(/^\s*Model!Z9/m);
  }, 60_000);

  test("a damaged package is refused as malformed in a folder run; the good models are refreshed (exit 1)", async () => {
    const dir = fs.mkdtempSync(path.join(suite.work, "folder-"));
    const good = [place("A.xlsx", buildFixture("model"), dir), place("B.xlsx", buildFixture("model"), dir)];
    const bad = place("Bad.xlsx", badEscapeModel(), dir);
    const before = fs.readFileSync(bad);
    const r = await suite.cli.run(["refresh", dir, "--json"], { env: env() });
    expect(r.code).toBe(1);
    const doc = JSON.parse(r.stdout);
    const status = Object.fromEntries(doc.files.map((f: { file: string; status: string }) => [path.basename(f.file), f.status]));
    expect(status).toEqual({ "A.xlsx": "refreshed", "B.xlsx": "refreshed", "Bad.xlsx": "failed" });
    expect(r.stderr).toMatch(/Bad\.xlsx/);
    expect(fs.readFileSync(bad).equals(before)).toBe(true);
    for (const g of good) expect(fs.readFileSync(g).equals(Buffer.from(buildFixture("model")))).toBe(false);
  }, 90_000);
});

describe("the user stays in charge of the quota", () => {
  test("--max-calls below the price refuses before anything is spent (exit 2)", async () => {
    const file = place("Model.xlsx", buildFixture("model"));
    const before = suite.api.calls();
    const r = await suite.cli.run(["refresh", file, "--max-calls", "2"], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/would cost \d+ calls, over the ceiling of 2 .*nothing was spent/);
    expect(suite.api.calls()).toBe(before);
    expect(fs.readFileSync(file).equals(Buffer.from(buildFixture("model")))).toBe(true);
  }, 60_000);

  test("without a terminal the default ceiling of 500 applies: a model of 600 distinct calls spends nothing", async () => {
    const rows = Array.from({ length: 600 }, (_, i) => `<row r="${100 + i}"><c r="A${100 + i}" t="str"><f>_xldudf_SVC_SEARCH("query ${i}")</f><v>x</v></c></row>`).join("");
    const sheet = fixtureText("model", "xl/worksheets/sheet1.xml").replace("</sheetData>", `${rows}</sheetData>`);
    const file = place("Wide.xlsx", buildFixture("model", { "xl/worksheets/sheet1.xml": sheet }));
    const before = suite.api.calls();
    const r = await suite.cli.run(["refresh", file], { env: env() });
    expect(r.stderr).toMatch(/over the ceiling of 500/);
    expect(r.code).toBe(2);
    expect(suite.api.calls()).toBe(before);
  }, 90_000);
});

describe("small things", () => {
  test("the call lock lives in the private config folder: another user's /tmp/svc-excel-locks-<uid> and no XDG_RUNTIME_DIR change nothing", async () => {
    // the old guessable path, planted open to everyone (another user's doing); removed afterwards
    const squatted = path.join(os.tmpdir(), `svc-excel-locks-${process.getuid?.() ?? "user"}`);
    const planted = !fs.existsSync(squatted);
    if (planted) fs.mkdirSync(squatted, { mode: 0o777 });
    if (planted) fs.chmodSync(squatted, 0o777);
    const config = fs.mkdtempSync(path.join(suite.work, "cfg-"));
    let r;
    try {
      r = await suite.cli.run(["eval", '=SVC.COMPANY("AAPL","name")'], { env: { ...env(), XDG_CONFIG_HOME: config, XDG_RUNTIME_DIR: undefined } });
    } finally {
      if (planted) fs.rmSync(squatted, { recursive: true, force: true });
    }
    expect({ code: r.code, err: r.stderr }).toEqual({ code: 0, err: "" });
    expect(fs.existsSync(path.join(config, "svc-excel", "locks"))).toBe(true);
    expect(fs.statSync(path.join(config, "svc-excel", "locks")).mode & 0o077).toBe(0);
  }, 60_000);

  test("a values-only .xlsx of an .xlsm carries no macros; an .xlsm copy keeps them", async () => {
    const file = place("Macro.xlsm", buildFixture("macro"));
    const dir = path.dirname(file);
    for (const [out, keeps] of [["copy.xlsx", false], ["copy.xlsm", true]] as const) {
      const r = await suite.cli.run(["freeze", file, "--out", path.join(dir, out)], { env: env() });
      expect(r.code).toBe(0);
      const parts = unzipSync(new Uint8Array(fs.readFileSync(path.join(dir, out))));
      const types = strFromU8(parts["[Content_Types].xml"]);
      expect({ out, vba: "xl/vbaProject.bin" in parts, macroType: /macroEnabled/.test(types), rel: /vbaProject/.test(strFromU8(parts["xl/_rels/workbook.xml.rels"])) }).toEqual({ out, vba: keeps, macroType: keeps, rel: keeps });
    }
  }, 60_000);

  test("a --token-file others can read is warned about", async () => {
    const token = path.join(suite.work, "token");
    fs.writeFileSync(token, SANDBOX_API_KEY + "\n", { mode: 0o644 });
    fs.chmodSync(token, 0o644);
    const r = await suite.cli.run(["eval", "--token-file", token, '=SVC.COMPANY("AAPL","name")'], { env: { ...env(), SVC_TOKEN: undefined } });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: --token-file .* is readable by other users .*chmod 600/);
    fs.chmodSync(token, 0o600);
    const quiet = await suite.cli.run(["eval", "--token-file", token, '=SVC.COMPANY("AAPL","name")'], { env: { ...env(), SVC_TOKEN: undefined } });
    expect(quiet.stderr).toBe("");
  }, 60_000);
});


