/**
 * `svc-excel login | logout` and the credentials file eval uses, in real separate processes:
 * the printed URL is followed like a browser would, eval-style calls work, concurrent processes
 * with an expired token refresh once between them, logout revokes. Against the fake AS and against
 * an independent authorization server (oidc-provider).
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { ApiClient } from "../../src/api/client";
import { browserOpener, loginCommand, logoutCommand } from "../../src/cli/login";
import { CLI_LOGIN_PORTS, credentialsFromFile, defaultCredentialsFile, loopbackRedirect, plainHttpCredentialProblem } from "../../src/cli/connection";
import { startFakeAuthOnly } from "../fakes/auth/fake-auth-server";
import { cliCode, expireStoredToken, getTokenCode, runNode, transpileCliSources } from "../fakes/auth/cli-processes";
import { followAuthorize } from "../fakes/auth/follow";
import { startOidcProvider, startResourceServer } from "../fakes/auth/oidc-harness";

let cliDir: string;
let tmp: string;
beforeAll(() => {
  cliDir = transpileCliSources();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "svc-login-"));
});
afterAll(() => {
  fs.rmSync(cliDir, { recursive: true, force: true });
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function loginInChild(baseUrl: string, file: string) {
  const run = runNode(cliDir, cliCode("loginCommand", ["--no-browser", "--base-url", baseUrl, "--credentials", file]));
  try {
    const line = await run.firstLine;
    expect(line).toMatch(/^https?:\/\/\S+$/);
    const redirect = new URL(line).searchParams.get("redirect_uri")!;
    expect(redirect).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const follow = await followAuthorize(line, { redirectPrefix: redirect, deliver: true });
    expect(follow.deliveredStatus).toBe(200);
    expect(await run.exit).toBe(0);
    expect(run.stdout.trim().split("\n")).toHaveLength(1); // only the URL on stdout
    return line;
  } finally {
    if (run.child.exitCode === null) run.child.kill("SIGKILL");
  }
}

async function concurrentTokens(baseUrl: string, file: string, n: number): Promise<string[]> {
  const runs = Array.from({ length: n }, () => runNode(cliDir, getTokenCode(baseUrl, file)));
  const lines = await Promise.all(runs.map((r) => r.firstLine));
  await Promise.all(runs.map((r) => r.exit));
  return lines.map((l) => {
    const v = JSON.parse(l) as { token?: string; error?: string };
    if (!v.token) throw new Error(`a process failed: ${v.error}`);
    return v.token;
  });
}

describe("svc-excel login / logout with the fake authorization server", () => {
  let srv: Awaited<ReturnType<typeof startFakeAuthOnly>>;
  beforeAll(async () => {
    srv = await startFakeAuthOnly();
  });
  afterAll(async () => {
    await srv.close();
  });

  test("default credentials file location", () => {
    expect(defaultCredentialsFile({ XDG_CONFIG_HOME: "/x/cfg" })).toBe("/x/cfg/svc-excel/credentials.json");
    expect(defaultCredentialsFile({ HOME: os.homedir() })).toBe(path.join(os.homedir(), ".config/svc-excel/credentials.json"));
    expect(defaultCredentialsFile({ SVC_CREDENTIALS: "/a/b.json" })).toBe("/a/b.json");
  });

  test("in-process: login prints the URL, the callback completes it, eval credentials work, logout revokes", async () => {
    const file = path.join(tmp, "inproc", "credentials.json");
    const out: string[] = [];
    const err: string[] = [];
    let opened = "";
    const done = loginCommand(["--base-url", srv.url, "--credentials", file], {
      stdout: (s) => out.push(s),
      stderr: (s) => err.push(s),
      openBrowser: (u) => (opened = u),
    });
    while (out.length === 0) await new Promise((r) => setTimeout(r, 10));
    const url = out[0].trim();
    expect(opened).toBe(url);
    // A stray callback with the wrong state is rejected and does not end the wait.
    const redirect = new URL(url).searchParams.get("redirect_uri")!;
    expect(new URL(redirect).hostname).toBe("127.0.0.1");
    const stray = await fetch(`${redirect}?code=x&state=forged&iss=${encodeURIComponent(srv.url)}`);
    expect(stray.status).toBe(400);
    await followAuthorize(url, { redirectPrefix: redirect, deliver: true });
    expect(await done).toBe(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);

    const api = new ApiClient({ baseUrl: srv.url, credentials: await credentialsFromFile({ baseUrl: srv.url, file }) });
    await expect(api.call("get_company", { ticker: "AAPL" })).resolves.toBeDefined();

    // A second login reuses the registration and its loopback port.
    const regs = srv.auth.stats.registrations;
    const out2: string[] = [];
    const again = loginCommand(["--no-browser", "--base-url", srv.url, "--credentials", file], { stdout: (s) => out2.push(s), stderr: () => undefined });
    while (out2.length === 0) await new Promise((r) => setTimeout(r, 10));
    expect(new URL(out2[0].trim()).searchParams.get("redirect_uri")).toBe(redirect);
    await followAuthorize(out2[0].trim(), { redirectPrefix: redirect, deliver: true });
    expect(await again).toBe(0);
    expect(srv.auth.stats.registrations).toBe(regs);

    expect(await logoutCommand(["--base-url", srv.url, "--credentials", file], { stderr: () => undefined })).toBe(0);
    expectLoggedOutKeepingRegistration(file, srv.url);
    expect(srv.auth.activeConnections().filter((c) => c.clientId === srv.auth.connections()[0].clientId)).toHaveLength(0);
    await expect(api.call("get_company", { ticker: "AAPL" })).rejects.toMatchObject({ kind: "signed_out" });
  });

  test("separate processes: login, then 5 concurrent eval processes with an expired token refresh once", async () => {
    const file = path.join(tmp, "procs", "credentials.json");
    await loginInChild(srv.url, file);
    expireStoredToken(file, srv.url);
    srv.auth.expireAccessTokens();
    const before = srv.auth.stats.refreshes;
    const tokens = await concurrentTokens(srv.url, file, 5);
    expect(new Set(tokens).size).toBe(1);
    expect(srv.auth.stats.refreshes - before).toBe(1);
    expect(srv.auth.stats.reuseRevocations).toBe(0);
    expect(srv.auth.validateToken(tokens[0])).toBe(true);
    const logout = runNode(cliDir, cliCode("logoutCommand", ["--base-url", srv.url, "--credentials", file]));
    expect(await logout.exit).toBe(0);
    expect(srv.auth.validateToken(tokens[0])).toBe(false);
    expectLoggedOutKeepingRegistration(file, srv.url);
    // Logging in again after logout registers nothing new (registrations are scarce).
    const regs = srv.auth.stats.registrations;
    await loginInChild(srv.url, file);
    expect(srv.auth.stats.registrations).toBe(regs);
  });

  test("SVC_CLIENT_ID skips registration; the login ports are the fixed ones", async () => {
    const file = path.join(tmp, "preregistered", "credentials.json");
    // An administrator registered the CLI once (all three loopback ports).
    const reg = await fetch(`${srv.url}/oauth/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ redirect_uris: CLI_LOGIN_PORTS.map(loopbackRedirect), token_endpoint_auth_method: "none" }),
    }).then((r) => r.json() as Promise<{ client_id: string }>);
    const regs = srv.auth.stats.registrations;
    const out: string[] = [];
    const done = loginCommand(["--no-browser", "--base-url", srv.url, "--credentials", file], {
      stdout: (s) => out.push(s),
      stderr: () => undefined,
      env: { ...process.env, SVC_CLIENT_ID: reg.client_id },
    });
    while (out.length === 0) await new Promise((r) => setTimeout(r, 10));
    const url = new URL(out[0].trim());
    expect(url.searchParams.get("client_id")).toBe(reg.client_id);
    expect(CLI_LOGIN_PORTS.map(loopbackRedirect)).toContain(url.searchParams.get("redirect_uri"));
    await followAuthorize(url.toString(), { redirectPrefix: url.searchParams.get("redirect_uri")!, deliver: true });
    expect(await done).toBe(0);
    expect(srv.auth.stats.registrations).toBe(regs);
  });

  test("the Windows opener passes the URL as one argument (no cmd: '&' cannot cut it or run commands)", () => {
    const u = "https://a.example/authorize?x=1&y=2&calc.exe";
    expect(browserOpener(u, "win32")).toEqual(["rundll32", ["url.dll,FileProtocolHandler", u]]);
    expect(browserOpener(u, "darwin")).toEqual(["open", [u]]);
    expect(browserOpener(u, "linux")).toEqual(["xdg-open", [u]]);
  });

  test("credentials never go over plain http except to loopback (API key and OAuth alike)", async () => {
    expect(plainHttpCredentialProblem("http://api.example.com")).toMatch(/refusing .*plain http/);
    expect(plainHttpCredentialProblem("http://127.0.0.1:8787")).toBeNull();
    expect(plainHttpCredentialProblem("http://localhost:8787")).toBeNull();
    expect(plainHttpCredentialProblem("https://api.example.com")).toBeNull();
    const c = await credentialsFromFile({ baseUrl: "http://api.example.com", file: path.join(tmp, "x", "credentials.json") });
    await expect(c.getToken()).rejects.toMatchObject({ kind: "signed_out", detail: expect.stringMatching(/plain http/) });
  });
});

function expectLoggedOutKeepingRegistration(file: string, baseUrl: string) {
  const data = JSON.parse(fs.readFileSync(file, "utf8")) as { clients: Record<string, unknown>; tokens: Record<string, unknown> };
  expect(data.tokens[baseUrl]).toBeUndefined();
  expect(Object.keys(data.clients)).toHaveLength(1);
}

describe("svc-excel login against an independent authorization server (oidc-provider)", () => {
  let op: Awaited<ReturnType<typeof startOidcProvider>>;
  let rs: Awaited<ReturnType<typeof startResourceServer>>;
  beforeAll(async () => {
    op = await startOidcProvider();
    rs = await startResourceServer(op.issuer);
  }, 20_000);
  afterAll(async () => {
    await rs?.close();
    await op?.stop();
  });

  test("login --no-browser completes when the printed URL is followed; eval works; concurrent refresh once; logout revokes", async () => {
    const file = path.join(tmp, "oidc", "credentials.json");
    const url = await loginInChild(rs.url, file);
    expect(new URL(url).origin).toBe(op.issuer);

    const api = new ApiClient({ baseUrl: rs.url, credentials: await credentialsFromFile({ baseUrl: rs.url, file }) });
    await expect(api.call("get_company", { ticker: "AAPL" })).resolves.toMatchObject({ data: { ok: true } });

    expireStoredToken(file, rs.url);
    const before = await op.stats();
    const tokens = await concurrentTokens(rs.url, file, 4);
    const after = await op.stats();
    expect(new Set(tokens).size).toBe(1);
    expect(after.refreshes - before.refreshes).toBe(1);
    expect(after.grantsRevoked - before.grantsRevoked).toBe(0);
    expect(await op.isActive(tokens[0])).toBe(true);
    const api2 = new ApiClient({ baseUrl: rs.url, credentials: await credentialsFromFile({ baseUrl: rs.url, file }) });
    await expect(api2.call("get_company", { ticker: "MSFT" })).resolves.toBeDefined();

    const logout = runNode(cliDir, cliCode("logoutCommand", ["--base-url", rs.url, "--credentials", file]));
    expect(await logout.exit).toBe(0);
    expect(await op.isActive(tokens[0])).toBe(false);
    expectLoggedOutKeepingRegistration(file, rs.url);
  });
});
