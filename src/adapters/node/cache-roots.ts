/**
 * The cache directories an OAuth sign-in of the CLI used, remembered next to the credentials file
 * (`cache-roots.json`, private like it) so that `svc-excel logout` and the next `svc-excel login` can
 * clear that connection's cache wherever `--cache-dir` put it. Only paths are kept, never answers.
 * Node-only adapter.
 */
import * as fs from "fs";
import * as path from "path";
import { readPrivateFile } from "./private-dir";
import { writeFileAtomic } from "./atomic-write";

/** At most this many roots are remembered (the most recent). */
const MAX_ROOTS = 20;

export function cacheRootsFile(credentialsFile: string): string {
  return path.join(path.dirname(credentialsFile), "cache-roots.json");
}

/** The remembered roots (none when the file is missing, damaged or not private). */
export function cacheRoots(credentialsFile: string): string[] {
  try {
    const raw = readPrivateFile(cacheRootsFile(credentialsFile), "cache-roots file");
    const list: unknown = raw === null ? [] : JSON.parse(raw);
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string" && path.isAbsolute(x)) : [];
  } catch {
    return [];
  }
}

/** Remember `root` (absolute). Best effort: a failure to remember never fails an evaluation. */
export function rememberCacheRoot(credentialsFile: string, root: string): void {
  const abs = path.resolve(root);
  const roots = cacheRoots(credentialsFile);
  if (roots[roots.length - 1] === abs) return;
  const next = [...roots.filter((r) => r !== abs), abs].slice(-MAX_ROOTS);
  const file = cacheRootsFile(credentialsFile);
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileAtomic(file, JSON.stringify(next) + "\n", 0o600);
  } catch {
    /* best effort */
  }
}
