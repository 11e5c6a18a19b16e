/**
 * Proxy support: Node's built-in fetch ignores HTTPS_PROXY / HTTP_PROXY, so
 * behind a corporate proxy the CLI could not reach the API. With them set, the CLI's fetch goes
 * through the proxy (undici's EnvHttpProxyAgent): an https API through HTTPS_PROXY (a CONNECT
 * tunnel; the test serves the fake API over https with a throwaway certificate made by openssl), an
 * http one through HTTP_PROXY; NO_PROXY is honoured.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as http from "http";
import * as https from "https";
import * as os from "os";
import * as path from "path";
import { bypassesProxy } from "../../src/adapters/node/proxy-fetch";
import { fileOAuthClient } from "../../src/cli/connection";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";
import { startFakeAuthOnly } from "../fakes/auth/fake-auth-server";
import { followAuthorize } from "../fakes/auth/follow";
import { CliRunner, cliRunner } from "./run-cli";
import { TinyProxy, startTinyProxy } from "./tiny-proxy";

let api: FakeApi;
let proxy: TinyProxy;
let cli: CliRunner;
let work: string;
/** The fake API over https (a forwarding front with a self-signed certificate for 127.0.0.1). */
let front: https.Server;
let frontUrl: string;
let certFile: string;

function selfSignedCert(dir: string): { key: string; cert: string } {
  const key = path.join(dir, "key.pem");
  certFile = path.join(dir, "cert.pem");
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", certFile, "-days", "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"], { stdio: "ignore" });
  return { key: fs.readFileSync(key, "utf8"), cert: fs.readFileSync(certFile, "utf8") };
}

beforeAll(async () => {
  cli = cliRunner();
  work = fs.mkdtempSync(path.join(os.tmpdir(), "svc-proxy-"));
  api = await startFakeApi({ quota: 100_000 });
  proxy = await startTinyProxy();
  const target = new URL(api.url);
  front = https.createServer(selfSignedCert(work), (req, res) => {
    const up = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    req.pipe(up);
  });
  await new Promise<void>((r) => front.listen(0, "127.0.0.1", () => r()));
  frontUrl = `https://127.0.0.1:${(front.address() as { port: number }).port}`;
}, 60_000);
afterAll(async () => {
  await api?.close();
  await proxy?.close();
  front?.closeAllConnections();
  await new Promise<void>((r) => (front ? front.close(() => r()) : r()));
  fs.rmSync(cli.dir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

const NO_PROXY_VARS = { HTTPS_PROXY: undefined, HTTP_PROXY: undefined, https_proxy: undefined, http_proxy: undefined, NO_PROXY: undefined, no_proxy: undefined };

async function evalVia(env: Record<string, string | undefined>, baseUrl = api.url) {
  proxy.seen.length = 0;
  const r = await cli.run(["eval", "--json", "--base-url", baseUrl, 'SVC.COMPANY("AAPL","name")'], {
    env: { ...NO_PROXY_VARS, SVC_TOKEN: SANDBOX_API_KEY, NODE_EXTRA_CA_CERTS: certFile, ...env },
  });
  expect(r.stderr).toBe("");
  const doc = JSON.parse(r.stdout) as { results: Array<{ value: unknown; error: unknown }> };
  expect(doc.results[0].error).toBeNull();
  return [...proxy.seen];
}

describe("the CLI behind a proxy", () => {
  test("an https API through HTTPS_PROXY: tool calls and the dictionary go through a CONNECT tunnel", async () => {
    const seen = await evalVia({ HTTPS_PROXY: proxy.url }, frontUrl);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((s) => s === `CONNECT ${new URL(frontUrl).host}`)).toBe(true);
  });

  test.each(["https_proxy", "HTTP_PROXY"])("an https API through %s (lower case, or HTTP_PROXY alone: undici and npm fall back to it)", async (name) => {
    expect((await evalVia({ [name]: proxy.url }, frontUrl)).length).toBeGreaterThan(0);
  });

  test.each(["HTTP_PROXY", "http_proxy"])("an http API (the sandbox) through %s", async (name) => {
    const seen = await evalVia({ [name]: proxy.url });
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((s) => s.includes(new URL(api.url).host))).toBe(true);
  });

  test("NO_PROXY naming the API's host: straight to the API", async () => {
    expect(await evalVia({ HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url, NO_PROXY: "127.0.0.1" }, frontUrl)).toEqual([]);
  });

  test("no proxy variable: straight to the API", async () => {
    expect(await evalVia({}, frontUrl)).toEqual([]);
  });
});

describe("sign-in behind a proxy", () => {
  test("discovery, registration, the code exchange and the token's use go through HTTP_PROXY", async () => {
    const srv = await startFakeAuthOnly({ autoApprove: true });
    try {
      proxy.seen.length = 0;
      const file = path.join(work, "proxied", "credentials.json");
      const client = fileOAuthClient({ baseUrl: srv.url, file, env: { ...process.env, ...NO_PROXY_VARS, HTTP_PROXY: proxy.url } as NodeJS.ProcessEnv });
      const redirectUri = "http://127.0.0.1:28473/callback";
      const { authorizeUrl, pending } = await client.beginSignIn({ redirectUri });
      const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: redirectUri });
      await expect(client.completeSignIn(callbackUrl, pending)).resolves.toMatchObject({ state: "signed_in" });
      expect(proxy.seen.length).toBeGreaterThanOrEqual(3); // metadata, registration, token
      expect(proxy.seen.every((x) => x.includes(new URL(srv.url).host))).toBe(true);
    } finally {
      await srv.close();
    }
  });
});

describe("NO_PROXY matching", () => {
  test.each([
    ["https://api.example.com/x", "example.com", true],
    ["https://api.example.com/x", ".example.com", true],
    ["https://api.example.com/x", "*.example.com", true],
    ["https://example.com/x", "example.com", true],
    ["https://badexample.com/x", "example.com", false],
    ["https://api.example.com/x", "example.com:8443", false],
    ["https://api.example.com:8443/x", "example.com:8443", true],
    ["http://127.0.0.1:8787/x", "localhost, 127.0.0.1", true],
    ["http://[::1]:8787/x", "::1", true],
    ["https://anything.test/", "*", true],
    ["https://anything.test/", "", false],
  ])("%s with NO_PROXY=%j: bypass %s", (url, noProxy, bypass) => {
    expect(bypassesProxy(new URL(url), noProxy)).toBe(bypass);
  });
});
