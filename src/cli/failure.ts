/**
 * An unexpected failure as a user reads it: one line saying what went wrong, never a stack trace
 * (`--debug` or SVC_DEBUG=1 asks for the trace).
 */
import { terminalText } from "./terminal";

export const debugging = (env: NodeJS.ProcessEnv = process.env): boolean => env.SVC_DEBUG === "1";

/** One line for an unexpected failure. */
export function failureLine(e: unknown): string {
  if (e instanceof RangeError && /call stack/i.test(e.message)) return "the input nests too deeply to be read (the reader ran out of stack)";
  if (e instanceof Error) return terminalText(`${e.name}: ${e.message.split("\n")[0]}`).slice(0, 300);
  return terminalText(String(e)).slice(0, 300);
}

/** The stack of a failure, for --debug. */
export const stackOf = (e: unknown): string => (e instanceof Error && e.stack ? e.stack : String(e));
