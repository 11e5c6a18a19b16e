/**
 * `svc-excel check` and `refresh` over a model whose dependents include an Excel Table over SVC
 * results and a formula the engine cannot read (test/model-file/must-show-model.ts): check lists it
 * stale with the reason before any call; refresh lists it stale and exits 1.
 */
import * as fs from "fs";
import * as path from "path";
import { SANDBOX_API_KEY } from "../fakes/api/server";
import { mustShowWorkbook } from "../model-file/must-show-model";
import { cliSuite } from "./run-cli";

const t = cliSuite("svc-nothing-left-out-");

test("check before any call, then refresh: the unreadable dependent and its reader are stale with reasons, exit 1", async () => {
  // a lock directory of its own: the shared temporary folder's may be another user's
  const runtime = path.join(t.work, "run");
  fs.mkdirSync(runtime, { mode: 0o700, recursive: true });
  const env = { SVC_TOKEN: SANDBOX_API_KEY, SVC_BASE_URL: t.api.url, XDG_CONFIG_HOME: path.join(t.work, "config"), XDG_RUNTIME_DIR: runtime, SVC_CREDENTIALS: undefined };
  const file = path.join(t.work, "MustShow.xlsx");
  fs.writeFileSync(file, mustShowWorkbook());
  t.api.reset();
  const check = await t.cli.run(["check", file], { env });
  expect(check.code).toBe(1);
  expect(check.stdout).toMatch(/\d+ of 23 dependents verified; \d+ stale: a refresh keeps their stored values/);
  expect(check.stdout).toContain("Summary!B4 =Data!B2:B4 Data!B3:C3: the engine cannot read the formula: ");
  expect(check.stdout).toContain("Summary!B5 =B4*10: reads Summary!B4, which is not verified");
  expect(t.api.requests()).toBe(0);
  const refresh = await t.cli.run(["refresh", file, "--json"], { env });
  expect(refresh.code).toBe(1);
  const doc = JSON.parse(refresh.stdout) as { stale: { sheet: string; cell: string; reason: string }[] };
  const stale = new Map(doc.stale.map((s) => [`${s.sheet}!${s.cell}`, s.reason]));
  expect(stale.get("Summary!B4")).toMatch(/^the engine cannot read the formula: /);
  expect(stale.get("Summary!B5")).toBe("reads Summary!B4, which could not be recomputed");
  expect(stale.has("Summary!B1")).toBe(false); // SUM(Rev[Revenue]) recomputed over the refreshed table
}, 120_000);
