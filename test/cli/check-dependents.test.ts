/**
 * `svc-excel check` verifies the dependents of SVC results before any call: "N of M dependents
 * verified; K stale" with each stale formula and its reason (text and --json), exit 1 when any is stale.
 */
import * as fs from "fs";
import * as path from "path";
import { SANDBOX_API_KEY } from "../fakes/api/server";
import { buildFixture } from "../model-file/fixtures";
import { cliSuite } from "./run-cli";

const t = cliSuite("svc-check-dependents-");

function place(name: string, bytes: Uint8Array): string {
  const file = path.join(t.work, name);
  fs.writeFileSync(file, bytes);
  return file;
}

test("check: dependents verified against Excel's stored values, the stale ones listed with reasons; no data request", async () => {
  const env = { SVC_TOKEN: SANDBOX_API_KEY, SVC_BASE_URL: t.api.url, XDG_CONFIG_HOME: path.join(t.work, "config"), SVC_CREDENTIALS: undefined };
  const file = place("Verify.xlsx", buildFixture("verify"));
  t.api.reset();
  const json = await t.cli.run(["check", file, "--json"], { env });
  expect(json.code).toBe(1);
  const doc = JSON.parse(json.stdout) as { dependents: { total: number; verified: number; stale: { sheet: string; cell: string; formula: string; reason: string }[] } };
  expect(doc.dependents.total).toBe(13);
  expect(doc.dependents.verified + doc.dependents.stale.length).toBe(13);
  expect(doc.dependents.stale).toEqual(expect.arrayContaining([{ sheet: "Summary", cell: "B7", formula: 'CELL("protect",Data!A3)*Data!A3', reason: 'CELL("protect") needs cell formats, which the engine does not read' }]));
  const text = await t.cli.run(["check", file], { env });
  expect(text.code).toBe(1);
  const n = doc.dependents.stale.length;
  expect(text.stdout).toContain(`${13 - n} of 13 dependents verified; ${n} stale: a refresh keeps their stored values`);
  expect(text.stdout).toContain('Summary!B7 =CELL("protect",Data!A3)*Data!A3: CELL("protect") needs cell formats, which the engine does not read');
  expect(t.api.requests()).toBe(0);
  const clean = await t.cli.run(["check", place("Model.xlsx", buildFixture("model"))], { env });
  expect(clean.code).toBe(0);
  expect(clean.stdout).toContain("5 of 5 dependents verified");
}, 60_000);
