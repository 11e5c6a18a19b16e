/** jest: TypeScript through ts-jest (transpile only; `npm run typecheck` does the type checking). */
const fs = require("fs");
const os = require("os");
const path = require("path");

/**
 * Suites that read Excel's saved workbooks (the oracle: ../shared/realfiles, or SVC_REALFILES) through
 * test/conformance/corpus.ts. A contributor's clone without the corpus leaves them out and says so once;
 * where the corpus is required (.ci/run sets SVC_REALFILES_REQUIRED=1; SVC_REALFILES names a folder) they
 * always run, and fail without it. The conformance gates themselves run one test that states the absence.
 */
function suitesWithoutTheirCorpus() {
  const dir = process.env.SVC_REALFILES ? path.resolve(process.env.SVC_REALFILES) : path.resolve(__dirname, "../shared/realfiles");
  if (process.env.SVC_REALFILES_REQUIRED || process.env.SVC_REALFILES || fs.existsSync(path.join(dir, "manifest.json"))) return [];
  const suites = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".test.ts") && /conformance\/corpus"|\/stored"|"\.\/stored"|\/corpus-cases"/.test(fs.readFileSync(p, "utf8"))) suites.push(p);
    }
  };
  walk(path.join(__dirname, "test"));
  process.stderr.write(`The Excel conformance corpus is absent (no manifest.json in ${dir}): ${suites.length} suites that read it are not run (set SVC_REALFILES=<folder> to run them).\n`);
  return suites.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
}

module.exports = {
  // Two workers even on a 2-core machine: the browser, CLI and sign-in suites mostly wait (on
  // Chromium, child processes, sockets), so two run side by side in about 60 % of the serial time.
  maxWorkers: Math.max(2, os.cpus().length - 1),
  testEnvironment: "node",
  roots: ["<rootDir>/test"],
  testMatch: ["**/*.test.ts"],
  testPathIgnorePatterns: ["/node_modules/", ...suitesWithoutTheirCorpus()],
  transform: { "^.+\\.[tj]s$": ["ts-jest", { tsconfig: "tsconfig.jest.json" }] },
  // oauth4webapi ships ES modules only: let ts-jest turn it into CommonJS for jest.
  transformIgnorePatterns: ["/node_modules/(?!oauth4webapi/)"],
  setupFiles: ["<rootDir>/test/setup.ts"],
  testTimeout: 30000,
};
