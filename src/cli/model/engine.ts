/**
 * The model-file commands' connection to the API: the same composition, engine, cache and quota
 * governor as `eval`, and the SVC functions themselves (src/functions) answering the calls a model
 * makes. Progress of a long run goes to stderr.
 */
import { describeFailure } from "../../api";
import { SvcError } from "../../api";
import { PrivateStateError } from "../../compose/cli";
import { computeCell } from "../../functions";
import type { CellRuntime } from "../../functions";
import type { AnswerSources, CallAnswer, FilingRef, SvcCall } from "../../model-file";
import type { ValueSource } from "../../functions";
import { isTypedValue } from "../../shape";
import type { CellValue } from "../../formula";
import { UsageError } from "../command";
import { CliCredentials, connectionEngine, EngineSetup, plainHttpCredentialProblem, signInFailure } from "../connection";
import { credentialsFor as credentialsOf } from "../../compose/cli-engine";
import { ModelArgs } from "./args";
import { writeErr } from "../terminal";
import { readToken, TokenOptionError } from "../token-option";

export class NotSignedIn extends Error {}

export type Credentials = (baseUrl: string) => Promise<CliCredentials>;

/** The engine for a run, after checking the connection options; throws UsageError or NotSignedIn. */
export async function connect(args: ModelArgs, credentialsFor: Credentials, needSignIn = true): Promise<EngineSetup> {
  const insecure = plainHttpCredentialProblem(args.baseUrl);
  if (insecure) throw new UsageError(insecure);
  let token: string | null;
  try {
    token = await readToken(args.token, { warn: writeErr });
  } catch (e) {
    if (e instanceof TokenOptionError) throw new UsageError(e.message);
    throw e;
  }
  const creds = await credentialsOf(token, args.baseUrl, credentialsFor);
  try {
    if (needSignIn) await creds.source.getToken();
  } catch (e) {
    if (e instanceof SvcError && (e.kind === "signed_out" || e.kind === "unauthorized")) throw new NotSignedIn("not signed in: run `svc-excel login`, or pass a credential (SVC_TOKEN, --token-file PATH, --token -)");
    throw e;
  }
  try {
    return await connectionEngine(args.baseUrl, args.cacheDir, creds);
  } catch (e) {
    if (e instanceof PrivateStateError) throw new UsageError(e.message);
    throw e;
  }
}

/** A function's grid as stored values: error values as they are, data types as their basic value. */
function storedGrid(grid: unknown[][]): CellValue[][] {
  return grid.map((row) =>
    row.map((c): CellValue => {
      if (c !== null && typeof c === "object" && "basicValue" in c) return (c as { basicValue: CellValue }).basicValue ?? null;
      return c === undefined ? null : (c as CellValue);
    })
  );
}

/** Where the answer's values came from (the function's record of the cell) and the number format each was given. */
function answerSources(grid: unknown[][], provenance: readonly ValueSource[] | undefined): AnswerSources {
  const filings = new Map<string, FilingRef>();
  for (const v of provenance ?? []) if (v.accession && !filings.has(v.accession)) filings.set(v.accession, { accession: v.accession, form: v.form ?? null, url: v.filingUrl });
  const values = (provenance ?? []).map((v) => ({ row: v.row, col: v.col, period: v.period, metric: v.metric, accession: v.accession }));
  const formats = grid.map((row) => row.map((c) => (isTypedValue(c) && c.type === "Double" ? c.numberFormat : null)));
  return { values, filings: [...filings.values()], formats };
}

/** Progress on stderr: at most every 2 s, and the last count. */
function progress(total: number, label: string): (done: number) => void {
  let last = Date.now();
  return (done) => {
    if (done < total && Date.now() - last < 2000) return;
    last = Date.now();
    writeErr(`svc-excel ${label}: ${done} of ${total} distinct SVC calls answered\n`);
  };
}

/**
 * The refresh's caller port: each distinct call through the SVC functions, all at once (the engine
 * queues, coalesces and caches). `countCalls` false: a run of several models reports per file instead.
 */
export function svcCaller(
  rt: CellRuntime,
  label: string,
  seen: { signedOut: boolean; answered: number; failed: number },
  opts: { countCalls?: boolean; date1904?: boolean } = {}
): (calls: SvcCall[]) => Promise<CallAnswer[]> {
  const countCalls = opts.countCalls ?? true;
  return async (calls) => {
    const tick = countCalls && calls.length >= 20 ? progress(calls.length, label) : () => undefined;
    let done = 0;
    // `rt` types numbers as Excel shows them with data types (the change list shows values so); the cells store the plain values
    return Promise.all(
      calls.map(async (c): Promise<CallAnswer> => {
        const out = await computeCell(rt, c.fn, c.args, { address: c.address, date1904: opts.date1904, hintsFromCache: true });
        tick(++done);
        if ("grid" in out) {
          seen.answered++;
          // the provenance this call returned: the change record reads it from the answer's sources
          return { value: storedGrid(out.grid), sources: answerSources(out.grid, out.source?.provenance) };
        }
        if (signInFailure(out.error)) seen.signedOut = true;
        const err = describeFailure(out.error);
        if (err.code === "#N/A") seen.failed++; // no answer (a #VALUE! is an answer about the arguments)
        return { error: { code: err.code, message: err.message } };
      })
    );
  };
}
