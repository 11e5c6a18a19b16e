/**
 * Empty referenced cells as each build passes them: 0 on older desktop builds (win-2208), null on the
 * web and current builds (the fake's platform profile). The add-in reads an older build's 0 as omitted
 * where 0 is out of range and drops it from lists, so a blank row in a metrics range gives the same cell
 * and the same call on every build, and the pane's price (which reads cells as the web does) holds.
 */
import { ApiClient, staticCredentials } from "../../src/api/client";
import { argsOf } from "../../src/api/arguments";
import { createEngine } from "../../src/engine";
import { createDriver } from "../../src/fake-office/driver";
import { Host } from "../../src/fake-office/host";
import { platformNamed } from "../../src/fake-office/platform";
import { resolveCalls } from "../../src/formula";
import { callFunction } from "../../src/functions/call";
import { CellRuntime, cellRuntime } from "../../src/functions/runtime";
import { requestsFor } from "../../src/functions/requests";
import { FakeApi, SANDBOX_API_KEY, startFakeApi } from "../fakes/api/server";
import { show } from "./helpers";

const FNS = ["FINANCIALS", "INSIDERFEED"];
const META = {
  functions: [
    ...FNS.map((id) => ({ id, parameters: argsOf(id).map((name, i) => ({ name, optional: i > 0 || id === "INSIDERFEED" })) })),
    { id: "ECHO", parameters: [{ name: "value", optional: true }] },
  ],
};

let api: FakeApi;
/** The runtime of the book under test (each test's fresh engine). */
let rt: CellRuntime;
beforeAll(async () => {
  api = await startFakeApi({ latencyMs: 0 });
});
afterAll(async () => {
  await api.close();
});

/** A book on `platform` with the real SVC functions (against the fake API) and ECHO, which records what it got. */
function book(platform: string) {
  const host = new Host({ metadata: async () => META, platform: platformNamed(platform) });
  const echoed: unknown[] = [];
  for (const id of FNS) host.fns.associate(id, (...a: unknown[]) => callFunction(rt, id, a.slice(0, -1), a[a.length - 1] as object));
  host.fns.associate("ECHO", async (v: unknown) => (echoed.push(v), [[1]]));
  return { host, fx: createDriver(host), echoed };
}

const engineFresh = () => {
  const engine = createEngine({ client: new ApiClient({ baseUrl: api.url, credentials: staticCredentials(SANDBOX_API_KEY), timeoutMs: 5000 }), retryDelayMs: 10 });
  rt = cellRuntime(engine);
  return engine;
};

describe("the fake host passes an empty referenced cell as its build does", () => {
  it.each([
    ["win-2208", 0],
    ["web", null],
    ["win", null],
    ["mac", null],
  ] as const)("%s: %s", async (platform, empty) => {
    const { fx, echoed } = book(platform);
    await fx.setFormula("Sheet1!B1", "=SVC.ECHO(A1)");
    await fx.setFormula("Sheet1!B2", "=SVC.ECHO(A1:A2)");
    await fx.settled();
    expect(echoed).toEqual([empty, [[empty], [empty]]]);
  });
});

describe("a blank row in a metrics range and blank flags: the same cell, call and price on every build", () => {
  const FORMULAS: Array<[string, string]> = [
    ["Sheet1!D1", "=SVC.FINANCIALS(\"AAPL\",A1:A3,B1)"],
    ["Sheet1!D9", "=SVC.INSIDERFEED(B1,B2,,B3,B4)"],
  ];

  async function run(platform: string) {
    const engine = engineFresh();
    const { host, fx } = book(platform);
    await fx.setFormula("Sheet1!A1", "revenue");
    await fx.setFormula("Sheet1!A3", "net_income"); // A2 blank; B1:B4 blank
    // The pane's price: the same formulas read as the web passes them, mapped to requests.
    const resolved = await resolveCalls(FORMULAS.map(([address, formula]) => ({ address, formula })), host.reader, {
      params: (fn) => META.functions.find((f) => f.id === fn.replace(/^SVC\./i, ""))?.parameters.map((p) => ({ name: p.name, optional: p.optional })) ?? [],
    });
    const priced = await engine.plan(resolved.flatMap((r) => (r.status === "resolved" ? requestsFor(r.fn, r.args) : [])));
    for (const [address, formula] of FORMULAS) await fx.setFormula(address, formula);
    await fx.settled();
    return { shown: FORMULAS.map(([a]) => show(fx, a)), grid: fx.shown(), calls: engine.stats().calls, priced };
  }

  it("win-2208 shows what the web shows, spending what was priced", async () => {
    const web = await run("web");
    const old = await run("win-2208");
    expect(web.shown.every((v) => typeof v !== "string" || !v.startsWith("#"))).toBe(true);
    expect(old.grid).toEqual(web.grid);
    expect(old.priced.invalid).toEqual([]);
    expect(old.calls).toBe(old.priced.calls);
    expect(web.calls).toBe(web.priced.calls);
  });
});
