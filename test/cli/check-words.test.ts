/**
 * The same words everywhere: the formulas of the refresh-plan issue (an SVC call wrapped in IFERROR,
 * ROUND, arithmetic, a sum of two calls, a defined name holding a call) and the mistakes a model
 * makes (an unknown function, an empty input, an INDEX into a range that did not spill), once in the
 * workbench's fake Excel as the pane plans them, once in a model file through `svc-excel check`: the
 * same price and the same messages, word for word, each problem once. Then `svc-excel refresh` of
 * the file spends exactly that price and refreshes every formula that holds a call.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { createEngine } from "../../src/engine";
import { Host } from "../../src/fake-office/host";
import { requestsFor } from "../../src/functions/requests";
import { planLines, planRefresh, pricePlan } from "../../src/plan";
import { checkCommand } from "../../src/cli/model/check";
import { refreshCommand } from "../../src/cli/model/refresh";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";
import { buildFixture, fixtureText } from "../model-file/fixtures";

/** Model!A<n>: the formula as typed. */
const TYPED = [
  '=IFERROR(SVC.FINANCIALS("AAPL","revenue","FY"),"")',
  '=SVC.FINANCIALS("MSFT","revenue","FY")*1',
  '=ROUND(SVC.FINANCIALS("NVDA","revenue","FY"),0)',
  '=SVC.FINANCIALS("KO","revenue","FY")',
  '=SVC.FINANCIALS("JPM","net_income","FY")/1000',
  '=SVC.FINANCIALS("AAPL","revenue","FY")+SVC.FINANCIALS("MSFT","revenue","FY")',
  "=KoRevenue*2",
  '=SVC.FINANCIAL("AAPL","revenue","FY")',
  '=SVC.COMPANY(Z99,"name")',
  '=SVC.COMPANY(INDEX(B1#,2,1),"name")',
  '=SVC.COMPANY(INDEX(B1:B5,3,1),"name")',
];
const NAME = { name: "KoRevenue", formula: '=SVC.FINANCIALS("KO","revenue","FY")' };

const fileForm = (f: string) => f.slice(1).replace(/SVC\./g, "_xldudf_SVC_").replace(/"/g, "&quot;");

/** The model file: the formulas in Model!A1:A10 (stored values as Excel leaves them), B1 a value that did not spill. */
function modelFile(): Uint8Array {
  const rows = TYPED.map((f, i) => `<row r="${i + 1}"><c r="A${i + 1}"><f>${fileForm(f)}</f><v>1</v></c>${i === 0 ? '<c r="B1" t="str"><v>MSFT</v></c>' : ""}</row>`).join("");
  const sheet = fixtureText("model", "xl/worksheets/sheet1.xml").replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData>${rows}</sheetData>`);
  const book = fixtureText("model", "xl/workbook.xml").replace("</definedNames>", `<definedName name="${NAME.name}">${fileForm(NAME.formula)}</definedName></definedNames>`);
  return buildFixture("model", { "xl/worksheets/sheet1.xml": sheet, "xl/workbook.xml": book });
}

const noCalls = () => createEngine({ client: { call: async () => { throw new Error("no call may be made"); } } as never });

/** The pane's words: the workbench's fake Excel holding the same cells, planned and priced by src/plan. */
async function paneWords(): Promise<{ calls: number; lines: string[] }> {
  const host = new Host({ sheets: ["Model", "Inputs"], metadata: async () => ({ functions: [] }) });
  const model = host.book.sheet("Model");
  if (!model) throw new Error("no sheet");
  host.defineName(NAME.name, NAME.formula, null);
  host.input(model, 0, 1, { constant: "MSFT" });
  TYPED.forEach((f, i) => host.input(model, i, 0, { formula: f }));
  const formulas = TYPED.map((formula, i) => ({ address: `Model!A${i + 1}`, formula }));
  const plan = await planRefresh(formulas, { reader: host.reader, requestsFor });
  const engine = noCalls();
  const price = await pricePlan(plan, (reqs) => engine.plan(reqs, { refresh: true }));
  // the cells covered and the calls whose errors a formula hides are said, not problems
  const problems = planLines(plan, price).filter((l) => l.kind !== "cell" && l.kind !== "hides");
  return { calls: price.calls, lines: problems.map((l) => `${l.address} ${l.text}`) };
}

/** A model-file command run in process on the model file with --json: its exit status and JSON document. */
async function run(command: typeof checkCommand, baseUrl: string): Promise<{ exit: number; doc: { cells: CellOut[]; stats: Record<string, number> } }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-check-words-"));
  const file = path.join(dir, "Words.xlsx");
  fs.writeFileSync(file, modelFile());
  let out = "";
  const write = jest.spyOn(process.stdout, "write").mockImplementation(((chunk: string, cb?: () => void) => {
    out += chunk;
    cb?.();
    return true;
  }) as never);
  try {
    const exit = await command([file, "--json", "--base-url", baseUrl], async () => {
      throw new Error("the key is given");
    });
    return { exit, doc: JSON.parse(out) };
  } finally {
    write.mockRestore();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface CellOut {
  sheet: string;
  cell: string;
  error: { code: string; message: string } | null;
  problems: string[];
}

/** The CLI's words: `svc-excel check --json` on the model file (no data request). */
async function checkWords(): Promise<{ calls: number; lines: string[]; problems: number; exit: number; cells: CellOut[] }> {
  const { exit, doc } = await run(checkCommand, "http://127.0.0.1:9");
  const lines = doc.cells.flatMap((c) => c.problems.map((p) => `${c.sheet}!${c.cell} ${p}`));
  return { calls: doc.stats.calls, lines, problems: doc.stats.problems, exit, cells: doc.cells };
}

let api: FakeApi;
const token = process.env.SVC_TOKEN;
beforeAll(async () => {
  api = await startFakeApi({ quota: 100_000 });
  process.env.SVC_TOKEN = SANDBOX_API_KEY;
}, 60_000);
afterAll(async () => {
  if (token === undefined) delete process.env.SVC_TOKEN;
  else process.env.SVC_TOKEN = token;
  await api?.close();
});

test("check gives the pane's price and the pane's messages, word for word, each once", async () => {
  const pane = await paneWords();
  const cli = await checkWords();
  expect(cli.calls).toBe(pane.calls);
  expect(cli.calls).toBe(5); // AAPL, MSFT, NVDA, KO, JPM: the sum and the name share identities
  expect([...cli.lines].sort()).toEqual([...pane.lines].sort());
  expect(cli.problems).toBe(cli.lines.length);
  expect(new Set(cli.lines).size).toBe(cli.lines.length);
  expect(cli.exit).toBe(1);
  expect(cli.lines).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^Model!A8 SVC\.FINANCIAL is not an SVC function; did you mean SVC\.FINANCIALS\?/),
      expect.stringMatching(/^Model!A9 ticker .*empty/),
      "Model!A10 ticker (INDEX(B1#,2,1)): #REF! (Model!B1 holds no spilled result) (no call)",
      "Model!A11 ticker (INDEX(B1:B5,3,1)): the cell is empty (B3) (no call)",
    ])
  );
});

test("refresh spends the price and refreshes every formula holding a call; the same words for the ones it cannot", async () => {
  const check = await checkWords();
  api.reset();
  const { doc } = await run(refreshCommand, api.url);
  const by = new Map(doc.cells.map((c) => [c.cell, c]));
  expect([...by.keys()]).toEqual(TYPED.map((_, i) => `A${i + 1}`));
  for (const a of ["A1", "A2", "A3", "A4", "A5", "A6", "A7"]) expect(by.get(a)?.error).toBeNull();
  expect(doc.stats.calls).toBe(check.calls);
  expect(doc.cells.map((c) => c.error?.code ?? null)).toEqual(check.cells.map((c) => c.error?.code ?? null));
  expect(api.requests()).toBe(check.calls);
  expect(by.get("A8")?.error).toEqual({ code: "#NAME?", message: "SVC.FINANCIAL is not an SVC function; did you mean SVC.FINANCIALS?" });
  for (const a of ["A9", "A10", "A11"]) expect(`Model!${a} ${by.get(a)?.error?.message} (no call)`).toBe(check.lines.find((l) => l.startsWith(`Model!${a} `)));
});
