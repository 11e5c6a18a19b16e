/**
 * Token requests on a connection pool of their own (src/auth/token-pool.ts): what is learnt, when,
 * and that the OAuth client routes exactly the single-use requests (code exchange, refresh) there
 * and sends its origin probe to the other pool. The Chromium behaviour it exists for is proven in
 * the fault matrix (the "reset" cell and its control).
 */
import { OAuthClient } from "../../src/auth/oauth-client";
import { IDLE_CONNECTION_MS, REMEMBER_MS, TokenPoolRouter } from "../../src/auth/token-pool";
import { MemoryTokenStore, StorageLike } from "../../src/auth/store";
import { startFakeAuthOnly } from "../fakes/auth/fake-auth-server";
import { followAuthorize } from "../fakes/auth/follow";

const EP = "https://api.example/oauth/token";

class MapStorage implements StorageLike {
  m = new Map<string, string>();
  getItem(k: string) {
    return this.m.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.m.set(k, v);
  }
  removeItem(k: string) {
    this.m.delete(k);
  }
}

/** A fetch that answers by credentials mode: "ok" resolves, "cors" / "down" reject like a browser. */
function fakeFetch(by: Partial<Record<RequestCredentials, "ok" | "fail">>) {
  const calls: Array<{ url: string; credentials?: RequestCredentials; method?: string }> = [];
  const f = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), credentials: init?.credentials, method: init?.method });
    if ((by[init?.credentials ?? "same-origin"] ?? "fail") === "fail") throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify({ detail: "Method not allowed" }), { status: 405 });
  }) as typeof fetch;
  return { f, calls };
}

describe("TokenPoolRouter", () => {
  test("an endpoint that answers a credentialed GET gets its own pool; remembered across runtimes", async () => {
    const storage = new MapStorage();
    const { f, calls } = fakeFetch({ include: "ok", omit: "ok" });
    const r = new TokenPoolRouter({ fetch: f, storage, prefix: "p:" });
    expect(r.fetchFor(EP)).toBeUndefined(); // not known yet: the default pool
    expect(await r.learn(EP)).toBe("own");
    expect(calls).toEqual([{ url: EP, credentials: "include", method: "GET" }]);
    expect(storage.getItem(`p:svc-auth:token-pool:${EP}`)).toMatch(/^own:\d+$/);
    // Another runtime reads it without asking again.
    const { f: f2, calls: calls2 } = fakeFetch({ include: "ok" });
    const other = new TokenPoolRouter({ fetch: f2, storage, prefix: "p:" });
    expect(await other.learn(EP)).toBe("own");
    expect(calls2).toHaveLength(0);
    await other.fetchFor(EP)!(EP, { method: "POST", body: "x" });
    expect(calls2).toEqual([{ url: EP, credentials: "include", method: "POST" }]);
    expect(other.probeCredentials(EP)).toBe("omit"); // the probe goes to the OTHER pool
  });

  test("CORS refusing credentials (the plain GET answers): the shared pool, and the probe uses the credentialed one", async () => {
    const storage = new MapStorage();
    const { f, calls } = fakeFetch({ include: "fail", omit: "ok" });
    const r = new TokenPoolRouter({ fetch: f, storage });
    expect(await r.learn(EP)).toBe("shared");
    expect(calls.map((c) => c.credentials)).toEqual(["include", "omit"]);
    expect(r.fetchFor(EP)).toBeUndefined();
    expect(r.probeCredentials(EP)).toBe("include");
    expect(storage.getItem(`svc-auth:token-pool:${EP}`)).toMatch(/^shared:\d+$/);
  });

  test("nothing answers: nothing is learnt (asked again next time), one question at a time", async () => {
    const storage = new MapStorage();
    const { f, calls } = fakeFetch({});
    const r = new TokenPoolRouter({ fetch: f, storage });
    const [a, b] = await Promise.all([r.learn(EP), r.learn(EP)]);
    expect([a, b]).toEqual([null, null]);
    expect(calls).toHaveLength(2); // include, then omit — once for both callers
    expect(storage.m.size).toBe(0);
    await r.learn(EP);
    expect(calls).toHaveLength(4);
  });

  test("an answer is trusted for a week; two unreadable answers in a row put the endpoint in the shared pool; blocked storage works for this runtime", async () => {
    let t = 1_000_000;
    const storage = new MapStorage();
    const { f, calls } = fakeFetch({ include: "ok" });
    const r = new TokenPoolRouter({ fetch: f, storage, now: () => t });
    expect(await r.learn(EP)).toBe("own");
    t += REMEMBER_MS - 1;
    expect(r.pool(EP)).toBe("own");
    t += 1;
    expect(r.pool(EP)).toBeNull(); // a week old: learnt again at the next safe moment
    expect(await r.learn(EP)).toBe("own");
    expect(calls).toHaveLength(2);
    r.unreadable(EP); // one lost answer: keep the own pool
    r.readable(EP);
    r.unreadable(EP);
    expect(r.pool(EP)).toBe("own");
    r.unreadable(EP); // the second in a row: its credentialed answers cannot be read after all
    expect(r.pool(EP)).toBe("shared");
    expect(r.fetchFor(EP)).toBeUndefined();
    expect(new TokenPoolRouter({ fetch: f, storage, now: () => t }).pool(EP)).toBe("shared");

    const blocked: StorageLike = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
      removeItem: () => undefined,
    };
    const b = new TokenPoolRouter({ fetch: f, storage: blocked });
    expect(await b.learn(EP)).toBe("own");
    expect(b.fetchFor(EP)).toBeDefined();
  });
});

describe("the OAuth client routes token requests (fake authorization server)", () => {
  type Srv = Awaited<ReturnType<typeof startFakeAuthOnly>>;
  let srv: Srv;
  const REDIRECT = "https://addin.example/auth/callback.html";
  afterEach(async () => {
    await srv?.close();
  });

  /** Node's fetch sends no Origin: the router's view of credentials modes is recorded here instead. */
  function recording() {
    const seen: Array<{ path: string; method: string; credentials?: RequestCredentials }> = [];
    const f = ((input: string | URL | Request, init?: RequestInit) => {
      seen.push({ path: new URL(String(input)).pathname, method: init?.method ?? "GET", credentials: init?.credentials });
      return fetch(input, init);
    }) as typeof fetch;
    return { f, seen };
  }

  async function setup(now: () => number, store = new MemoryTokenStore(), existing?: Srv) {
    srv = existing ?? (await startFakeAuthOnly({ corsCredentials: true }));
    const { f, seen } = recording();
    const storage = new MapStorage();
    const router = new TokenPoolRouter({ fetch: f, storage });
    const probes: Array<RequestCredentials | undefined> = [];
    const client = new OAuthClient({
      baseUrl: srv.url,
      store,
      fetch: f,
      now,
      tokenRequests: router,
      probeOrigin: async (_origin, credentials) => (probes.push(credentials), true),
    });
    return { client, seen, probes, router, storage };
  }

  test("sign-in learns first; the code exchange and the refresh go credentialed, the probe does not", async () => {
    let t = Date.now();
    const { client, seen, probes } = await setup(() => t);
    const { authorizeUrl, pending } = await client.beginSignIn({ redirectUri: REDIRECT });
    const learn = seen.findIndex((s) => s.path === "/oauth/token");
    expect(seen[learn]).toEqual({ path: "/oauth/token", method: "GET", credentials: "include" });
    const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: REDIRECT });
    await client.completeSignIn(callbackUrl, pending);
    t += 3_600_000; // an hour later: the access token has expired
    await client.getToken();
    const posts = seen.filter((s) => s.path === "/oauth/token" && s.method === "POST");
    expect(posts.map((p) => p.credentials)).toEqual(["include", "include"]); // exchange, refresh
    expect(probes).toEqual(["omit"]);
    // Nothing else is credentialed (discovery, registration, the API's challenge).
    expect(seen.filter((s) => s.credentials === "include" && s.path !== "/oauth/token")).toEqual([]);
  });

  test("prepareTokenRequests learns only while the next refresh is more than 5 idle-connection minutes away", async () => {
    let t = Date.now();
    const store = new MemoryTokenStore();
    const first = await setup(() => t, store);
    const { authorizeUrl, pending } = await first.client.beginSignIn({ redirectUri: REDIRECT });
    const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: REDIRECT });
    await first.client.completeSignIn(callbackUrl, pending);
    // A later runtime that has never learnt it (its storage is new; e.g. signed in before this version).
    const { client, seen, router } = await setup(() => t, store, srv);
    const ep = `${srv.url}/oauth/token`;
    expect(router.pool(ep)).toBeNull();
    const gets = () => seen.filter((s) => s.path === "/oauth/token" && s.method === "GET").length;
    // The access token lasts an hour; the refresh is due 60 s (the skew) before it ends.
    const refreshAt = t + 3_600_000 - 60_000;
    t = refreshAt - IDLE_CONNECTION_MS; // 5 minutes before the refresh
    await client.prepareTokenRequests();
    expect(gets()).toBe(0); // too close: the learning GET's connection could still be idle then
    t = refreshAt - 15 * 60_000;
    await client.prepareTokenRequests();
    expect(gets()).toBe(1);
    expect(router.pool(ep)).toBe("own");
  });

  test("credentialed answers that cannot be read: each such request is 'sign in again'; the second in a row moves to the shared pool", async () => {
    let t = Date.now();
    const { client, router, seen } = await setup(() => t);
    const signIn = async () => {
      const { authorizeUrl, pending } = await client.beginSignIn({ redirectUri: REDIRECT });
      const { callbackUrl } = await followAuthorize(authorizeUrl, { redirectPrefix: REDIRECT });
      return client.completeSignIn(callbackUrl, pending);
    };
    await signIn();
    const ep = `${srv.url}/oauth/token`;
    expect(router.pool(ep)).toBe("own");
    // From now on the browser cannot read credentialed answers (the server still processes them).
    const real = router.fetchFor.bind(router);
    router.fetchFor = (e: string) => {
      const f = real(e);
      return f && (async (i, init) => (await f(i, init), Promise.reject(new TypeError("Failed to fetch"))));
    };
    t += 3_600_000;
    await expect(client.getToken()).rejects.toMatchObject({ kind: "signed_out", detail: expect.stringMatching(/sign in again/) });
    expect(router.pool(ep)).toBe("own"); // one lost answer could be the network
    await expect(signIn()).rejects.toMatchObject({ code: "exchange_ambiguous" });
    expect(router.pool(ep)).toBe("shared");
    const before = seen.length;
    await signIn();
    t += 3_600_000;
    expect(await client.getToken()).toMatch(/^svc_at_/);
    expect(seen.slice(before).filter((x) => x.credentials === "include")).toEqual([]);
  });
});
