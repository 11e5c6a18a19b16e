/**
 * The OAuth client's connection id: connectionId() = "oauth:" + issuer + "|" + client_id + "|" +
 * sign_in_id, where sign_in_id is random per code exchange, kept across refreshes (also when a
 * refreshed sign-in lives in memory only) and gone at sign-out or "sign in again".
 */
import { OAuthClient } from "../../src/auth/oauth-client";
import { MemoryTokenStore, TokenStore } from "../../src/auth/store";
import { startFakeAuthOnly } from "../fakes/auth/fake-auth-server";
import { followAuthorize } from "../fakes/auth/follow";

const REDIRECT = "https://addin.example/auth/callback.html";
type Srv = Awaited<ReturnType<typeof startFakeAuthOnly>>;

async function signIn(client: OAuthClient): Promise<void> {
  const { authorizeUrl, pending } = await client.beginSignIn({ redirectUri: REDIRECT });
  const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: REDIRECT });
  await client.completeSignIn(callbackUrl, pending);
}

describe("connectionId()", () => {
  let srv: Srv;
  let t: number;
  beforeEach(async () => {
    srv = await startFakeAuthOnly();
    t = Date.now();
  });
  afterEach(() => srv.close());

  const clientOver = (store: TokenStore) => new OAuthClient({ baseUrl: srv.url, store, now: () => t });

  test("null when signed out; issuer|client|sign-in id after sign-in; the same after a refresh; null after sign-out", async () => {
    const store = new MemoryTokenStore();
    const client = clientOver(store);
    expect(await client.connectionId()).toBeNull();
    await signIn(client);
    const id = await client.connectionId();
    const rec = await store.getTokens(srv.url);
    expect(rec?.state).toBe("signed_in");
    const clientId = rec?.client_id;
    expect(id).toMatch(new RegExp(`^oauth:${srv.url.replace(/[.]/g, "\\.")}\\|${clientId}\\|[0-9a-f]{32}$`));
    expect(id).not.toContain(rec?.access_token ?? "-");
    t += 3600_000;
    srv.auth.expireAccessTokens();
    await client.getToken();
    expect(srv.auth.stats.refreshes).toBe(1);
    expect(await client.connectionId()).toBe(id);
    // Another runtime over the same store sees the same connection.
    expect(await clientOver(store).connectionId()).toBe(id);
    await client.signOut();
    expect(await client.connectionId()).toBeNull();
  });

  test("a new sign-in (same account, same client) is a new connection", async () => {
    const client = clientOver(new MemoryTokenStore());
    await signIn(client);
    const first = await client.connectionId();
    await signIn(client);
    const second = await client.connectionId();
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    expect(second?.split("|").slice(0, 2)).toEqual(first?.split("|").slice(0, 2));
  });

  test("'sign in again' after a lost refresh: null", async () => {
    const client = clientOver(new MemoryTokenStore());
    await signIn(client);
    t += 3600_000;
    srv.auth.faults.token = { grantType: "refresh_token", action: "drop" };
    await expect(client.getToken()).rejects.toMatchObject({ kind: "signed_out" });
    expect(await client.connectionId()).toBeNull();
  });

  test("a refreshed sign-in that could not be saved keeps its id while it lives in memory", async () => {
    const store = new MemoryTokenStore();
    const client = clientOver(store);
    await signIn(client);
    const id = await client.connectionId();
    t += 3600_000;
    let writes = 0;
    const setTokens = store.setTokens.bind(store);
    store.setTokens = async (base, rec) => {
      if (++writes === 2) throw Object.assign(new Error("disk full"), { code: "ENOSPC" }); // the mark passes, the save fails
      return setTokens(base, rec);
    };
    await expect(client.getToken()).resolves.toMatch(/^svc_at_/);
    expect((await store.getTokens(srv.url))?.state).toBe("reauth_required");
    expect(await client.connectionId()).toBe(id);
  });

  test("a store that cannot be read: a signed_out SvcError with the reason, not a plain error", async () => {
    const store = new MemoryTokenStore();
    store.getTokens = async () => {
      throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
    };
    await expect(clientOver(store).connectionId()).rejects.toMatchObject({ kind: "signed_out", detail: expect.stringMatching(/EACCES/) });
  });
});
