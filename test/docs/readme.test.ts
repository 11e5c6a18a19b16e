/**
 * The README is for users first — what it is, install, a first formula, your own
 * model, every function with an example, the CLI — and its examples work: each formula in it passes
 * the checks a cell makes before any call. Internals live in docs/. `engines` names the Node version
 * the project is tested on, and the README says why npm's one engine warning is harmless.
 */
import * as fs from "fs";
import * as path from "path";
import { TOOLS, TOOL_NAMES } from "../../src/api/catalogue";
import { canonicalise } from "../../src/api/canonical";
import { parseFormula } from "../../src/formula/text/parse";
import { PERIODS_FN } from "../../src/functions/names";
import { requestsFor } from "../../src/functions/requests";

const ROOT = path.join(__dirname, "..", "..");
const README = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
const headings = README.split("\n").filter((l) => l.startsWith("## ")).map((l) => l.slice(3));

describe("README.md", () => {
  it("puts the user's sections first, in order", () => {
    const want = ["Install", "Your first formula", "Your own model", "The functions", "The task pane", "The command line: `svc-excel`"];
    expect(headings.slice(0, want.length)).toEqual(want);
  });

  it("keeps npm start and npm test, and names the tested Node version as package.json does", () => {
    expect(README).toMatch(/npm start/);
    expect(README).toMatch(/npm test/);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(pkg.engines.node).toBe("20.x");
    expect(README).toMatch(/Node\.js \*\*20\*\*/);
    expect(README).toMatch(/EBADENGINE[\s\S]*harmless/);
  });

  it("lists every function with an example", () => {
    for (const fn of [...TOOL_NAMES.map((t) => TOOLS[t].fn), PERIODS_FN]) expect(README).toMatch(new RegExp(`\\| \`SVC\\.${fn}\\(.*\\| \`=SVC\\.${fn}\\(`));
  });

  it("has formulas that pass the local checks (no argument a cell would refuse)", () => {
    const formulas = [...README.matchAll(/(=SVC\.[A-Z]+\([^`\n]*?\))(?=`|\s|$)/g)].map((m) => m[1]).filter((f) => !/\$[A-Z]|[A-Z]\d+:/.test(f));
    expect(formulas.length).toBeGreaterThan(20);
    for (const f of formulas) {
      const p = parseFormula(f);
      for (const r of requestsFor(p.fn, p.args)) expect(() => canonicalise(r.tool, r.params)).not.toThrow();
    }
  });

  it("leaves the internals to docs/internals.md", () => {
    for (const internal of ["refresh protocol", "Production hosting headers", "Decisions on the spec", "connection pool"]) {
      expect(README).not.toMatch(new RegExp(internal, "i"));
    }
    const internals = fs.readFileSync(path.join(ROOT, "docs", "internals.md"), "utf8");
    for (const section of ["Sign-in: the refresh protocol", "Production hosting headers", "Decisions on the spec's open points", "Architecture"]) {
      expect(internals).toMatch(new RegExp(`## ${section.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    }
  });
});
