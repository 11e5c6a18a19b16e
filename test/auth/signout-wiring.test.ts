/**
 * Sign-out forgets the connection (engine.forgetConnection()), another runtime's sign-out is heard (storage event -> externalChange), and
 * a sign-in-again from a fault does NOT clear the cache (stale answers stay as fallbacks).
 */
import { OAuthClient } from "../../src/auth/oauth-client";
import { MemoryTokenStore } from "../../src/auth/store";
import { forgetConnection } from "../../src/compose/page-runtime";
import type { SvcEngine } from "../../src/engine";

const BASE = "https://api.example";

function signedInStore(): MemoryTokenStore {
  const store = new MemoryTokenStore();
  store.tokens.set(BASE, { state: "signed_in", access_token: "at", refresh_token: "rt", client_id: "c", issuer: BASE, sign_in_id: "s1", expires_at: Date.now() + 3600_000 });
  return store;
}

test("forgetConnection is the engine's forgetConnection()", async () => {
  const calls: string[] = [];
  const engine = { forgetConnection: async () => void calls.push("forget"), clearCache: async () => void calls.push("clear") } as unknown as SvcEngine;
  await forgetConnection(engine);
  expect(calls).toEqual(["forget"]);
});

test("sign-out calls onSignedOut after the record is gone", async () => {
  const store = signedInStore();
  let seen: unknown = "not called";
  const client = new OAuthClient({
    baseUrl: BASE,
    store,
    fetch: async () => new Response("", { status: 200 }),
    onSignedOut: async () => {
      seen = await store.getTokens(BASE);
    },
  });
  await client.signOut();
  expect(seen).toBeNull();
});

test("another runtime's sign-out (record gone) is heard; a change that keeps a record is not a sign-out", async () => {
  const store = signedInStore();
  let forgot = 0;
  const states: string[] = [];
  const client = new OAuthClient({ baseUrl: BASE, store, onSignedOut: () => void forgot++ });
  client.onStatusChange((s) => states.push(s.state));
  store.tokens.set(BASE, { state: "reauth_required", message: "x; sign in again" });
  await client.externalChange();
  expect(forgot).toBe(0);
  store.tokens.delete(BASE);
  await client.externalChange();
  expect(forgot).toBe(1);
  expect(states).toEqual(["reauth_required", "signed_out"]);
});

test("a failure of the store or the lock leaves getToken as SvcError signed_out with the reason, never a plain Error", async () => {
  const store = signedInStore();
  store.getTokens = async () => {
    throw Object.assign(new Error("EACCES: permission denied, open credentials.json"), { code: "EACCES" });
  };
  const client = new OAuthClient({ baseUrl: BASE, store });
  await expect(client.getToken()).rejects.toMatchObject({ name: "SvcError", kind: "signed_out", detail: expect.stringMatching(/could not be checked \(EACCES/) });
  const locked = new OAuthClient({
    baseUrl: BASE,
    store: signedInStore(),
    lock: { run: async () => Promise.reject(new Error("lock directory /tmp/x is open to other users")) },
  });
  await expect(locked.onUnauthorized("at")).rejects.toMatchObject({ kind: "signed_out", detail: expect.stringMatching(/open to other users/) });
});
