/**
 * The refresh protocol (src/auth/refresh.ts) branch by branch, on a scripted token endpoint: what
 * is sent, what is written (MARK before SEND, SAVE after), and the end state. The same protocol
 * against real servers and processes is the fault matrix (test/auth/fault-matrix.test.ts).
 */
import { newWireStats } from "../../src/auth/http";
import { Refresher } from "../../src/auth/refresh";
import { MemoryTokenStore } from "../../src/auth/store";
import { TokenKeeper } from "../../src/auth/token-keeper";
import { RenewableRecord, tokenHash } from "../../src/auth/token-record";
import { LocalLock } from "../../src/platform/locks";

const BASE = "https://api.example";
const ISSUER = "https://api.example";
const TOKEN = `${ISSUER}/oauth/token`;
const NOW = 1_700_000_000_000;

const signedIn = (over: Partial<RenewableRecord> = {}): RenewableRecord => ({
  state: "signed_in",
  access_token: "at1",
  refresh_token: "rt1",
  expires_at: NOW - 1000,
  issuer: ISSUER,
  client_id: "c1",
  resource: `${BASE}/mcp`,
  sign_in_id: "s1",
  ...over,
});

type Answer = Response | Error | ((body: URLSearchParams) => Response);

function setup(answer: Answer, opts: { offline?: boolean; probe?: boolean } = {}) {
  const store = new MemoryTokenStore();
  const sent: URLSearchParams[] = [];
  const fetchImpl = (async (_url: string | URL | Request, init?: RequestInit) => {
    const body = new URLSearchParams(String(init?.body));
    sent.push(body);
    if (answer instanceof Error) throw answer;
    return typeof answer === "function" ? answer(body) : answer;
  }) as typeof fetch;
  const stats = newWireStats();
  const notified: number[] = [];
  const keeper = new TokenKeeper({ store, baseUrl: BASE, now: () => NOW, skewMs: 60_000, signedOutMessage: "Sign in", notify: () => notified.push(1) });
  const lock = new LocalLock();
  const refresher = new Refresher({
    keeper,
    locked: (fn) => lock.run("svc-credentials", fn),
    http: { fetch: fetchImpl, timeoutMs: 5000, stats },
    serverFor: async () => ({ issuer: ISSUER, token_endpoint: TOKEN }),
    clearClient: async (issuer) => store.clearClient(issuer),
    now: () => NOW,
    isOffline: () => !!opts.offline,
    probeOrigin: opts.probe === undefined ? undefined : async () => !!opts.probe,
    notify: () => notified.push(1),
  });
  return { store, sent, stats, refresher, keeper };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
const rotated = () => json(200, { access_token: "at2", refresh_token: "rt2", token_type: "Bearer", expires_in: 3600 });
const stored = (s: MemoryTokenStore) => s.tokens.get(BASE);

describe("Refresher", () => {
  test("rotated: MARK, SEND once, SAVE; the sign-in id and connection stay", async () => {
    const { store, sent, stats, refresher } = setup(rotated());
    store.tokens.set(BASE, signedIn());
    await expect(refresher.run({ kind: "expired" })).resolves.toBe("at2");
    expect(store.writes).toEqual([`tokens:${BASE}`, `tokens:${BASE}`]);
    expect(sent).toHaveLength(1);
    expect(Object.fromEntries(sent[0])).toMatchObject({ grant_type: "refresh_token", refresh_token: "rt1", client_id: "c1", resource: `${BASE}/mcp` });
    expect(stats.refreshesSent).toBe(1);
    expect(stored(store)).toMatchObject({ access_token: "at2", refresh_token: "rt2", sign_in_id: "s1", expires_at: NOW + 3600_000 });
    expect(stored(store)).not.toHaveProperty("refresh_in_flight");
  });

  test("single flight: concurrent callers share one refresh", async () => {
    const { store, sent, refresher } = setup(rotated());
    store.tokens.set(BASE, signedIn());
    const tokens = await Promise.all([1, 2, 3].map(() => refresher.run({ kind: "expired" })));
    expect(new Set(tokens)).toEqual(new Set(["at2"]));
    expect(sent).toHaveLength(1);
  });

  test("someone else rotated while we waited: their token, nothing sent", async () => {
    const { store, sent, refresher } = setup(rotated());
    store.tokens.set(BASE, signedIn({ access_token: "theirs", expires_at: NOW + 3600_000 }));
    await expect(refresher.run({ kind: "refused", token: "at1" })).resolves.toBe("theirs");
    expect(sent).toHaveLength(0);
  });

  test("a mark for this very token: SIGN IN AGAIN, nothing sent", async () => {
    const { store, sent, refresher } = setup(rotated());
    store.tokens.set(BASE, signedIn({ refresh_in_flight: { hash: await tokenHash("rt1"), at: NOW - 5 } }));
    await expect(refresher.run({ kind: "expired" })).rejects.toMatchObject({ kind: "signed_out", detail: expect.stringMatching(/interrupted.*sign in again/) });
    expect(sent).toHaveLength(0);
    expect(stored(store)).toEqual({ state: "reauth_required", message: expect.stringMatching(/interrupted/), issuer: ISSUER, client_id: "c1", resource: `${BASE}/mcp`, updated_at: NOW });
  });

  test.each([
    ["offline", { offline: true }],
    ["the origin probe failing", { probe: false }],
  ])("%s: NOT SENT, nothing written, the token kept", async (_name, o) => {
    const { store, sent, refresher } = setup(rotated(), o);
    store.tokens.set(BASE, signedIn());
    await expect(refresher.run({ kind: "expired" })).rejects.toMatchObject({ kind: "network" });
    expect(sent).toHaveLength(0);
    expect(store.writes).toEqual([]);
  });

  test.each([
    ["connection refused", Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }), "network"],
    ["429", json(429, { error: "slow_down" }), "busy"],
  ])("%s: UNMARK, the refresh token kept", async (_name, answer, kind) => {
    const { store, stats, refresher } = setup(answer as Answer);
    store.tokens.set(BASE, signedIn());
    await expect(refresher.run({ kind: "expired" })).rejects.toMatchObject({ kind });
    expect(stored(store)).toEqual(signedIn());
    expect(stats.refreshesSent).toBe(kind === "busy" ? 1 : 0);
  });

  test.each([
    ["a reset after sending", new TypeError("socket hang up"), /no answer/],
    ["a 500", json(500, { error: "server_error" }), /unexpected answer/],
    ["an unreadable 200", new Response("<html>", { status: 200 }), /unexpected answer/],
  ])("%s: SIGN IN AGAIN (maybe rotated: never resent)", async (_name, answer, why) => {
    const { store, sent, refresher } = setup(answer as Answer);
    store.tokens.set(BASE, signedIn());
    await expect(refresher.run({ kind: "expired" })).rejects.toMatchObject({ kind: "signed_out", detail: expect.stringMatching(why) });
    expect(stored(store)?.state).toBe("reauth_required");
    expect(JSON.stringify(stored(store))).not.toContain("rt1");
    await expect(refresher.run({ kind: "expired" })).rejects.toMatchObject({ kind: "signed_out" });
    expect(sent).toHaveLength(1);
  });

  test.each([
    ["invalid_grant", /revoked or has expired/, true],
    ["invalid_client", /registration is no longer known/, false],
    ["invalid_scope", /refused to renew the sign-in \(invalid_scope\)/, true],
  ])("refused with %s: SIGNED OUT with the server's reason", async (error, why, keepsClient) => {
    const { store, refresher } = setup(json(400, { error }));
    store.tokens.set(BASE, signedIn());
    store.clients.set(ISSUER, { issuer: ISSUER, client_id: "c1", redirect_uris: [], registered_at: 0 });
    await expect(refresher.run({ kind: "expired" })).rejects.toMatchObject({ kind: "signed_out", detail: expect.stringMatching(why) });
    expect(stored(store)?.state).toBe("signed_out");
    expect(store.clients.has(ISSUER)).toBe(keepsClient);
  });

  test("the save fails after rotation: the new tokens live in memory for this run, the record says sign in again", async () => {
    const { store, keeper, refresher } = setup(rotated());
    store.tokens.set(BASE, signedIn());
    const set = store.setTokens.bind(store);
    let n = 0;
    store.setTokens = async (b, r) => {
      if (++n === 2) throw Object.assign(new Error("no space"), { code: "ENOSPC" });
      return set(b, r);
    };
    await expect(refresher.run({ kind: "expired" })).resolves.toBe("at2");
    expect(stored(store)).toMatchObject({ state: "reauth_required", message: expect.stringMatching(/disk is full/) });
    expect(keeper.session?.rec).toMatchObject({ access_token: "at2", sign_in_id: "s1" });
    // The rotated-away token is never read again: the session answers, then "sign in again".
    await expect(refresher.run({ kind: "refused", token: "at2" })).rejects.toMatchObject({ kind: "signed_out", detail: expect.stringMatching(/lasts until this session ends/) });
  });

  test("the mark cannot be written: SIGN IN AGAIN before anything is sent", async () => {
    const { store, sent, refresher } = setup(rotated());
    store.tokens.set(BASE, signedIn());
    store.setTokens = async () => {
      throw Object.assign(new Error("read-only"), { code: "EROFS" });
    };
    await expect(refresher.run({ kind: "expired" })).rejects.toMatchObject({ kind: "signed_out", detail: expect.stringMatching(/read-only/) });
    expect(sent).toHaveLength(0);
  });

  test("no refresh token: 'sign in again' with why", async () => {
    const { store, sent, refresher } = setup(rotated());
    const { refresh_token: _r, refresh_in_flight: _m, ...accessOnly } = signedIn();
    store.tokens.set(BASE, accessOnly);
    await expect(refresher.run({ kind: "expired" })).rejects.toMatchObject({ detail: expect.stringMatching(/has expired; sign in again/) });
    expect(sent).toHaveLength(0);
  });
});
