/**
 * One account, one scope in the CLI: `svc-excel logout` clears the cache of the
 * connection it ends, and a new `svc-excel login` clears the cache of the connection it replaces,
 * wherever `svc-excel eval --cache-dir` put it; the next account's eval asks the API afresh.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { loginCommand, logoutCommand } from "../../src/cli/login";
import { FakeApi, startFakeApi } from "../fakes/api/server";
import { createFakeAuthServer, FakeAuthServer } from "../fakes/auth/fake-auth-server";
import { followAuthorize } from "../fakes/auth/follow";
import { CliRunner, cliRunner } from "./run-cli";

let api: FakeApi;
let auth: FakeAuthServer;
let cli: CliRunner;
let work: string;

beforeAll(async () => {
  cli = cliRunner();
  auth = createFakeAuthServer({ autoApprove: true });
  api = await startFakeApi({ quota: 100_000, routes: (req, res, url) => auth.routes(req, res, url), validateToken: (t) => auth.validateToken(t) });
  work = fs.mkdtempSync(path.join(os.tmpdir(), "svc-conn-cli-"));
}, 60_000);
afterAll(async () => {
  await api?.close();
  auth?.close();
  fs.rmSync(work, { recursive: true, force: true });
  fs.rmSync(cli.dir, { recursive: true, force: true });
});

const quiet = { stderr: () => undefined };

async function login(file: string): Promise<void> {
  const out: string[] = [];
  const done = loginCommand(["--no-browser", "--base-url", api.url, "--credentials", file], { stdout: (s) => out.push(s), ...quiet });
  while (out.length === 0) await new Promise((r) => setTimeout(r, 10));
  const url = out[0].trim();
  await followAuthorize(url, { redirectPrefix: new URL(url).searchParams.get("redirect_uri") as string, deliver: true });
  expect(await done).toBe(0);
}

async function evalCalls(file: string, cacheDir: string, ticker: string): Promise<number> {
  const r = await cli.run(["eval", "--json", "--base-url", api.url, "--cache-dir", cacheDir, `SVC.COMPANY("${ticker}","name")`], {
    env: { SVC_TOKEN: undefined, SVC_CREDENTIALS: file },
  });
  expect(r.stderr).toBe("");
  const doc = JSON.parse(r.stdout) as { results: Array<{ error: unknown }>; stats: { calls: number } };
  expect(doc.results[0].error).toBeNull();
  return doc.stats.calls;
}

const cachedFiles = (dir: string): string[] => fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith(".json"));

describe("svc-excel login / logout and the eval cache", () => {
  test("logout clears the cache of the connection it ends", async () => {
    const file = path.join(work, "logout", "credentials.json");
    const cacheDir = path.join(work, "logout-cache");
    await login(file);
    expect(await evalCalls(file, cacheDir, "AAPL")).toBe(1);
    expect(await evalCalls(file, cacheDir, "AAPL")).toBe(0); // cached for this connection
    expect(cachedFiles(cacheDir).length).toBeGreaterThan(0);
    expect(await logoutCommand(["--base-url", api.url, "--credentials", file], quiet)).toBe(0);
    expect(cachedFiles(cacheDir)).toEqual([]);
  });

  test("a new login clears the replaced connection's cache; the new account asks afresh", async () => {
    const file = path.join(work, "relogin", "credentials.json");
    const cacheDir = path.join(work, "relogin-cache");
    await login(file);
    expect(await evalCalls(file, cacheDir, "MSFT")).toBe(1);
    const before = cachedFiles(cacheDir);
    expect(before.length).toBeGreaterThan(0);
    await login(file); // another account signs in on this machine
    expect(cachedFiles(cacheDir).filter((f) => before.includes(f))).toEqual([]);
    expect(await evalCalls(file, cacheDir, "MSFT")).toBe(1);
  });
});
