/**
 * The `svc-excel` command: a table of commands (src/cli/command.ts describes one). `eval` runs SVC
 * formulas; `login` / `logout` manage the OAuth sign-in the CLI shares with nobody else (tokens in a
 * 0600 file in the user's config directory). A new command is one more entry in COMMANDS: its help,
 * `--help` handling, "did you mean" and the exit statuses come with the table.
 */
import { distance } from "fastest-levenshtein";
import { Command, EXIT, helpText, wantsHelp } from "./command";
import { EVAL_COMMAND } from "./eval-command";
import { writeErr, writeOut } from "./terminal";
import { LOGIN_COMMAND, LOGOUT_COMMAND } from "./login-commands";
import { MODEL_COMMANDS } from "./model-commands";

export const COMMANDS: readonly Command[] = [EVAL_COMMAND, ...MODEL_COMMANDS, LOGIN_COMMAND, LOGOUT_COMMAND];

const EXIT_STATUS = `Exit status: ${EXIT.ok} done; ${EXIT.failed} something failed (a formula ended in an error, a sign-in did not
complete); ${EXIT.usage} usage error (nothing was done); ${EXIT.signedOut} not signed in (run \`svc-excel login\`).`;

export function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  return [
    "usage: svc-excel COMMAND [options]",
    "",
    "Commands:",
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    "",
    "`svc-excel COMMAND --help` shows a command's options and examples.",
    "",
    EXIT_STATUS,
    "",
  ].join("\n");
}

function closestCommand(name: string): string | null {
  const best = COMMANDS.map((c) => ({ n: c.name, d: distance(name, c.name) })).sort((a, b) => a.d - b.d)[0];
  return best && best.d <= 2 ? best.n : null;
}

export async function main(argv: string[]): Promise<number> {
  try {
    return await run(argv);
  } catch (e) {
    // An unexpected failure's text may carry a server's words: through the terminal filter too.
    writeErr(`svc-excel: ${(e as Error)?.stack ?? e}\n`);
    return EXIT.failed;
  }
}

async function run(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    writeErr(overview());
    return EXIT.usage;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    const cmd = name === "help" ? COMMANDS.find((c) => c.name === rest[0]) : undefined;
    writeOut(cmd ? helpText(cmd) : overview());
    return EXIT.ok;
  }
  const cmd = COMMANDS.find((c) => c.name === name);
  if (!cmd) {
    const near = closestCommand(name);
    writeErr(`svc-excel: unknown command ${name}${near ? `; did you mean ${near}?` : ""}\n${overview()}`);
    return EXIT.usage;
  }
  if (wantsHelp(rest)) {
    writeOut(helpText(cmd));
    return EXIT.ok;
  }
  return cmd.run(rest);
}
