/**
 * The workbench and `svc-excel refresh` reach the same formulas in the same order: over generated
 * models (plain formulas, SVC formulas single and spilling, wrapped and chained, ranges over spills,
 * `#` references, defined names), a book is typed into the fake Excel and saved as the workbench saves
 * it; the file is then refreshed as the CLI refreshes it (in process) and opened in a fresh fake Excel
 * whose SVC cells are recalculated with the same new answers. Both report the formulas recomputed
 * and their order: each formula once, the same set, the same sequence. The fake's answers arrive one
 * at a time in the order their cells started, as the refresh takes one batch of calls after another.
 */
import { Host } from "../../src/fake-office/host";
import { createDriver } from "../../src/fake-office/driver";
import { createBookIo } from "../../src/fake-office/book-io";
import { Cell, readingOrder } from "../../src/fake-office/model";
import { openModelFile } from "../../src/workbench/open-file";
import { workbookBytes } from "../../src/workbench/save-file";
import type { FakeExcel } from "../../src/workbench/book";
import { readModel, refreshModel } from "../../src/model-file";
import { svcCellsOf } from "../../src/cli/model/svc-cells";

const META = {
  functions: [
    { id: "FINANCIALS", parameters: [{ name: "ticker" }, { name: "metrics" }, { name: "period", optional: true }] },
    { id: "COMPANY", parameters: [{ name: "ticker" }, { name: "field", optional: true }] },
  ],
};
const TICKERS = ["AAPL", "MSFT", "KO", "PEP"];

/** The API's answer in a given round (0: when the book was saved, 1: the refresh): same shape, new numbers. */
function answer(fn: string, args: readonly unknown[], round: number): number | number[][] {
  const base = [...String(args[0])].reduce((s, ch) => s + ch.charCodeAt(0), 0) + round * 1000;
  if (fn === "COMPANY") return base * 7;
  const n = typeof args[2] === "number" ? args[2] : 1;
  return n === 1 ? base : [Array.from({ length: n }, (_, i) => base + i)];
}

/** mulberry32: a small seeded generator, so a failing model can be named by its seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Generated {
  inputs: Array<[string, string | number]>;
  formulas: Array<[string, string]>;
}

const col = (c: number) => String.fromCharCode(65 + c);

/** SVC anchors down column H (spilling right, never into each other); plain formulas in A:F reading them, inputs, names and each other (no cycles). */
function generate(seed: number): Generated {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];
  const inputs: Generated["inputs"] = TICKERS.flatMap((t, i) => [[`Inputs!A${i + 1}`, t], [`Inputs!B${i + 1}`, 1 + Math.floor(r() * 9)]] as Array<[string, string | number]>);
  const formulas: Generated["formulas"] = [];
  const anchors: Array<{ row: number; width: number }> = [];
  const svcCount = 2 + Math.floor(r() * 3);
  for (let i = 0; i < svcCount; i++) {
    const row = 2 * i + 1;
    const t = `Inputs!A${1 + Math.floor(r() * TICKERS.length)}`;
    const kind = pick(["grid", "one", "name", "wrapped", "chain"] as const);
    const width = kind === "grid" ? 2 + Math.floor(r() * 2) : 1;
    const text =
      kind === "grid" ? `=SVC.FINANCIALS(${t},"revenue",${width})`
      : kind === "one" ? `=SVC.FINANCIALS(${t},"revenue",1)`
      : kind === "name" ? `=SVC.COMPANY(Tick,"employees")`
      : kind === "wrapped" ? `=IFERROR(SVC.COMPANY(${t},"employees"),0)*2`
      : anchors.length > 0 ? `=SVC.COMPANY(${t},"employees")+H${pick(anchors).row}`
      : `=SVC.COMPANY(${t},"employees")`;
    formulas.push([`Model!H${row}`, text]);
    anchors.push({ row, width });
  }
  const plain: string[] = [];
  const plainCount = 4 + Math.floor(r() * 8);
  for (let i = 0; i < plainCount; i++) {
    let at: string;
    do at = `${col(Math.floor(r() * 6))}${1 + Math.floor(r() * 10)}`;
    while (plain.includes(at));
    const terms = Array.from({ length: 1 + Math.floor(r() * 2) }, () => {
      const a = pick(anchors);
      const terms = [`Inputs!B${1 + Math.floor(r() * 4)}`, `H${a.row}`, "SUM(Nums)", "LEN(Tick)", ...(a.width > 1 ? [`SUM(H${a.row}#)`, `SUM(H${a.row}:${col(7 + a.width - 1)}${a.row})`] : []), ...(plain.length > 0 ? [pick(plain)] : [])];
      return pick(terms);
    });
    formulas.push([`Model!${at}`, `=${terms.join("+")}`]);
    plain.push(at);
  }
  return { inputs, formulas };
}

/** A fake Excel whose SVC functions answer in `round`; `hold` keeps each answer until the test lets it go. */
function fakeExcel(round: number, hold: boolean) {
  const host = new Host({ sheets: ["Inputs", "Model"], metadata: async () => META });
  const held: Array<{ address: string; release: () => void }> = [];
  for (const fn of ["FINANCIALS", "COMPANY"])
    host.fns.associate(fn, (...args: unknown[]) => {
      const value = answer(fn, args, round);
      if (!hold) return Promise.resolve(value);
      const { address } = args[args.length - 1] as { address: string };
      return new Promise((resolve) => held.push({ address, release: () => resolve(value) }));
    });
  const fx = { ...createDriver(host), ...createBookIo(host) } as unknown as FakeExcel & ReturnType<typeof createDriver>;
  return { host, fx, held };
}

/** The generated book typed into the workbench and saved as it saves. */
async function savedBook(g: Generated): Promise<Uint8Array> {
  const { fx } = fakeExcel(0, false);
  for (const [at, v] of g.inputs) await fx.setConstant(at, v);
  fx.names.define("Tick", "=Inputs!$A$1");
  fx.names.define("Nums", "=Inputs!$B$1:$B$4");
  for (const [at, text] of g.formulas) await fx.setFormula(at, text);
  await fx.settled();
  return workbookBytes(fx, "Model", new Date(Date.UTC(2026, 0, 5)));
}

/** `svc-excel refresh` in process: the formulas it reached, in the order it computed them. */
async function refreshed(bytes: Uint8Array): Promise<string[]> {
  const model = readModel(bytes);
  const params = (fn: string) => (META.functions.find((f) => f.id === fn)?.parameters ?? []).map((p) => ({ name: p.name, optional: !!p.optional }));
  const call = async (calls: Array<{ fn: string; args: unknown[] }>) => calls.map((c) => {
    const v = answer(c.fn, c.args, 1);
    return { value: Array.isArray(v) ? v : [[v]] };
  });
  const result = await refreshModel(model, { call, params, svcCells: svcCellsOf(model) });
  return result.reached;
}

/** The file opened in a fresh workbench, its SVC cells recalculated: each formula evaluated, in order. */
async function recalculated(bytes: Uint8Array): Promise<Array<[string, number]>> {
  const { host, fx, held } = fakeExcel(1, true);
  await openModelFile(bytes, fx);
  await fx.settled();
  host.evaluations.clear();
  const roots = host.formulaCells().filter((c: Cell) => c.f?.svc).sort(readingOrder);
  host.recalc.mark(roots, true);
  for (let turn = 0; turn < 1000; turn++) {
    await new Promise((resolve) => setImmediate(resolve));
    if (held.length === 0 && !host.recalc.busy()) break;
    const started = [...host.evaluations.keys()];
    held.sort((a, b) => started.indexOf(a.address) - started.indexOf(b.address));
    held.shift()?.release();
  }
  await fx.settled();
  return [...host.evaluations.entries()];
}

const SEEDS = Array.from({ length: 40 }, (_, i) => 1000 + i);

test.each(SEEDS)("model %i: the workbench and svc-excel refresh recompute the same formulas in the same order", async (seed) => {
  const g = generate(seed);
  const bytes = await savedBook(g);
  const cli = await refreshed(bytes);
  const workbench = await recalculated(bytes);
  expect(workbench.filter(([, n]) => n !== 1)).toEqual([]);
  const order = workbench.map(([a]) => a);
  expect([...order].sort()).toEqual([...cli].sort());
  expect(order).toEqual(cli);
  // every SVC formula is among them, and at least one plain dependent is in most models
  expect(cli.filter((a) => a.includes("!H")).length).toBe(g.formulas.filter(([at]) => at.includes("!H")).length);
});

test("the generated models reach plain dependents through spills, ranges and names", () => {
  const all = SEEDS.map(generate).flatMap((g) => g.formulas.map(([, f]) => f)).join(" ");
  for (const form of ["#)", ":I", "SUM(Nums)", "LEN(Tick)", "SVC.COMPANY(Tick", "IFERROR(SVC.", ")+H"]) expect(all).toContain(form);
});
