/**
 * `svc-excel refresh A.xlsx B.xlsx models/`: several models in one run. One engine for the run (one
 * cache, one quota governor, one lock), so calls = the distinct identities across every file; one
 * price for the lot, said before anything is spent; each file refreshed through the per-file steps
 * (refreshModel, saveRefreshed) and written atomically on its own as soon as it is done, so a file
 * that cannot be read or written is reported and the others are refreshed anyway.
 * Exit: 0 every file refreshed (or unchanged, or without SVC formulas) with every SVC cell a value;
 * 1 a file failed or holds errors or stale values (the others are written); 2 nothing written (usage,
 * no file readable, every call failed); 3 not signed in.
 */
import { Model, refreshModel } from "../../model-file";
import { paramsOf } from "../../plan";
import { PlanRequest } from "../../engine";
import type { SvcEngine } from "../../engine";
import { EXIT, UsageError } from "../command";
import { EngineSetup } from "../connection";
import { writeErr } from "../terminal";
import { BatchArgs, frozenCopyOf, parseBatchArgs } from "./batch-args";
import { ModelFile, openEach, settle, withSvcFormulas } from "./batch-files";
import { fileProgress, FileProgress } from "./batch-progress";
import { countStatus, outcomeText, printBatch } from "./batch-report";
import { planModel } from "./plan";
import { svcCellsOf } from "./svc-cells";
import { Credentials, svcCaller } from "./engine";
import { ModelIoError } from "./io";
import { ModelCommand } from "./args";
import { setUp } from "./refresh";
import { nothingWritten } from "./file-input";
import { copyUnchanged, readersNote, saveRefreshed } from "./write-step";
import { fileFailure } from "./guard";

/** Files refreshed at the same time: their calls meet in the engine (coalesced, deduplicated). */
const AT_ONCE = 4;

/** The batch's arguments, or the usage exit (2) reported. */
export function batchArgs(command: ModelCommand, argv: string[]): BatchArgs | number {
  try {
    return parseBatchArgs(command, argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    writeErr(`svc-excel ${command}: ${e.message} (svc-excel ${command} --help shows the options)\n`);
    return EXIT.usage;
  }
}

/** The price of the lot: one call per distinct identity across every model's requests (the engine's one rule). */
export async function priceTogether(engine: Pick<SvcEngine, "plan">, requests: PlanRequest[][]): Promise<number> {
  return (await engine.plan(requests.flat())).calls;
}

async function refreshOne(f: ModelFile, args: BatchArgs, setup: EngineSetup, now: () => Date): Promise<void> {
  const model = f.model;
  const bytes = f.bytes;
  if (!model || !bytes) return;
  const seen = { signedOut: false, answered: 0, failed: 0 };
  const result = await refreshModel(model, { call: svcCaller(setup.cells, "refresh", seen, { countCalls: false, date1904: model.workbook.date1904 }), params: paramsOf, svcCells: svcCellsOf(model) });
  f.cells = result.report.cells;
  f.stale = result.report.stale;
  if (seen.signedOut) return settle(f, "signed-out", "not signed in (the API asked to sign in): nothing written");
  if (seen.failed > 0 && seen.answered === 0) return settle(f, "failed", `every call failed (${f.cells.find((c) => c.error)?.error?.message ?? "no answer"}): the stored values are kept`);
  try {
    const saved = saveRefreshed(f.file, f.file, bytes, result, frozenCopyOf(args, f.file), now());
    const note = readersNote(saved);
    if (note) f.lines.push(note);
    f.extra = { recomputed: result.report.recomputed, rewritten: saved.rewritten, cells_written: result.written, recalculated_by_libreoffice: saved.blocks, frozen_copy: saved.frozenCopy };
    settle(f, saved.rewritten ? "refreshed" : "unchanged");
  } catch (e) {
    if (!(e instanceof ModelIoError)) throw e;
    settle(f, "failed", e.message);
  }
}

/** A model without SVC formulas is its own values-only copy. */
function copyAsIs(f: ModelFile, copy: string | null): void {
  try {
    if (f.bytes) copyUnchanged(f.file, copy, f.bytes);
  } catch (e) {
    if (!(e instanceof ModelIoError)) throw e;
    settle(f, "failed", e.message);
  }
}

/** Run `work` over `items`, at most `n` at a time. */
async function eachAtMost<T>(n: number, items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, lane));
}

function report(progress: FileProgress, f: ModelFile): void {
  progress.file(f.file, outcomeText(f), f.status === "failed" || f.status === "signed-out");
}

type Plan = Awaited<ReturnType<typeof planModel>>;

/** The lot's price is over --max-calls (or the unattended default): nothing is spent. */
class OverCeiling extends Error {
  constructor(readonly calls: number, readonly ceiling: number) {
    super(`these refreshes would cost ${calls} calls, over the ceiling of ${ceiling} (--max-calls N raises it; 0 for none); nothing was spent`);
  }
}

/** A model's plan, or null when planning it failed (the file is settled as failed with the reason). */
async function planOne(f: ModelFile, setup: EngineSetup): Promise<Plan | null> {
  try {
    return await planModel(f.model as Model, setup.engine, setup.cells.dictionary());
  } catch (e) {
    settle(f, "failed", fileFailure(e));
    return null;
  }
}

async function refreshAll(live: ModelFile[], args: BatchArgs, setup: EngineSetup, progress: FileProgress, now: () => Date): Promise<number> {
  try {
    const plans = (await Promise.all(live.map((f) => planOne(f, setup)))).filter((p): p is Plan => p !== null);
    const total = await priceTogether(setup.engine, plans.map((p) => p.plan.requests));
    const cells = plans.reduce((n, p) => n + p.cells.length, 0);
    const planned = live.filter((f) => f.status === null);
    if (args.maxCalls !== null && total > args.maxCalls) throw new OverCeiling(total, args.maxCalls);
    progress.start(`${planned.length} models with ${cells} SVC cells: this run costs ${total} calls (given the cache)`);
    await eachAtMost(AT_ONCE, planned, async (f) => {
      try {
        await refreshOne(f, args, setup, now);
      } catch (e) {
        settle(f, "failed", fileFailure(e)); // this file's failure: the others go on
      }
      report(progress, f);
    });
    return total;
  } finally {
    await setup.engine.flush();
    await setup.lock.releaseAll();
  }
}

function exitOf(files: readonly ModelFile[]): number {
  if (files.some((f) => f.status === "signed-out")) return EXIT.signedOut;
  const failed = files.filter((f) => f.status === "failed").length;
  if (failed === files.length) return EXIT.usage;
  const flawed = files.some((f) => f.cells.some((c) => c.error) || f.stale.length > 0);
  return failed > 0 || flawed ? EXIT.failed : EXIT.ok;
}

export async function batchRefresh(argv: string[], credentialsFor: Credentials, now: () => Date = () => new Date()): Promise<number> {
  const started = Date.now();
  const args = batchArgs("refresh", argv);
  if (typeof args === "number") return args;
  const files = openEach(args.files, (f) => [frozenCopyOf(args, f)]);
  const live = withSvcFormulas(files);
  const progress = fileProgress("refresh", files.length);
  for (const f of files.filter((x) => x.status !== null)) {
    if (f.status === "no-svc") copyAsIs(f, frozenCopyOf(args, f.file));
    report(progress, f);
  }
  let priced = 0;
  let stats: Record<string, number | string | null> = { calls: 0 };
  if (live.length > 0) {
    const setup = await setUp("refresh", args, credentialsFor);
    if (typeof setup === "number") {
      progress.end();
      return setup;
    }
    try {
      priced = await refreshAll(live, args, setup, progress, now);
    } catch (e) {
      if (!(e instanceof OverCeiling)) throw e;
      progress.end();
      return nothingWritten("refresh", e.message);
    }
    const s = setup.engine.stats();
    stats = { calls: s.calls, cache_hits: s.cache_hits, coalesced: s.coalesced, retries: s.retries, quota_remaining: s.quota_remaining };
  }
  progress.end();
  const counts = countStatus(files);
  const said = Object.entries(counts).map(([k, v]) => `${v} ${k}`).join(", ");
  await printBatch(files, { headline: `${files.length} models: ${said}; ${stats.calls} calls (priced ${priced})`, stats: { files: files.length, ...counts, ...stats, priced_calls: priced, wall_ms: Date.now() - started } }, args.json);
  return exitOf(files);
}
