/**
 * src/auth/http.ts: "certainly not sent" only for connect-phase failures, and token answers
 * classified by oauth4webapi's error classes.
 */
import * as oauth from "oauth4webapi";
import { certainlyNotSent, readTokenAnswer, requestOptions, tokenOptions } from "../../src/auth/http";

test.each([
  ["ECONNREFUSED in the cause (undici)", Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }), true],
  ["DNS", { code: "ENOTFOUND" }, true],
  ["oauth4webapi refusing plain http", { code: oauth.HTTP_REQUEST_FORBIDDEN }, true],
  ["a reset", Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNRESET" } }), false],
  ["a browser's network error (says nothing)", new TypeError("Failed to fetch"), false],
  ["a timeout", new DOMException("timed out", "TimeoutError"), false],
])("%s", (_name, e, expected) => {
  expect(certainlyNotSent(e)).toBe(expected);
});

test("plain http only for loopback", () => {
  expect(requestOptions("http://127.0.0.1:1/t", undefined, 1000)[oauth.allowInsecureRequests]).toBe(true);
  expect(requestOptions("http://api.example/t", undefined, 1000)[oauth.allowInsecureRequests]).toBeUndefined();
});

describe("readTokenAnswer", () => {
  const as: oauth.AuthorizationServer = { issuer: "https://as.example", token_endpoint: "https://as.example/token" };
  const read = (res: Response) => readTokenAnswer(res, (r) => oauth.processRefreshTokenResponse(as, { client_id: "c" }, r));
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

  test("tokens", async () => {
    await expect(read(json(200, { access_token: "a", token_type: "bearer" }))).resolves.toMatchObject({ kind: "tokens", tokens: { access_token: "a" } });
  });
  test("an OAuth error body: refused with its error and status", async () => {
    await expect(read(json(400, { error: "invalid_grant" }))).resolves.toMatchObject({ kind: "refused", error: "invalid_grant", status: 400 });
  });
  test("a WWW-Authenticate challenge", async () => {
    await expect(read(json(401, { error: "invalid_client" }, { "WWW-Authenticate": 'Bearer error="invalid_token"' }))).resolves.toMatchObject({ kind: "challenge" });
  });
  test("5xx and unreadable answers: unexpected", async () => {
    await expect(read(json(500, { error: "server_error" }))).resolves.toMatchObject({ kind: "unexpected" });
    await expect(read(new Response("<html>", { status: 200 }))).resolves.toMatchObject({ kind: "unexpected" });
  });
});

describe("a token request's deadline", () => {
  const as: oauth.AuthorizationServer = { issuer: "https://as.example", token_endpoint: "https://as.example/token" };
  const client: oauth.Client = { client_id: "c" };
  const stats = { refreshesSent: 0, codeExchangesSent: 0, registrationsSent: 0, revocationsSent: 0, probesSent: 0 };
  /** Headers at once, the token body `bodyAfterMs` later (a slow or loaded line after the server rotated the token). */
  const slowBody = (bodyAfterMs: number): typeof fetch => async (_input, init) => {
    const signal = init?.signal ?? undefined;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        const t = setTimeout(() => {
          c.enqueue(new TextEncoder().encode(JSON.stringify({ access_token: "a2", token_type: "bearer", refresh_token: "r2" })));
          c.close();
        }, bodyAfterMs);
        signal?.addEventListener("abort", () => {
          clearTimeout(t);
          c.error(signal.reason);
        });
      },
    });
    return new Response(body, { status: 200, headers: { "Content-Type": "application/json" } });
  };
  const refresh = (f: typeof fetch, timeoutMs: number) =>
    oauth
      .refreshTokenGrantRequest(as, client, oauth.None(), "r1", tokenOptions({ fetch: f, timeoutMs, stats }, as.token_endpoint))
      .then((res) => oauth.processRefreshTokenResponse(as, client, res));

  test("once the answer's headers are in, its body is read past the request's deadline: rotated tokens are never cut off", async () => {
    await expect(refresh(slowBody(300), 100)).resolves.toMatchObject({ access_token: "a2", refresh_token: "r2" });
  });

  test("no headers within the deadline: the request is aborted as a timeout", async () => {
    const silent: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
    await expect(refresh(silent, 100)).rejects.toMatchObject({ name: "TimeoutError" });
  });
});
