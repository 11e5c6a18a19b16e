/**
 * `svc-excel refresh MODEL.xlsx`: every SVC formula evaluated in one run (calls = distinct
 * identities, the shared --cache-dir cache, the quota governor), results written into the cells as
 * Excel writes them, dependents recomputed; the file replaced atomically (or --out written).
 * Exit 0: every SVC cell has a value; 1: written, but cells hold errors or stale values;
 * 2: nothing written (usage, unreadable file, every call failed); 3: not signed in (nothing written).
 */
import { refreshModel, RefreshResult } from "../../model-file";
import { EXIT, UsageError } from "../command";
import { EngineSetup } from "../eval";
import { nothingWritten, openModel } from "./file-input";
import { ModelIoError, writeAtomic } from "./io";
import { connect, Credentials, NotSignedIn, svcCaller } from "./engine";
import { printModelOutput } from "./report";
import { changeLines, changeRecordOf, changesJson, filingsOf, withChangesSheet } from "./changes";
import { paramsOf } from "../../plan";
import { svcCellsOf } from "./svc-cells";

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

export async function refreshCommand(argv: string[], credentialsFor: Credentials): Promise<number> {
  const started = Date.now();
  const opened = openModel("refresh", argv);
  if (typeof opened === "number") return opened;
  const { args, model } = opened;
  const setup = await setUp("refresh", args, credentialsFor);
  if (typeof setup === "number") return setup;
  const seen = { signedOut: false, answered: 0, failed: 0 };
  let result: RefreshResult;
  try {
    result = await refreshModel(model, { call: svcCaller("refresh", seen), params: paramsOf, svcCells: svcCellsOf(model), filings: filingsOf });
  } finally {
    await setup.engine.flush();
    await setup.lock.releaseAll();
  }
  if (seen.signedOut) return nothingWritten("refresh", "not signed in (the API asked to sign in): run `svc-excel login`, or pass a credential", EXIT.signedOut);
  if (seen.failed > 0 && seen.answered === 0) return nothingWritten("refresh", `every call failed (${result.report.cells.find((c) => c.error)?.error?.message ?? "no answer"}): the stored values are kept`);
  const record = args.changes || args.changesSheet ? changeRecordOf(result.changes) : null;
  const sheet = record && args.changesSheet ? withChangesSheet(model, record, new Date()) : null;
  const target = args.out ?? args.model;
  try {
    writeAtomic(target, sheet?.bytes ?? result.bytes);
  } catch (e) {
    if (e instanceof ModelIoError) return nothingWritten("refresh", e.message);
    throw e;
  }
  const s = setup.engine.stats();
  const { cells, recomputed, stale } = result.report;
  const errors = cells.filter((c) => c.error).length;
  await printModelOutput(
    {
      headline: `${args.model} refreshed${args.out ? ` into ${args.out}` : ""}: ${cells.length} SVC cells (${errors} with errors), ${recomputed.length} dependent formulas recomputed, ${stale.length} stale`,
      cells,
      stale,
      extra: { recomputed, ...(record && args.changes ? changesJson(record) : {}), ...(sheet ? { changes_sheet: sheet.sheet } : {}) },
      lines: [...(record && args.changes ? changeLines(record) : []), ...(sheet ? [`change list added as the sheet "${sheet.sheet}"`] : [])],
      stats: { calls: s.calls, cache_hits: s.cache_hits, coalesced: s.coalesced, retries: s.retries, quota_remaining: s.quota_remaining, cells_written: result.written, wall_ms: Date.now() - started },
    },
    args.json
  );
  return errors > 0 || stale.length > 0 ? EXIT.failed : EXIT.ok;
}
