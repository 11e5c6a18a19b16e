/**
 * One guard around every model-file command: whatever goes wrong while reading or writing one model
 * is that file's error — one line naming the file and what is wrong, exit 2, the input untouched
 * (writes are atomic and come last) — never a stack trace unless --debug asks for it.
 */
import { EXIT } from "../command";
import { debugging, failureLine, stackOf } from "../failure";
import { writeErr } from "../terminal";

/** The file a command's arguments name first (its model). */
const fileOf = (argv: readonly string[]): string => argv.find((a) => !a.startsWith("-")) ?? "the file";

/** Run a one-file command; an unexpected failure becomes the file's one-line error (exit 2). */
export async function guardFile(command: string, argv: readonly string[], run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (e) {
    writeErr(`svc-excel ${command}: ${fileOf(argv)}: ${failureLine(e)}; nothing written\n`);
    if (debugging()) writeErr(`${stackOf(e)}\n`);
    return EXIT.usage;
  }
}

/** Within a run over several files: one file's unexpected failure, as its message. */
export function fileFailure(e: unknown): string {
  if (debugging()) writeErr(`${stackOf(e)}\n`);
  return `${failureLine(e)}; left as it was`;
}
