/**
 * The same client against a real, independent authorization server: oidc-provider 9 with dynamic
 * registration, PKCE S256 required, refresh rotation (reuse revokes the grant) and resource
 * indicators. Runs offline: the provider is a child process on 127.0.0.1.
 */
import { ApiClient } from "../../src/api/client";
import { OAuthClient } from "../../src/auth/oauth-client";
import { MemoryTokenStore } from "../../src/auth/store";
import { LocalLock } from "../../src/platform/locks";
import { followAuthorize } from "../fakes/auth/follow";
import { OidcProviderProcess, startOidcProvider, startResourceServer } from "../fakes/auth/oidc-harness";

const REDIRECT = "https://addin.example/auth/callback.html";

let op: OidcProviderProcess;
let rs: Awaited<ReturnType<typeof startResourceServer>>;

beforeAll(async () => {
  op = await startOidcProvider();
  rs = await startResourceServer(op.issuer);
}, 20_000);

afterAll(async () => {
  await rs?.close();
  await op?.stop();
});

/** A fetch that lets `match`ing requests reach the server, then loses the answer (a cut after sending). */
function losingFetch(match: (url: string, body: string) => boolean): { fetch: typeof fetch; lost: number } {
  const box = { lost: 0 };
  const f: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    if (match(String(input), String(init?.body ?? ""))) {
      await res.arrayBuffer();
      box.lost++;
      throw new TypeError("terminated");
    }
    return res;
  };
  return {
    fetch: f,
    get lost() {
      return box.lost;
    },
  };
}

async function signIn(client: OAuthClient) {
  const { authorizeUrl, pending } = await client.beginSignIn({ redirectUri: REDIRECT });
  const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: REDIRECT });
  return client.completeSignIn(callbackUrl, pending);
}

async function delta(fn: () => Promise<void>): Promise<Record<string, number>> {
  const before = await op.stats();
  await fn();
  const after = await op.stats();
  return Object.fromEntries(Object.keys(after).map((k) => [k, after[k] - (before[k] ?? 0)]));
}

describe("OAuthClient against oidc-provider", () => {
  test("full flow: discovery via the API's 401, registration, PKCE, tokens for the resource, API call", async () => {
    const client = new OAuthClient({ baseUrl: rs.url, store: new MemoryTokenStore() });
    const d = await client.discover();
    expect(d.via).toBe("resource_metadata");
    expect(d.as.issuer).toBe(op.issuer);
    expect(d.resource).toBe(`${rs.url}/mcp`);
    const { authorizeUrl, pending } = await client.beginSignIn({ redirectUri: REDIRECT });
    expect(new URL(authorizeUrl).origin).toBe(op.issuer);
    const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: REDIRECT });
    expect(new URL(callbackUrl).searchParams.get("iss")).toBe(op.issuer);
    await expect(client.completeSignIn(callbackUrl, pending)).resolves.toMatchObject({ state: "signed_in" });
    const api = new ApiClient({ baseUrl: rs.url, credentials: client });
    await expect(api.call("get_company", { ticker: "AAPL" })).resolves.toMatchObject({ data: { ok: true } });
  });

  test("50 concurrent calls with an expired access token make exactly one refresh; the grant stays active", async () => {
    let t = Date.now();
    const store = new MemoryTokenStore();
    const client = new OAuthClient({ baseUrl: rs.url, store, now: () => t });
    await signIn(client);
    const oldRefresh = (await store.getTokens(rs.url))!.refresh_token;
    t += 3600_000;
    const api = new ApiClient({ baseUrl: rs.url, credentials: client });
    const d = await delta(async () => {
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => api.call("get_company", { ticker: `T${i}` })));
      expect(results).toHaveLength(50);
    });
    expect(d.refreshes).toBe(1);
    expect(d.grantsRevoked).toBe(0);
    const rec = (await store.getTokens(rs.url))!;
    expect(rec.refresh_token).not.toBe(oldRefresh); // rotated
    expect(await op.isActive(rec.access_token!)).toBe(true);
  });

  test("two engines sharing one store and lock racing: one refresh, no revocation", async () => {
    let t = Date.now();
    const store = new MemoryTokenStore();
    const lock = new LocalLock();
    await signIn(new OAuthClient({ baseUrl: rs.url, store, lock, now: () => t }));
    const a = new OAuthClient({ baseUrl: rs.url, store, lock, now: () => t });
    const b = new OAuthClient({ baseUrl: rs.url, store, lock, now: () => t });
    t += 3600_000;
    let tokens: string[] = [];
    const d = await delta(async () => {
      tokens = await Promise.all([...Array(5)].flatMap(() => [a.getToken(), b.getToken()]));
    });
    expect(new Set(tokens).size).toBe(1);
    expect(d.refreshes).toBe(1);
    expect(d.grantsRevoked).toBe(0);
    expect(await op.isActive(tokens[0])).toBe(true);
  });

  test("a network cut after the refresh was sent causes no resend", async () => {
    let t = Date.now();
    const store = new MemoryTokenStore();
    await signIn(new OAuthClient({ baseUrl: rs.url, store, now: () => t }));
    const lf = losingFetch((u, body) => u.endsWith("/token") && body.includes("grant_type=refresh_token"));
    const client = new OAuthClient({ baseUrl: rs.url, store, now: () => t, fetch: lf.fetch });
    t += 3600_000;
    const d = await delta(async () => {
      await expect(client.getToken()).rejects.toMatchObject({ kind: "signed_out" });
      await expect(client.getToken()).rejects.toMatchObject({ kind: "signed_out" });
    });
    expect(lf.lost).toBe(1);
    expect(d.refreshes).toBe(1); // the server did rotate; we never presented the old token again
    expect(d.grantsRevoked).toBe(0);
    expect((await client.status()).state).toBe("reauth_required");
  });

  test("a failed code exchange is not retried", async () => {
    const lf = losingFetch((u, body) => u.endsWith("/token") && body.includes("grant_type=authorization_code"));
    const client = new OAuthClient({ baseUrl: rs.url, store: new MemoryTokenStore(), fetch: lf.fetch });
    const { authorizeUrl, pending } = await client.beginSignIn({ redirectUri: REDIRECT });
    const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: REDIRECT });
    const d = await delta(async () => {
      await expect(client.completeSignIn(callbackUrl, pending)).rejects.toMatchObject({ code: "exchange_ambiguous" });
      await expect(client.completeSignIn(callbackUrl, pending)).rejects.toMatchObject({ code: "already_used" });
    });
    expect(lf.lost).toBe(1);
    expect(d.codeExchanges).toBe(1);
    expect(d.grantsRevoked).toBe(0);
  });

  test("a state mismatch is rejected", async () => {
    const client = new OAuthClient({ baseUrl: rs.url, store: new MemoryTokenStore() });
    const { authorizeUrl, pending } = await client.beginSignIn({ redirectUri: REDIRECT });
    const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: REDIRECT });
    const bad = new URL(callbackUrl);
    bad.searchParams.set("state", "forged");
    const d = await delta(async () => {
      await expect(client.completeSignIn(bad.toString(), pending)).rejects.toMatchObject({ code: "state_mismatch" });
    });
    expect(d.codeExchanges).toBe(0);
  });

  test("the server's own rule: presenting a used refresh token revokes the grant", async () => {
    let t = Date.now();
    const store = new MemoryTokenStore();
    const client = new OAuthClient({ baseUrl: rs.url, store, now: () => t });
    await signIn(client);
    const first = (await store.getTokens(rs.url))!;
    t += 3600_000;
    const fresh = await client.getToken();
    expect(await op.isActive(fresh)).toBe(true);
    // Replay the first refresh token by hand, as a buggy client would.
    const res = await fetch(`${op.issuer}/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: first.refresh_token!, client_id: first.client_id! }),
    });
    expect(res.status).toBe(400);
    expect(await op.isActive(fresh)).toBe(false);
  });

  test("sign out revokes the refresh token and clears the store", async () => {
    const store = new MemoryTokenStore();
    const client = new OAuthClient({ baseUrl: rs.url, store });
    await signIn(client);
    const rec = (await store.getTokens(rs.url))!;
    const d = await delta(async () => {
      await expect(client.signOut()).resolves.toMatchObject({ revoked: true });
    });
    expect(d.revocations).toBe(1);
    expect(d.grantsRevoked).toBe(1);
    expect(await store.getTokens(rs.url)).toBeNull();
    const res = await fetch(`${op.issuer}/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: rec.refresh_token!, client_id: rec.client_id! }),
    });
    expect(res.status).toBe(400);
  });
});
