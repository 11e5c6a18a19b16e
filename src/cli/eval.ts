/**
 * `svc-excel eval`: evaluate SVC formulas in a terminal through the same functions and engine as
 * the add-in. All formulas of one run are invoked at once, as an Excel recalculation does.
 */
import * as fs from "fs";
import { PrivateStateError } from "../compose/cli";
import { credentialsFor } from "../compose/cli-engine";
import { computeCell, isFunctionName } from "../functions";
import { unknownFunctionMessage } from "../functions";
import type { CellRuntime } from "../functions";
import { describeFailure } from "../api";
import { SvcError } from "../api";
import { Grid, withoutNoticeRows } from "../shape";
import { isTypedValue, plainValue } from "../shape";
import { FormulaSyntaxError, parseFormula, ParsedFormula } from "../formula";
import { CONNECTION_OPTIONS, CliCredentials, EngineSetup, SANDBOX_BASE_URL, connectionEngine, plainHttpCredentialProblem, signInFailure, tokenArg } from "./connection";
import { CliOption, EXIT, UsageError, parseArgs, textOption } from "./command";
import { PrintedResult, errorSummary, renderOutput } from "./print";
import { writeAll, writeErr } from "./terminal";
import type { CellSource } from "../functions";
import { TOKEN_USAGE, TokenOptionError, TokenSource, readToken, tokenFromEnv } from "./token-option";

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
  ...CONNECTION_OPTIONS.filter((o) => o.flag !== "--cache-dir"),
  { flag: "--json", help: "Print one JSON document {results, stats}: Excel's values (date serials, fractions), notices apart" },
  { flag: "--file", value: "PATH", help: "Read formulas from PATH, one per line (blank lines and # comments skipped)" },
  ...CONNECTION_OPTIONS.filter((o) => o.flag === "--cache-dir"),
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
export async function evaluate(rt: CellRuntime, formulas: string[], parsed: ParsedFormula[], signIn?: { baseUrl: string; tokenGiven: boolean }): Promise<EvalResult[]> {
  const settled = await Promise.all(
    parsed.map(async (p, i): Promise<{ grid: unknown[][] | null; error: EvalResult["error"]; source: CellSource | null }> => {
      const out = await computeCell(rt, p.fn, p.args, { address: addressOf(i) });
      return "grid" in out ? { grid: out.grid, error: null, source: out.source } : { grid: null, error: evalError(out.error, signIn), source: null };
    })
  );
  // Link and notices as each call returned them (the pane reads the same record): one rule for both.
  return settled.map((r, i) => {
    const src = r.source ?? undefined;
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

/** The engine of the credential in use, or exit code 2 when its cache directory is refused (reported). */
async function connect(args: EvalArgs, token: string | null, signIn: (baseUrl: string) => Promise<CliCredentials>): Promise<number | EngineSetup> {
  const creds = await credentialsFor(token, args.baseUrl, signIn);
  try {
    return await connectionEngine(args.baseUrl, args.cacheDir, creds);
  } catch (e) {
    if (!(e instanceof PrivateStateError)) throw e;
    writeErr(`svc-excel eval: ${e.message}\n`);
    return EXIT.usage;
  }
}

export async function evalCommand(argv: string[], credentialsFor: (baseUrl: string) => Promise<CliCredentials>): Promise<number> {
  const started = Date.now();
  const ready = await prepare(argv);
  if (typeof ready === "number") return ready;
  const { args, formulas, parsed, token } = ready;
  const setup = await connect(args, token, credentialsFor);
  if (typeof setup === "number") return setup;
  const { engine, lock, dictionary, cells } = setup;
  // Industry metric lines (e.g. bank lines) are valid only once the dictionary is known.
  await dictionary;
  const results = await evaluate(cells, formulas, parsed, { baseUrl: args.baseUrl, tokenGiven: token !== null });
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
