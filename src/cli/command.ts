/**
 * The shape of an `svc-excel` command, so that commands plug in (src/cli/main.ts holds the table):
 * a name, a one-line summary, its usage, its options (which drive both `--help` and the parser) and
 * at least two examples. `svc-excel CMD --help` prints the help and exits 0, whatever the command.
 *
 * Exit status, the same for every command: 0 done, 1 something failed (a formula ended in an error,
 * a sign-in did not complete), 2 usage error (nothing was done), 3 not signed in.
 */
import { distance } from "fastest-levenshtein";

export const EXIT = { ok: 0, failed: 1, usage: 2, signedOut: 3 } as const;

/** A mistake in the command line: reported on stderr with the command's usage, exit 2. */
export class UsageError extends Error {}

export interface CliOption {
  /** `--base-url`; a short form may follow after a comma in `alias` (`-h`). */
  flag: string;
  /** The value's placeholder (`URL`); absent for a switch. */
  value?: string;
  alias?: string;
  help: string;
}

export interface Command {
  name: string;
  summary: string;
  /** What follows `svc-excel NAME` in the usage line, e.g. `[options] [FORMULA ...]`. */
  usage: string;
  options: readonly CliOption[];
  /** Whole command lines, at least two. */
  examples: readonly string[];
  /** Extra paragraphs for `--help` (how input is read, what is printed). */
  notes?: readonly string[];
  run(argv: string[]): Promise<number>;
}

export const HELP_OPTION: CliOption = { flag: "--help", alias: "-h", help: "Show this help and exit" };

/** True when `--help` or `-h` comes before a `--` that ends the options. */
export function wantsHelp(argv: readonly string[]): boolean {
  for (const a of argv) {
    if (a === "--") return false;
    if (a === "--help" || a === "-h") return true;
  }
  return false;
}

export function usageLine(cmd: Command): string {
  return `usage: svc-excel ${cmd.name} ${cmd.usage}`.trimEnd();
}

/** The command's `--help`: usage, summary, options, examples, notes. */
export function helpText(cmd: Command): string {
  const opts = [...cmd.options, HELP_OPTION];
  const left = opts.map((o) => `${o.alias ? `${o.alias}, ` : ""}${o.flag}${o.value ? ` ${o.value}` : ""}`);
  const width = Math.max(...left.map((l) => l.length)) + 2;
  const lines = [usageLine(cmd), "", cmd.summary, "", "Options:", ...opts.map((o, i) => `  ${left[i].padEnd(width)}${o.help}`)];
  lines.push("", "Examples:", ...cmd.examples.map((e) => `  ${e}`));
  for (const n of cmd.notes ?? []) lines.push("", n);
  return lines.join("\n") + "\n";
}

export interface ParsedArgs {
  /** Option values by flag (`--json` -> true, `--base-url` -> the URL); the last one given wins. */
  values: Map<string, string | true>;
  /** Everything that is not an option, in order (and everything after `--`). */
  rest: string[];
}

/** Read `argv` against `options` (`--flag value`, `--flag=value`, switches, `--` ends the options). */
export function parseArgs(argv: readonly string[], options: readonly CliOption[]): ParsedArgs {
  const out: ParsedArgs = { values: new Map(), rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--") {
      out.rest.push(...argv.slice(i + 1));
      break;
    }
    if (!a.startsWith("-") || a === "-") {
      out.rest.push(a);
      continue;
    }
    const eq = a.indexOf("=");
    const flag = a.startsWith("--") && eq > 0 ? a.slice(0, eq) : a;
    const opt = options.find((o) => o.flag === flag || o.alias === flag);
    if (!opt) throw new UsageError(`unknown option ${flag}${nearOption(flag, options)}`);
    if (!opt.value) out.values.set(opt.flag, true);
    else if (eq > 0 && a.startsWith("--")) out.values.set(opt.flag, a.slice(eq + 1));
    else if (i + 1 < argv.length) out.values.set(opt.flag, argv[++i]);
    else throw new UsageError(`${flag} needs a value (${opt.value})`);
  }
  return out;
}

/** The command a mistyped name probably meant (within two edits), or null. */
export function closestCommand(name: string, commands: readonly Command[]): string | null {
  const best = commands.map((c) => ({ n: c.name, d: distance(name, c.name) })).sort((a, b) => a.d - b.d)[0];
  return best && best.d <= 2 ? best.n : null;
}

function nearOption(flag: string, options: readonly CliOption[]): string {
  const best = options.map((o) => ({ f: o.flag, d: distance(flag, o.flag) })).sort((a, b) => a.d - b.d)[0];
  return best && best.d <= 3 ? `; did you mean ${best.f}?` : "";
}

/** The option's text value, or undefined when it was not given. */
export function textOption(args: ParsedArgs, flag: string): string | undefined {
  const v = args.values.get(flag);
  return typeof v === "string" ? v : undefined;
}
