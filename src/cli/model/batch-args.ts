/**
 * Several models in one run: `svc-excel refresh|check A.xlsx B.xlsx models/`. A folder stands for the
 * workbooks directly in it (.xlsx and .xlsm, not Excel's `~$` lock files nor hidden temporary files),
 * in name order; a file named twice is refreshed once. With one plain file the single-model command runs.
 */
import * as fs from "fs";
import * as path from "path";
import { CliOption, parseArgs, UsageError } from "../command";
import { ModelArgs, ModelCommand, parseModelArgs } from "./args";

const WORKBOOK = /\.(xlsx|xlsm)$/i;

function isFolder(p: string): boolean {
  try {
    return fs.statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** True when the command line names several models or a folder (the batch runs it). */
export function namesSeveral(argv: readonly string[], options: readonly CliOption[]): boolean {
  try {
    const rest = parseArgs(argv, options).rest;
    return rest.length > 1 || (rest.length === 1 && isFolder(rest[0]));
  } catch (e) {
    if (e instanceof UsageError) return false; // the single-model command reports it
    throw e;
  }
}

function workbooksIn(folder: string): string[] {
  const names = fs.readdirSync(folder, { withFileTypes: true });
  return names
    .filter((e) => !e.isDirectory() && WORKBOOK.test(e.name) && !e.name.startsWith("~$") && !e.name.startsWith("."))
    .map((e) => path.join(folder, e.name))
    .sort();
}

/** Every model the arguments name, in order, each once. */
export function expandModels(names: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const name of names) {
    const files = isFolder(name) ? workbooksIn(name) : [name];
    if (files.length === 0) throw new UsageError(`no .xlsx or .xlsm workbook in the folder ${name}`);
    for (const f of files) {
      const key = path.resolve(f);
      if (!seen.has(key)) out.push(f);
      seen.add(key);
    }
  }
  return out;
}

export interface BatchArgs extends ModelArgs {
  files: string[];
}

/** The batch's options: --out names one file, so it is refused; --frozen-copy is a folder for the values-only copies. */
export function parseBatchArgs(command: ModelCommand, argv: string[], env: NodeJS.ProcessEnv = process.env): BatchArgs {
  const args = parseModelArgs(command, argv, env, true);
  if (args.out) throw new UsageError("--out names one file: with several models each is refreshed in place (use --frozen-copy FOLDER for copies)");
  const files = expandModels(args.models);
  if (args.frozenCopy) {
    if (!isFolder(args.frozenCopy)) throw new UsageError(`--frozen-copy ${args.frozenCopy}: with several models it names an existing folder for the values-only copies`);
    const copies = files.map((f) => path.resolve(args.frozenCopy as string, path.basename(f)));
    if (copies.some((c) => files.some((f) => path.resolve(f) === c))) throw new UsageError("--frozen-copy: the copies would replace the models themselves; name another folder");
    if (new Set(copies).size < copies.length) throw new UsageError("--frozen-copy: two models have the same name; their copies would replace each other");
  }
  return { ...args, files };
}

/** Where a model's values-only copy goes in a batch (the folder, same name), or null. */
export function frozenCopyOf(args: BatchArgs, file: string): string | null {
  return args.frozenCopy ? path.join(args.frozenCopy, path.basename(file)) : null;
}
