/**
 * The authorization response (src/auth/authorization-response.ts): each failure has its own code,
 * told apart by oauth4webapi's error classes and codes, never by the words of its messages (the
 * last test rewords every message of the library and expects the same codes).
 */
import * as oauth from "oauth4webapi";
import { PendingSignIn, startAuthorization } from "../../src/auth/authorization";
import { checkAuthorizationResponse } from "../../src/auth/authorization-response";

const REDIRECT = "https://addin.example/excel/auth/callback.html";
const ISSUER = "https://as.example";

function as(issParameter = true): oauth.AuthorizationServer {
  return {
    issuer: ISSUER,
    authorization_endpoint: `${ISSUER}/authorize`,
    token_endpoint: `${ISSUER}/token`,
    code_challenge_methods_supported: ["S256"],
    authorization_response_iss_parameter_supported: issParameter,
  };
}

async function attempt(issParameter = true): Promise<PendingSignIn> {
  return startAuthorization({ as: as(issParameter), clientId: "c1", resource: "https://api.example/mcp", redirectUri: REDIRECT, now: 0 });
}

function answer(p: PendingSignIn, params: Record<string, string | string[]>, base = REDIRECT): string {
  const u = new URL(base);
  for (const [k, v] of Object.entries(params)) for (const one of Array.isArray(v) ? v : [v]) u.searchParams.append(k, one);
  return u.toString();
}

const codeOf = (f: () => unknown): string | undefined => {
  try {
    f();
    return undefined;
  } catch (e) {
    return (e as { code?: string }).code;
  }
};

describe("checkAuthorizationResponse", () => {
  test("a genuine answer: its parameters, and the attempt is still unspent (the exchange spends it)", async () => {
    const p = await attempt();
    const params = checkAuthorizationResponse(answer(p, { code: "c", state: p.state, iss: ISSUER }), p);
    expect(params.get("code")).toBe("c");
    expect(p.used).toBe(false);
  });

  test.each<[string, string, (p: PendingSignIn) => string]>([
    ["not a URL", "invalid_callback", () => "not a url"],
    ["another origin", "invalid_callback", (p) => answer(p, { code: "c", state: p.state, iss: ISSUER }, "https://evil.example/excel/auth/callback.html")],
    ["another path (the add-in's root, not its sub-path)", "invalid_callback", (p) => answer(p, { code: "c", state: p.state, iss: ISSUER }, "https://addin.example/auth/callback.html")],
    ["a wrong state", "state_mismatch", (p) => answer(p, { code: "c", state: "forged", iss: ISSUER })],
    ["no state", "state_mismatch", (p) => answer(p, { code: "c", iss: ISSUER })],
    ["the state twice", "state_mismatch", (p) => answer(p, { code: "c", state: [p.state, p.state], iss: ISSUER })],
    ["a wrong issuer", "issuer_mismatch", (p) => answer(p, { code: "c", state: p.state, iss: "https://evil.example" })],
    ["no issuer where the server promises one", "issuer_mismatch", (p) => answer(p, { code: "c", state: p.state })],
    ["the issuer twice", "issuer_mismatch", (p) => answer(p, { code: "c", state: p.state, iss: [ISSUER, ISSUER] })],
    ["a wrong issuer AND a wrong state (the issuer is checked first)", "issuer_mismatch", (p) => answer(p, { code: "c", state: "x", iss: "https://evil.example" })],
    ["a forged error with a wrong state", "state_mismatch", (p) => answer(p, { error: "access_denied", state: "x", iss: ISSUER })],
    ["Deny", "access_denied", (p) => answer(p, { error: "access_denied", state: p.state, iss: ISSUER })],
    ["an implicit-flow token", "invalid_callback", (p) => answer(p, { code: "c", token: "t", state: p.state, iss: ISSUER })],
    ["a JARM response", "invalid_callback", (p) => answer(p, { response: "jwt", state: p.state, iss: ISSUER })],
  ])("%s: %s", async (_name, code, make) => {
    const p = await attempt();
    expect(codeOf(() => checkAuthorizationResponse(make(p), p))).toBe(code);
  });

  test("a server without the iss parameter: an answer without iss is accepted, a wrong one is not", async () => {
    const p = await attempt(false);
    expect(checkAuthorizationResponse(answer(p, { code: "c", state: p.state }), p).get("code")).toBe("c");
    expect(codeOf(() => checkAuthorizationResponse(answer(p, { code: "c", state: p.state, iss: "https://evil.example" }), p))).toBe("issuer_mismatch");
  });

  test("a forged or stray answer leaves the attempt usable; an error answer spends it", async () => {
    const p = await attempt();
    expect(codeOf(() => checkAuthorizationResponse(answer(p, { code: "c", state: "x", iss: ISSUER }), p))).toBe("state_mismatch");
    expect(p.used).toBe(false);
    expect(codeOf(() => checkAuthorizationResponse(answer(p, { error: "server_error", error_description: "down", state: p.state, iss: ISSUER }), p))).toBe("access_denied");
    expect(p.used).toBe(true);
  });
});

describe("classified by code, not by message text", () => {
  afterEach(() => jest.restoreAllMocks());

  test("oauth4webapi's messages reworded: the same codes", async () => {
    const real = oauth.validateAuthResponse;
    const spy = jest.spyOn(oauth, "validateAuthResponse").mockImplementation((...args: Parameters<typeof real>) => {
      try {
        return real(...args);
      } catch (e) {
        if (e instanceof oauth.OperationProcessingError) throw new oauth.OperationProcessingError("reworded", { code: e.code, cause: e.cause });
        throw e;
      }
    });
    const p = await attempt();
    expect(codeOf(() => checkAuthorizationResponse(answer(p, { code: "c", state: "x", iss: ISSUER }), p))).toBe("state_mismatch");
    expect(codeOf(() => checkAuthorizationResponse(answer(p, { code: "c", state: p.state, iss: "https://evil.example" }), p))).toBe("issuer_mismatch");
    expect(codeOf(() => checkAuthorizationResponse(answer(p, { code: "c", state: p.state, iss: ISSUER }), p))).toBeUndefined();
    expect(spy).toHaveBeenCalled();
  });
});
