/**
 * src/auth/http.ts: "certainly not sent" only for connect-phase failures, and token answers
 * classified by oauth4webapi's error classes.
 */
import * as oauth from "oauth4webapi";
import { certainlyNotSent, readTokenAnswer, requestOptions } from "../../src/auth/http";

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
