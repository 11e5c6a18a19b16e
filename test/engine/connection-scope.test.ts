/**
 * One account, one scope, through the CLI's real wiring (the credentials
 * file, fileCredentialsFor, connectionEngine with a --cache-dir) against the fake API and the fake
 * authorization server. Two sign-ins in a row are two accounts: B is never served A's cached answer
 * nor refused by A's quota 429, in a running engine and in a new process; a sign-out leaves nothing of
 * that connection on disk.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { SvcError } from "../../src/api/errors";
import { connectionEngine, fileCredentialsFor, fileOAuthClient } from "../../src/cli/connection";
import { FakeApi, startFakeApi } from "../fakes/api/server";
import { createFakeAuthServer, FakeAuthServer } from "../fakes/auth/fake-auth-server";
import { followAuthorize } from "../fakes/auth/follow";

let api: FakeApi;
let auth: FakeAuthServer;
let work: string;

beforeAll(async () => {
  auth = createFakeAuthServer({ autoApprove: true });
  api = await startFakeApi({ quota: 100_000, routes: (req, res, url) => auth.routes(req, res, url), validateToken: (t) => auth.validateToken(t) });
  work = fs.mkdtempSync(path.join(os.tmpdir(), "svc-conn-"));
});
afterAll(async () => {
  await api?.close();
  auth?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A sign-in as `svc-excel login` makes it (the same credentials file): a new connection each time. */
async function signIn(file: string): Promise<void> {
  const client = fileOAuthClient({ baseUrl: api.url, file, lockStaleMs: 2000 });
  const redirectUri = "http://127.0.0.1:28473/callback";
  const { authorizeUrl, pending } = await client.beginSignIn({ redirectUri });
  const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: redirectUri });
  await client.completeSignIn(callbackUrl, pending);
}

/** An eval run's engine: a new process reads the credentials file afresh. */
async function cliEngine(file: string, cacheDir: string) {
  return connectionEngine(api.url, cacheDir, await fileCredentialsFor(api.url, file));
}

/** The credential the fake API saw on its last call (an access token). */
const lastCredential = () => api.log[api.log.length - 1].credential;

async function failure(p: Promise<unknown>): Promise<SvcError> {
  try {
    await p;
  } catch (e) {
    return e as SvcError;
  }
  throw new Error("expected a failure");
}

const entriesUnder = (dir: string): string[] =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith(".json")) : [];

describe("one account, one scope (the CLI's wiring)", () => {
  test("account B is never served account A's cached answer (running engine and new process)", async () => {
    const file = path.join(work, "answers", "credentials.json");
    const cacheDir = path.join(work, "answers-cache");
    await signIn(file);
    const a = await cliEngine(file, cacheDir);
    await a.engine.request("get_company", { ticker: "AAPL" });
    await a.engine.request("get_company", { ticker: "MSFT" });
    await a.engine.flush();
    const calls = api.calls();

    await signIn(file); // account B
    // The engine that ran as A, still running, asks afresh...
    await a.engine.request("get_company", { ticker: "AAPL" });
    expect(api.calls()).toBe(calls + 1);
    // ...and so does a new process.
    const b = await cliEngine(file, cacheDir);
    await b.engine.request("get_company", { ticker: "MSFT" });
    expect(api.calls()).toBe(calls + 2);
    await a.lock.releaseAll();
    await b.lock.releaseAll();
  });

  test("account B is never refused by account A's quota 429 (running engine and new process)", async () => {
    const file = path.join(work, "quota", "credentials.json");
    const cacheDir = path.join(work, "quota-cache");
    await signIn(file);
    const a = await cliEngine(file, cacheDir);
    await a.engine.request("get_company", { ticker: "AAPL" });
    api.setQuota(0, lastCredential());
    const refused = await failure(a.engine.request("get_company", { ticker: "MSFT" }));
    expect(refused.kind).toBe("quota_exhausted");
    await a.engine.flush();
    expect(a.engine.quotaBlockedUntil()).not.toBeNull();

    await signIn(file); // account B
    const b = await cliEngine(file, cacheDir);
    await expect(b.engine.request("get_company", { ticker: "MSFT" })).resolves.toMatchObject({ stale: false });
    expect(b.engine.quotaBlockedUntil()).toBeNull();
    await expect(a.engine.request("get_company", { ticker: "KO" })).resolves.toMatchObject({ stale: false });
    await a.lock.releaseAll();
    await b.lock.releaseAll();
  });

  test("a sign-out forgets the connection's answers and quota state, on disk too", async () => {
    const file = path.join(work, "signout", "credentials.json");
    const cacheDir = path.join(work, "signout-cache");
    await signIn(file);
    const a = await cliEngine(file, cacheDir);
    await a.engine.request("get_company", { ticker: "AAPL" });
    await a.engine.flush();
    expect(entriesUnder(cacheDir).length).toBeGreaterThan(0);
    await fileOAuthClient({ baseUrl: api.url, file }).signOut();
    const after = await failure(a.engine.request("get_company", { ticker: "AAPL" }));
    expect(after.kind).toBe("signed_out");
    await a.engine.flush();
    expect(entriesUnder(cacheDir)).toEqual([]);
    await a.lock.releaseAll();
  });
});
