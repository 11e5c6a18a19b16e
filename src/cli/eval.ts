/**
 * `svc-excel eval`: evaluate SVC formulas in a terminal through the same functions and engine as
 * the add-in. All formulas of one run are invoked at once, as an Excel recalculation does.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { ApiClient, CredentialSource, staticCredentials } from "../api/client";
import { SvcEngine } from "../engine";
import { connectionScope, credentialFingerprint } from "../compose";
import { CliLock, PrivateStateError, composeCli } from "../compose/cli";
import { setEngine } from "../engine/current";
import { callFunction, isFunctionName } from "../functions/call";
import { FUNCTIONS } from "../functions/functions";
import { CellInvocation } from "../functions/invoke";
import { listSources } from "../functions/sources";
import { describeFailure, readCellError } from "../api/cell-outcome";
import { FormulaSyntaxError, parseFormula, ParsedFormula } from "./formula";
import { plainHttpCredentialProblem } from "./login";
import { PrintedResult, renderOutput } from "./print";
import { writeAll, writeErr } from "./terminal";
import { TokenOptionError, TokenSource, readToken, tokenFromEnv, tokenOption } from "./token-option";

export const SANDBOX_BASE_URL = "http://127.0.0.1:8787";

export class UsageError extends Error {}

export interface EvalArgs {
  baseUrl: string;
  /** Where the credential comes from (./token-option.ts); null: the `svc-excel login` sign-in. */
  token: TokenSource | null;
  json: boolean;
  file: string | null;
  cacheDir: string | null;
  formulas: string[];
}

export function parseEvalArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): EvalArgs {
  const out: EvalArgs = { baseUrl: env.SVC_BASE_URL || SANDBOX_BASE_URL, token: tokenFromEnv(env), json: false, file: null, cacheDir: null, formulas: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const eq = a.indexOf("=");
      if (a.startsWith("--") && eq > 0) return a.slice(eq + 1);
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      return v;
    };
    const flag = a.startsWith("--") ? a.split("=")[0] : a;
    if (flag === "--json") out.json = true;
    else if (flag === "--base-url") out.baseUrl = value();
    else if (flag === "--token" || flag === "--token-file") out.token = tokenOption(flag, value());
    else if (flag === "--file") out.file = value();
    else if (flag === "--cache-dir") out.cacheDir = value();
    else if (a === "--") out.formulas.push(...argv.slice(i + 1)), (i = argv.length);
    else if (a.startsWith("--")) throw new UsageError(`unknown option ${a}`);
    else out.formulas.push(a);
  }
  return out;
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
    if (!isFunctionName(parsed.fn)) throw new UsageError(`unknown function SVC.${parsed.fn} in ${f} (known: ${Object.keys(FUNCTIONS).join(", ")})`);
    return parsed;
  });
}

/** formula, value, error, and the answer's link and required notices (as the cell recorded them for the pane). */
export type EvalResult = PrintedResult;

/** A 1×1 grid is the single value Excel shows; anything larger stays a 2-D array. Cell errors become their code. */
function toValue(grid: unknown[][]): unknown {
  const clean = grid.map((row) => row.map((c) => (readCellError(c)?.code ?? c)));
  return clean.length === 1 && clean[0].length === 1 ? clean[0][0] : clean;
}

const addressOf = (i: number) => `Formula!A${i + 1}`;

/** Evaluate parsed formulas concurrently through the installed engine. */
export async function evaluate(formulas: string[], parsed: ParsedFormula[]): Promise<EvalResult[]> {
  const settled = await Promise.all(
    parsed.map(async (p, i): Promise<Omit<EvalResult, "link" | "notices">> => {
      const invocation: CellInvocation = { address: addressOf(i) };
      try {
        const grid = await callFunction(p.fn, p.args, invocation);
        return { formula: formulas[i], value: toValue(grid), error: null };
      } catch (e) {
        const cell = readCellError(e) ?? describeFailure(e);
        return { formula: formulas[i], value: null, error: { code: cell.code, message: cell.message } };
      }
    })
  );
  // Link and notices as each cell recorded them for the pane (src/functions/sources): one rule for both.
  const sources = new Map(listSources().map((s) => [s.address, s]));
  return settled.map((r, i) => {
    const src = r.error ? undefined : sources.get(addressOf(i));
    return { ...r, link: src?.link || null, notices: src ? [...src.notices] : [] };
  });
}

function lockDir(): string {
  const base = process.env.XDG_RUNTIME_DIR || os.tmpdir();
  return path.join(base, `svc-excel-locks-${typeof process.getuid === "function" ? process.getuid() : "user"}`);
}

/** One lock per connection: processes sharing a base URL and credential never call at once. */
export function connectionLockName(baseUrl: string, identity: string): string {
  return "api-" + connectionScope(baseUrl, identity);
}

export interface EngineSetup {
  engine: SvcEngine;
  client: ApiClient;
  lock: CliLock;
  /** Resolves once the API's metric dictionary was read (or could not be). */
  dictionary: Promise<unknown>;
}

/** Per-call timeout: SVC_TIMEOUT_MS (1,000-55,000 ms), else the client's default (well under 60 s). */
export function timeoutFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const n = Number(env.SVC_TIMEOUT_MS);
  return Number.isInteger(n) && n >= 1000 && n <= 55_000 ? n : undefined;
}

/** Build through the composition root: one engine per connection (cache, quota, lock), scoped by base URL and connection id. */
export function buildEngine(baseUrl: string, credentials: CredentialSource, identity: string | undefined, cacheDir: string | null, connectionId?: string | null): EngineSetup {
  const { engine, client, lock, dictionary } = composeCli(
    { baseUrl, credentials, identity },
    { cacheDir, lockDir: lockDir(), timeoutMs: timeoutFromEnv(), connectionId },
  );
  setEngine(engine);
  return { engine, client, lock, dictionary };
}

/** Who signs the calls: a key (fixed identity: its fingerprint) or the OAuth sign-in (its connection id, contract C5). */
export interface EvalCredentials {
  source: CredentialSource;
  identity?: string;
  /** Told the --cache-dir in use (the OAuth sign-in remembers it, so logout can clear it). */
  usedCacheDir?(dir: string): void;
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
    writeErr(`svc-excel eval: ${e.message}\n`);
    return 2;
  }
}

/** The engine of the credential in use, or exit code 2 when its cache directory is refused (reported). */
async function connect(args: EvalArgs, token: string | null, credentialsFor: (baseUrl: string) => Promise<EvalCredentials>): Promise<number | EngineSetup> {
  const creds: EvalCredentials = token ? { source: staticCredentials(token), identity: credentialFingerprint(token) } : await credentialsFor(args.baseUrl);
  // Read now, so the connection's cache directory is checked before anything runs.
  const id = creds.identity ?? (await creds.source.connectionId?.().catch(() => null)) ?? null;
  try {
    const setup = buildEngine(args.baseUrl, creds.source, creds.identity, args.cacheDir, id);
    if (args.cacheDir) creds.usedCacheDir?.(args.cacheDir);
    return setup;
  } catch (e) {
    if (!(e instanceof PrivateStateError)) throw e;
    writeErr(`svc-excel eval: ${e.message}\n`);
    return 2;
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
  const results = await evaluate(formulas, parsed);
  await engine.flush();
  await lock.releaseAll();
  const s = engine.stats();
  const stats = { calls: s.calls, cache_hits: s.cache_hits, coalesced: s.coalesced, retries: s.retries, quota_remaining: s.quota_remaining, wall_ms: Date.now() - started };
  // Resolves once stdout has taken every byte; the caller sets the exit code (never process.exit here).
  await writeAll(process.stdout, renderOutput(results, stats, args.json));
  return 0;
}
