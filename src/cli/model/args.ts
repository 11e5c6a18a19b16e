/**
 * Options of the model-file commands (refresh, check, freeze, repair): one MODEL.xlsx (refresh and
 * check: several, or a folder; src/cli/model/batch.ts), `--out FILE`, refresh's `--frozen-copy FILE`,
 * `--json`, and for the commands that reach the API the same connection options as `eval`
 * (`--base-url`, `--token-file PATH` / `--token -` / SVC_TOKEN, `--cache-dir`, SVC_BASE_URL).
 */
import { CliOption, parseArgs, textOption, UsageError } from "../command";
import { CONNECTION_OPTIONS, SANDBOX_BASE_URL, tokenArg } from "../connection";
import { TokenSource, tokenFromEnv } from "../token-option";

export type ModelCommand = "refresh" | "check" | "freeze" | "repair";

export interface ModelArgs {
  command: ModelCommand;
  model: string;
  /** Every MODEL.xlsx or folder named (refresh and check take several: src/cli/model/batch.ts). */
  models: string[];
  out: string | null;
  /** refresh: also write a values-only copy here (a folder when several models are refreshed). */
  frozenCopy: string | null;
  json: boolean;
  baseUrl: string;
  token: TokenSource | null;
  cacheDir: string | null;
  /** refresh: print what changed (the table, or `changes` in --json). */
  changes: boolean;
  /** refresh: add the change list to the file as a sheet. */
  changesSheet: boolean;
  /** refresh: the most calls it may spend (null: no ceiling); over it, nothing is spent (exit 2). */
  maxCalls: number | null;
}

/** Without a terminal (cron, CI) a refresh spends at most this many calls unless --max-calls says otherwise. */
export const UNATTENDED_MAX_CALLS = 500;

/** `--max-calls N` (0: no ceiling); else the unattended default when no terminal is attached. */
function maxCallsOf(value: string | undefined, attended: boolean): number | null {
  if (value === undefined) return attended ? null : UNATTENDED_MAX_CALLS;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--max-calls takes a whole number of calls, 0 for no ceiling (got ${value})`);
  return n === 0 ? null : n;
}

const CONNECTION = CONNECTION_OPTIONS;
const JSON_OPTION: CliOption = { flag: "--json", help: 'Print one JSON object {"cells":[{"sheet","cell","formula","error"}...],"stats":{...}}' };
const out = (help: string): CliOption => ({ flag: "--out", value: "FILE", help });

export const MODEL_OPTIONS: Record<ModelCommand, readonly CliOption[]> = {
  refresh: [
    out("Write the refreshed workbook to FILE (default: replace MODEL.xlsx, atomically; one model only)"),
    { flag: "--frozen-copy", value: "FILE", help: "Also write a values-only copy (as `freeze` does) to FILE, for readers that recalculate spilled blocks (LibreOffice); with several models, a folder" },
    JSON_OPTION,
    { flag: "--changes", help: 'Say what changed, old -> new and why (new period, revised with its filing, new rows, errors; dependents with the SVC cells that moved them); with --json a "changes" array' },
    { flag: "--changes-sheet", help: 'Add the change list to the file as a sheet "SVC changes YYYY-MM-DD HH.MM"' },
    { flag: "--max-calls", value: "N", help: `Refuse (exit 2, nothing spent) when the refresh would cost more than N calls; 0 for no ceiling. Without a terminal (cron) the ceiling is ${UNATTENDED_MAX_CALLS} unless given` },
    ...CONNECTION,
  ],
  check: [JSON_OPTION, ...CONNECTION],
  freeze: [out("Where to write the values-only copy (required: a model is never frozen in place)"), JSON_OPTION],
  repair: [out("Write the repaired workbook to FILE (default: replace MODEL.xlsx, atomically)"), JSON_OPTION],
};

/** `several`: refresh and check of several files or a folder (the positional arguments all go to `models`). */
export function parseModelArgs(command: ModelCommand, argv: string[], env: NodeJS.ProcessEnv = process.env, several = false, attended = Boolean(process.stdin.isTTY && process.stderr.isTTY)): ModelArgs {
  const a = parseArgs(argv, MODEL_OPTIONS[command]);
  if (a.rest.length === 0) throw new UsageError("no MODEL.xlsx given");
  if (a.rest.length !== 1 && !several) throw new UsageError(`one MODEL.xlsx at a time (got ${a.rest.length})`);
  const args: ModelArgs = {
    command,
    model: a.rest[0],
    models: a.rest,
    out: textOption(a, "--out") ?? null,
    frozenCopy: textOption(a, "--frozen-copy") ?? null,
    json: a.values.get("--json") === true,
    baseUrl: textOption(a, "--base-url") ?? (env.SVC_BASE_URL || SANDBOX_BASE_URL),
    token: tokenArg(a.values.get("--token"), a.values.get("--token-file")) ?? tokenFromEnv(env),
    cacheDir: textOption(a, "--cache-dir") ?? null,
    changes: a.values.get("--changes") === true,
    changesSheet: a.values.get("--changes-sheet") === true,
    maxCalls: command === "refresh" ? maxCallsOf(textOption(a, "--max-calls"), attended) : null,
  };
  if (command === "freeze" && !args.out) throw new UsageError("--out FILE is required: a model is never frozen in place");
  return args;
}
