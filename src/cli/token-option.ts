/**
 * Where a command takes its credential from, in this order: `--token -` (standard
 * input), `--token-file PATH`, a literal `--token VALUE`, then SVC_TOKEN. A literal works but warns:
 * the command line is visible to every user of the machine (`ps`, /proc/PID/cmdline) and lands in
 * shell history. Every command that takes a credential uses this module (eval, and the model-file
 * commands): parse with `tokenOption`, read with `readToken`.
 */
import * as fs from "fs";

export type TokenSource =
  | { kind: "env"; value: string }
  | { kind: "literal"; value: string }
  | { kind: "stdin" }
  | { kind: "file"; path: string };

/** The flags this module reads (a command table lists them in its help). */
export const TOKEN_FLAGS = ["--token", "--token-file"] as const;
export const TOKEN_USAGE = "[--token-file PATH | --token -]";

export const LITERAL_TOKEN_WARNING =
  "svc-excel: warning: a credential given with --token is visible to other users of this machine (ps) and stays in your shell history; " +
  "use SVC_TOKEN, --token-file PATH or --token - (standard input) instead\n";

/** A failure to read the credential: the caller reports it as a usage error (exit 2). */
export class TokenOptionError extends Error {}

/** The source a flag names (`--token -` is standard input). */
export function tokenOption(flag: (typeof TOKEN_FLAGS)[number], value: string): TokenSource {
  if (flag === "--token-file") return { kind: "file", path: value };
  return value === "-" ? { kind: "stdin" } : { kind: "literal", value };
}

/** SVC_TOKEN when set (the default before any flag). */
export function tokenFromEnv(env: NodeJS.ProcessEnv = process.env): TokenSource | null {
  return env.SVC_TOKEN ? { kind: "env", value: env.SVC_TOKEN } : null;
}

const MAX_TOKEN_BYTES = 64 * 1024;

/** The first line of standard input (a terminal: the line typed; a pipe or file: its first line). */
async function firstLineOf(stream: NodeJS.ReadableStream): Promise<string> {
  let text = "";
  for await (const chunk of stream) {
    text += String(chunk);
    if (text.includes("\n") || text.length > MAX_TOKEN_BYTES) break;
  }
  return text.split(/\r?\n/)[0];
}

/** Said, not refused, when a token file is open to other users (the credentials file is refused: the CLI writes that one itself). */
export function tokenFileWarning(file: string, mode: number): string | null {
  if (process.platform === "win32" || (mode & 0o077) === 0) return null;
  return `svc-excel: warning: --token-file ${file} is readable by other users of this machine (mode ${(mode & 0o777).toString(8)}): chmod 600 ${file}\n`;
}

function readFileToken(file: string, warn: (s: string) => void): string {
  try {
    const warning = tokenFileWarning(file, fs.statSync(file).mode);
    if (warning) warn(warning);
    return fs.readFileSync(file, "utf8").split(/\r?\n/)[0];
  } catch (e) {
    throw new TokenOptionError(`cannot read --token-file ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** The credential, or null when none was given (then the command uses `svc-excel login`'s sign-in). */
export async function readToken(
  src: TokenSource | null,
  io: { warn: (s: string) => void; stdin?: NodeJS.ReadableStream } = { warn: (s) => process.stderr.write(s) },
): Promise<string | null> {
  if (!src) return null;
  let value: string;
  switch (src.kind) {
    case "env":
      value = src.value;
      break;
    case "literal":
      io.warn(LITERAL_TOKEN_WARNING);
      value = src.value;
      break;
    case "file":
      value = readFileToken(src.path, io.warn);
      if (!value.trim()) throw new TokenOptionError(`--token-file ${src.path} is empty`);
      break;
    case "stdin":
      value = await firstLineOf(io.stdin ?? process.stdin);
      if (!value.trim()) throw new TokenOptionError("--token -: nothing on standard input (pipe the credential in, e.g. from a password manager)");
      break;
  }
  return value.trim();
}
