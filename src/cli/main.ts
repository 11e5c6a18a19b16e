/**
 * The `svc-excel` command: a table of commands (src/cli/command.ts describes one). `eval` runs SVC
 * formulas; `login` / `logout` manage the OAuth sign-in the CLI shares with nobody else (tokens in a
 * 0600 file in the user's config directory); `help FUNCTION` shows an SVC function's arguments. A new
 * command is one more entry in COMMANDS: its help, `--help` handling, "did you mean" and the exit
 * statuses come with the table.
 */
import { Command, EXIT, closestCommand, helpText, wantsHelp } from "./command";
import { EVAL_COMMAND } from "./eval-command";
import { helpCommand } from "./help-command";
import { writeErr, writeOut } from "./terminal";
import { LOGIN_COMMAND, LOGOUT_COMMAND } from "./login-commands";
import { MODEL_COMMANDS } from "./model/commands";
import { failureLine } from "./failure";

export const COMMANDS: readonly Command[] = [
  EVAL_COMMAND,
  ...MODEL_COMMANDS,
  LOGIN_COMMAND,
  LOGOUT_COMMAND,
  helpCommand(() => COMMANDS, overview),
];

const EXIT_STATUS = `Exit status: ${EXIT.ok} done; ${EXIT.failed} something failed (a formula ended in an error, a sign-in did not
complete); ${EXIT.usage} usage error (nothing was done); ${EXIT.signedOut} not signed in (run \`svc-excel login\`).`;

/** The overview's examples: the first of the commands people start with (their own help holds them all). */
function overviewExamples(): string[] {
  const first = (name: string) => COMMANDS.find((c) => c.name === name)?.examples[0];
  return [first("eval"), first("check"), first("refresh") && `${first("refresh")} --changes >> refresh.log`].filter((e): e is string => !!e);
}

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
    "Examples:",
    ...overviewExamples().map((e) => `  ${e}`),
    "",
  ].join("\n");
}

/** `--debug` anywhere (or SVC_DEBUG=1): an unexpected failure also prints its stack trace. */
const DEBUG_FLAG = "--debug";

export async function main(argv: string[]): Promise<number> {
  const debug = argv.includes(DEBUG_FLAG) || process.env.SVC_DEBUG === "1";
  if (debug) process.env.SVC_DEBUG = "1"; // the model commands' file guard reads it too
  try {
    return await run(argv.filter((a) => a !== DEBUG_FLAG));
  } catch (e) {
    // One line for a user; the stack only when asked. The text may carry a server's words: through the terminal filter too.
    writeErr(`svc-excel: ${debug ? ((e as Error)?.stack ?? e) : failureLine(e)}\n`);
    return EXIT.failed;
  }
}

async function run(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    writeErr(overview());
    return EXIT.usage;
  }
  if (name === "--help" || name === "-h") {
    writeOut(overview());
    return EXIT.ok;
  }
  const cmd = COMMANDS.find((c) => c.name === name);
  if (!cmd) {
    const near = closestCommand(name, COMMANDS);
    writeErr(`svc-excel: unknown command ${name}${near ? `; did you mean ${near}?` : ""}\n${overview()}`);
    return EXIT.usage;
  }
  if (wantsHelp(rest)) {
    writeOut(helpText(cmd));
    return EXIT.ok;
  }
  return cmd.run(rest);
}
