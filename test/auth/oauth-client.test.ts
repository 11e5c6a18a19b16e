/**
 * The OAuth client against the project's fake authorization server (single-use codes, rotation,
 * reuse revokes the connection, PKCE S256, exact redirect URIs).
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { ApiClient } from "../../src/api/client";
import { SvcError } from "../../src/api/errors";
import { SignedOutError, SignInError } from "../../src/auth/errors";
import { OAuthClient } from "../../src/auth/oauth-client";
import { FileLock } from "../../src/adapters/node/file-lock";
import { FileTokenStore } from "../../src/adapters/node/file-token-store";
import { MemoryTokenStore, TokenStore } from "../../src/auth/store";
import { CrossLock, LocalLock } from "../../src/platform/locks";
import { startFakeAuthOnly } from "../fakes/auth/fake-auth-server";
import { followAuthorize } from "../fakes/auth/follow";

const REDIRECT = "https://addin.example/auth/callback.html";

type Srv = Awaited<ReturnType<typeof startFakeAuthOnly>>;

async function signedIn(srv: Srv, store: TokenStore = new MemoryTokenStore(), lock: CrossLock = new LocalLock(), extra: Partial<ConstructorParameters<typeof OAuthClient>[0]> = {}) {
  const client = new OAuthClient({ baseUrl: srv.url, store, lock, ...extra });
  const { authorizeUrl, pending } = await client.beginSignIn({ redirectUri: REDIRECT });
  const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: REDIRECT });
  await client.completeSignIn(callbackUrl, pending);
  return { client, store };
}

/** A SignedOutError of kind "signed_out" whose detail is the reason (or "sign in" when never signed in). */
async function expectSignedOut(p: Promise<unknown>, detail: RegExp = /sign in/i) {
  const e = await p.then(
    () => null,
    (err: unknown) => err
  );
  expect(e).toBeInstanceOf(SignedOutError);
  expect(e).toMatchObject({ kind: "signed_out", detail: expect.stringMatching(detail) });
}

describe("OAuthClient against the fake authorization server", () => {
  let srv: Srv;
  beforeEach(async () => {
    srv = await startFakeAuthOnly();
  });
  afterEach(async () => {
    await srv.close();
  });

  test("full flow: discovery from the 401, registration, PKCE code flow, API call", async () => {
    const store = new MemoryTokenStore();
    const client = new OAuthClient({ baseUrl: srv.url, store });
    await expectSignedOut(client.getToken());
    const d = await client.discover();
    expect(d.via).toBe("resource_metadata");
    expect(d.resource).toBe(`${srv.url}/mcp`);
    const { authorizeUrl, pending } = await client.beginSignIn({ redirectUri: REDIRECT });
    const u = new URL(authorizeUrl);
    expect(u.origin + u.pathname).toBe(`${srv.url}/oauth/authorize`);
    expect(u.searchParams.get("code_challenge_method")).toBe("S256");
    expect(u.searchParams.get("scope")).toBe("read");
    expect(u.searchParams.get("resource")).toBe(`${srv.url}/mcp`);
    expect(u.searchParams.get("redirect_uri")).toBe(REDIRECT);
    expect(u.searchParams.get("state")).toBe(pending.state);
    expect(JSON.stringify(pending)).not.toContain(pending.codeVerifier);

    const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: REDIRECT });
    expect(new URL(callbackUrl).searchParams.get("iss")).toBe(srv.url);
    const status = await client.completeSignIn(callbackUrl, pending);
    expect(status.state).toBe("signed_in");
    const token = await client.getToken();
    expect(token).toMatch(/^svc_at_/);
    expect((await store.getTokens(srv.url))?.refresh_token).toMatch(/^svc_rt_/);

    const api = new ApiClient({ baseUrl: srv.url, credentials: client });
    const ans = await api.call("get_company", { ticker: "AAPL" });
    expect(ans.data).toMatchObject({ ok: true });

    // A second sign-in reuses the registration (10 an hour per address).
    const again = await client.beginSignIn({ redirectUri: REDIRECT });
    expect(again.pending.clientId).toBe(pending.clientId);
    expect(srv.auth.stats.registrations).toBe(1);
  });

  test("discovery falls back to {base}/.well-known/oauth-authorization-server", async () => {
    // No challenge header: the fake API part answers /mcp with 404 here.
    const quiet = await startFakeAuthOnly({ challengeMcp: false });
    try {
      const client = new OAuthClient({ baseUrl: quiet.url, store: new MemoryTokenStore() });
      const realFetch = fetch;
      const f: typeof fetch = (input, init) => {
        const s = String(input);
        if (s.endsWith("/mcp")) return Promise.resolve(new Response("{}", { status: 404 }));
        return realFetch(input, init);
      };
      const c2 = new OAuthClient({ baseUrl: quiet.url, store: new MemoryTokenStore(), fetch: f });
      const d = await c2.discover();
      expect(d.via).toBe("fallback");
      expect(d.as.issuer).toBe(quiet.url);
      expect(client).toBeDefined();
    } finally {
      await quiet.close();
    }
  });

  test("discovery rejects metadata whose issuer is not the expected one", async () => {
    const f: typeof fetch = async (input) => {
      const s = String(input);
      if (s.endsWith("/mcp")) return new Response("{}", { status: 404 });
      return new Response(JSON.stringify({ issuer: "https://evil.example", authorization_endpoint: "https://evil.example/a", token_endpoint: "https://evil.example/t" }), {
        status: 200,
        headers: { "Content-Type": "application/json" },
      });
    };
    const client = new OAuthClient({ baseUrl: srv.url, store: new MemoryTokenStore(), fetch: f });
    await expect(client.beginSignIn({ redirectUri: REDIRECT })).rejects.toMatchObject({ code: "discovery_failed" });
  });

  test("50 concurrent calls with an expired access token make exactly one refresh", async () => {
    let t = Date.now();
    const { client, store } = await signedIn(srv, undefined, undefined, { now: () => t });
    const before = (await store.getTokens(srv.url))!;
    t += 3600_000; // an hour later: expired locally
    srv.auth.expireAccessTokens();
    const api = new ApiClient({ baseUrl: srv.url, credentials: client });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => api.call("get_company", { ticker: `T${i}` })));
    expect(results).toHaveLength(50);
    expect(srv.auth.stats.refreshes).toBe(1);
    expect(client.stats.refreshesSent).toBe(1);
    expect(srv.auth.stats.reuseRevocations).toBe(0);
    expect(srv.auth.activeConnections()).toHaveLength(1);
    const after = (await store.getTokens(srv.url))!;
    expect(after.refresh_token).not.toBe(before.refresh_token);
  });

  test("50 concurrent calls whose token the API refuses (401) make exactly one refresh", async () => {
    const { client } = await signedIn(srv);
    srv.auth.expireAccessTokens(); // the server refuses it; the client still thinks it is fresh
    const api = new ApiClient({ baseUrl: srv.url, credentials: client });
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => api.call("get_company", { ticker: `T${i}` })));
    expect(results).toHaveLength(50);
    expect(srv.auth.stats.refreshes).toBe(1);
    expect(srv.auth.stats.reuseRevocations).toBe(0);
  });

  test("two engines sharing one store and lock racing: one refresh, no revocation", async () => {
    let t = Date.now();
    const store = new MemoryTokenStore();
    const lock = new LocalLock();
    await signedIn(srv, store, lock, { now: () => t });
    const a = new OAuthClient({ baseUrl: srv.url, store, lock, now: () => t });
    const b = new OAuthClient({ baseUrl: srv.url, store, lock, now: () => t });
    t += 3600_000;
    srv.auth.expireAccessTokens();
    const tokens = await Promise.all([...Array(10)].flatMap(() => [a.getToken(), b.getToken()]));
    expect(new Set(tokens).size).toBe(1);
    expect(a.stats.refreshesSent + b.stats.refreshesSent).toBe(1);
    expect(srv.auth.stats.refreshes).toBe(1);
    expect(srv.auth.stats.reuseRevocations).toBe(0);
    expect(srv.auth.validateToken(tokens[0])).toBe(true);
  });

  test("two processes' worth of clients over one credentials file and a lock file: one refresh", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-auth-"));
    try {
      const file = path.join(dir, "credentials.json");
      let t = Date.now();
      await signedIn(srv, new FileTokenStore(file), new FileLock(path.join(dir, "locks")), { now: () => t });
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      // Separate store and lock objects, as separate processes would have.
      const clients = [0, 1, 2].map(
        () => new OAuthClient({ baseUrl: srv.url, store: new FileTokenStore(file), lock: new FileLock(path.join(dir, "locks")), now: () => t })
      );
      t += 3600_000;
      srv.auth.expireAccessTokens();
      const tokens = await Promise.all(clients.flatMap((c) => [c.getToken(), c.getToken()]));
      expect(new Set(tokens).size).toBe(1);
      expect(srv.auth.stats.refreshes).toBe(1);
      expect(srv.auth.stats.reuseRevocations).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a network cut after the refresh was sent: no resend, state 'sign in again', connection intact", async () => {
    let t = Date.now();
    const { client, store } = await signedIn(srv, undefined, undefined, { now: () => t });
    const old = (await store.getTokens(srv.url))!.refresh_token;
    t += 3600_000;
    srv.auth.faults.token = { grantType: "refresh_token", action: "drop" };
    await expectSignedOut(client.getToken());
    const rec = (await store.getTokens(srv.url))!;
    expect(rec.state).toBe("reauth_required");
    expect(rec.refresh_token).toBeUndefined();
    expect(rec.message).toMatch(/sign in again/);
    const sent = srv.auth.tokenRequests.length;
    await expectSignedOut(client.getToken());
    const api = new ApiClient({ baseUrl: srv.url, credentials: client });
    await expect(api.call("get_company", { ticker: "AAPL" })).rejects.toMatchObject({ kind: "signed_out" });
    expect(srv.auth.tokenRequests.length).toBe(sent); // never presented again
    expect(srv.auth.stats.reuseRevocations).toBe(0);
    expect(srv.auth.tokenRequests.filter((r) => r.grantType === "refresh_token")).toHaveLength(1);
    expect(JSON.stringify([...(store as MemoryTokenStore).tokens.values()])).not.toContain(old!);
    expect((await client.status()).state).toBe("reauth_required");
  });

  test("a refresh that times out is not resent either", async () => {
    let t = Date.now();
    const { client, store } = await signedIn(srv, undefined, undefined, { now: () => t, timeoutMs: 300 });
    t += 3600_000;
    srv.auth.faults.token = { grantType: "refresh_token", action: "delay:1500" };
    await expectSignedOut(client.getToken());
    expect((await store.getTokens(srv.url))!.state).toBe("reauth_required");
    await expectSignedOut(client.getToken());
    expect(srv.auth.tokenRequests.filter((r) => r.grantType === "refresh_token")).toHaveLength(1);
  });

  test("a 500 from the token endpoint is ambiguous too", async () => {
    let t = Date.now();
    const { client, store } = await signedIn(srv, undefined, undefined, { now: () => t });
    t += 3600_000;
    srv.auth.faults.token = { grantType: "refresh_token", action: "500" };
    await expectSignedOut(client.getToken());
    expect((await store.getTokens(srv.url))!.state).toBe("reauth_required");
  });

  test("connection refused before sending keeps the tokens (nothing was presented)", async () => {
    let t = Date.now();
    const { store } = await signedIn(srv, undefined, undefined, { now: () => t });
    const refused: typeof fetch = async (input, init) => {
      if (String(input).endsWith("/oauth/token")) {
        const e = new TypeError("fetch failed");
        (e as { cause?: unknown }).cause = { code: "ECONNREFUSED" };
        throw e;
      }
      return fetch(input, init);
    };
    const c = new OAuthClient({ baseUrl: srv.url, store, now: () => t, fetch: refused });
    t += 3600_000;
    await expect(c.getToken()).rejects.toMatchObject({ kind: "network" });
    expect((await store.getTokens(srv.url))!.state).toBe("signed_in");
  });

  test("invalid_grant (connection revoked) signs out with a message; cells get 'Sign in from the SVC pane'", async () => {
    let t = Date.now();
    const { client } = await signedIn(srv, undefined, undefined, { now: () => t });
    srv.auth.revokeAll();
    t += 3600_000;
    const api = new ApiClient({ baseUrl: srv.url, credentials: client });
    const err = await api.call("get_company", { ticker: "AAPL" }).catch((e) => e);
    expect(err).toBeInstanceOf(SvcError);
    expect(err).toMatchObject({ kind: "signed_out", detail: expect.stringMatching(/revoked.*sign in again/) });
    const s = await client.status();
    expect(s.state).toBe("signed_out");
    expect(s.message).toMatch(/revoked/);
  });

  test("a revoked connection discovered by a 401 also signs out", async () => {
    const { client } = await signedIn(srv);
    srv.auth.revokeAll();
    const api = new ApiClient({ baseUrl: srv.url, credentials: client });
    await expect(api.call("get_company", { ticker: "AAPL" })).rejects.toMatchObject({ kind: "signed_out" });
    expect((await client.status()).state).toBe("signed_out");
    expect(srv.auth.tokenRequests.filter((r) => r.grantType === "refresh_token")).toHaveLength(1);
  });

  test("a failed code exchange is not retried", async () => {
    const client = new OAuthClient({ baseUrl: srv.url, store: new MemoryTokenStore() });
    const { authorizeUrl, pending } = await client.beginSignIn({ redirectUri: REDIRECT });
    const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: REDIRECT });
    srv.auth.faults.token = { grantType: "authorization_code", action: "drop" };
    const err = await client.completeSignIn(callbackUrl, pending).catch((e) => e);
    expect(err).toBeInstanceOf(SignInError);
    expect(err.code).toBe("exchange_ambiguous");
    await expect(client.completeSignIn(callbackUrl, pending)).rejects.toMatchObject({ code: "already_used" });
    expect(srv.auth.tokenRequests.filter((r) => r.grantType === "authorization_code")).toHaveLength(1);
    expect(srv.auth.stats.reuseRevocations).toBe(0);
    expect((await client.status()).state).toBe("signed_out");
  });

  test("a refused code exchange (bad verifier) is reported and not retried", async () => {
    const client = new OAuthClient({ baseUrl: srv.url, store: new MemoryTokenStore() });
    const { authorizeUrl, pending } = await client.beginSignIn({ redirectUri: REDIRECT });
    const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: REDIRECT });
    const forged = { ...pending, codeVerifier: "x".repeat(43), as: pending.as, used: false };
    await expect(client.completeSignIn(callbackUrl, forged)).rejects.toMatchObject({ code: "exchange_failed" });
    expect(srv.auth.tokenRequests.filter((r) => r.grantType === "authorization_code")).toHaveLength(1);
  });

  test("a state mismatch is rejected without any exchange; the genuine answer still works", async () => {
    const client = new OAuthClient({ baseUrl: srv.url, store: new MemoryTokenStore() });
    const { authorizeUrl, pending } = await client.beginSignIn({ redirectUri: REDIRECT });
    const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: REDIRECT });
    const bad = new URL(callbackUrl);
    bad.searchParams.set("state", "not-the-state");
    await expect(client.completeSignIn(bad.toString(), pending)).rejects.toMatchObject({ code: "state_mismatch" });
    const missing = new URL(callbackUrl);
    missing.searchParams.delete("state");
    await expect(client.completeSignIn(missing.toString(), pending)).rejects.toMatchObject({ code: "state_mismatch" });
    expect(srv.auth.tokenRequests).toHaveLength(0);
    await expect(client.completeSignIn(callbackUrl, pending)).resolves.toMatchObject({ state: "signed_in" });
  });

  test("an iss mismatch and a foreign callback address are rejected", async () => {
    const client = new OAuthClient({ baseUrl: srv.url, store: new MemoryTokenStore() });
    const { authorizeUrl, pending } = await client.beginSignIn({ redirectUri: REDIRECT });
    const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: REDIRECT });
    const bad = new URL(callbackUrl);
    bad.searchParams.set("iss", "https://evil.example");
    await expect(client.completeSignIn(bad.toString(), pending)).rejects.toMatchObject({ code: "issuer_mismatch" });
    const noIss = new URL(callbackUrl);
    noIss.searchParams.delete("iss"); // the server advertises iss support: it must be there
    await expect(client.completeSignIn(noIss.toString(), pending)).rejects.toMatchObject({ code: "issuer_mismatch" });
    const elsewhere = callbackUrl.replace("https://addin.example/", "https://evil.example/");
    await expect(client.completeSignIn(elsewhere, pending)).rejects.toMatchObject({ code: "invalid_callback" });
    expect(srv.auth.tokenRequests).toHaveLength(0);
  });

  test("Deny at the consent page ends as access_denied", async () => {
    const client = new OAuthClient({ baseUrl: srv.url, store: new MemoryTokenStore() });
    const { authorizeUrl, pending } = await client.beginSignIn({ redirectUri: REDIRECT });
    const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: REDIRECT, decision: "deny" });
    await expect(client.completeSignIn(callbackUrl, pending)).rejects.toMatchObject({ code: "access_denied" });
  });

  test("the fake AS: a code presented twice revokes the connection; an old refresh token too", async () => {
    // Protocol-level checks of the fake itself, with hand-made requests.
    const client = new OAuthClient({ baseUrl: srv.url, store: new MemoryTokenStore() });
    const { authorizeUrl, pending } = await client.beginSignIn({ redirectUri: REDIRECT });
    const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: REDIRECT });
    const code = new URL(callbackUrl).searchParams.get("code")!;
    const post = (body: Record<string, string>) =>
      fetch(`${srv.url}/oauth/token`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(body) });
    const base = { grant_type: "authorization_code", code, client_id: pending.clientId, code_verifier: pending.codeVerifier };
    expect((await post({ ...base, redirect_uri: REDIRECT + "x" })).status).toBe(400); // exact redirect URI (spends the code)
    // A fresh code for the rest.
    const b2 = await client.beginSignIn({ redirectUri: REDIRECT });
    const cb2 = await followAuthorize(b2.authorizeUrl, { redirectPrefix: REDIRECT });
    const code2 = new URL(cb2.callbackUrl).searchParams.get("code")!;
    const ok = await post({ grant_type: "authorization_code", code: code2, client_id: b2.pending.clientId, code_verifier: b2.pending.codeVerifier, redirect_uri: REDIRECT });
    expect(ok.status).toBe(200);
    const tok = (await ok.json()) as { refresh_token: string; access_token: string };
    const again = await post({ grant_type: "authorization_code", code: code2, client_id: b2.pending.clientId, code_verifier: b2.pending.codeVerifier, redirect_uri: REDIRECT });
    expect(again.status).toBe(400);
    expect(srv.auth.validateToken(tok.access_token)).toBe(false); // whole connection revoked

    const b3 = await client.beginSignIn({ redirectUri: REDIRECT });
    const cb3 = await followAuthorize(b3.authorizeUrl, { redirectPrefix: REDIRECT });
    const r3 = await post({ grant_type: "authorization_code", code: new URL(cb3.callbackUrl).searchParams.get("code")!, client_id: b3.pending.clientId, code_verifier: b3.pending.codeVerifier, redirect_uri: REDIRECT });
    const t3 = (await r3.json()) as { refresh_token: string };
    const rot = await post({ grant_type: "refresh_token", refresh_token: t3.refresh_token, client_id: b3.pending.clientId });
    expect(rot.status).toBe(200);
    const t4 = (await rot.json()) as { refresh_token: string; access_token: string };
    expect(t4.refresh_token).not.toBe(t3.refresh_token);
    const reuse = await post({ grant_type: "refresh_token", refresh_token: t3.refresh_token, client_id: b3.pending.clientId });
    expect(reuse.status).toBe(400);
    expect(srv.auth.validateToken(t4.access_token)).toBe(false);
    expect((await post({ grant_type: "refresh_token", refresh_token: t4.refresh_token, client_id: b3.pending.clientId })).status).toBe(400);
  });

  test("the fake AS refuses plain PKCE, custom schemes and unregistered redirect URIs", async () => {
    const reg = await fetch(`${srv.url}/oauth/register`, { method: "POST", body: JSON.stringify({ redirect_uris: ["myapp://cb"], token_endpoint_auth_method: "none" }) });
    expect(reg.status).toBe(400);
    const client = new OAuthClient({ baseUrl: srv.url, store: new MemoryTokenStore() });
    const { authorizeUrl } = await client.beginSignIn({ redirectUri: REDIRECT });
    const plain = new URL(authorizeUrl);
    plain.searchParams.set("code_challenge_method", "plain");
    const r = await fetch(plain, { redirect: "manual" });
    expect(r.status).toBe(303);
    expect(new URL(r.headers.get("location")!).searchParams.get("error")).toBe("invalid_request");
    const other = new URL(authorizeUrl);
    other.searchParams.set("redirect_uri", "https://evil.example/cb");
    const r2 = await fetch(other, { redirect: "manual" });
    expect(r2.status).toBe(400);
    expect(await r2.text()).not.toContain("evil.example");
  });

  test("sign out revokes the refresh token (RFC 7009) and clears the store", async () => {
    const { client, store } = await signedIn(srv);
    const token = await client.getToken();
    const res = await client.signOut();
    expect(res.revoked).toBe(true);
    expect(srv.auth.activeConnections()).toHaveLength(0);
    expect(srv.auth.validateToken(token)).toBe(false);
    expect(await store.getTokens(srv.url)).toBeNull();
    await expectSignedOut(client.getToken());
  });

  test("registration: kept per issuer; redone only after invalid_client; rate limit reported", async () => {
    const store = new MemoryTokenStore();
    const client = new OAuthClient({ baseUrl: srv.url, store });
    const first = await client.beginSignIn({ redirectUri: REDIRECT });
    // The server forgets the client: the code exchange answers invalid_client and the registration is dropped.
    const { callbackUrl } = await followAuthorize(first.authorizeUrl, { redirectPrefix: REDIRECT });
    srv.auth.clients.delete(first.pending.clientId);
    await expect(client.completeSignIn(callbackUrl, first.pending)).rejects.toMatchObject({ code: "invalid_client" });
    const second = await client.beginSignIn({ redirectUri: REDIRECT });
    expect(second.pending.clientId).not.toBe(first.pending.clientId);
    expect(srv.auth.stats.registrations).toBe(2);
    // Exhaust the hourly limit with fresh stores: the error says so.
    for (let i = 0; i < 8; i++) await new OAuthClient({ baseUrl: srv.url, store: new MemoryTokenStore() }).beginSignIn({ redirectUri: REDIRECT });
    await expect(new OAuthClient({ baseUrl: srv.url, store: new MemoryTokenStore() }).beginSignIn({ redirectUri: REDIRECT })).rejects.toMatchObject({
      code: "registration_failed",
    });
  });
});
