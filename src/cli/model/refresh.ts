/**
 * `svc-excel refresh MODEL.xlsx`: every SVC formula evaluated in one run (calls = distinct
 * identities, the shared --cache-dir cache, the quota governor), results written into the cells as
 * Excel writes them, dependents recomputed; the file replaced atomically (or --out written).
 * Exit 0: every SVC cell has a value; 1: written, but cells hold errors or stale values;
 * 2: nothing written (usage, unreadable file, every call failed); 3: not signed in (nothing written).
 */
import { refreshModel, RefreshResult } from "../../model-file";
import { EXIT, UsageError } from "../command";
import { EngineSetup } from "../connection";
import { nothingWritten, openModel, Opened } from "./file-input";
import { ModelIoError } from "./io";
import { connect, Credentials, NotSignedIn, svcCaller } from "./engine";
import { printModelOutput } from "./report";
import { changeLines, changeRecordOf, changesJson, withChangesSheet } from "./changes";
import { callWords } from "../../plan";
import { copyUnchanged, readersNote, Saved, saveRefreshed } from "./write-step";
import { paramsOf } from "../../plan";
import { svcCellsOf } from "./svc-cells";
import { planModel } from "./plan";

/** The engine for a command, or the exit code (3 not signed in, 2 usage). `check` needs no sign-in: it prices from the cache. */
export async function setUp(command: "refresh" | "check", args: Parameters<typeof connect>[0], credentialsFor: Credentials, needSignIn = true): Promise<EngineSetup | number> {
  try {
    const setup = await connect(args, credentialsFor, needSignIn);
    await setup.dictionary;
    return setup;
  } catch (e) {
    if (e instanceof NotSignedIn) return nothingWritten(command, e.message, EXIT.signedOut);
    if (e instanceof UsageError) return nothingWritten(command, e.message);
    throw e;
  }
}

/**
 * The user stays in charge of the quota: a refresh whose price is over the ceiling spends nothing
 * (exit 2, the price and the ceiling said). Returns the exit code then, else null.
 */
export async function overCeiling(ceiling: number | null, price: () => Promise<number>, setup: EngineSetup): Promise<number | null> {
  if (ceiling === null) return null;
  const calls = await price();
  if (calls <= ceiling) return null;
  await setup.lock.releaseAll();
  return nothingWritten("refresh", `this refresh would cost ${calls} calls, over the ceiling of ${ceiling} (--max-calls N raises it; 0 for none); nothing was spent`);
}

/** A workbook without SVC formulas: said so, left as it was (bytes and modification time), no credential asked for. */
async function noSvcFormulas(opened: Opened): Promise<number> {
  const { args } = opened;
  try {
    copyUnchanged(args.model, args.out, opened.bytes);
    copyUnchanged(args.model, args.frozenCopy, opened.bytes);
  } catch (e) {
    if (e instanceof ModelIoError) return nothingWritten("refresh", e.message);
    throw e;
  }
  await printModelOutput({ headline: `${args.model}: no SVC formulas; nothing to refresh, the file is left as it was`, cells: [], stats: { calls: 0, cells_written: 0 } }, args.json);
  return EXIT.ok;
}

export async function refreshCommand(argv: string[], credentialsFor: Credentials, now: () => Date = () => new Date()): Promise<number> {
  const started = Date.now();
  const opened = openModel("refresh", argv);
  if (typeof opened === "number") return opened;
  const { args, model } = opened;
  const svcCells = svcCellsOf(model);
  if (svcCells.size === 0) return noSvcFormulas(opened);
  const setup = await setUp("refresh", args, credentialsFor);
  if (typeof setup === "number") return setup;
  const over = await overCeiling(args.maxCalls, async () => (await planModel(model, setup.engine, setup.cells.dictionary())).price.calls, setup);
  if (over !== null) return over;
  const seen = { signedOut: false, answered: 0, failed: 0 };
  let result: RefreshResult;
  try {
    result = await refreshModel(model, { call: svcCaller(setup.cells, "refresh", seen, { date1904: model.workbook.date1904 }), params: paramsOf, svcCells, words: callWords });
  } finally {
    await setup.engine.flush();
    await setup.lock.releaseAll();
  }
  if (seen.signedOut) return nothingWritten("refresh", "not signed in (the API asked to sign in): run `svc-excel login`, or pass a credential", EXIT.signedOut);
  if (seen.failed > 0 && seen.answered === 0) return nothingWritten("refresh", `every call failed (${result.report.cells.find((c) => c.error)?.error?.message ?? "no answer"}): the stored values are kept`);
  const record = args.changes || args.changesSheet ? changeRecordOf(result.changes) : null;
  const sheet = record && args.changesSheet ? withChangesSheet(model, record, now()) : null;
  let saved: Saved;
  try {
    saved = saveRefreshed(args.model, args.out ?? args.model, opened.bytes, sheet ? { ...result, bytes: sheet.bytes, written: result.written + 1 } : result, args.frozenCopy, now());
  } catch (e) {
    if (e instanceof ModelIoError) return nothingWritten("refresh", e.message);
    throw e;
  }
  const s = setup.engine.stats();
  const { cells, recomputed, stale } = result.report;
  const errors = cells.filter((c) => c.error).length;
  const hidden = cells.filter((c) => c.hidden).length;
  const note = readersNote(saved);
  const unchanged = saved.rewritten ? "" : `; every value as stored, ${args.out ? "copied unchanged" : "the file was not rewritten"}`;
  await printModelOutput(
    {
      headline: `${args.model} refreshed${args.out ? ` into ${args.out}` : ""}: ${cells.length} SVC cells (${errors} with errors${hidden ? `, ${hidden} hidden by IFERROR or the like` : ""}), ${recomputed.length} dependent formulas recomputed, ${stale.length} stale${unchanged}`,
      cells,
      stale,
      extra: { recomputed, rewritten: saved.rewritten, recalculated_by_libreoffice: saved.blocks, frozen_copy: saved.frozenCopy, ...(record && args.changes ? changesJson(record) : {}), ...(sheet ? { changes_sheet: sheet.sheet } : {}) },
      lines: [...(record && args.changes ? changeLines(record) : []), ...(sheet ? [`change list added as the sheet "${sheet.sheet}"`] : []), ...(note ? [note] : [])],
      stats: { calls: s.calls, cache_hits: s.cache_hits, coalesced: s.coalesced, retries: s.retries, quota_remaining: s.quota_remaining, cells_written: result.written, wall_ms: Date.now() - started },
    },
    args.json
  );
  return errors > 0 || stale.length > 0 ? EXIT.failed : EXIT.ok;
}
