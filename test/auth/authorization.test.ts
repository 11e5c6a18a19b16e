/**
 * The authorization request (src/auth/authorization.ts): PKCE S256 only, and a server that does not
 * advertise it is refused before anything is sent. RFC 8414: an absent
 * `code_challenge_methods_supported` means no PKCE support; the MCP authorization spec says refuse.
 */
import type * as oauth from "oauth4webapi";
import { requireS256, startAuthorization } from "../../src/auth/authorization";
import { OAuthClient } from "../../src/auth/oauth-client";
import { MemoryTokenStore } from "../../src/auth/store";
import { startFakeAuthOnly } from "../fakes/auth/fake-auth-server";

const REDIRECT = "https://addin.example/auth/callback.html";

const server = (methods?: unknown): oauth.AuthorizationServer => ({
  issuer: "https://as.example",
  authorization_endpoint: "https://as.example/authorize",
  token_endpoint: "https://as.example/token",
  ...(methods === undefined ? {} : { code_challenge_methods_supported: methods as string[] }),
});

describe("requireS256", () => {
  test("S256 advertised (alone or beside others): accepted", () => {
    expect(() => requireS256(server(["S256"]))).not.toThrow();
    expect(() => requireS256(server(["plain", "S256"]))).not.toThrow();
  });

  test("the field missing: refused, naming the field", () => {
    expect(() => requireS256(server())).toThrow(expect.objectContaining({ code: "discovery_failed", message: expect.stringMatching(/code_challenge_methods_supported/) }));
  });

  test("advertised without S256 (or empty): refused, naming what it lists", () => {
    expect(() => requireS256(server(["plain"]))).toThrow(expect.objectContaining({ code: "discovery_failed", message: expect.stringMatching(/lists plain/) }));
    expect(() => requireS256(server([]))).toThrow(expect.objectContaining({ message: expect.stringMatching(/lists nothing/) }));
  });
});

describe("startAuthorization", () => {
  test("the URL carries the S256 challenge of a verifier that never leaves memory", async () => {
    const p = await startAuthorization({ as: server(["S256"]), clientId: "c1", resource: "https://api.example/mcp", redirectUri: REDIRECT, now: 7 });
    const u = new URL(p.authorizeUrl);
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "c1",
      redirect_uri: REDIRECT,
      scope: "read",
      resource: "https://api.example/mcp",
      code_challenge_method: "S256",
      state: p.state,
    });
    expect(u.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(p.authorizeUrl).not.toContain(p.codeVerifier);
    expect(JSON.stringify(p)).not.toContain(p.codeVerifier);
    expect(Object.keys(p)).not.toContain("as");
    expect(p).toMatchObject({ used: false, createdAt: 7, clientId: "c1" });
  });
});

describe("the OAuth client against a server without PKCE S256", () => {
  /** The fake AS, with its RFC 8414 metadata edited on the way. */
  function editedMetadata(edit: (m: Record<string, unknown>) => void): typeof fetch {
    return async (input, init) => {
      const res = await fetch(input, init);
      if (!String(input).includes("/.well-known/oauth-authorization-server")) return res;
      const m = (await res.json()) as Record<string, unknown>;
      edit(m);
      return new Response(JSON.stringify(m), { status: res.status, headers: { "Content-Type": "application/json" } });
    };
  }

  test.each([
    ["without code_challenge_methods_supported", (m: Record<string, unknown>) => delete m.code_challenge_methods_supported, /code_challenge_methods_supported/],
    ["advertising only plain", (m: Record<string, unknown>) => (m.code_challenge_methods_supported = ["plain"]), /does not support PKCE S256/],
  ])("a server %s is refused before any registration", async (_name, edit, message) => {
    const srv = await startFakeAuthOnly();
    try {
      const client = new OAuthClient({ baseUrl: srv.url, store: new MemoryTokenStore(), fetch: editedMetadata(edit) });
      await expect(client.beginSignIn({ redirectUri: REDIRECT })).rejects.toMatchObject({ code: "discovery_failed", message: expect.stringMatching(message) });
      expect(srv.auth.stats.registrations).toBe(0);
      expect(client.stats.registrationsSent).toBe(0);
    } finally {
      await srv.close();
    }
  });
});
