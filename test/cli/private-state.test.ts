/**
 * Private state: the CLI's cache root and each connection's directory in it, and the
 * credentials file, must belong to the user, be closed to group and others, and not be symlinks;
 * otherwise the CLI refuses, naming the path and the fix. Reproduces the finding: another local user
 * who can write to --cache-dir plants an answer, and the victim printed it with `calls 0`.
 * A credentials file that does not parse is kept aside, never overwritten as empty.
 */
import * as fs from "fs";
import * as path from "path";
import { FileTokenStore } from "../../src/adapters/node/file-token-store";
import { FileStore } from "../../src/adapters/node/file-store";
import { loginCommand } from "../../src/cli/login";
import type { CacheRecord } from "../../src/engine/records";
import { SANDBOX_API_KEY } from "../fakes/api/server";
import { startFakeAuthOnly } from "../fakes/auth/fake-auth-server";
import { followAuthorize } from "../fakes/auth/follow";
import { cliSuite } from "./run-cli";

const t = cliSuite("svc-private-");

const FORMULA = 'SVC.COMPANY("AAPL","name")';
const isRoot = process.getuid?.() === 0;

async function evalJson(cacheDir: string, env: Record<string, string | undefined> = { SVC_TOKEN: SANDBOX_API_KEY }) {
  const r = await t.cli.run(["eval", "--json", "--base-url", t.api.url, "--cache-dir", cacheDir, FORMULA], { env });
  // --json prints every result whatever the exit status (0 values, 1 errors, 3 not signed in).
  const doc = r.stdout.trim() ? (JSON.parse(r.stdout) as { results: Array<{ value: unknown; error: { message: string } | null }>; stats: { calls: number } }) : null;
  return { ...r, value: doc?.results[0].value, error: doc?.results[0].error ?? null, calls: doc?.stats.calls };
}

/** Run once to fill the cache, then rewrite every cached answer's name as an attacker would. */
async function plantedCache(name: string): Promise<{ root: string; scopeDir: string }> {
  const root = path.join(t.work, name);
  fs.mkdirSync(root, { mode: 0o700 });
  const first = await evalJson(root);
  expect(first.error).toBeNull();
  const [scope] = fs.readdirSync(root);
  const scopeDir = path.join(root, scope);
  for (const f of fs.readdirSync(scopeDir)) {
    const p = path.join(scopeDir, f);
    fs.writeFileSync(p, fs.readFileSync(p, "utf8").replace(/"name":"[^"]*"/g, '"name":"PLANTED"'));
  }
  return { root, scopeDir };
}

describe("the CLI's cache directory", () => {
  test("a cache root open to other users is refused with its path and the fix; the planted answer is never printed", async () => {
    const { root } = await plantedCache("open-root");
    fs.chmodSync(root, 0o777);
    const r = await evalJson(root);
    expect(r.stdout).not.toContain("PLANTED");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(root);
    expect(r.stderr).toMatch(/open to other users \(mode 777\).*chmod 700/);
  });

  test("a connection's directory that is a symlink (or open to others) is refused", async () => {
    const { root, scopeDir } = await plantedCache("link-scope");
    const elsewhere = `${scopeDir}-attacker`;
    fs.renameSync(scopeDir, elsewhere);
    fs.symlinkSync(elsewhere, scopeDir);
    const r = await evalJson(root);
    expect(r.stdout).not.toContain("PLANTED");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(scopeDir);
    expect(r.stderr).toMatch(/symlink/);

    fs.unlinkSync(scopeDir);
    fs.renameSync(elsewhere, scopeDir);
    fs.chmodSync(scopeDir, 0o755);
    const open = await evalJson(root);
    expect(open.code).toBe(2);
    expect(open.stderr).toMatch(/open to other users \(mode 755\)/);
  });

  test("a cache root that belongs to another user is refused (root only can set this up)", async () => {
    const { root } = await plantedCache("other-owner");
    if (isRoot) fs.chownSync(root, 12345, 12345);
    const r = await evalJson(root);
    if (isRoot) {
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/belongs to another user \(uid 12345\)/);
    } else expect(r.value).toBe("PLANTED"); // our own planted file: nothing to refuse
  });

  test("the file store itself reads nothing from a directory that is not private", async () => {
    const root = path.join(t.work, "store-open");
    fs.mkdirSync(root, { mode: 0o700 });
    const rec: CacheRecord = { v: 2, kind: "answer", tool: "get_company", entries: [{ sent: { ticker: "AAPL" }, data: { name: "x" }, link: "", text: "", fetchedAt: 1 }] };
    await new FileStore(root, "scope").set("k", rec);
    fs.chmodSync(path.join(root, "scope"), 0o777);
    const store = new FileStore(root, "scope");
    await expect(store.get("k")).rejects.toThrow(/open to other users/);
    await expect(store.set("k", rec)).rejects.toThrow(/open to other users/);
  });
});

describe("the credentials file", () => {
  function writeCredentials(file: string, mode: number): void {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, JSON.stringify({ version: 1, clients: {}, tokens: {} }), { mode });
    fs.chmodSync(file, mode);
  }

  test("open to other users, or a symlink: refused on read with the path and the fix", async () => {
    const file = path.join(t.work, "cred-open", "credentials.json");
    writeCredentials(file, 0o644);
    await expect(new FileTokenStore(file).getTokens(t.api.url)).rejects.toThrow(new RegExp(`${file}.*open to other users \\(mode 644\\).*chmod 600`));
    const r = await evalJson(path.join(t.work, "cache-cred"), { SVC_TOKEN: undefined, SVC_CREDENTIALS: file });
    expect(r.error?.message).toMatch(/open to other users/);

    const target = path.join(t.work, "cred-target.json");
    writeCredentials(target, 0o600);
    const link = path.join(t.work, "cred-link", "credentials.json");
    fs.mkdirSync(path.dirname(link), { mode: 0o700 });
    fs.symlinkSync(target, link);
    await expect(new FileTokenStore(link).getTokens(t.api.url)).rejects.toThrow(/symlink/);
  });

  test("a file that fails to parse is kept aside (renamed) at the next sign-in, never overwritten as empty", async () => {
    const srv = await startFakeAuthOnly();
    try {
      const file = path.join(t.work, "cred-broken", "credentials.json");
      fs.mkdirSync(path.dirname(file), { mode: 0o700 });
      const damaged = '{"version":1,"clients":{"https://other.example":{"client_id":"keep-me"';
      fs.writeFileSync(file, damaged, { mode: 0o600 });
      await expect(new FileTokenStore(file).getTokens(srv.url)).rejects.toThrow(/not valid JSON/);

      const out: string[] = [];
      const done = loginCommand(["--no-browser", "--base-url", srv.url, "--credentials", file], { stdout: (s) => out.push(s), stderr: () => undefined });
      while (out.length === 0) await new Promise((r) => setTimeout(r, 10));
      const url = out[0].trim();
      await followAuthorize(url, { redirectPrefix: new URL(url).searchParams.get("redirect_uri") as string, deliver: true });
      expect(await done).toBe(0);
      const aside = fs.readdirSync(path.dirname(file)).filter((f) => f.startsWith("credentials.json.damaged-"));
      expect(aside).toHaveLength(1);
      expect(fs.readFileSync(path.join(path.dirname(file), aside[0]), "utf8")).toBe(damaged);
      expect(fs.statSync(path.join(path.dirname(file), aside[0])).mode & 0o777).toBe(0o600);
      expect(JSON.parse(fs.readFileSync(file, "utf8")).tokens[srv.url].state).toBe("signed_in");
    } finally {
      await srv.close();
    }
  });
});
