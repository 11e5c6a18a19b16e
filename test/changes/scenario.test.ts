/**
 * The nightly run from the CLI alone: a model refreshed once, the API's data revised (a 10-K/A restating
 * MSFT's latest revenue, NVDA's next 10-K filed, a headline added), refreshed again with --changes.
 * Every moved SVC cell is listed with its kind (new period for a single "FY" value and each value of a
 * headers=0 spill; revised with the 10-K/A for the literal, the spill-driven and the wrapped call; new
 * rows with the headline), old and new as the cells show them, nothing else; the words are a person's;
 * the change sheet holds the same rows for openpyxl; each frozen FINANCIALS value's note names its filing.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { SANDBOX_API_KEY } from "../fakes/api/server";
import { cliSuite } from "../cli/run-cli";
import { scenarioModel } from "./model";

const suite = cliSuite("svc-changes-scenario-");
const env = () => ({ SVC_TOKEN: SANDBOX_API_KEY, SVC_BASE_URL: suite.api.url, XDG_CONFIG_HOME: path.join(suite.work, "config"), SVC_CREDENTIALS: undefined });

interface Row {
  cell: string;
  what: string;
  old: unknown;
  new: unknown;
  old_text: string;
  new_text: string;
  kind: string;
  detail: string;
  added_rows: string[];
  filing: { accession: string; form: string } | null;
  old_filing: { accession: string; form: string } | null;
  moved_by: string[];
}

let doc: { changes: Row[]; change_notes: string[] };
let text: string;
let file: string;
let headline: string;
let msft: { accession: string; period: string };
let year: string;
let firstNotes: string[];

beforeAll(async () => {
  file = path.join(suite.work, "Scenario.xlsx");
  fs.writeFileSync(file, scenarioModel());
  const first = await suite.cli.run(["refresh", file, "--changes", "--json"], { env: env() });
  expect(first.stderr).toBe("");
  firstNotes = (JSON.parse(first.stdout) as { change_notes: string[] }).change_notes;
  msft = suite.api.edits.revise({ ticker: "MSFT", metric: "revenue", value: 241_900 });
  year = suite.api.edits.addFiscalYear("NVDA");
  headline = suite.api.edits.addHeadline({ ticker: "NVDA", title: "NVIDIA files its annual report" }).title;
  const copy = path.join(suite.work, "Copy.xlsx");
  fs.copyFileSync(file, copy);
  const r = await suite.cli.run(["refresh", file, "--changes", "--changes-sheet", "--json"], { env: env() });
  expect(r.stderr).toBe("");
  doc = JSON.parse(r.stdout);
  text = (await suite.cli.run(["refresh", copy, "--changes"], { env: env() })).stdout;
  if (process.env.SVC_TEST_DEBUG) process.stderr.write(text);
}, 180_000);

afterAll(() => suite.api.edits.reset());

test("a first refresh says the old values' sources are not known", () => {
  expect(firstNotes.join(" ")).toMatch(/sources are not known/);
  expect(doc.change_notes).toEqual([]);
});

test("every moved SVC cell with its kind, old and new; nothing that did not move", () => {
  const svc = doc.changes.filter((c) => c.kind !== "dependent");
  const kinds = Object.fromEntries(svc.map((c) => [c.cell, c.kind]));
  expect(kinds).toEqual({ B1: "new period", B2: "new period", C2: "new period", D2: "new period", B4: "revised", B5: "revised", B6: "revised", B9: "new rows" });
  const b1 = svc.find((c) => c.cell === "B1");
  expect(b1?.detail).toBe(`${year} (was FY${Number(year.slice(2)) - 1})`);
  expect(b1?.what).toBe(`NVDA revenue ${year}`);
  expect(b1?.filing?.form).toBe("10-K");
  for (const cell of ["B4", "B5", "B6"]) {
    const c = svc.find((x) => x.cell === cell);
    expect(c).toMatchObject({ what: `MSFT revenue ${msft.period}`, new: 241_900, new_text: "241,900.0", filing: { accession: msft.accession, form: "10-K/A" }, old_filing: { form: "10-K" } });
    expect(c?.detail).toMatch(new RegExp(`^${msft.period} restated by the 10-K/A \\(was 10-K `));
  }
  const b9 = svc.find((c) => c.cell === "B9");
  expect(b9?.detail).toMatch(/^1 new row(; 1 older row no longer in the answer)?$/);
  expect(b9?.added_rows.join(" ")).toContain(headline);
  expect(doc.changes.filter((c) => c.kind === "dependent").map((c) => [c.cell, c.moved_by])).toEqual([["B7", ["Model!B4"]]]);
});

test("the lines read as a person's: cell, what, old -> new as shown, relative change, the filing once", () => {
  const line = text.split("\n").find((l) => l.trim().startsWith("Model!B4 ")) ?? "";
  expect(line).toMatch(new RegExp(`Model!B4  MSFT revenue ${msft.period}  [\\d,]+\\.\\d -> 241,900\\.0 \\(-\\d+\\.\\d%\\)  revised: ${msft.period} restated by the 10-K/A \\(was 10-K [\\d-]+\\)  10-K/A ${msft.accession} https://`));
  expect(line.split(msft.accession).length).toBe(3); // the accession in the filing and its link only
  const dep = text.split("\n").find((l) => l.trim().startsWith("Model!B7 ")) ?? "";
  expect(dep).toContain(`dependent: moved by Model!B4 (MSFT revenue ${msft.period}, revised)`);
  expect(text).toContain(headline);
});

test("--changes-sheet holds the same rows, read by openpyxl", () => {
  const script = [
    "import json,sys",
    "from openpyxl import load_workbook",
    "wb=load_workbook(sys.argv[1])",
    "ch=[ws for ws in wb if ws.title.startswith('SVC changes')]",
    "print(json.dumps([[c.value for c in r] for r in ch[0].iter_rows()]))",
  ].join("\n");
  const rows = JSON.parse(execFileSync("/usr/bin/python3", ["-c", script, file], { encoding: "utf8" })) as unknown[][];
  expect(rows[0]).toEqual(["cell", "what", "old", "new", "change", "kind", "why", "filing", "filing link", "moved by"]);
  expect(rows.slice(1).map((r) => [r[0], r[5]])).toEqual(doc.changes.map((c) => [`Model!${c.cell}`, c.kind]));
  const b4 = rows.find((r) => r[0] === "Model!B4");
  expect(b4?.slice(1, 4)).toEqual([`MSFT revenue ${msft.period}`, expect.stringMatching(/^[\d,]+\.\d$/), "241,900.0"]);
  expect(b4?.[7]).toBe(`10-K/A ${msft.accession}`);
});

test("each frozen FINANCIALS value's note names its filing, the spill-driven one too", async () => {
  const frozen = path.join(suite.work, "Frozen.xlsx");
  expect((await suite.cli.run(["freeze", file, "--out", frozen], { env: env() })).stderr).toBe("");
  const script = ["import json,sys", "from openpyxl import load_workbook", "ws=load_workbook(sys.argv[1])['Model']", "print(json.dumps({a: (ws[a].comment.text if ws[a].comment else None) for a in ['B1','B2','B4','B5','B6']}))"].join("\n");
  const notes = JSON.parse(execFileSync("/usr/bin/python3", ["-c", script, frozen], { encoding: "utf8" })) as Record<string, string | null>;
  for (const a of ["B4", "B5", "B6"]) expect(notes[a]).toContain(`Source: 10-K/A ${msft.accession}`);
  for (const a of ["B1", "B2"]) expect(notes[a]).toMatch(/Sources?: 10-K \d{10}-\d\d-\d{6}/);
});
