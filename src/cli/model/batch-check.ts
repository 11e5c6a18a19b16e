/**
 * `svc-excel check A.xlsx B.xlsx models/`: no data request. One price for the lot (the calls a refresh
 * of every model would spend now, given the cache: an identity two models share is counted once) and
 * each model's problems. Exit: 0 no problem; 1 problems found or a file unreadable; 2 usage, or no
 * file readable.
 */
import { EXIT } from "../command";
import { batchArgs, priceTogether } from "./batch";
import type { MetricDictionary } from "../../api";
import type { SvcEngine } from "../../engine";
import { Model } from "../../model-file";
import { PlanRequest } from "../../engine";
import { ModelFile, openEach, settle, withSvcFormulas } from "./batch-files";
import { fileProgress } from "./batch-progress";
import { countStatus, outcomeText, printBatch } from "./batch-report";
import { checkModel } from "./check";
import { Credentials } from "./engine";
import { setUp } from "./refresh";
import { fileFailure } from "./guard";

/** Each model checked alone (its cells, its problems in the plan's words, its price alone); the requests of each, for the price of the lot. */
async function checkEach(live: ModelFile[], engine: SvcEngine, dictionary: MetricDictionary): Promise<PlanRequest[][]> {
  const requests: PlanRequest[][] = [];
  for (const f of live) {
    let checked: Awaited<ReturnType<typeof checkModel>>;
    try {
      checked = await checkModel(f.model as Model, engine, dictionary);
    } catch (e) {
      settle(f, "failed", fileFailure(e)); // this file's failure: the others are checked
      continue;
    }
    f.cells = checked.cells.map(({ sheet, cell, formula, error }) => ({ sheet, cell, formula, error }));
    f.lines = checked.lines;
    f.extra = { calls_alone: checked.calls, problems: checked.lines.length };
    settle(f, "checked");
    requests.push(checked.requests);
  }
  return requests;
}

export async function batchCheck(argv: string[], credentialsFor: Credentials): Promise<number> {
  const args = batchArgs("check", argv);
  if (typeof args === "number") return args;
  const files = openEach(args.files);
  const live = withSvcFormulas(files);
  let total = 0;
  if (live.length > 0) {
    const setup = await setUp("check", args, credentialsFor, false);
    if (typeof setup === "number") return setup;
    try {
      total = await priceTogether(setup.engine, await checkEach(live, setup.engine, setup.cells.dictionary()));
    } finally {
      await setup.lock.releaseAll();
    }
  }
  const progress = fileProgress("check", files.length);
  for (const f of files) progress.file(f.file, outcomeText(f), f.status === "failed");
  progress.end();
  const problems = live.reduce((n, f) => n + f.lines.length, 0);
  const counts = countStatus(files);
  const unreadable = counts.failed ?? 0;
  const headline = `${files.length} models: a refresh now would cost ${total} calls; ${problems} problems${unreadable ? `; ${unreadable} not readable` : ""}`;
  await printBatch(files, { headline, stats: { files: files.length, calls: total, problems, unreadable } }, args.json);
  if (unreadable === files.length) return EXIT.usage;
  return problems > 0 || unreadable > 0 ? EXIT.failed : EXIT.ok;
}
