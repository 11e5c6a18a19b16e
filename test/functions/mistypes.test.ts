/**
 * Mistypes get help and cost no calls twice. An unknown ticker's message names the
 * closest symbols and names (the search tool: at most one call, cached); the not-found is remembered
 * for the day, so retyping it or recalculating a sheet of mistakes sends nothing; an unknown function
 * name gets "did you mean".
 */
import { ApiClient, staticCredentials } from "../../src/api/client";
import { createEngine } from "../../src/engine";
import { CellRuntime, cellRuntime } from "../../src/functions/runtime";
import { unknownFunctionMessage } from "../../src/functions/names";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";
import { failure } from "./cell-failure";

/** What the cells run with: the engine of each test (no module holds it). */
let rt: CellRuntime;

let api: FakeApi;
beforeAll(async () => {
  api = await startFakeApi();
});
afterAll(async () => {
  await api.close();
});
beforeEach(() => {
  api.reset();
  rt = cellRuntime(createEngine({ client: new ApiClient({ baseUrl: api.url, credentials: staticCredentials(SANDBOX_API_KEY), timeoutMs: 5000 }), retryDelayMs: 10 }));
});

describe("an unknown ticker", () => {
  it("names the closest symbols and names", async () => {
    const e = await failure(rt, "FINANCIALS", "APPL", "revenue");
    expect(e.code).toBe("#N/A");
    expect(e.message).toMatch(/APPL/);
    expect(e.message).toMatch(/AAPL \(Apple/);
  });

  it("costs nothing when retyped or recalculated (a sheet of three mistakes)", async () => {
    const sheet = () => Promise.all([failure(rt, "FINANCIALS", "APPL", "revenue"), failure(rt, "FILINGS", "MSFTT"), failure(rt, "COMPANY", "NVDAA")]);
    const first = await sheet();
    const spent = api.requests();
    expect(spent).toBeLessThanOrEqual(6); // each mistake: its 404 and at most one search
    const again = await sheet();
    expect(api.requests()).toBe(spent);
    expect(again.map((e) => e.message)).toEqual(first.map((e) => e.message));
  });
});

describe("an unknown function name", () => {
  it("gets did you mean", () => {
    expect(unknownFunctionMessage("FINANCIAL")).toMatch(/did you mean SVC\.FINANCIALS\?/);
    expect(unknownFunctionMessage("svc.insider")).toMatch(/did you mean SVC\.INSIDERS\?/);
    expect(unknownFunctionMessage("XYZZY")).toMatch(/SVC functions: .*FINANCIALS/);
  });
});
