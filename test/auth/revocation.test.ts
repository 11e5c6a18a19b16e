/**
 * Revocation (src/auth/revocation.ts): what may be presented (never a token marked in flight), and
 * the RFC 7009 request.
 */
import { newWireStats } from "../../src/auth/http";
import { revocable, revocationFailure, revoke } from "../../src/auth/revocation";
import type { TokenRecord } from "../../src/auth/token-record";

const base = { issuer: "https://as.example", client_id: "c1", sign_in_id: "s", state: "signed_in" as const, access_token: "at" };

test.each<[string, TokenRecord | null, unknown]>([
  ["no record", null, null],
  ["sign in again", { state: "reauth_required", message: "x" }, null],
  ["a refresh in flight", { ...base, refresh_token: "rt", refresh_in_flight: { hash: "h", at: 1 } }, null],
  ["a refresh token", { ...base, refresh_token: "rt" }, { token: "rt", hint: "refresh_token", client_id: "c1", issuer: "https://as.example" }],
  ["an access token only", base, { token: "at", hint: "access_token", client_id: "c1", issuer: "https://as.example" }],
])("%s", (_name, rec, expected) => {
  expect(revocable(rec)).toEqual(expected);
});

test("revoke: one RFC 7009 request with the hint; a server without the endpoint is an error", async () => {
  const bodies: URLSearchParams[] = [];
  const f = (async (_u: string | URL | Request, init?: RequestInit) => {
    bodies.push(new URLSearchParams(String(init?.body)));
    return new Response("", { status: 200 });
  }) as typeof fetch;
  const http = { fetch: f, timeoutMs: 5000, stats: newWireStats() };
  const what = { token: "rt", hint: "refresh_token" as const, client_id: "c1", issuer: "https://as.example" };
  await revoke(http, { issuer: "https://as.example", revocation_endpoint: "https://as.example/revoke" }, what);
  expect(Object.fromEntries(bodies[0])).toEqual({ token: "rt", token_type_hint: "refresh_token", client_id: "c1" });
  expect(http.stats.revocationsSent).toBe(1);
  await expect(revoke(http, { issuer: "https://as.example" }, what)).rejects.toThrow(/no revocation endpoint/);
  expect(revocationFailure(new Error("timeout"))).toBe("timeout");
});
