/**
 * Price = spent for a model with a mistyped ticker and an error hidden by IFERROR: `check` prices the
 * refresh, `refresh` spends exactly that (the unknown ticker's "Closest:" search is not made when it is
 * not cached: the price counts no search), and refresh lists both errors, the hidden one as hidden;
 * check says beforehand which call's error the formula would hide.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { checkCommand } from "../../src/cli/model/check";
import { refreshCommand } from "../../src/cli/model/refresh";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";
import { buildFixture, fixtureText } from "../model-file/fixtures";

const TYPED = ['=SVC.FINANCIALS("AAPL","revenue","FY")', '=SVC.FINANCIALS("APPL","revenue","FY")', '=IFERROR(SVC.FINANCIALS("ZZZQ","revenue","FY"),0)'];
const fileForm = (f: string) => f.slice(1).replace(/SVC\./g, "_xldudf_SVC_").replace(/"/g, "&quot;");

function modelFile(): Uint8Array {
  const rows = TYPED.map((f, i) => `<row r="${i + 1}"><c r="A${i + 1}"><f>${fileForm(f)}</f><v>1</v></c></row>`).join("");
  const sheet = fixtureText("model", "xl/worksheets/sheet1.xml").replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData>${rows}</sheetData>`);
  return buildFixture("model", { "xl/worksheets/sheet1.xml": sheet });
}

interface Doc {
  cells: { cell: string; error: { code: string; message: string } | null; hidden?: { code: string; message: string } }[];
  stats: Record<string, number>;
}

let api: FakeApi;
let dir: string;
const token = process.env.SVC_TOKEN;
beforeAll(async () => {
  api = await startFakeApi({ quota: 100_000 });
  process.env.SVC_TOKEN = SANDBOX_API_KEY;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-priced-"));
}, 60_000);
afterAll(async () => {
  if (token === undefined) delete process.env.SVC_TOKEN;
  else process.env.SVC_TOKEN = token;
  await api?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function run(command: typeof checkCommand, file: string, extra: string[]): Promise<{ out: string; doc: Doc | null }> {
  let out = "";
  const write = jest.spyOn(process.stdout, "write").mockImplementation(((chunk: string, cb?: () => void) => {
    out += chunk;
    cb?.();
    return true;
  }) as never);
  try {
    await command([file, "--base-url", api.url, "--cache-dir", path.join(dir, "cache"), ...extra], async () => {
      throw new Error("the key is given");
    });
  } finally {
    write.mockRestore();
  }
  return { out, doc: extra.includes("--json") ? (JSON.parse(out) as Doc) : null };
}

test("check's price is what refresh spends; refresh lists the unknown ticker and the error IFERROR hides", async () => {
  const file = path.join(dir, "Typo.xlsx");
  fs.writeFileSync(file, modelFile());
  const check = await run(checkCommand, file, ["--json"]);
  const priced = check.doc?.stats.calls;
  expect(priced).toBe(3);
  // before any call, check says which call's error the formula would hide (said, not a problem)
  const said = (await run(checkCommand, file, [])).out;
  expect(said).toMatch(/Model!A3 an SVC call inside IFERROR: an error it gets is hidden by the formula \(it shows a value instead\); a refresh lists it/);
  expect(said).toMatch(/; 0 problems/);
  api.reset();
  const copy = path.join(dir, "Copy.xlsx");
  fs.copyFileSync(file, copy);
  const refreshed = await run(refreshCommand, file, ["--json"]);
  expect(refreshed.doc?.stats.calls).toBe(priced);
  expect(api.calls()).toBe(priced);
  const by = new Map(refreshed.doc?.cells.map((c) => [c.cell, c]));
  expect(by.get("A2")?.error).toMatchObject({ code: "#N/A", message: expect.stringMatching(/APPL/) });
  expect(by.get("A3")?.error).toBeNull();
  expect(by.get("A3")?.hidden).toMatchObject({ code: "#N/A", message: expect.stringMatching(/ZZZQ/) });
  const text = (await run(refreshCommand, copy, [])).out;
  expect(text).toMatch(/3 SVC cells \(1 with errors, 1 hidden by IFERROR or the like\)/);
  expect(text).toMatch(/Model!A2 #N\/A .*APPL/);
  expect(text).toMatch(/Model!A3 #N\/A hidden by the formula .*ZZZQ/);
});
