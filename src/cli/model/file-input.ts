/** Opening a model for a command: options parsed, the file read (not while Excel has it open) and understood; each failure a usage-level error (exit 2). */
import { readModel, ModelFileError, Model } from "../../model-file";
import { EXIT, UsageError } from "../command";
import { ModelArgs, ModelCommand, parseModelArgs } from "./args";
import { ModelIoError, readModelFile, refuseIfOpen } from "./io";
import { writeErr } from "../terminal";

export interface Opened {
  args: ModelArgs;
  bytes: Uint8Array;
  model: Model;
}

/** The opened model, or the exit code to return (2 for anything wrong, reported). */
export function openModel(command: ModelCommand, argv: string[]): Opened | number {
  let args: ModelArgs;
  try {
    args = parseModelArgs(command, argv);
    refuseIfOpen(args.model);
    if (args.out) refuseIfOpen(args.out);
    if (args.frozenCopy) refuseIfOpen(args.frozenCopy);
    const bytes = readModelFile(args.model);
    return { args, bytes, model: readModel(bytes) };
  } catch (e) {
    const known = e instanceof UsageError || e instanceof ModelIoError || e instanceof ModelFileError;
    if (!known) throw e;
    const where = e instanceof ModelFileError ? `${argv.find((a) => !a.startsWith("-")) ?? "file"}: ` : "";
    const usage = e instanceof UsageError ? ` (svc-excel ${command} --help shows the options)` : "";
    writeErr(`svc-excel ${command}: ${where}${e.message}${usage}\n`);
    return EXIT.usage;
  }
}

/** Report a failure that leaves every file as it was (exit 2). */
export function nothingWritten(command: ModelCommand, message: string, code: number = EXIT.usage): number {
  writeErr(`svc-excel ${command}: ${message}; nothing written\n`);
  return code;
}
