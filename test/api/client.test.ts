import { ApiClient, CredentialSource, staticCredentials, toolUrl } from "../../src/api/client";
import { SvcError } from "../../src/api/errors";

type Reply = { status: number; body?: string; headers?: Record<string, string> };

function fakeFetch(reply: Reply | (() => Promise<Response>)) {
  const seen: { url: string; auth: string | null }[] = [];
  const f = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    seen.push({ url: String(url), auth: new Headers(init?.headers).get("Authorization") });
    if (typeof reply === "function") return reply();
    return new Response(reply.body ?? "", { status: reply.status, headers: reply.headers });
  };
  return { fetch: f as typeof fetch, seen };
}

const ok = (data: unknown, headers: Record<string, string> = {}) => ({ status: 200, body: JSON.stringify({ text: "t", data, link: "https://x/l" }), headers });
const err = (status: number, detail: unknown) => ({ status, body: JSON.stringify({ detail }) });

async function failure(client: ApiClient): Promise<SvcError> {
  try {
    await client.call("get_company", { ticker: "AAPL" });
  } catch (e) {
    return e as SvcError;
  }
  throw new Error("expected a failure");
}

function client(reply: Reply | (() => Promise<Response>), creds: CredentialSource = staticCredentials("svc_at_x"), timeoutMs = 1000) {
  const f = fakeFetch(reply);
  return { client: new ApiClient({ baseUrl: "http://api.test/", credentials: creds, fetch: f.fetch, timeoutMs }), seen: f.seen };
}

describe("ApiClient", () => {
  it("sends GET {base}/api/public/v1/<tool> with list parameters comma-separated", () => {
    expect(toolUrl("http://api.test/", "get_financials", { ticker: "AAPL", metrics: ["revenue", "net_income"] })).toBe(
      "http://api.test/api/public/v1/get_financials?metrics=revenue%2Cnet_income&ticker=AAPL"
    );
  });

  it("sends the credential as a bearer token", async () => {
    const c = client(ok({ a: 1 }));
    await c.client.call("get_company", { ticker: "AAPL" });
    expect(c.seen[0].auth).toBe("Bearer svc_at_x");
  });

  it("parses the envelope and reads X-Quota-Remaining", async () => {
    const c = client(ok({ name: "Apple" }, { "X-Quota-Remaining": "1999" }));
    const a = await c.client.call("get_company", { ticker: "AAPL" });
    expect(a).toEqual({ text: "t", data: { name: "Apple" }, link: "https://x/l", quotaRemaining: 1999 });
  });

  it("tolerates extra envelope members", async () => {
    const c = client({ status: 200, body: JSON.stringify({ text: "t", data: { a: 1 }, link: "l", meta: { v: 2 } }) });
    expect((await c.client.call("get_company", { ticker: "AAPL" })).data).toEqual({ a: 1 });
  });

  it.each([
    [400, "bad_request"],
    [401, "unauthorized"],
    [402, "payment_required"],
    [404, "not_found"],
    [503, "unavailable"],
  ])("maps status %i to %s with the API's detail", async (status, kind) => {
    const e = await failure(client(err(status, "the detail")).client);
    expect(e.kind).toBe(kind);
    expect(e.detail).toBe("the detail");
  });

  it("reads FastAPI's 422 validation-error body", async () => {
    const e = await failure(client(err(422, [{ loc: ["query", "limit"], msg: "ensure this value is less than or equal to 25", type: "x" }])).client);
    expect(e.kind).toBe("unprocessable");
    expect(e.detail).toBe("limit: ensure this value is less than or equal to 25");
  });

  it("tells a used-up quota 429 from another-call-running 429", async () => {
    expect((await failure(client(err(429, "Daily quota of 2000 calls used up; it resets at 00:00 UTC")).client)).kind).toBe("quota_exhausted");
    expect((await failure(client(err(429, "Another call with this credential is still running")).client)).kind).toBe("busy");
  });

  it("treats an unexplained 429 as busy, never as a day-long block", async () => {
    expect((await failure(client({ status: 429, body: "" }).client)).kind).toBe("busy");
  });

  it("reports a non-JSON 200 body as malformed", async () => {
    expect((await failure(client({ status: 200, body: "<html>oops</html>" }).client)).kind).toBe("malformed");
  });

  it("reports an envelope without a data object as malformed", async () => {
    expect((await failure(client({ status: 200, body: JSON.stringify({ text: "t", link: "l" }) }).client)).kind).toBe("malformed");
  });

  it("reports a non-JSON error body with the status's meaning", async () => {
    const e = await failure(client({ status: 503, body: "<html>down</html>" }).client);
    expect(e.kind).toBe("unavailable");
  });

  it("reports a network failure", async () => {
    const e = await failure(client(() => Promise.reject(new TypeError("fetch failed"))).client);
    expect(e.kind).toBe("network");
  });

  it("gives up after its timeout with a timeout error", async () => {
    const hang = () =>
      new Promise<Response>((_, reject) => {
        // Settles only through the abort signal, like a real hung fetch.
        setTimeout(() => reject(new Error("late")), 5000).unref();
      });
    const c = new ApiClient({
      baseUrl: "http://api.test",
      credentials: staticCredentials("t"),
      timeoutMs: 50,
      fetch: ((_u: unknown, init?: RequestInit) =>
        new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
          void hang;
        })) as typeof fetch,
    });
    const e = await failure(c);
    expect(e.kind).toBe("timeout");
  });

  it("retries once with a new credential after a 401 when the source offers one", async () => {
    let n = 0;
    const f = (async (_u: unknown, init?: RequestInit) => {
      n++;
      const auth = new Headers(init?.headers).get("Authorization");
      return auth === "Bearer new" ? new Response(JSON.stringify({ text: "", data: { ok: 1 }, link: "" })) : new Response('{"detail":"expired"}', { status: 401 });
    }) as typeof fetch;
    const creds: CredentialSource = { getToken: async () => "old", onUnauthorized: async () => "new" };
    const c = new ApiClient({ baseUrl: "http://api.test", credentials: creds, fetch: f });
    expect((await c.call("get_company", { ticker: "AAPL" })).data).toEqual({ ok: 1 });
    expect(n).toBe(2);
  });

  it("fails with signed_out and sends nothing when there is no credential", async () => {
    const c = client(ok({}), staticCredentials(null));
    const e = await failure(c.client);
    expect(e.kind).toBe("signed_out");
    expect(c.seen).toHaveLength(0);
  });
});
