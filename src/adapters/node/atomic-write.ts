/**
 * The one way the CLI and the Node adapters write a file: a temporary file beside the target
 * (created exclusively, with the mode asked), written and fsynced, renamed over the target, then the
 * directory fsynced. A crash or a power loss leaves the old content or the new one under the name,
 * never a torn file; a failure removes the temporary file (a full disk must not keep it) and throws.
 * Node-only adapter.
 */
import * as fs from "fs";
import * as path from "path";

/** A temporary name beside `file` (same directory, so the rename is atomic); `.tmp` at the end. */
function tempFor(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
}

/** The permission bits of `file`, or `fallback` when it does not exist (a rewrite keeps them). */
export function modeOf(file: string, fallback: number): number {
  try {
    return fs.statSync(file).mode & 0o777;
  } catch {
    return fallback;
  }
}

/** Make the rename durable; some file systems cannot sync a directory (the rename itself is done). */
function syncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    /* not supported here */
  }
}

async function syncDirAsync(dir: string): Promise<void> {
  try {
    const h = await fs.promises.open(dir, "r");
    try {
      await h.sync();
    } finally {
      await h.close();
    }
  } catch {
    /* not supported here */
  }
}

/** Write `data` to `file` atomically and durably, the new file with `mode`. */
export function writeFileAtomic(file: string, data: string | Uint8Array, mode: number): void {
  const tmp = tempFor(file);
  try {
    const fd = fs.openSync(tmp, "wx", mode);
    try {
      fs.writeFileSync(fd, data);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
  syncDir(path.dirname(file));
}

/** As writeFileAtomic, without blocking the event loop (the engine's cache writes). */
export async function writeFileAtomicAsync(file: string, data: string | Uint8Array, mode: number): Promise<void> {
  const tmp = tempFor(file);
  try {
    const h = await fs.promises.open(tmp, "wx", mode);
    try {
      await h.writeFile(data);
      await h.sync();
    } finally {
      await h.close();
    }
    await fs.promises.rename(tmp, file);
  } catch (e) {
    await fs.promises.rm(tmp, { force: true });
    throw e;
  }
  await syncDirAsync(path.dirname(file));
}
