/**
 * `svc-excel help [FUNCTION | COMMAND]` as an entry of the command table: an SVC function's arguments,
 * one line each, from src/api/arguments.ts (the same help Excel shows while typing a formula), or a
 * command's `--help`; with nothing named, the overview of every command.
 */
import { functionHelp } from "../api";
import { closestFunction } from "../functions";
import { Command, EXIT, UsageError, closestCommand, helpText, parseArgs, usageLine } from "./command";
import { writeErr, writeOut } from "./terminal";

/** The help command over the table `commands` (read when it runs: the table holds this command too). */
export function helpCommand(commands: () => readonly Command[], overview: () => string): Command {
  const cmd: Command = {
    name: "help",
    summary: "Show an SVC function's arguments (as Excel shows them while you type) or a command's help.",
    usage: "[FUNCTION | COMMAND]",
    options: [],
    examples: ["svc-excel help FINANCIALS", "svc-excel help SVC.SCREEN", "svc-excel help eval"],
    notes: ["A function's optional arguments are in brackets; the help is the add-in's own (src/api/arguments.ts)."],
    run: async (argv) => {
      try {
        return showHelp(topicOf(argv), commands(), overview);
      } catch (e) {
        if (!(e instanceof UsageError)) throw e;
        writeErr(`svc-excel help: ${e.message}\n${usageLine(cmd)} (svc-excel help --help)\n`);
        return EXIT.usage;
      }
    },
  };
  return cmd;
}

function topicOf(argv: readonly string[]): string | undefined {
  const { rest } = parseArgs(argv, []);
  if (rest.length > 1) throw new UsageError(`one function or command at a time (got ${rest.length})`);
  return rest[0];
}

function showHelp(topic: string | undefined, commands: readonly Command[], overview: () => string): number {
  if (topic === undefined) {
    writeOut(overview());
    return EXIT.ok;
  }
  const cmd = commands.find((c) => c.name === topic);
  const text = cmd ? helpText(cmd) : functionHelp(topic);
  if (text === null) throw new UsageError(`${topic} is neither a command nor an SVC function${nearest(topic, commands)}`);
  writeOut(text);
  return EXIT.ok;
}

/** "; did you mean eval?" or "; did you mean SVC.FINANCIALS?", or nothing when neither is close. */
function nearest(topic: string, commands: readonly Command[]): string {
  const command = closestCommand(topic, commands);
  if (command) return `; did you mean ${command}?`;
  const fn = closestFunction(topic);
  return fn ? `; did you mean SVC.${fn}?` : "";
}
