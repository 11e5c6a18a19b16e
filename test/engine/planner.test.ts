/**
 * The planner (engine.plan): the pane prices a refresh with it, so its price must be what a
 * recalculation then spends. The cases run on fake time against the real engine, and then, as a
 * mutation-style spot check, against copies of src/ whose planner has one comparison flipped: every
 * mutant must fail at least one case (a planner test that cannot fail would let it pass), and an
 * unmutated copy must pass them all (so a mutant's failure is the mutation's, not the copy's).
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { ToolName } from "../../src/api/catalogue";
import { createEngine } from "../../src/engine";
import { FakeClock } from "./fake-clock";
import { FakeClient } from "./fakeClient";

type Create = typeof createEngine;
type Cell = { tool: ToolName; params: Record<string, unknown> };

/** An engine made by `create` on fake time; `recalc` requests every cell and lets the clock run. */
function bench(create: Create, cells: readonly Cell[]) {
  const clock = new FakeClock();
  const engine = create({ client: FakeClient.on(clock, 20), clock, random: () => 0.5, windowMs: 5 });
  const recalc = async () => {
    const all = Promise.allSettled(cells.map((c) => engine.request(c.tool, c.params)));
    await clock.settle(all);
    return all;
  };
  return { engine, recalc };
}

/** Cold plan = the first recalculation's calls; refresh plan = the refresh's calls. */
async function planIsSpent(create: Create, cells: readonly Cell[], expectCold?: object): Promise<void> {
  const { engine, recalc } = bench(create, cells);
  const cold = await engine.plan([...cells]);
  if (expectCold) expect(cold).toMatchObject(expectCold);
  await recalc();
  expect(engine.stats().calls).toBe(cold.calls);
  expect(await engine.plan([...cells])).toMatchObject({ calls: 0, cached: cold.requests });
  const plan = await engine.plan([...cells], { refresh: true });
  expect(plan.requests + plan.invalid.length).toBe(cells.length);
  expect(await engine.invalidate([...cells])).toBe(plan.calls);
  const before = engine.stats().calls;
  await recalc();
  expect(engine.stats().calls - before).toBe(plan.calls);
}

const SMALL: Cell[] = [
  { tool: "get_company", params: { ticker: "AAPL" } },
  { tool: "get_company", params: { ticker: "aapl" } },
  { tool: "get_peers", params: { ticker: "MSFT" } },
  { tool: "get_financials", params: { ticker: "AAPL", metrics: "revenue" } },
  { tool: "get_financials", params: { ticker: "AAPL", metrics: "net_income", years: 3 } },
  { tool: "get_financials", params: { ticker: "AAPL", years: 99 } },
];

/** A seeded sheet of 60 cells over several identities, with an invalid one among them. */
function randomSheet(seed: number): Cell[] {
  let a = seed * 7919;
  const r = () => (a = (a * 48271) % 2147483647) / 2147483647;
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const makers: Array<() => [ToolName, Record<string, unknown>]> = [
    () => ["get_financials", { ticker: pick(["AAPL", "MSFT", "KO"]), metrics: pick(["revenue", "net_income", "ebitda"]), years: 1 + Math.floor(r() * 20) }],
    () => ["get_financials", { ticker: "AAPL", statement: "balance", period_type: r() < 0.5 ? "quarterly" : "annual" }],
    () => ["get_institutional_holders", { ticker: pick(["AAPL", "MSFT"]), limit: 1 + Math.floor(r() * 100) }],
    () => ["get_economy", { series_id: "UNRATE", range: pick(["1Y", "5Y", "10Y", "MAX"]) }],
    () => ["get_company", { ticker: pick(["aapl", "AAPL", "KO"]) }],
    () => ["list_filings", { ticker: "KO", limit: 200 }], // invalid: priced as invalid, costs nothing
  ];
  return Array.from({ length: 60 }, () => pick(makers)()).map(([tool, params]) => ({ tool, params }));
}

const CASES: Array<[string, (create: Create) => Promise<void>]> = [
  ["six cells: equivalent requests, coalesced financials, an invalid one", (c) => planIsSpent(c, SMALL, { requests: 5, cached: 0, invalid: [{ index: 5 }] })],
  ...[1, 2, 3, 4, 5].map((seed): [string, (create: Create) => Promise<void>] => [`random sheet ${seed}`, (c) => planIsSpent(c, randomSheet(seed))]),
];

describe("the planner: a refresh plan is what the refresh spends", () => {
  test.each(CASES)("%s", async (_name, run) => {
    await run(createEngine);
  });
});

/** Flipped comparisons of the planner (src/engine/engine.ts plan()). */
const MUTANTS: Array<{ name: string; from: string; to: string }> = [
  { name: "the loop over the requests runs one past the end (< becomes <=)", from: "for (let i = 0; i < reqs.length; i++)", to: "for (let i = 0; i <= reqs.length; i++)" },
  { name: "a refresh counts cached answers as free (!refresh becomes refresh)", from: "if (!opts.refresh && (await", to: "if (opts.refresh && (await" },
];

const ROOT = path.resolve(__dirname, "../..");

/** createEngine from a copy of src/ with `mutant` applied to the planner (none: an exact copy). */
function engineOf(dir: string, mutant?: { from: string; to: string }): Create {
  const file = path.join(dir, "src", "engine", "engine.ts");
  if (mutant) {
    const text = fs.readFileSync(file, "utf8");
    // The mutation must apply exactly once: a planner that changed shape fails here, not silently.
    expect(text.split(mutant.from)).toHaveLength(2);
    fs.writeFileSync(file, text.replace(mutant.from, mutant.to));
  }
  let create: Create | undefined;
  jest.isolateModules(() => {
    create = (require(path.join(dir, "src", "engine")) as { createEngine: Create }).createEngine;
  });
  if (!create) throw new Error("the copy has no createEngine");
  return create;
}

/** The names of the cases `create` fails. */
async function failures(create: Create): Promise<string[]> {
  const failed: string[] = [];
  for (const [name, run] of CASES) await run(create).catch(() => failed.push(name));
  return failed;
}

describe("mutation spot check of the planner", () => {
  let base: string;
  const copy = (name: string): string => {
    const dir = path.join(base, name);
    fs.cpSync(path.join(ROOT, "src"), path.join(dir, "src"), { recursive: true });
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
    return dir;
  };
  beforeAll(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), "svc-mutant-"));
  });
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

  test("an unmutated copy passes every case", async () => {
    expect(await failures(engineOf(copy("same")))).toEqual([]);
  }, 60_000);

  test.each(MUTANTS.map((m, i) => [m.name, i] as const))("mutant: %s — some case fails", async (_name, i) => {
    expect((await failures(engineOf(copy(`m${i}`), MUTANTS[i]))).length).toBeGreaterThan(0);
  }, 60_000);
});
