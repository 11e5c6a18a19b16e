/**
 * Private state on disk: a directory or file the CLI trusts (the lock directory, the
 * cache root and each connection's directory in it, the credentials file) must be a real directory or
 * file — not a symlink — owned by this user, with no group or other permission bits. Anything else
 * could have been planted or pointed elsewhere by another local user, so it is refused with the path
 * and the fix. Node-only adapter.
 */
import * as fs from "fs";

/** Refused: the message names the path and the fix. */
export class PrivateStateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PrivateStateError";
  }
}

const uid = (): number | undefined => (typeof process.getuid === "function" ? process.getuid() : undefined);
const checksModes = process.platform !== "win32";

/** Why `st` is not private (null when it is). */
export function privateProblem(st: fs.Stats, kind: "directory" | "file", p: string, what: string, ownerHint = "remove it"): string | null {
  const isKind = kind === "directory" ? st.isDirectory() : st.isFile();
  if (st.isSymbolicLink() || !isKind) return `${what} ${p} is not a ${kind} (a symlink?); remove it`;
  const me = uid();
  if (me !== undefined && st.uid !== me) return `${what} ${p} belongs to another user (uid ${st.uid}); ${ownerHint}`;
  if (checksModes && (st.mode & 0o077) !== 0) {
    const mode = (st.mode & 0o777).toString(8);
    return `${what} ${p} is open to other users (mode ${mode}); chmod ${kind === "directory" ? 700 : 600} ${p} or remove it`;
  }
  return null;
}

/** Create `dir` (0700) if missing, then insist that it is private (see the file comment). */
export function ensurePrivateDir(dir: string, what = "lock directory", ownerHint?: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const problem = privateProblem(fs.lstatSync(dir), "directory", dir, what, ownerHint);
  if (problem) throw new PrivateStateError(problem);
}

/** O_NOFOLLOW where the platform has it: opening a symlink fails instead of following it. */
const NOFOLLOW = (fs.constants as { O_NOFOLLOW?: number }).O_NOFOLLOW ?? 0;

/**
 * A private file's text, or null when it does not exist. Opened without following a symlink and
 * checked on the open descriptor, so the file checked is the file read.
 */
export function readPrivateFile(file: string, what: string): string | null {
  let fd: number;
  try {
    fd = fs.openSync(file, fs.constants.O_RDONLY | NOFOLLOW);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    if (code === "ELOOP" || code === "EMLINK") throw new PrivateStateError(`${what} ${file} is not a file (a symlink?); remove it`);
    throw e;
  }
  try {
    const problem = privateProblem(fs.fstatSync(fd), "file", file, what);
    if (problem) throw new PrivateStateError(problem);
    return fs.readFileSync(fd, "utf8");
  } finally {
    fs.closeSync(fd);
  }
}
