/**
 * `svc-excel check A.xlsx B.xlsx models/`: no data request. One price for the lot (the calls a refresh
 * of every model would spend now, given the cache: an identity two models share is counted once) and
 * each model's problems. Exit: 0 no problem; 1 problems found or a file unreadable; 2 usage, or no
 * file readable.
 */
import { EXIT } from "../command";
import { batchArgs, lintEach } from "./batch";
import { ModelFile, openEach, settle, withSvcFormulas } from "./batch-files";
import { fileProgress } from "./batch-progress";
import { countStatus, outcomeText, printBatch } from "./batch-report";
import { price, Priced } from "./check";
import { Credentials } from "./engine";
import { setUp } from "./refresh";

/** Give each file its priced cells back (price() keeps the order of the lints it was handed). */
function share(live: ModelFile[], counts: number[], cells: Priced[]): void {
  let at = 0;
  live.forEach((f, i) => {
    const mine = cells.slice(at, at + counts[i]);
    at += counts[i];
    f.cells = mine.map(({ sheet, cell, formula, error }) => ({ sheet, cell, formula, error }));
    f.lines = mine.flatMap((c) => c.problems.map((p) => `${c.sheet}!${c.cell} ${p}  (${c.formula})`));
    f.extra = { calls_alone: 0, problems: f.lines.length };
    settle(f, "checked");
  });
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
      const lints = await lintEach(live);
      const priced = await price(setup.engine, lints.flat());
      share(live, lints.map((l) => l.length), priced.cells);
      for (const [i, f] of live.entries()) f.extra.calls_alone = (await price(setup.engine, lints[i])).total;
      total = priced.total;
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
