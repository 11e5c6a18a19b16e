/** The composition root scopes the persistent cache and the quota state by API address and credential identity. */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { staticCredentials } from "../../src/api/client";
import { connectionScope, credentialFingerprint } from "../../src/compose";
import { composeCli } from "../../src/compose/cli";
import { SANDBOX_API_KEY, startFakeApi, FakeApi } from "../fakes/api/server";

let api: FakeApi;
const dirs: string[] = [];
beforeAll(async () => {
  api = await startFakeApi({ latencyMs: 1 });
});
afterAll(async () => {
  await api?.close();
  dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true }));
});
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), "svc-scope-"));
  dirs.push(d);
  return d;
};

async function run(baseUrl: string, identity: string, cacheDir: string, lockDir: string): Promise<number> {
  const { engine, lock } = composeCli({ baseUrl, credentials: staticCredentials(SANDBOX_API_KEY), identity }, { cacheDir, lockDir });
  await engine.request("get_company", { ticker: "AAPL" });
  await engine.flush();
  await lock.releaseAll();
  return engine.stats().calls;
}

describe("connection scope", () => {
  it("two base URLs never share a cache entry (same --cache-dir, same server behind both)", async () => {
    const cacheDir = tmp();
    const lockDir = tmp();
    const port = new URL(api.url).port;
    const id = credentialFingerprint(SANDBOX_API_KEY);
    expect(await run(`http://127.0.0.1:${port}`, id, cacheDir, lockDir)).toBe(1);
    expect(await run(`http://127.0.0.1:${port}/`, id, cacheDir, lockDir)).toBe(0); // the same address
    expect(await run(`http://localhost:${port}`, id, cacheDir, lockDir)).toBe(1);
    expect(await run(`http://localhost:${port}`, "key:another", cacheDir, lockDir)).toBe(1);
    expect(fs.readdirSync(cacheDir)).toHaveLength(3);
  });

  it("gives distinct scopes to distinct addresses and identities, and never contains the secret", () => {
    const urls = ["https://api.example.com", "https://api.example.com/v2", "https://sandbox.example.com", "http://127.0.0.1:8787", "http://127.0.0.1:8788"];
    const ids = [credentialFingerprint("svc_live_A"), credentialFingerprint("svc_live_B"), "oauth"];
    const seen = new Set<string>();
    for (const u of urls) for (const i of ids) seen.add(connectionScope(u, i));
    expect(seen.size).toBe(urls.length * ids.length);
    expect(credentialFingerprint(SANDBOX_API_KEY)).not.toContain("Sandbox");
    expect(connectionScope("https://API.example.com/", "x")).toBe(connectionScope("https://api.example.com", "x"));
  });
});
