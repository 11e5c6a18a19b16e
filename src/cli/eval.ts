/**
 * `svc-excel eval`: evaluate SVC formulas in a terminal through the same functions and engine as
 * the add-in. All formulas of one run are invoked at once, as an Excel recalculation does.
 */
import * as fs from "fs";
import * as path from "path";
import type { CredentialSource } from "../api/client";
import { PrivateStateError } from "../compose/cli";
import { CliCredentials, EngineSetup, buildCliEngine, connectionEngine as composedConnectionEngine, credentialsFor } from "../compose/cli-engine";
import { computeFunction, isFunctionName } from "../functions/call";
import { unknownFunctionMessage } from "../functions/names";
import { listSources } from "../functions/sources";
import { describeFailure } from "../api/cell-outcome";
import { SIGN_IN_MESSAGE, SvcError } from "../api/errors";
import { withDataTypes } from "../functions/typed";
import { Grid, withoutNoticeRows } from "../shape/grid";
import { isTypedValue, plainValue } from "../shape/values";
import { FormulaSyntaxError, parseFormula, ParsedFormula } from "./formula";
import { configDir, plainHttpCredentialProblem } from "./login";
import { CliOption, EXIT, UsageError, parseArgs, textOption } from "./command";
import { PrintedResult, errorSummary, renderOutput } from "./print";
import { writeAll, writeErr } from "./terminal";
import { TOKEN_USAGE, TokenOptionError, TokenSource, readToken, tokenFromEnv, tokenOption } from "./token-option";

export const SANDBOX_BASE_URL = "http://127.0.0.1:8787";

export { UsageError };

export interface EvalArgs {
  baseUrl: string;
  token: TokenSource | null;
  json: boolean;
  file: string | null;
  cacheDir: string | null;
  formulas: string[];
}

/** eval's options: they drive `svc-excel eval --help` and the parser. */
export const EVAL_OPTIONS: readonly CliOption[] = [
  { flag: "--base-url", value: "URL", help: "The API address (default $SVC_BASE_URL, else the local sandbox http://127.0.0.1:8787)" },
  { flag: "--token-file", value: "PATH", help: "Read the API key or access token from the first line of PATH (default $SVC_TOKEN; else the sign-in `svc-excel login` stored)" },
  { flag: "--token", value: "-", help: "`--token -` reads the credential from standard input; a literal value works but warns (other users see it in `ps`)" },
  { flag: "--json", help: "Print one JSON document {results, stats}: Excel's values (date serials, fractions), notices apart" },
  { flag: "--file", value: "PATH", help: "Read formulas from PATH, one per line (blank lines and # comments skipped)" },
  { flag: "--cache-dir", value: "DIR", help: "Keep answers in DIR between runs: the same formulas again cost no call" },
];

export function parseEvalArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): EvalArgs {
  const a = parseArgs(argv, EVAL_OPTIONS);
  return {
    baseUrl: textOption(a, "--base-url") ?? (env.SVC_BASE_URL || SANDBOX_BASE_URL),
    token: tokenArg(a.values.get("--token"), a.values.get("--token-file")) ?? tokenFromEnv(env),
    json: a.values.get("--json") === true,
    file: textOption(a, "--file") ?? null,
    cacheDir: textOption(a, "--cache-dir") ?? null,
    formulas: a.rest,
  };
}

/** The credential source the flags name (`--token` before `--token-file`), else null. */
export function tokenArg(token: string | true | undefined, file: string | true | undefined): TokenSource | null {
  if (typeof token === "string") return tokenOption("--token", token);
  if (typeof file === "string") return tokenOption("--token-file", file);
  return null;
}

/** Formulas from --file (one per line; blank lines and # comments skipped) then the arguments. */
export function collectFormulas(args: EvalArgs): string[] {
  const list: string[] = [];
  if (args.file) {
    let text: string;
    try {
      text = fs.readFileSync(args.file, "utf8");
    } catch (e) {
      throw new UsageError(`cannot read --file ${args.file}: ${(e as Error).message}`);
    }
    for (const line of text.split(/\r?\n/)) {
      const t = line.trim();
      if (t && !t.startsWith("#")) list.push(t);
    }
  }
  list.push(...args.formulas);
  return list;
}

/** Parse every formula first: an unknown function or a syntax error is a usage error (exit 2). */
export function parseAll(formulas: string[]): ParsedFormula[] {
  return formulas.map((f) => {
    let parsed: ParsedFormula;
    try {
      parsed = parseFormula(f);
    } catch (e) {
      if (e instanceof FormulaSyntaxError) throw new UsageError(`cannot parse ${f}: ${e.message}`);
      throw e;
    }
    if (!isFunctionName(parsed.fn)) throw new UsageError(`${unknownFunctionMessage(parsed.fn)}: ${f}`);
    return parsed;
  });
}

/** formula, value, error, and the answer's link and required notices (as the cell recorded them for the pane). */
export type EvalResult = PrintedResult;

const errorCode = (c: unknown): string | undefined => (c !== null && typeof c === "object" && typeof (c as { error?: unknown }).error === "string" ? (c as { error: string }).error : undefined);

/** A 1×1 grid is the single value Excel shows; anything larger stays a 2-D array. Error values become their code. */
function toValue(grid: unknown[][], plain: boolean): unknown {
  const clean = grid.map((row) => row.map((c) => errorCode(c) ?? (plain && isTypedValue(c) ? plainValue(c) : c)));
  return clean.length === 1 && clean[0].length === 1 ? clean[0][0] : clean;
}

const addressOf = (i: number) => `Formula!A${i + 1}`;

/** What a terminal user does about a sign-in problem (the cell says "Sign in from the SVC pane"). */
export function signedOutMessage(baseUrl: string, tokenGiven: boolean): string {
  return tokenGiven
    ? `The API refused the credential given with --token or SVC_TOKEN (${baseUrl}): check it, or run \`svc-excel login --base-url ${baseUrl}\``
    : `Not signed in to ${baseUrl}: run \`svc-excel login --base-url ${baseUrl}\` (or pass --token or SVC_TOKEN)`;
}

/** Whether a failure is for want of a sign-in (read from its kind), and the reason the sign-in gave. */
export function signInFailure(e: SvcError): { reason: string } | null {
  if (e.kind === "unauthorized") return { reason: "" };
  if (e.kind !== "signed_out") return null;
  return { reason: e.detail === SIGN_IN_MESSAGE ? "" : e.detail };
}

/** A failed formula as eval shows it: the cell's code and message, or what a terminal user does to sign in. */
function evalError(e: SvcError, signIn?: { baseUrl: string; tokenGiven: boolean }): NonNullable<EvalResult["error"]> {
  const cell = describeFailure(e);
  const out = signInFailure(e);
  if (!out) return cell;
  const message = signIn ? signedOutMessage(signIn.baseUrl, signIn.tokenGiven) + (out.reason ? `. ${out.reason}` : "") : cell.message;
  return { code: cell.code, message, signedOut: true };
}

/**
 * Evaluate parsed formulas concurrently through the installed engine. Values keep their number
 * formats for the table (`shown`) and are Excel's plain values in `value`; the notices the API
 * requires are in `notices`, never among the rows.
 */
export async function evaluate(formulas: string[], parsed: ParsedFormula[], signIn?: { baseUrl: string; tokenGiven: boolean }): Promise<EvalResult[]> {
  const settled = await withDataTypes("numbers", () =>
    Promise.all(
      parsed.map(async (p, i): Promise<{ grid: unknown[][] | null; error: EvalResult["error"] }> => {
        const out = await computeFunction(p.fn, p.args, { address: addressOf(i) });
        return "grid" in out ? { grid: out.grid, error: null } : { grid: null, error: evalError(out.error, signIn) };
      })
    )
  );
  // Link and notices as each cell recorded them for the pane (src/functions/sources): one rule for both.
  const sources = new Map(listSources().map((s) => [s.address, s]));
  return settled.map((r, i) => {
    const src = r.error ? undefined : sources.get(addressOf(i));
    const notices = src ? [...src.notices] : [];
    const grid = r.grid ? withoutNoticeRows(r.grid as Grid, notices) : null;
    return {
      formula: formulas[i],
      value: grid ? toValue(grid, true) : null,
      shown: grid ? toValue(grid, false) : null,
      error: r.error,
      link: src?.link || null,
      notices,
    };
  });
}

/** 0 when every formula gave a value; 3 when one failed for want of a sign-in; else 1. */
export function exitStatus(results: readonly EvalResult[]): number {
  if (results.some((r) => r.error?.signedOut)) return EXIT.signedOut;
  return results.some((r) => r.error) ? EXIT.failed : EXIT.ok;
}

/**
 * The call lock's folder, in the user's private configuration folder: the same for a cron job and an
 * interactive shell (XDG_RUNTIME_DIR is set in one and not the other), and never a guessable /tmp
 * path another local user could create first.
 */
export function lockDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(configDir(env), "locks");
}

export type { EngineSetup };
/** Who signs the calls (src/compose/cli-engine.ts). */
export type EvalCredentials = CliCredentials;

/** Per-call timeout: SVC_TIMEOUT_MS (1,000-55,000 ms), else the client's default (well under 60 s). */
export function timeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const n = Number(env.SVC_TIMEOUT_MS);
  return Number.isInteger(n) && n >= 1000 && n <= 55_000 ? n : undefined;
}

/** The CLI's lock directory and per-call timeout, from its environment. */
const engineOptions = () => ({ lockDir: lockDir(), timeoutMs: timeoutFromEnv() });

/** The engine of a credential, built by src/compose (cli-engine.ts) with the CLI's lock directory and timeout. */
export function buildEngine(baseUrl: string, credentials: CredentialSource, identity: string | undefined, cacheDir: string | null, connectionId?: string | null): EngineSetup {
  return buildCliEngine(baseUrl, credentials, identity, cacheDir, engineOptions(), connectionId);
}

/** Arguments, formulas and credential, or the exit code of a usage error (already reported). */
async function prepare(argv: string[]): Promise<number | { args: EvalArgs; formulas: string[]; parsed: ParsedFormula[]; token: string | null }> {
  try {
    const args = parseEvalArgs(argv);
    const formulas = collectFormulas(args);
    if (formulas.length === 0) throw new UsageError("no formula given (pass formulas or --file PATH)");
    const parsed = parseAll(formulas);
    // No credential over plain http except to loopback (the OAuth client refuses too).
    const insecure = plainHttpCredentialProblem(args.baseUrl);
    if (insecure) throw new UsageError(insecure);
    return { args, formulas, parsed, token: await readToken(args.token, { warn: writeErr }) };
  } catch (e) {
    if (!(e instanceof UsageError || e instanceof TokenOptionError)) throw e;
    writeErr(`svc-excel eval: ${e.message}\nusage: svc-excel eval [options] ${TOKEN_USAGE} [FORMULA ...] (svc-excel eval --help)\n`);
    return EXIT.usage;
  }
}

/** The engine of a credential's connection (src/compose/cli-engine.ts), with the CLI's lock directory and timeout. */
export function connectionEngine(baseUrl: string, cacheDir: string | null, creds: EvalCredentials): Promise<EngineSetup> {
  return composedConnectionEngine(baseUrl, cacheDir, creds, engineOptions());
}

/** The engine of the credential in use, or exit code 2 when its cache directory is refused (reported). */
async function connect(args: EvalArgs, token: string | null, signIn: (baseUrl: string) => Promise<EvalCredentials>): Promise<number | EngineSetup> {
  const creds = await credentialsFor(token, args.baseUrl, signIn);
  try {
    return await connectionEngine(args.baseUrl, args.cacheDir, creds);
  } catch (e) {
    if (!(e instanceof PrivateStateError)) throw e;
    writeErr(`svc-excel eval: ${e.message}\n`);
    return EXIT.usage;
  }
}

export async function evalCommand(argv: string[], credentialsFor: (baseUrl: string) => Promise<EvalCredentials>): Promise<number> {
  const started = Date.now();
  const ready = await prepare(argv);
  if (typeof ready === "number") return ready;
  const { args, formulas, parsed, token } = ready;
  const setup = await connect(args, token, credentialsFor);
  if (typeof setup === "number") return setup;
  const { engine, lock, dictionary } = setup;
  // Industry metric lines (e.g. bank lines) are valid only once the dictionary is known.
  await dictionary;
  const results = await evaluate(formulas, parsed, { baseUrl: args.baseUrl, tokenGiven: token !== null });
  await engine.flush();
  await lock.releaseAll();
  const s = engine.stats();
  const stats = { calls: s.calls, cache_hits: s.cache_hits, coalesced: s.coalesced, retries: s.retries, quota_remaining: s.quota_remaining, wall_ms: Date.now() - started };
  // Every result on stdout whatever the exit status; what went wrong on stderr. Both resolve once the
  // stream has taken every byte; the caller sets the exit code (never process.exit here).
  await writeAll(process.stdout, renderOutput(results, stats, args.json));
  const problems = errorSummary(results);
  if (problems) writeErr(problems); // bin/svc-excel.js waits for both streams before the process ends
  return exitStatus(results);
}
