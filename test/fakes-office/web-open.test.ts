/**
 * Excel on the web re-runs every custom function when a workbook opens (the fake's web profile does,
 * platform.ts): the real SVC functions over the real engine, as the page composes it (keepExpired),
 * on a store an earlier session filled. Opening a saved model whose answers have expired spends no
 * call and shows the kept figures, marked stale; only a Refresh (answers made due) or a cell with no
 * answer at all asks the API.
 */
import * as fs from "fs";
import * as path from "path";
import { createEngine, MemoryStore } from "../../src/engine";
import { Host } from "../../src/fake-office/host";
import { createDriver } from "../../src/fake-office/driver";
import { createBookIo, LoadCell } from "../../src/fake-office/book-io";
import { platformNamed } from "../../src/fake-office/platform";
import { callFunction } from "../../src/functions/call";
import { CELLS } from "../../src/functions/cells";
import type { CellInvocation } from "../../src/functions/invoke";
import { cellRuntime } from "../../src/functions/runtime";
import { SourceBook } from "../../src/functions/sources";
import { FakeClient } from "../engine/fakeClient";
import { show } from "./helpers";

const META = JSON.parse(fs.readFileSync(path.join(__dirname, "../metadata/functions.golden.json"), "utf8"));
const DAY = 24 * 3600_000;
const FORMULAS = ['=SVC.FINANCIALS("AAPL","revenue","FY")', '=SVC.FINANCIALS("MSFT","revenue","FY")/1000'];

/** One session: a runtime of its own (engine, host) over the shared store, at time `at`. */
function session(store: MemoryStore, at: number, keepExpired = true) {
  const client = new FakeClient();
  const engine = createEngine({ client, store, now: () => at, windowMs: 5, keepExpired });
  const rt = { ...cellRuntime(engine, { dataTypes: false }), sources: new SourceBook() };
  const host = new Host({ sheets: ["Sheet1"], metadata: async () => META, platform: platformNamed("web") });
  // as the page's composition root registers them: Excel's arguments, then the invocation
  for (const name of Object.keys(CELLS)) host.fns.associate(name, (...a: unknown[]) => callFunction(rt, name, a.slice(0, -1), a[a.length - 1] as CellInvocation));
  return { engine, client, sources: rt.sources, fx: { ...createDriver(host), ...createBookIo(host) } };
}

/** The workbook as saved: each formula with the value it showed. */
async function savedModel(store: MemoryStore, t0: number): Promise<LoadCell[]> {
  const first = session(store, t0);
  for (const [i, f] of FORMULAS.entries()) await first.fx.setFormula(`Sheet1!A${i + 1}`, f);
  await first.fx.settled();
  await first.engine.flush();
  expect(first.engine.stats().calls).toBe(2);
  return FORMULAS.map((f, i) => ({ sheet: "Sheet1", r: i, c: 0, formula: f, stored: show(first.fx, `Sheet1!A${i + 1}`) as number }));
}


const MIN = 60_000;
const TICKERS = Array.from({ length: 60 }, (_, i) => `T${String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26))}`);
/**
 * A model of realistic size: per ticker (column A) its revenue and net income for two years, a headline
 * (a feed: its answers live 15 minutes) and the latest annual filing (the filings list: 6 hours), as
 * models take them, INDEX into each list. 60 tickers, 360 SVC formulas, 180 calls to fill.
 */
function realisticModel(): { address: string; formula: string }[] {
  return TICKERS.flatMap((t, i) => {
    const r = i + 1;
    const at = (col: string, formula: string) => ({ address: `Sheet1!${col}${r}`, formula });
    return [
      at("B", `=SVC.FINANCIALS($A${r},"revenue","FY")`),
      at("C", `=SVC.FINANCIALS($A${r},"revenue","FY-1")`),
      at("D", `=IFERROR(SVC.FINANCIALS($A${r},"net_income","FY")/1000,"")`),
      at("E", `=SVC.FINANCIALS($A${r},"net_income","FY-1")/1000`),
      at("F", `=INDEX(SVC.HEADLINES($A${r},1),2,1)`),
      at("G", `=INDEX(SVC.FILINGS($A${r},"10-K",1),2,1)`),
    ];
  });
}

/** The realistic model as saved at `t0`: tickers, and each formula with the value it showed. */
async function savedRealistic(store: MemoryStore, t0: number): Promise<{ cells: LoadCell[]; calls: number }> {
  const first = session(store, t0);
  for (const [i, t] of TICKERS.entries()) await first.fx.setFormula(`Sheet1!A${i + 1}`, t);
  for (const f of realisticModel()) await first.fx.setFormula(f.address, f.formula);
  await first.fx.settled();
  await first.engine.flush();
  const cells: LoadCell[] = TICKERS.map((t, i) => ({ sheet: "Sheet1", r: i, c: 0, value: t }));
  for (const f of realisticModel()) {
    const m = /!([A-Z])(\d+)$/.exec(f.address) as RegExpExecArray;
    cells.push({ sheet: "Sheet1", r: Number(m[2]) - 1, c: m[1].charCodeAt(0) - 65, formula: f.formula, stored: show(first.fx, f.address) as string | number });
  }
  return { cells, calls: first.engine.stats().calls };
}

describe("opening a saved model of realistic size on the web, after the feed's and the filings' lifetimes", () => {
  it.each([
    ["16 minutes later: the headlines (15 minutes) have expired", 16 * MIN],
    ["7 hours later: the filings list (6 hours) too", 7 * 60 * MIN],
    ["3 days later: every answer", 3 * DAY],
  ])("%s: every formula re-runs, shows what was saved, and 0 calls are spent", async (_, after) => {
    const store = new MemoryStore();
    const t0 = Date.UTC(2026, 0, 5);
    const saved = await savedRealistic(store, t0);
    expect(saved.calls).toBe(TICKERS.length * 3); // per ticker: its financials in one call, its headlines, its filings
    expect(saved.cells.filter((c) => c.formula).every((c) => typeof c.stored === "number" || (typeof c.stored === "string" && !c.stored.startsWith("#")))).toBe(true);
    const later = session(store, t0 + after);
    later.fx.load(saved.cells);
    await later.fx.settled();
    await later.engine.idle();
    expect(later.engine.stats().calls).toBe(0);
    expect(Object.keys(later.fx.invocations())).toHaveLength(realisticModel().length);
    const shown = saved.cells.filter((c) => c.formula).map((c) => show(later.fx, `Sheet1!${String.fromCharCode(65 + c.c)}${c.r + 1}`));
    expect(shown).toEqual(saved.cells.filter((c) => c.formula).map((c) => c.stored));
  }, 120_000);
});

describe("opening a saved model on the web", () => {
  it("answers every re-run from the expired answers, marked stale, and spends 0 calls", async () => {
    const store = new MemoryStore();
    const t0 = Date.UTC(2026, 0, 5);
    const cells = await savedModel(store, t0);
    const later = session(store, t0 + 3 * DAY);
    later.fx.load(cells);
    await later.fx.settled();
    await later.engine.idle();
    expect(later.engine.stats().calls).toBe(0);
    expect(later.fx.invocations()).toEqual({ "Sheet1!A1": 1, "Sheet1!A2": 1 });
    expect(cells.map((c, i) => show(later.fx, `Sheet1!A${i + 1}`) === c.stored)).toEqual([true, true]);
    expect(later.sources.sourceOf("Sheet1!A1")?.stale).toBe(true);
  });

  it("a Refresh (answers made due) and a formula with no answer yet still call", async () => {
    const store = new MemoryStore();
    const t0 = Date.UTC(2026, 0, 5);
    const cells = await savedModel(store, t0);
    const later = session(store, t0 + 3 * DAY);
    later.fx.load(cells);
    await later.fx.settled();
    await later.engine.invalidate([{ tool: "get_financials", params: { ticker: "AAPL", metrics: "revenue" } }]);
    await later.fx.calculate("Full");
    await later.fx.setFormula("Sheet1!A3", '=SVC.FINANCIALS("NVDA","revenue","FY")');
    await later.fx.settled();
    await later.engine.idle();
    expect(later.client.calls().map((c) => c.params.ticker)).toEqual(["AAPL", "NVDA"]);
  });

  it("(an engine that refetches expired answers, as the page's was, spends a call per identity on open)", async () => {
    const store = new MemoryStore();
    const t0 = Date.UTC(2026, 0, 5);
    const cells = await savedModel(store, t0);
    const later = session(store, t0 + 3 * DAY, false);
    later.fx.load(cells);
    await later.fx.settled();
    await later.engine.idle();
    expect(later.engine.stats().calls).toBe(2);
  });
});
