/**
 * The import rules (.dependency-cruiser.cjs) can fail: small trees laid out like src/ are cruised with
 * the real configuration, one forbidden import each, and the rule that must catch it is named. A
 * clean tree passes, so the rules do not simply fail everything. The real tree is checked by
 * `npm run depcruise` (part of `npm test`).
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";

const ROOT = path.resolve(__dirname, "../..");
const CONFIG = path.join(ROOT, ".dependency-cruiser.cjs");

interface Violation {
  from: string;
  to: string;
  rule: string;
}

/** Cruise trees of files (path -> source) with the project's rules, all in one process; violations per tree. */
function cruiseAll(trees: Record<string, string>[]): Violation[][] {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "svc-deps-"));
  try {
    const dirs = trees.map((files, i) => {
      const dir = path.join(base, String(i));
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "commonjs", target: "es2022", strict: true, types: [] } }));
      for (const [rel, src] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
        fs.writeFileSync(path.join(dir, rel), src);
      }
      return dir;
    });
    const out = execFileSync(process.execPath, [path.join(__dirname, "cruise-trees.mjs"), CONFIG, ...dirs], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return JSON.parse(out) as Violation[][];
  } finally {
    fs.rmSync(base, { recursive: true, force: true });
  }
}

const ruleNames = (vs: Violation[]) => [...new Set(vs.map((v) => v.rule))].sort();

/** A small, rule-abiding add-in. */
const CLEAN: Record<string, string> = {
  "src/api/errors.ts": "export class SvcError extends Error {}\n",
  "src/api/client.ts": 'import { SvcError } from "./errors";\nexport interface CredentialSource { token(): Promise<string> }\nexport const fail = () => new SvcError();\n',
  "src/auth/oauth-client.ts": 'import { CredentialSource } from "../api/client";\nexport class OAuth implements CredentialSource { async token() { return "t"; } }\n',
  "src/engine/engine.ts": 'import { fail } from "../api/client";\nexport const engine = { fail };\n',
  "src/shape/grid.ts": 'import type { CredentialSource } from "../api/client";\nexport type Src = CredentialSource;\nexport const grid = (x: unknown) => [[x]];\n',
  "src/functions/functions.ts": 'import { engine } from "../engine/engine";\nimport { grid } from "../shape/grid";\nexport const f = () => grid(engine);\n',
  "src/adapters/node/file-store.ts": 'import * as fs from "fs";\nexport const store = () => fs.existsSync("x");\n',
  "src/adapters/browser/idb-store.ts": "export const store = () => true;\n",
  "src/compose/index.ts": 'import { engine } from "../engine/engine";\nimport { store } from "../adapters/node/file-store";\nimport { store as idb } from "../adapters/browser/idb-store";\nexport const compose = () => [engine, store, idb];\n',
  "src/host/runtime.ts": 'import { compose } from "../compose/index";\nimport { OAuth } from "../auth/oauth-client";\nexport const start = () => [compose(), new OAuth()];\n',
  "src/cli/eval.ts": 'import * as path from "path";\nimport { compose } from "../compose/index";\nexport const run = () => [compose(), path.sep];\n',
  "src/taskpane/index.ts": 'import { compose } from "../compose/index";\nexport const page = compose;\n',
  "src/api/excel-date.ts": "export const serialOfDay = (y: number) => y;\n",
  "src/formula/syntax.ts": "export const parse = (t: string) => t.length;\n",
  "src/formula/engine.ts": 'import { parse } from "./syntax";\nimport { serialOfDay } from "../api/excel-date";\nexport const evaluate = (t: string) => serialOfDay(parse(t));\n',
  "src/model-file/model.ts": 'import { evaluate } from "../formula/engine";\nexport const read = (b: Uint8Array) => evaluate(String(b.length));\n',
  "src/engine/types.ts": "export interface PlanRequest { tool: string }\n",
  "src/plan/plan.ts": 'import { evaluate } from "../formula/engine";\nimport { SvcError } from "../api/errors";\nimport type { PlanRequest } from "../engine/types";\nexport const plan = (r: PlanRequest) => [evaluate(r.tool), SvcError];\n',
  "src/formula/index.ts": 'export { evaluate } from "./engine";\n',
  "src/fake-office/host.ts": 'import { evaluate } from "../formula";\nimport { sizeOf } from "../recalc";\nexport const recalc = (t: string) => [evaluate(t), sizeOf];\n',
  "src/recalc/area.ts": "export const sizeOf = () => 1;\n",
  "src/recalc/index.ts": 'export { sizeOf } from "./area";\n',
};

const CASES: [string, Record<string, string>, string[]][] = [
    ["api imports auth", { "src/api/client.ts": 'import { OAuth } from "../auth/oauth-client";\nexport const x = OAuth;\nexport interface CredentialSource { token(): Promise<string> }\nexport const fail = () => 1;\n' }, ["api-is-the-bottom", "callers-never-import-auth", "no-circular"]],
    ["the engine imports a function module", { "src/engine/engine.ts": 'import { f } from "../functions/functions";\nexport const engine = { f };\n' }, ["engine-only-knows-api", "no-circular"]],
    ["the engine imports auth", { "src/engine/engine.ts": 'import { OAuth } from "../auth/oauth-client";\nexport const engine = { OAuth };\n' }, ["callers-never-import-auth", "engine-only-knows-api"]],
    ["auth imports the engine", { "src/auth/oauth-client.ts": 'import { engine } from "../engine/engine";\nexport class OAuth { e = engine; async token() { return "t"; } }\n' }, ["auth-only-knows-api"]],
    ["shape runs api code", { "src/shape/grid.ts": 'import { fail } from "../api/client";\nexport const grid = (x: unknown) => [[x, fail]];\n' }, ["shape-uses-only-api-types"]],
    ["shape imports the engine", { "src/shape/grid.ts": 'import { engine } from "../engine/engine";\nexport const grid = (x: unknown) => [[x, engine]];\n' }, ["shape-is-pure"]],
    ["the engine imports an adapter", { "src/engine/engine.ts": 'import { store } from "../adapters/browser/idb-store";\nexport const engine = { store };\n' }, ["adapters-only-from-compose", "engine-only-knows-api"]],
    ["a browser adapter imports a node one", { "src/adapters/browser/idb-store.ts": 'import { store as s } from "../node/file-store";\nexport const store = s;\n' }, ["browser-and-node-adapters-apart"]],
    ["a function module imports compose", { "src/functions/functions.ts": 'import { compose } from "../compose/index";\nexport const f = compose;\n' }, ["compose-only-from-roots"]],
    ["the engine requires fs", { "src/engine/engine.ts": 'import * as fs from "fs";\nexport const engine = { fs };\n' }, ["node-builtins-only-in-node-code"]],
    ["the cli imports the office layer", { "src/office/cell-error.ts": "export const describe = () => 1;\n", "src/cli/eval.ts": 'import * as path from "path";\nimport { describe } from "../office/cell-error";\nexport const run = () => [describe(), path.sep];\n' }, ["cli-never-reaches-office"]],
    ["the cli reaches the office layer through a function module", { "src/office/cell-error.ts": "export const describe = () => 1;\n", "src/functions/functions.ts": 'import { engine } from "../engine/engine";\nimport { grid } from "../shape/grid";\nimport { describe } from "../office/cell-error";\nexport const f = () => grid([engine, describe]);\n', "src/cli/eval.ts": 'import * as path from "path";\nimport { compose } from "../compose/index";\nimport { f } from "../functions/functions";\nexport const run = () => [compose(), f(), path.sep];\n' }, ["cli-never-reaches-office"]],
    ["the pane imports the cli", { "src/taskpane/index.ts": 'import { run } from "../cli/eval";\nexport const page = run;\n' }, ["cli-is-node-only"]],
    ["a cycle between two engine modules", { "src/engine/a.ts": 'import { b } from "./b";\nexport const a = () => b;\n', "src/engine/b.ts": 'import { a } from "./a";\nexport const b = () => a;\n' }, ["no-circular"]],
    ["formula imports an Office wrapper", { "src/office/calc.ts": "export const calc = () => 1;\n", "src/formula/engine.ts": 'import { calc } from "../office/calc";\nexport const evaluate = calc;\n' }, ["formula-is-pure"]],
    ["formula imports the request engine", { "src/formula/engine.ts": 'import { engine } from "../engine/engine";\nexport const evaluate = engine;\n' }, ["formula-is-pure"]],
    ["formula imports the api client past its door", { "src/formula/engine.ts": 'import { fail } from "../api/client";\nexport const evaluate = fail;\n' }, ["formula-is-pure", "rooms-through-doors"]],
    ["formula requires fs", { "src/formula/engine.ts": 'import * as fs from "fs";\nexport const evaluate = fs.existsSync;\n' }, ["formula-is-pure", "node-builtins-only-in-node-code"]],
    ["formula imports the cli", { "src/formula/engine.ts": 'import { run } from "../cli/eval";\nexport const evaluate = run;\n' }, ["cli-is-node-only", "formula-is-pure"]],
    ["plan runs the request engine", { "src/plan/plan.ts": 'import { engine } from "../engine/engine";\nexport const plan = () => engine;\n' }, ["plan-uses-only-engine-types"]],
    ["plan imports the functions", { "src/plan/plan.ts": 'import { f } from "../functions/functions";\nexport const plan = f;\n' }, ["plan-is-pure"]],
    ["plan imports an Office wrapper", { "src/office/calc.ts": "export const calc = () => 1;\n", "src/plan/plan.ts": 'import { calc } from "../office/calc";\nexport const plan = calc;\n' }, ["plan-is-pure"]],
    ["plan requires fs", { "src/plan/plan.ts": 'import * as fs from "fs";\nexport const plan = fs.existsSync;\n' }, ["node-builtins-only-in-node-code", "plan-is-pure"]],
    ["model-file imports the request engine", { "src/model-file/model.ts": 'import { engine } from "../engine/engine";\nexport const read = () => engine;\n' }, ["model-file-is-pure"]],
    ["model-file requires fs", { "src/model-file/model.ts": 'import * as fs from "fs";\nexport const read = fs.readFileSync;\n' }, ["model-file-is-pure", "node-builtins-only-in-node-code"]],
    ["the fake Office host imports the request engine", { "src/fake-office/host.ts": 'import { engine } from "../engine/engine";\nexport const recalc = () => engine;\n' }, ["fake-office-shares-only-formula"]],
    ["the recalc room imports the formula room", { "src/recalc/area.ts": 'import { evaluate } from "../formula";\nexport const sizeOf = () => evaluate("1");\n' }, ["recalc-is-pure"]],
    ["the fake Office host reaches past the recalc room's index", { "src/fake-office/host.ts": 'import { sizeOf } from "../recalc/area";\nexport const recalc = () => sizeOf;\n' }, ["fake-office-shares-only-formula", "recalc-through-its-index", "rooms-through-doors"]],
    ["the fake Office host reaches past the formula room's index", { "src/fake-office/host.ts": 'import { evaluate } from "../formula/engine";\nexport const recalc = (t: string) => evaluate(t);\n' }, ["fake-office-shares-only-formula", "rooms-through-doors"]],
    ["a pane module imports a file behind the api room's door", { "src/taskpane/index.ts": 'import { compose } from "../compose/index";\nimport { fail } from "../api/client";\nexport const page = [compose, fail];\n' }, ["rooms-through-doors"]],
    ["model-file's zip layer imports the model above it", { "src/model-file/zip/zip.ts": 'import { read } from "../model";\nexport const unzip = read;\n' }, ["model-file-layers"]],
    ["formula's text layer imports the engine above it", { "src/formula/syntax.ts": "export const parse = (t: string) => t.length;\n", "src/formula/text/tokens.ts": 'import { evaluate } from "../engine/evaluate";\nexport const tokens = evaluate;\n', "src/formula/engine/evaluate.ts": "export const evaluate = (t: string) => t.length;\n" }, ["formula-layers"]],
    ["the fake API imports the catalogue", { "test/fakes/api/params.ts": 'import { fail } from "../../../src/api/client";\nexport const p = fail;\n' }, ["fake-api-independent-of-src"]],
];

/** The src room a path belongs to (adapters/browser and adapters/node are two). */
const roomOf = (p: string): string | undefined => /^src\/(adapters\/[^/]+|[^/]+)\//.exec(p)?.[1];

/**
 * The tree with every import of another room's file sent through that room's door (src/<room>/index.ts
 * re-exporting the file), as the real tree does; compose's roots are doors of their own.
 */
function throughDoors(tree: Record<string, string>): Record<string, string> {
  const out = { ...tree };
  for (const [file, text] of Object.entries(tree)) {
    const from = roomOf(file);
    if (!from) continue;
    out[file] = text.replace(/from "(\.[^"]+)"/g, (whole, spec: string) => {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      const room = roomOf(`${target}/`);
      if (!room || room === from || room === "compose" || target === `src/${room}` || target === `src/${room}/index`) return whole;
      const door = `src/${room}/index.ts`;
      const line = `export * from "./${path.posix.relative(`src/${room}`, target)}";\n`;
      if (!(out[door] ?? "").includes(line)) out[door] = (out[door] ?? "") + line;
      let rel = path.posix.relative(path.posix.dirname(file), `src/${room}`);
      if (!rel.startsWith(".")) rel = `./${rel}`;
      return `from "${rel}"`;
    });
  }
  return out;
}

/** Cases whose planted import must stay deep: the door rule is among what they prove. */
const DEEP = new Set(["formula imports the api client past its door", "the fake Office host reaches past the recalc room's index", "the fake Office host reaches past the formula room's index", "a pane module imports a file behind the api room's door"]);

let results: Violation[][];
beforeAll(() => {
  results = cruiseAll([throughDoors(CLEAN), ...CASES.map(([name, change]) => (DEEP.has(name) ? { ...throughDoors(CLEAN), ...change } : throughDoors({ ...CLEAN, ...change })))]);
}, 120_000);

describe("import rules (.dependency-cruiser.cjs)", () => {
  test("a tree that keeps the rules passes (type-only api imports in shape, Node built-ins in cli and adapters/node)", () => {
    expect(results[0]).toEqual([]);
  });

  test.each(CASES.map((c, i) => [c[0], i + 1, c[2]] as const))("%s is a violation", (_name, i, rules) => {
    expect(ruleNames(results[i])).toEqual(rules);
  });
});
