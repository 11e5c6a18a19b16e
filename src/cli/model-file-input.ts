/** Opening a model for a command: options parsed, the file read (not while Excel has it open) and understood; each failure a usage-level error (exit 2). */
import { readModel, ModelFileError, Model } from "../model-file";
import { UsageError } from "./eval";
import { ModelArgs, MODEL_USAGE, ModelCommand, parseModelArgs } from "./model-args";
import { ModelIoError, readModelFile, refuseIfOpen } from "./model-io";
import { writeErr, writeOut } from "./terminal";

export interface Opened {
  args: ModelArgs;
  bytes: Uint8Array;
  model: Model;
}

/** The opened model, or the exit code to return (0 for --help, 2 for anything wrong). */
export function openModel(command: ModelCommand, argv: string[]): Opened | number {
  let args: ModelArgs;
  try {
    args = parseModelArgs(command, argv);
    if (args.help) {
      writeOut(`usage: ${MODEL_USAGE[command]}\n`);
      return 0;
    }
    refuseIfOpen(args.model);
    if (args.out) refuseIfOpen(args.out);
    const bytes = readModelFile(args.model);
    return { args, bytes, model: readModel(bytes) };
  } catch (e) {
    const known = e instanceof UsageError || e instanceof ModelIoError || e instanceof ModelFileError;
    if (!known) throw e;
    const where = e instanceof ModelFileError ? `${argv.find((a) => !a.startsWith("-")) ?? "file"}: ` : "";
    writeErr(`svc-excel ${command}: ${where}${e.message}\n`);
    return 2;
  }
}

/** Report a failure that leaves every file as it was (exit 2). */
export function nothingWritten(command: ModelCommand, message: string, code = 2): number {
  writeErr(`svc-excel ${command}: ${message}; nothing written\n`);
  return code;
}
