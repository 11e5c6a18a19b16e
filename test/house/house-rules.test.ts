/**
 * The house rules (scripts/house/check.js, run by `npm test` as `npm run house`) can fail: a small
 * tree breaking each rule once is checked with the real configuration (knip.json, the same limits)
 * and every violation is named; a tree keeping the rules passes; the known-violations list excuses
 * exactly its entries and reports the ones that are gone.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { compare } = require("../../scripts/house/check.js");

const ROOT = path.resolve(__dirname, "../..");
const CHECK = path.join(ROOT, "scripts", "house", "check.js");

interface Violation {
  rule: string;
  file: string;
  name: string;
  owner?: string;
}

const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join("\n") + "\n";
/** Twelve lines of real code, different per `seed` only where told. */
const block = (fn: string) =>
  `export function ${fn}(xs: number[]): number {\n  let total = 0;\n  for (const x of xs) {\n    if (x > 10) total += x * 2;\n    else if (x < -10) total -= x;\n    else total += 1;\n  }\n  const mean = total / Math.max(1, xs.length);\n  const spread = xs.reduce((a, x) => a + Math.abs(x - mean), 0);\n  return mean + spread / 3;\n}\n`;

/** A fake server module whose one function is `n` lines long. */
const fakeServer = (n: number) => `export function startFakeApi(): number {\n  let n = 0;\n${lines(n - 4, (i) => `  n += ${i};`)}  return n;\n}\n`;

const CLEAN: Record<string, string> = {
  "package.json": '{ "name": "tree", "private": true }\n',
  "tsconfig.json": '{ "compilerOptions": { "strict": true, "module": "commonjs", "target": "es2022" }, "include": ["src", "test"] }\n',
  "knip.json": fs.readFileSync(path.join(ROOT, "knip.json"), "utf8"),
  "src/cli/main.ts": 'import { used } from "../lib/used";\nexport const main = () => used(1);\n',
  "src/lib/used.ts": "export function used(x: number): number {\n  return x + 1;\n}\n",
  "test/lib/used.test.ts": 'import { used } from "../../src/lib/used";\nexport const t = used(2);\n',
  // The custom functions' file is an entry (the metadata plugin reads it); the modules beside it are not.
  "src/compose/excel-functions.ts": 'import { parse } from "../functions/parse";\nexport function PRICE(x: string): number {\n  return parse(x);\n}\n',
  "src/functions/parse.ts": "/** Numbers as docs/architecture.md says. */\nexport function parse(x: string): number {\n  return Number(x);\n}\n",
  // A fake the tests stand on, with a function of exactly the longest length allowed.
  "test/fakes/api/server.ts": fakeServer(60),
  "docs/architecture.md": "# Architecture\n",
};

const BROKEN: Record<string, string> = {
  ...CLEAN,
  "src/cli/main.ts": 'import { used } from "../lib/used";\nimport { sum } from "../lib/a";\nimport { total } from "../lib/b";\nimport { long } from "../lib/long";\nimport { big } from "../lib/big";\nimport { use } from "../lib/state";\nexport const main = () => [used(1), sum([]), total([]), long(null), big, use];\n',
  "src/lib/used.ts": "export function used(x: number): number {\n  return x + 1;\n}\nexport const unused = 2;\nexport const onlyTested = 3;\n",
  // A test is not a user: an export only a test imports is unused. A test cites no issue either.
  "test/lib/used.test.ts": 'import { onlyTested, used } from "../../src/lib/used";\n// The sums of issue 30.\nexport const t = [used(2), onlyTested];\n',
  "src/lib/orphan.ts": "export const orphan = 1;\n",
  "src/lib/a.ts": block("sum"),
  "src/lib/b.ts": block("total"),
  "src/lib/big.ts": lines(400, (i) => `// line ${i}`) + "export const big = 1;\n",
  "src/functions/parse.ts": "/** Numbers as design.md says (contract C5; issue 19). */\nexport function parse(x: string): number {\n  return Number(x);\n}\nexport const dead = 1;\n",
  "test/fakes/api/server.ts": fakeServer(61),
  // Data carried between calls by the module: a `let`, a registry and a singleton filled after load.
  "src/lib/state.ts": 'let current: string | null = null;\nconst seen = new Map<string, number>();\nconst settings: Record<string, unknown> = {};\nexport function use(name: string): void {\n  current = name;\n  seen.set(name, 1);\n  settings[name] = current;\n}\n',
  "scripts/tool.js": `function main() {\n${lines(60, (i) => `  console.log(${i});`)}}\nmain();\n`,
  "src/lib/long.ts": `export function long(x: { y?: number } | null): number {\n${lines(60, (i) => `  const a${i} = ${i};`)}  return x!.y ?? a0;\n}\n`,
};

function check(tree: Record<string, string>, known: Violation[] = [], only?: string): { fresh: Violation[]; matched: Violation[]; stale: Violation[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-house-"));
  try {
    for (const [rel, text] of Object.entries({ ...tree, ".house-known-violations.json": JSON.stringify(known) })) {
      fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, rel), text);
    }
    let out: string;
    try {
      out = execFileSync(process.execPath, [CHECK, "--root", dir, "--json", ...(only ? ["--only", only] : [])], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (e) {
      out = (e as { stdout: string }).stdout;
    }
    return JSON.parse(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const brief = (vs: Violation[]) => vs.map((v) => `${v.rule} ${v.file} ${v.name}`).sort();

describe("house rules (scripts/house)", () => {
  test("a tree that keeps the rules passes", () => {
    expect(check(CLEAN).fresh).toEqual([]);
  }, 60_000);

  test("each rule catches its violation: file and function size (also in test/fakes and scripts), `!`, a copied block, an unused export (also beside the custom functions, and one only a test imports) and file, a cited document or issue not in the repository (also in a test), a module-level `let` or a registry or singleton a module fills outside src/compose", () => {
    expect(brief(check(BROKEN).fresh)).toEqual([
      "citation src/functions/parse.ts contract C5",
      "citation src/functions/parse.ts design.md",
      "citation src/functions/parse.ts issue 19",
      "citation test/lib/used.test.ts issue 30",
      "duplicate src/lib/a.ts src/lib/b.ts",
      "file-lines src/lib/big.ts ",
      "function-lines scripts/tool.js main",
      "function-lines src/lib/long.ts long",
      "function-lines test/fakes/api/server.ts startFakeApi",
      "module-state src/lib/state.ts current",
      "module-state src/lib/state.ts seen",
      "module-state src/lib/state.ts settings",
      "non-null src/lib/long.ts x!",
      "unused-export src/functions/parse.ts dead",
      "unused-export src/lib/used.ts onlyTested",
      "unused-export src/lib/used.ts unused",
      "unused-file src/lib/orphan.ts ",
    ]);
  }, 60_000);

  test("module state: the composition root may hold it; a memo named as a cache and a table nobody fills are not state; a planted `let` and a planted singleton fail", () => {
    const tree = {
      "src/compose/runtime.ts": "let started = 0;\nexport const start = () => ++started;\n",
      "src/lib/memo.ts":
        'const cache = new Map<string, number>();\nconst parseCache = new WeakMap<object, number>();\nconst KEPT = new Set(["A"]);\nexport function memo(k: string, o: object): number {\n  if (!cache.has(k)) cache.set(k, k.length);\n  parseCache.set(o, 1);\n  return (cache.get(k) ?? 0) + (KEPT.has(k) ? 1 : 0);\n}\n',
    };
    expect(check(tree, [], "state").fresh).toEqual([]);
    const planted = {
      ...tree,
      "src/engine/current.ts": "export let current: object | null = null;\nexport const setCurrent = (e: object) => (current = e);\n",
      "src/functions/host.ts": "const host = { typed: false };\nexport function useTyped(on: boolean): void {\n  host.typed = on;\n}\n",
      "src/functions/list.ts": "const seen: string[] = [];\nexport const note = (s: string) => seen.push(s);\n",
    };
    expect(brief(check(planted, [], "state").fresh)).toEqual(["module-state src/engine/current.ts current", "module-state src/functions/host.ts host", "module-state src/functions/list.ts seen"]);
  }, 60_000);

  test("global writes: only the page runtime's slot may write to the global object, anywhere in src, the composition root included", () => {
    const tree = {
      "src/compose/runtime-slot.ts": 'export function claim(h: object): void {\n  Object.defineProperty(globalThis, "__svcHost", { value: h });\n}\n',
      "src/office/read.ts": "export const office = () => (globalThis as { Office?: unknown }).Office;\n",
    };
    expect(check(tree, [], "state").fresh).toEqual([]);
    const planted = {
      ...tree,
      "src/compose/page.ts": 'export function publish(h: object): void {\n  (globalThis as Record<string, unknown>).__page = h;\n}\n',
      "src/engine/hand.ts": 'export function hand(e: object): void {\n  const g = globalThis as unknown as Record<string, unknown>;\n  g["__engine"] = e;\n}\n',
      "src/functions/define.ts": 'export const put = (v: unknown) => Object.defineProperty(window, "__cells", { value: v });\n',
      "src/taskpane/drop.ts": "export const drop = () => delete (self as { __pane?: unknown }).__pane;\n",
    };
    expect(brief(check(planted, [], "state").fresh)).toEqual([
      "global-write src/compose/page.ts __page",
      "global-write src/engine/hand.ts __engine",
      "global-write src/functions/define.ts __cells",
      "global-write src/taskpane/drop.ts __pane",
    ]);
  }, 60_000);

  test("a known violation is excused once per entry, a fixed one is reported as stale", () => {
    const found = [
      { rule: "non-null", file: "src/x.ts", name: "a!" },
      { rule: "non-null", file: "src/x.ts", name: "a!" },
      { rule: "function-lines", file: "src/x.ts", name: "f" },
    ];
    const known = [
      { rule: "non-null", file: "src/x.ts", name: "a!", owner: "pane" },
      { rule: "function-lines", file: "src/y.ts", name: "g", owner: "auth" },
    ];
    const r = compare(found, known);
    expect(brief(r.matched)).toEqual(["non-null src/x.ts a!"]);
    expect(brief(r.fresh)).toEqual(["function-lines src/x.ts f", "non-null src/x.ts a!"]);
    expect(brief(r.stale)).toEqual(["function-lines src/y.ts g"]);
  });
});
