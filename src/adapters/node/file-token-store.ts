/** The CLI's token store: a credentials file. Node-only adapter, chosen by src/compose/cli.ts. */
import { ClientRegistration, TokenRecord, TokenStore, tokenLess } from "../../auth";
import { normaliseBaseUrl } from "../../platform";
import { readPrivateFile } from "./private-dir";
import { writeFileAtomic } from "./atomic-write";

interface FileShape {
  version: 1;
  clients: Record<string, ClientRegistration>;
  tokens: Record<string, TokenRecord>;
}

/** The credentials file does not parse (it is kept aside at the next write, never overwritten). */
export class DamagedCredentialsError extends Error {}

/**
 * One JSON file (mode 0600 in a 0700 directory), rewritten atomically (temp file + rename) so a
 * concurrent reader sees the old or the new content, never half of it. Read only when it is private
 * (./private-dir.ts: this user's, mode 0600, not a symlink). A file that does not parse is reported
 * on read and, at the next write (always under the credentials lock), kept aside as
 * `<file>.damaged-<time>` rather than overwritten: it may hold registrations and other APIs' tokens.
 */
export class FileTokenStore implements TokenStore {
  constructor(readonly path: string) {}

  private fs(): typeof import("fs") {
    return require("fs") as typeof import("fs");
  }

  /** The file's content; a damaged file throws on read, and is moved aside (then empty) for a write. */
  private load(forWrite = false): FileShape {
    const raw = readPrivateFile(this.path, "credentials file");
    if (raw === null) return { version: 1, clients: {}, tokens: {} };
    try {
      const v = JSON.parse(raw) as Partial<FileShape>;
      return { version: 1, clients: v.clients ?? {}, tokens: v.tokens ?? {} };
    } catch {
      if (!forWrite) throw new DamagedCredentialsError(`the credentials file ${this.path} is not valid JSON; \`svc-excel login\` keeps it aside and starts a new one`);
      this.fs().renameSync(this.path, `${this.path}.damaged-${new Date().toISOString().replace(/[:.]/g, "-")}`);
      return { version: 1, clients: {}, tokens: {} };
    }
  }

  private save(data: FileShape): void {
    const fs = this.fs();
    const path = require("path") as typeof import("path");
    const dir = path.dirname(this.path);
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (Object.keys(data.clients).length === 0 && Object.keys(data.tokens).length === 0) {
      fs.rmSync(this.path, { force: true });
      return;
    }
    writeFileAtomic(this.path, JSON.stringify(data, null, 2) + "\n", 0o600);
  }

  /** A damaged file has no usable registration: the next sign-in registers again (and moves the file aside). */
  async getClient(issuer: string) {
    try {
      return this.load().clients[issuer] ?? null;
    } catch (e) {
      if (e instanceof DamagedCredentialsError) return null;
      throw e;
    }
  }
  async setClient(reg: ClientRegistration) {
    const d = this.load(true);
    d.clients[reg.issuer] = reg;
    this.save(d);
  }
  async clearClient(issuer: string) {
    const d = this.load(true);
    delete d.clients[issuer];
    this.save(d);
  }
  async getTokens(baseUrl: string) {
    return this.load().tokens[normaliseBaseUrl(baseUrl)] ?? null;
  }
  async setTokens(baseUrl: string, rec: TokenRecord) {
    const d = this.load(true);
    d.tokens[normaliseBaseUrl(baseUrl)] = rec;
    this.save(d);
  }
  /**
   * Must work on a full or failing disk ("sign in again" relies on it): when the rewrite fails, the
   * file is unlinked (which needs no space) and the rest of it (registrations, other APIs' tokens)
   * is written back if it can be.
   */
  async clearTokens(baseUrl: string, leave?: TokenRecord) {
    const d = this.load(true);
    if (leave) d.tokens[normaliseBaseUrl(baseUrl)] = tokenLess(leave);
    else delete d.tokens[normaliseBaseUrl(baseUrl)];
    try {
      this.save(d);
    } catch {
      // Unlinking frees the old file's space; then the smaller content usually fits.
      this.fs().rmSync(this.path, { force: true });
      try {
        this.save(d);
      } catch {
        /* the record is gone, which is what matters; the registration is re-made at the next sign-in */
      }
    }
  }
}
