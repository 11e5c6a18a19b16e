/**
 * Options of the model-file commands (refresh, check, freeze, repair): one MODEL.xlsx, `--out FILE`,
 * `--json`, and for the commands that reach the API the same connection options as `eval`
 * (`--base-url`, `--token-file PATH` / `--token -` / SVC_TOKEN, `--cache-dir`, SVC_BASE_URL).
 */
import { SANDBOX_BASE_URL, UsageError } from "./eval";
import { TOKEN_USAGE, TokenSource, tokenFromEnv, tokenOption } from "./token-option";

export type ModelCommand = "refresh" | "check" | "freeze" | "repair";

export interface ModelArgs {
  command: ModelCommand;
  model: string;
  out: string | null;
  json: boolean;
  help: boolean;
  baseUrl: string;
  token: TokenSource | null;
  cacheDir: string | null;
}

const CONNECTION = `[--base-url URL] ${TOKEN_USAGE} [--cache-dir DIR]`;

export const MODEL_USAGE: Record<ModelCommand, string> = {
  refresh: `svc-excel refresh MODEL.xlsx [--out FILE] [--json] ${CONNECTION}`,
  check: `svc-excel check MODEL.xlsx [--json] ${CONNECTION}`,
  freeze: "svc-excel freeze MODEL.xlsx --out FILE [--json]",
  repair: "svc-excel repair MODEL.xlsx [--out FILE] [--json]",
};

const TAKES: Record<ModelCommand, readonly string[]> = {
  refresh: ["--out", "--base-url", "--token", "--token-file", "--cache-dir"],
  check: ["--base-url", "--token", "--token-file", "--cache-dir"],
  freeze: ["--out"],
  repair: ["--out"],
};

function apply(out: ModelArgs, flag: string, v: string): void {
  if (flag === "--out") out.out = v;
  else if (flag === "--base-url") out.baseUrl = v;
  else if (flag === "--cache-dir") out.cacheDir = v;
  else if (flag === "--token" || flag === "--token-file") out.token = tokenOption(flag, v);
}

export function parseModelArgs(command: ModelCommand, argv: string[], env: NodeJS.ProcessEnv = process.env): ModelArgs {
  const out: ModelArgs = { command, model: "", out: null, json: false, help: false, baseUrl: env.SVC_BASE_URL || SANDBOX_BASE_URL, token: tokenFromEnv(env), cacheDir: null };
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const eq = a.startsWith("--") ? a.indexOf("=") : -1;
    const flag = eq > 0 ? a.slice(0, eq) : a;
    if (flag === "--json") out.json = true;
    else if (flag === "--help" || flag === "-h") out.help = true;
    else if (TAKES[command].includes(flag)) {
      const v = eq > 0 ? a.slice(eq + 1) : argv[++i];
      if (v === undefined || v === "") throw new UsageError(`${flag} needs a value`);
      apply(out, flag, v);
    } else if (a.startsWith("-") && a !== "-") throw new UsageError(`unknown option ${a} (usage: ${MODEL_USAGE[command]})`);
    else files.push(a);
  }
  if (out.help) return out;
  if (files.length !== 1) throw new UsageError(files.length === 0 ? `no MODEL.xlsx given (usage: ${MODEL_USAGE[command]})` : `one MODEL.xlsx at a time (got ${files.length})`);
  out.model = files[0];
  if (command === "freeze" && !out.out) throw new UsageError("--out FILE is required: a model is never frozen in place");
  return out;
}
