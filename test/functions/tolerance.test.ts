/**
 * The API may add fields at any time (spec: Versioning 2) (the 422 mapping is a client unit test):
 * grids must not change.
 */
import { ApiClient, staticCredentials } from "../../src/api/client";
import { createEngine } from "../../src/engine";
import { CellRuntime, cellRuntime } from "../../src/functions/runtime";
import { callFunction } from "../../src/functions/call";
import { readCellError } from "./cell-failure";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";

/** What the cells run with: the engine of each test (no module holds it). */
let rt: CellRuntime;

const FORMULAS: [string, unknown[]][] = [
  ["SEARCH", ["apple", 3]],
  ["COMPANY", ["AAPL"]],
  ["FINANCIALS", ["AAPL", [["revenue", "net_income"]], "FY-4:FY", "headers=2"]],
  ["REPORTED", ["AAPL", null, null, null, null, 5]],
  ["FILINGS", ["AAPL", null, 3]],
  ["SUMMARY", ["AAPL"]],
  ["INSIDERS", ["AAPL", 3]],
  ["INSIDERFEED", [30, false, null, null, 3]],
  ["CONGRESS", ["NVDA", 3]],
  ["CONGRESSFEED", [365, null, null, null, null, 3]],
  ["HEADLINES", ["AAPL", 3]],
  ["ECONOMY", []],
  ["LEADERSHIP", ["AAPL", 2]],
  ["HOLDERS", ["AAPL", 3]],
  ["INVESTOR", ["Capital"]],
  ["SHORTINTEREST", ["AAPL", 3]],
  ["PEERS", ["AAPL"]],
  ["SCREEN", [[["roic:15:"]], null, null, 3]],
];

async function evaluateAll(api: FakeApi): Promise<unknown[]> {
  rt = cellRuntime(createEngine({ client: new ApiClient({ baseUrl: api.url, credentials: staticCredentials(SANDBOX_API_KEY) }) }));
  return Promise.all(FORMULAS.map(([fn, args]) => callFunction(rt, fn, args, { address: `S!${fn}` }).catch((e) => readCellError(e) ?? String(e))));
}

describe("tolerance of the API's variations", () => {
  let plain: FakeApi;
  let extra: FakeApi;
  beforeAll(async () => {
    [plain, extra] = await Promise.all([startFakeApi(), startFakeApi({ extraFields: true })]);
  });
  afterAll(async () => {
    await Promise.all([plain.close(), extra.close()]);
  });

  it("gives every function the same grid when the API adds unknown fields", async () => {
    const a = await evaluateAll(plain);
    const b = await evaluateAll(extra);
    // Links point at each server's own address; everything else must match.
    const norm = (v: unknown, url: string) => JSON.parse(JSON.stringify(v).split(url).join("<base>"));
    expect(norm(b, extra.url)).toEqual(norm(a, plain.url));
  });
});
