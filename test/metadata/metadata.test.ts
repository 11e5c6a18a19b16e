/**
 * functions.json is the contract Excel registers and workbooks store: it must not change by
 * accident, and no custom function may be silently missing from it.
 *
 *  - golden: metadata generated from src/functions with custom-functions-metadata (what the webpack
 *    plugin does) equals test/metadata/functions.golden.json. After an intended change run
 *    `UPDATE_GOLDEN=1 npx jest test/metadata` and review the diff.
 *  - completeness: every exported function of src/functions (TypeScript compiler API) has an entry,
 *    and the ids are exactly the 18 SVC functions of the catalogue plus SVC.PERIODS (no tool of its own).
 *  - data types: functions.json sets allowCustomDataForDataTypeAny, so Excel hands `any` parameters
 *    data-type values (an SVC.COMPANY card as a ticker) and shows the formatted numbers we return.
 *  - the harness itself is proven on test/metadata/fixture (which exports an arrow function).
 */
import * as fs from "fs";
import * as path from "path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
import { argHelp, argRequired } from "../../src/api/arguments";
import { TOOLS, TOOL_NAMES } from "../../src/api/catalogue";
import { PERIODS_ARGS, PERIODS_FN } from "../../src/api/arguments";
import { exportedFunctions } from "./exports";
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureBuilt } = require("../../scripts/build-helpers/ensure-built");

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { functionSources } = require("../../scripts/build-helpers/functions-files");

const ROOT = path.join(__dirname, "..", "..");
const GOLDEN = path.join(__dirname, "functions.golden.json");
const SRC = path.join(ROOT, "src", "compose");

interface Metadata {
  functions: Array<{ id: string; name: string; parameters: Array<{ name: string; optional?: boolean; type?: string }>; result?: { dimensionality?: string }; options?: Record<string, boolean> }>;
}

async function generate(files: string[]): Promise<{ meta: Metadata; json: string }> {
  const res = await generateCustomFunctionsMetadata(files, false);
  if (res.errors.length) throw new Error(`custom-functions-metadata errors:\n${res.errors.join("\n")}`);
  return { meta: JSON.parse(res.metadataJson) as Metadata, json: res.metadataJson };
}

/** Exported functions of `files` without a metadata entry (by JavaScript name, as the generator keys them). */
function missingFromMetadata(files: string[], meta: Metadata, associated: string[]): string[] {
  const ids = new Set(meta.functions.map((f) => f.id.toUpperCase()));
  const assoc = new Set(associated);
  return files
    .flatMap(exportedFunctions)
    .filter((f) => f.hasCustomFunctionTag || f.kind !== "declaration" || /^[A-Z][A-Z0-9_]*$/.test(f.name))
    .filter((f) => !assoc.has(f.name) && !ids.has(f.name.toUpperCase()))
    .map((f) => `${f.name} (${path.relative(ROOT, f.file)}, ${f.kind})`);
}

describe("metadata harness (fixture)", () => {
  const fixture = [path.join(__dirname, "fixture", "functions.ts")];

  it("generates entries for function declarations", async () => {
    const { meta } = await generate(fixture);
    expect(meta.functions.map((f) => f.id)).toEqual(["ADD", "GRID"]);
    expect(meta.functions[1].result?.dimensionality).toBe("matrix");
    expect(meta.functions[1].parameters[1].optional).toBe(true);
  });

  it("notices an exported arrow function the generator silently drops", async () => {
    const res = await generateCustomFunctionsMetadata(fixture, false);
    const meta = JSON.parse(res.metadataJson) as Metadata;
    const missing = missingFromMetadata(fixture, meta, res.associate.map((a) => a.functionName));
    expect(missing).toEqual([expect.stringMatching(/^ARROW .*arrow\)$/)]);
  });
});

const sources: string[] = functionSources(SRC);

describe("src/functions metadata", () => {
  let generated: { meta: Metadata; json: string };
  let associated: string[];

  beforeAll(async () => {
    const res = await generateCustomFunctionsMetadata(sources, false);
    if (res.errors.length) throw new Error(`custom-functions-metadata errors:\n${res.errors.join("\n")}`);
    generated = { meta: JSON.parse(res.metadataJson), json: res.metadataJson };
    associated = res.associate.map((a) => a.functionName);
  });

  it("finds the custom-function sources", () => {
    expect(sources.length).toBeGreaterThan(0);
  });

  it("matches the committed golden functions.json", () => {
    // Written only when asked; a missing golden is a failure, never a silent first write.
    if (process.env.UPDATE_GOLDEN === "1") fs.writeFileSync(GOLDEN, JSON.stringify(generated.meta, null, 2) + "\n");
    if (!fs.existsSync(GOLDEN)) throw new Error(`${GOLDEN} is missing; run UPDATE_GOLDEN=1 npx jest test/metadata and review it`);
    const golden = JSON.parse(fs.readFileSync(GOLDEN, "utf8"));
    expect(generated.meta).toEqual(golden);
  });

  it("has an entry for every exported function of src/functions (no arrow functions)", () => {
    const exported = sources.flatMap(exportedFunctions);
    expect(exported.filter((f) => f.kind !== "declaration").map((f) => f.name)).toEqual([]);
    expect(missingFromMetadata(sources, generated.meta, associated)).toEqual([]);
  });

  it("registers the 18 SVC functions of the catalogue and SVC.PERIODS, none volatile", () => {
    const ids = generated.meta.functions.map((f) => f.id).sort();
    expect(ids).toEqual([...TOOL_NAMES.map((t) => TOOLS[t].fn), PERIODS_FN].sort());
    expect(ids).toHaveLength(19);
    for (const f of generated.meta.functions) {
      expect(f.name).toBe(f.id);
      expect(f.options?.volatile ?? false).toBe(false);
      expect(f.options?.stream ?? false).toBe(false);
    }
  });

  it("takes the catalogue's arguments in the catalogue's order", () => {
    for (const f of generated.meta.functions) {
      const args = f.id === PERIODS_FN ? PERIODS_ARGS : TOOL_NAMES.map((t) => TOOLS[t]).find((t) => t.fn === f.id)!.fnArgs;
      expect([f.id, f.parameters.map((p) => p.name)]).toEqual([f.id, [...args]]);
    }
  });

  it("describes every argument with its one help text (src/api/arguments.ts argHelp) and marks it optional as argRequired says", () => {
    const wrong: string[] = [];
    for (const f of generated.meta.functions) {
      for (const p of f.parameters as Array<{ name: string; optional?: boolean; description?: string }>) {
        const want = argHelp(f.id, p.name);
        const got = (p.description ?? "").replace(/\.$/, "");
        if (got !== want) wrong.push(`SVC.${f.id} ${p.name}: the JSDoc says "${got}"; write: @param ${argRequired(f.id, p.name) ? p.name : `[${p.name}]`} ${want}.`);
        if ((p.optional ?? false) === argRequired(f.id, p.name)) wrong.push(`SVC.${f.id} ${p.name}: optional is ${p.optional ?? false}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("enables Excel data types for custom functions (allowCustomDataForDataTypeAny)", () => {
    expect((generated.meta as { allowCustomDataForDataTypeAny?: unknown }).allowCustomDataForDataTypeAny).toBe(true);
  });

  it("types every ticker parameter `any`, so an SVC.COMPANY card can be passed as the ticker", () => {
    for (const f of generated.meta.functions) for (const p of f.parameters) if (p.name === "ticker") expect([f.id, p.type]).toEqual([f.id, "any"]);
  });

  it("equals dist/functions.json (built first when missing or stale)", () => {
    // The same builder the browser suite uses (locked, so concurrent suites never build twice at once).
    ensureBuilt({ quiet: true });
    const built = path.join(ROOT, "dist", "functions.json");
    expect(JSON.parse(fs.readFileSync(built, "utf8"))).toEqual(generated.meta);
  }, 300_000);
});
