/**
 * Parameters are only ever appended. Excel caches functions.json up to 24 hours while the page (and
 * its functions) update at once, and it passes arguments by position from the metadata it has: a
 * parameter inserted before `options` would shift every later argument for users with the cached copy.
 * So each function's parameters in the generated metadata must extend those of the last release
 * (test/metadata/released-functions.json): the same names in the same order, new ones only at the
 * end and optional, none made required.
 *
 * On a release: copy the release's dist/functions.json to test/metadata/released-functions.json.
 */
import * as fs from "fs";
import * as path from "path";
import { generateCustomFunctionsMetadata } from "custom-functions-metadata";
// eslint-disable-next-line @typescript-eslint/no-var-requires
const { functionSources } = require("../../scripts/build-helpers/functions-files");

interface Metadata {
  functions: Array<{ id: string; parameters?: Array<{ name: string; optional?: boolean }> }>;
}

const RELEASED = path.join(__dirname, "released-functions.json");

/** Why `current` would break a workbook whose Excel still has `released` cached (empty: it would not). */
function appendOnlyProblems(released: Metadata, current: Metadata): string[] {
  const out: string[] = [];
  for (const old of released.functions) {
    const now = current.functions.find((f) => f.id === old.id);
    if (!now) {
      out.push(`${old.id}: released, now gone`);
      continue;
    }
    const was = old.parameters ?? [];
    const is = now.parameters ?? [];
    was.forEach((p, i) => {
      if (is[i]?.name !== p.name) out.push(`${old.id}: parameter ${i + 1} was "${p.name}", now "${is[i]?.name ?? "(none)"}" (append new parameters at the end)`);
      else if (p.optional && !is[i].optional) out.push(`${old.id}: "${p.name}" was optional, now required`);
    });
    for (const p of is.slice(was.length)) if (!p.optional) out.push(`${old.id}: new parameter "${p.name}" must be optional`);
  }
  return out;
}

describe("functions.json only ever appends parameters to the last release's", () => {
  it("the generated metadata extends test/metadata/released-functions.json", async () => {
    const res = await generateCustomFunctionsMetadata(functionSources(path.join(__dirname, "..", "..", "src", "compose")), false);
    expect(res.errors).toEqual([]);
    const released = JSON.parse(fs.readFileSync(RELEASED, "utf8")) as Metadata;
    expect(released.functions.length).toBeGreaterThan(0);
    expect(appendOnlyProblems(released, JSON.parse(res.metadataJson) as Metadata)).toEqual([]);
  });

  it("catches a parameter inserted before options, a new required one, and a function gone", () => {
    const released: Metadata = { functions: [{ id: "FILINGS", parameters: [{ name: "ticker" }, { name: "limit", optional: true }, { name: "options", optional: true }] }, { id: "PEERS", parameters: [{ name: "ticker" }] }] };
    const inserted: Metadata = { functions: [{ id: "FILINGS", parameters: [{ name: "ticker" }, { name: "form_type", optional: true }, { name: "limit", optional: true }, { name: "options", optional: true }] }, { id: "PEERS", parameters: [{ name: "ticker" }, { name: "limit" }] }] };
    expect(appendOnlyProblems(released, inserted)).toEqual([
      'FILINGS: parameter 2 was "limit", now "form_type" (append new parameters at the end)',
      'FILINGS: parameter 3 was "options", now "limit" (append new parameters at the end)',
      'PEERS: new parameter "limit" must be optional',
    ]);
    expect(appendOnlyProblems(released, { functions: released.functions.slice(0, 1) })).toEqual(["PEERS: released, now gone"]);
    const appended: Metadata = { functions: [{ ...released.functions[0], parameters: [...(released.functions[0].parameters ?? []), { name: "extra", optional: true }] }, released.functions[1]] };
    expect(appendOnlyProblems(released, appended)).toEqual([]);
  });
});
