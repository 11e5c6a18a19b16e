/**
 * The code exchange (src/auth/code-exchange.ts): the attempt is spent before the request leaves,
 * and every outcome is a SignInError with its own code; nothing is ever sent twice.
 */
import type * as oauth from "oauth4webapi";
import { PendingSignIn, startAuthorization } from "../../src/auth/authorization";
import { checkAuthorizationResponse } from "../../src/auth/authorization-response";
import { exchangeCode } from "../../src/auth/code-exchange";
import { newWireStats } from "../../src/auth/http";

const ISSUER = "https://as.example";
const AS: oauth.AuthorizationServer = {
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/authorize`,
  token_endpoint: `${ISSUER}/token`,
  code_challenge_methods_supported: ["S256"],
};
const REDIRECT = "https://addin.example/auth/callback.html";
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

async function run(answer: Response | Error) {
  const pending: PendingSignIn = await startAuthorization({ as: AS, clientId: "c1", resource: "https://api.example/mcp", redirectUri: REDIRECT, now: 0 });
  const sent: URLSearchParams[] = [];
  const forgotten: string[] = [];
  const f = (async (_u: string | URL | Request, init?: RequestInit) => {
    sent.push(new URLSearchParams(String(init?.body)));
    expect(pending.used).toBe(true); // spent before it leaves
    if (answer instanceof Error) throw answer;
    return answer;
  }) as typeof fetch;
  const params = checkAuthorizationResponse(`${REDIRECT}?code=the-code&state=${pending.state}`, pending);
  const result = exchangeCode({ http: { fetch: f, timeoutMs: 5000, stats: newWireStats() }, forgetClient: async (i) => void forgotten.push(i) }, pending, params);
  return { pending, sent, forgotten, result };
}

test("tokens: one request with the verifier, the redirect URI and the resource", async () => {
  const { pending, sent, result } = await run(json(200, { access_token: "at", refresh_token: "rt", token_type: "Bearer", expires_in: 60 }));
  await expect(result).resolves.toMatchObject({ access_token: "at", refresh_token: "rt" });
  expect(sent).toHaveLength(1);
  expect(Object.fromEntries(sent[0])).toMatchObject({ grant_type: "authorization_code", code: "the-code", code_verifier: pending.codeVerifier, redirect_uri: REDIRECT, resource: "https://api.example/mcp", client_id: "c1" });
});

test.each<[string, Response | Error, string]>([
  ["connection refused (certainly not sent)", Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } }), "exchange_failed"],
  ["a reset (maybe processed)", new TypeError("socket hang up"), "exchange_ambiguous"],
  ["invalid_grant", json(400, { error: "invalid_grant" }), "exchange_failed"],
  ["a 500", json(500, { error: "server_error" }), "exchange_ambiguous"],
  ["an unreadable answer", new Response("<html>", { status: 200 }), "exchange_ambiguous"],
])("%s: the code it gets, and the attempt stays spent", async (_name, answer, code) => {
  const { pending, sent, result } = await run(answer);
  await expect(result).rejects.toMatchObject({ name: "SignInError", code });
  expect(pending.used).toBe(true);
  expect(sent).toHaveLength(1);
});

test("invalid_client: the kept registration is dropped (the next sign-in registers again)", async () => {
  const { forgotten, result } = await run(json(401, { error: "invalid_client" }));
  await expect(result).rejects.toMatchObject({ code: "invalid_client" });
  expect(forgotten).toEqual([ISSUER]);
});
