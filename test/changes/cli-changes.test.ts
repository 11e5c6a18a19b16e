/**
 * `svc-excel refresh --changes`: after the sandbox restated one value (10-K/A), added a fiscal year
 * and added a feed row, the change list holds exactly those three SVC changes with their kinds and
 * the dependents they moved; a second refresh says "Nothing changed"; --changes-sheet adds the list
 * as a sheet. Recording adds no API call.
 */
import * as fs from "fs";
import * as path from "path";
import { SANDBOX_API_KEY } from "../fakes/api/server";
import { cliSuite } from "../cli/run-cli";
import { changeModel } from "./model";

const suite = cliSuite("svc-changes-cli-");
const env = () => ({ SVC_TOKEN: SANDBOX_API_KEY, SVC_BASE_URL: suite.api.url, XDG_CONFIG_HOME: path.join(suite.work, "config"), SVC_CREDENTIALS: undefined });

type Json = { changes: { sheet: string; cell: string; old: unknown; new: unknown; kind: string; detail: string; filing: { accession: string; form: string; url: string } | null; moved_by: string[] }[]; stats: { calls: number } };

async function refreshed(name: string): Promise<string> {
  const dir = fs.mkdtempSync(path.join(suite.work, "case-"));
  const file = path.join(dir, name);
  fs.writeFileSync(file, changeModel());
  const first = await suite.cli.run(["refresh", file], { env: env() });
  expect(first.stderr).toBe("");
  return file;
}

afterEach(() => suite.api.edits.reset());

test("three changes in the sandbox: exactly three SVC changes with their kinds, and the dependents they moved", async () => {
  const file = await refreshed("Model.xlsx");
  const again = await refreshed("Again.xlsx");
  const msft = suite.api.edits.revise({ ticker: "MSFT", metric: "revenue", value: 241_900 });
  const year = suite.api.edits.addFiscalYear("AAPL");
  suite.api.edits.addFeedRow({ ticker: "NVDA" });
  const plain = await suite.cli.run(["refresh", file, "--json"], { env: env() });
  const base = JSON.parse(plain.stdout) as Json;
  expect(base.changes).toBeUndefined();
  const r = await suite.cli.run(["refresh", again, "--changes", "--json"], { env: env() });
  expect(r.stderr).toBe("");
  const doc = JSON.parse(r.stdout) as Json;
  const svc = doc.changes.filter((c) => c.kind !== "dependent");
  expect(svc.map((c) => [c.cell, c.kind])).toEqual([["B1", "new period"], ["B4", "revised"], ["B9", "new rows"]]);
  expect(svc[0].detail).toMatch(new RegExp(`^${year} appeared; the columns moved`));
  expect(svc[0].filing?.form).toBe("10-K");
  expect(svc[1]).toMatchObject({ new: 241_900, filing: { accession: msft.accession, form: "10-K/A" } });
  expect(svc[1].detail).toMatch(new RegExp(`^${msft.period} restated by the 10-K/A \\(was 10-K `));
  expect(svc[1].filing?.url).toContain(msft.accession);
  expect(svc[2]).toMatchObject({ detail: "1 new row" });
  const deps = Object.fromEntries(doc.changes.filter((c) => c.kind === "dependent").map((c) => [c.cell, c.moved_by]));
  expect(deps).toEqual({ B5: ["Model!B4"], B6: ["Model!B1"], B7: ["Model!B1", "Model!B4"], B8: ["Model!B9"] });
  expect(doc.changes.slice(0, 4).every((c) => c.kind === "dependent")).toBe(true);
  expect(doc.stats.calls).toBe(base.stats.calls); // recording changes costs no call
  const second = await suite.cli.run(["refresh", again, "--changes"], { env: env() });
  expect(second.stdout).toContain("What changed: Nothing changed");
  const json = JSON.parse((await suite.cli.run(["refresh", again, "--changes", "--json"], { env: env() })).stdout) as Json;
  expect(json.changes).toEqual([]);
}, 120_000);
