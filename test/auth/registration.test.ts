/**
 * Client registration (src/auth/registration.ts): once per issuer and kept; a pre-registered id
 * never registers; one registration lists every redirect URI the app may use; failures explained.
 */
import type * as oauth from "oauth4webapi";
import { newWireStats } from "../../src/auth/http";
import { RegistrationOptions, ensureClient } from "../../src/auth/registration";
import { MemoryTokenStore } from "../../src/auth/store";

const ISSUER = "https://as.example";
const AS: oauth.AuthorizationServer = {
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/authorize`,
  token_endpoint: `${ISSUER}/token`,
  registration_endpoint: `${ISSUER}/register`,
  code_challenge_methods_supported: ["S256"],
};
const CB = "http://127.0.0.1:28473/callback";

function setup(answer: (body: Record<string, unknown>) => Response, over: Partial<RegistrationOptions> = {}) {
  const store = new MemoryTokenStore();
  const bodies: Record<string, unknown>[] = [];
  const f = (async (_u: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    bodies.push(body);
    return answer(body);
  }) as typeof fetch;
  const o: RegistrationOptions = { store, locked: (fn) => fn(), http: { fetch: f, timeoutMs: 5000, stats: newWireStats() }, now: () => 42, ...over };
  return { store, bodies, o };
}
const created = (b: Record<string, unknown>) => new Response(JSON.stringify({ ...b, client_id: "new-client" }), { status: 201, headers: { "Content-Type": "application/json" } });

test("registers once, listing every redirect URI, as a public native client; the next sign-in reuses it", async () => {
  const { store, bodies, o } = setup(created, { registerRedirectUris: [CB, "http://127.0.0.1:38473/callback"] });
  const reg = await ensureClient(o, AS, CB);
  expect(reg).toMatchObject({ issuer: ISSUER, client_id: "new-client", registered_at: 42, server: { token_endpoint: `${ISSUER}/token` } });
  expect(bodies[0]).toMatchObject({ redirect_uris: [CB, "http://127.0.0.1:38473/callback"], token_endpoint_auth_method: "none", application_type: "native", scope: "read" });
  expect(await store.getClient(ISSUER)).toEqual(reg);
  await ensureClient(o, AS, "http://127.0.0.1:38473/callback");
  expect(bodies).toHaveLength(1);
  expect(o.http.stats.registrationsSent).toBe(1);
});

test("a pre-registered client id: no request, nothing stored", async () => {
  const { store, bodies, o } = setup(created, { clientId: "fixed" });
  await expect(ensureClient(o, AS, "https://addin.example/auth/callback.html")).resolves.toMatchObject({ client_id: "fixed" });
  expect(bodies).toHaveLength(0);
  expect(store.writes).toEqual([]);
});

test("moved endpoints are kept with the registration", async () => {
  const { store, o } = setup(created);
  await ensureClient(o, AS, CB);
  const moved = { ...AS, revocation_endpoint: `${ISSUER}/revoke2` };
  await ensureClient(o, moved, CB);
  expect((await store.getClient(ISSUER))?.server?.revocation_endpoint).toBe(`${ISSUER}/revoke2`);
});

test.each([
  ["the hourly limit", () => new Response("{}", { status: 429 }), /too many registrations/],
  ["an OAuth error", () => new Response(JSON.stringify({ error: "invalid_redirect_uri", error_description: "custom schemes" }), { status: 400, headers: { "Content-Type": "application/json" } }), /invalid_redirect_uri: custom schemes/],
])("%s: registration_failed with why", async (_name, answer, why) => {
  const { o } = setup(answer);
  await expect(ensureClient(o, AS, CB)).rejects.toMatchObject({ code: "registration_failed", message: expect.stringMatching(why) });
});

test("no registration endpoint: registration_failed, nothing sent", async () => {
  const { bodies, o } = setup(created);
  const { registration_endpoint: _r, ...noDcr } = AS;
  await expect(ensureClient(o, noDcr, CB)).rejects.toMatchObject({ code: "registration_failed" });
  expect(bodies).toHaveLength(0);
});

test("a registration that cannot be stored still serves this sign-in", async () => {
  const { store, o } = setup(created);
  store.setClient = async () => {
    throw new Error("quota");
  };
  await expect(ensureClient(o, AS, CB)).resolves.toMatchObject({ client_id: "new-client" });
});
